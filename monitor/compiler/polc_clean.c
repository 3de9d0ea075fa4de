/*
 * polc_clean.c - no temporary file outlives mac-polc.
 *
 * The tables are written under temporary names (polc_emit.c) and a dump
 * builds and runs a program in a directory of its own; an error, an
 * exit() deep inside (out of memory), Ctrl-C or a kill must not leave
 * them behind. What exists is noted here, and removed at exit and from
 * the signal handler, which therefore uses only async-signal-safe calls
 * on paths prepared in advance.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "polc.h"

#define POLC_CLEAN_FILES 16
#define POLC_CLEAN_PATH 4096

static char polc_clean_files[POLC_CLEAN_FILES][POLC_CLEAN_PATH];
static volatile sig_atomic_t polc_clean_nfiles;
static char polc_clean_dirpath[POLC_CLEAN_PATH];
static volatile sig_atomic_t polc_clean_has_dir;
static volatile sig_atomic_t polc_clean_pid;

static const int polc_clean_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

static void polc_clean_signal(int sig)
{
	polc_clean_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void polc_clean_at_exit(void)
{
	polc_clean_now();
}

/* A signal ignored on entry stays ignored (nohup, a background job of
 * a script), as in other build tools. */
void polc_clean_install(void)
{
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = polc_clean_signal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof(polc_clean_sigs) / sizeof(polc_clean_sigs[0]); i++)
		if (!sigaction(polc_clean_sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
			sigaction(polc_clean_sigs[i], &sa, NULL);
	atexit(polc_clean_at_exit);
}

/* Fork with the signals held, so that none finds the child half made;
 * the child sets ours back to default and lets them in. */
static void polc_clean_mask(int how)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < sizeof(polc_clean_sigs) / sizeof(polc_clean_sigs[0]); i++)
		sigaddset(&set, polc_clean_sigs[i]);
	sigprocmask(how, &set, NULL);
}

int polc_clean_fork(void)
{
	struct sigaction old;
	pid_t pid;
	size_t i;

	polc_clean_mask(SIG_BLOCK);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		for (i = 0; i < sizeof(polc_clean_sigs) / sizeof(polc_clean_sigs[0]); i++)
			if (!sigaction(polc_clean_sigs[i], NULL, &old) &&
			    old.sa_handler == polc_clean_signal)
				signal(polc_clean_sigs[i], SIG_DFL);
	} else if (pid > 0) {
		setpgid(pid, pid);
		polc_clean_pid = pid;
	}
	polc_clean_mask(SIG_UNBLOCK);
	return pid;
}

static void polc_path(char *buf, const char *dir, const char *name)
{
	snprintf(buf, POLC_CLEAN_PATH, "%s/%s", dir, name);
}

void polc_clean_file(const char *dir, const char *name)
{
	if (polc_clean_nfiles == POLC_CLEAN_FILES)
		abort();
	polc_path(polc_clean_files[polc_clean_nfiles], dir, name);
	polc_clean_nfiles++;
}

void polc_clean_path(const char *path)
{
	if (polc_clean_nfiles == POLC_CLEAN_FILES)
		abort();
	snprintf(polc_clean_files[polc_clean_nfiles], POLC_CLEAN_PATH, "%s", path);
	polc_clean_nfiles++;
}

int polc_clean_count(void)
{
	return (int)polc_clean_nfiles;
}

/* Once they are renamed or removed: a later file of the same name is
 * not ours to remove. Keeps the first keep. */
void polc_clean_forget(int keep)
{
	if (keep < polc_clean_nfiles)
		polc_clean_nfiles = keep;
}

/* The directory goes last, after the files in it. */
void polc_clean_dir(const char *dir, const char *const *names)
{
	size_t i;

	for (i = 0; names[i]; i++)
		polc_clean_file(dir, names[i]);
	snprintf(polc_clean_dirpath, sizeof(polc_clean_dirpath), "%s", dir);
	polc_clean_has_dir = 1;
}

void polc_clean_child(int pid)
{
	polc_clean_pid = pid;
}

/* The child (a compiler, or the dump program) first, in its own process
 * group: it might otherwise write a file after we removed it. */
void polc_clean_now(void)
{
	pid_t pid = (pid_t)polc_clean_pid;
	sig_atomic_t i;

	if (pid > 0) {
		kill(-pid, SIGTERM);
		waitpid(pid, NULL, 0);
		polc_clean_pid = 0;
	}
	for (i = 0; i < polc_clean_nfiles; i++)
		unlink(polc_clean_files[i]);
	polc_clean_nfiles = 0;
	if (polc_clean_has_dir)
		rmdir(polc_clean_dirpath);
	polc_clean_has_dir = 0;
}
