/*
 * mac-polc - compiles a binary SELinux policy and a firmware manifest
 * into the monitor's constant C tables.
 *
 *   mac-polc [-o OUTDIR] POLICY.bin MANIFEST
 *   mac-polc --all-types [-o OUTDIR] POLICY.bin
 *   mac-polc --dump POLICY.bin
 *
 * --dump builds the tables for every type of the policy, compiles them
 * with the monitor's own lookup code (mac.h, mac.c) and polc_dump.c with
 * the host compiler ($CC, default cc), runs the result and prints its
 * rules: what is printed is what the firmware would decide.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "polc.h"

#ifndef POLC_MONITOR_DIR
#define POLC_MONITOR_DIR "monitor"
#endif

static int polc_usage(void)
{
	fprintf(stderr, "usage: mac-polc [-o OUTDIR] POLICY.bin MANIFEST\n"
			"       mac-polc --all-types [-o OUTDIR] POLICY.bin\n"
			"       mac-polc --dump POLICY.bin\n");
	return 2;
}

/* Up front, so that a wrong -o is named before any work is done. */
static int polc_check_outdir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st)) {
		polc_error("output directory %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		polc_error("output directory %s: not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK)) {
		polc_error("output directory %s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

static int polc_compile(const char *policy, const char *manifest,
			const char *outdir)
{
	struct polc_manifest m;
	int rc = 1;

	if (!polc_manifest_parse(manifest, &m) && !polc_policy_load(policy))
		rc = polc_tables(&m, outdir, stdout);
	polc_manifest_free(&m);
	polc_policy_free();
	return rc;
}

static int polc_all_types(const char *policy, const char *outdir, FILE *report)
{
	int rc = polc_policy_load(policy) ? 1 : polc_tables(NULL, outdir, report);

	polc_policy_free();
	return rc;
}

/* Runs argv with stdout sent to stderr if quiet; returns its status. */
static int polc_run(char *const argv[], bool quiet)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (quiet)
			dup2(2, 1);
		execvp(argv[0], argv);
		fprintf(stderr, "mac-polc: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int polc_build_dump(const char *dir, const char *monitor)
{
	char inc_mon[4096], inc_gen[4096], main_src[4096], mac_src[4096];
	char gen_src[4096], exe[4096];
	const char *cc = getenv("CC") ? getenv("CC") : "cc";
	char *argv[] = { (char *)cc, "-std=c99", "-O1", inc_mon, inc_gen,
			 main_src, mac_src, gen_src, "-o", exe, NULL };

	snprintf(inc_mon, sizeof(inc_mon), "-I%s", monitor);
	snprintf(inc_gen, sizeof(inc_gen), "-I%s", dir);
	snprintf(main_src, sizeof(main_src), "%s/compiler/polc_dump.c", monitor);
	snprintf(mac_src, sizeof(mac_src), "%s/mac.c", monitor);
	snprintf(gen_src, sizeof(gen_src), "%s/mac_policy.c", dir);
	snprintf(exe, sizeof(exe), "%s/dump", dir);
	return polc_run(argv, true);
}

static void polc_remove_dir(const char *dir)
{
	static const char *const names[] = { "mac_policy.c", "mac_policy.h", "dump" };
	char path[4096];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

static int polc_dump(const char *policy)
{
	const char *monitor = getenv("MAC_MONITOR_DIR");
	char dir[] = "/tmp/mac-polc.XXXXXX";
	char exe[64];
	char *argv[] = { exe, NULL };
	int rc;

	if (!monitor)
		monitor = POLC_MONITOR_DIR;
	if (!mkdtemp(dir)) {
		polc_error("cannot make a temporary directory");
		return 1;
	}
	snprintf(exe, sizeof(exe), "%s/dump", dir);
	rc = polc_all_types(policy, dir, NULL);
	if (!rc && polc_build_dump(dir, monitor)) {
		polc_error("cannot build the dump program");
		rc = 1;
	}
	if (!rc)
		rc = polc_run(argv, false) ? 1 : 0;
	polc_remove_dir(dir);
	return rc;
}

int main(int argc, char **argv)
{
	const char *outdir = ".";
	bool all = false, dump = false;
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--all-types"))
			all = true;
		else if (!strcmp(argv[i], "--dump"))
			dump = true;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			outdir = argv[++i];
		else
			return polc_usage();
	}
	if (dump && argc - i == 1)
		return polc_dump(argv[i]);
	if (!dump && argc - i == (all ? 1 : 2) && polc_check_outdir(outdir))
		return 1;
	if (all && argc - i == 1)
		return polc_all_types(argv[i], outdir, stdout);
	if (!dump && !all && argc - i == 2)
		return polc_compile(argv[i], argv[i + 1], outdir);
	return polc_usage();
}
