/*
 * The serial console: after the report, a prompt on the board's UART
 * (115200 8N1) that asks the report again, runs a benchmark, shows the
 * monitor's counters, the last denials, the tasks and the policy,
 * switches the mode when the policy lets the console's domain, and
 * resets the board.
 *
 * It is a privileged task (its commands read the cycle counter and the
 * kernel's tables) at the lowest priority, and it never spins: it reads
 * the console's input ring, which the UART's receive interrupt fills
 * (console.c), and sleeps a tick when the ring is empty, so the tick and
 * every other task go on as before.  The ring holds 512 bytes: a paste
 * of a few hundred waits there while a command runs.  Bytes lost (the
 * UART's overrun, a full ring) are counted; the console says so on a
 * line of its own and drops the line they fell in (the ring marks the
 * byte after them), rather than run what is left of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel.h"
#include "console.h"
#include "arch_syscall.h"
#include "models.h"
#include "report.h"
#include "shell.h"

#define SHELL_LINE_MAX 64	/* bytes of a command line, its end excluded */
#define SHELL_ARGS 4
#define SHELL_PROMPT "mac-fw> "

enum { CH_INTR = 0x03, CH_BS = 0x08, CH_DEL = 0x7F };
enum line_end { LINE_OK, LINE_DROPPED, LINE_TOO_LONG };

/* Left alone by the start-up: under QEMU what the loader wrote, else
 * whatever RAM held (shell_wanted does not ask it on a board). */
uint32_t shell_mode __attribute__((section(".noinit")));

static mac_col_t shell_security = MAC_NO_LABEL;

int shell_wanted(void)
{
	return !board_is_emulated() || shell_mode == SHELL_MODE_STAY;
}

static void shell_puts(const char *s)
{
	console_write(s, strlen(s));
}

struct line {
	char text[SHELL_LINE_MAX + 1];
	size_t len;
	int too_long;
	int lost;	/* input was lost while it was typed */
	int after_cr;	/* a LF right after a CR ends nothing more */
};

static uint32_t shell_lost_told;	/* console_rx_lost() when last told */

/* Bytes lost since the last look, said on a line of their own. */
static void shell_tell_lost(void)
{
	uint32_t lost = console_rx_lost();

	if (lost == shell_lost_told)
		return;
	printf("\nconsole: %lu bytes lost (overrun)\n", (unsigned long)(lost - shell_lost_told));
	shell_lost_told = lost;
}

/* The next byte typed, from the input ring: a tick's sleep while it is
 * empty.  The line that a loss fell in is dropped at its end. */
static int shell_getc(struct line *l)
{
	int c;

	while ((c = console_getc()) < 0) {
		shell_tell_lost();
		arch_syscall(SYS_SLEEP, 0, 0, 0, 0);
	}
	shell_tell_lost();
	if (c & CONSOLE_RX_GAP)
		l->lost = 1;
	return c & 0xFF;
}

/* One byte of the line being typed: 1 when it ends the line. */
static int line_take(struct line *l, int c, enum line_end *end)
{
	if (c == '\n' && l->after_cr) {
		l->after_cr = 0;
		return 0;
	}
	l->after_cr = c == '\r';
	if (c == '\r' || c == '\n' || c == CH_INTR) {
		shell_puts(c == CH_INTR ? "^C\n" : "\n");
		*end = c == CH_INTR || l->lost ? LINE_DROPPED :
		       l->too_long ? LINE_TOO_LONG : LINE_OK;
		return 1;
	}
	if ((c == CH_BS || c == CH_DEL) && l->len > 0 && !l->too_long) {
		l->len--;
		shell_puts("\b \b");
	} else if (c >= 0x20 && c < 0x7F && l->len < SHELL_LINE_MAX) {
		l->text[l->len++] = (char)c;
		console_write((const char *)&l->text[l->len - 1], 1);
	} else if (c >= 0x20 && c < 0x7F) {
		l->too_long = 1;
	}
	return 0;
}

static enum line_end shell_read_line(struct line *l)
{
	enum line_end end = LINE_OK;
	int after_cr = l->after_cr;

	memset(l, 0, sizeof(*l));
	l->after_cr = after_cr;
	while (!line_take(l, shell_getc(l), &end))
		;
	l->text[l->len] = '\0';
	return end;
}

static int shell_split(char *s, char **argv)
{
	int argc = 0;

	for (char *tok = strtok(s, " \t"); tok && argc < SHELL_ARGS; tok = strtok(NULL, " \t"))
		argv[argc++] = tok;
	return argc;
}

/* "name1 name2 ..." of a NULL-ended list. */
static void shell_list(const char *const *names)
{
	if (!names[0])
		printf(" (none)");
	for (; *names; names++)
		printf(" %s", *names);
	printf("\n");
}

/* A decimal number of 32 bits, the whole word. */
static int shell_number(const char *s, uint32_t *out)
{
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtoul(s, &end, 10);
	if (*end || v > 0xFFFFFFFFul)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static void cmd_help(int argc, char **argv);

static void cmd_report(int argc, char **argv)
{
	if (report_print(argc > 1 ? argv[1] : NULL) == 0)
		return;
	printf("report: no table '%s'; tables:", argc > 1 ? argv[1] : "");
	shell_list(report_table_names);
}

static void cmd_bench(int argc, char **argv)
{
	uint32_t arg = 0;

	if (argc < 2) {
		printf("usage: bench NAME [ARG]; benchmarks:");
		shell_list(bench_names);
		return;
	}
	if (argc > 2 && shell_number(argv[2], &arg) < 0) {
		printf("bench: '%s' is no number\n", argv[2]);
		return;
	}
	if (bench_run(argv[1], arg, argc > 2) == 0)
		return;
	printf("bench: no benchmark '%s'%s%s; benchmarks:", argv[1], argc > 2 ? " at " : "",
	       argc > 2 ? argv[2] : "");
	shell_list(bench_names);
}

static void cmd_stats(int argc, char **argv)
{
	const struct mac_stats *m = &mac_stats;
	const struct sel07_stats *a = &sel07_stats;

	(void)argc, (void)argv;
	printf("%-10s %10s %10s %10s %10s %10s %10s\n", "monitor", "lookups", "hits", "misses",
	       "allocs", "reclaims", "frees");
	if (MAC_STATS)
		printf("%-10s %10lu %10s %10s %10s %10s %10s\n", "flat",
		       (unsigned long)m->lookups, "-", "-", "-", "-", "-");
	else
		printf("%-10s %10s %10s %10s %10s %10s %10s  (lookups: MAC_STATS=1)\n", "flat",
		       "-", "-", "-", "-", "-", "-");
	printf("%-10s %10lu %10lu %10lu %10lu %10lu %10lu\n", "selinux07",
	       (unsigned long)a->lookups, (unsigned long)a->hits, (unsigned long)a->misses,
	       (unsigned long)a->allocations, (unsigned long)a->reclaims,
	       (unsigned long)a->frees);
	printf("flat: %lu slow-path, %lu denials, %lu permissive, %lu granted, %lu audited; "
	       "%lu audit lines\n", (unsigned long)m->slow, (unsigned long)m->denials,
	       (unsigned long)m->permissive, (unsigned long)m->granted,
	       (unsigned long)m->audited, (unsigned long)audit_lines);
	printf("console: %lu bytes received, %lu lost (%lu overrun, %lu ring full)\n",
	       (unsigned long)console_rx_stats.received, (unsigned long)console_rx_lost(),
	       (unsigned long)console_rx_stats.overrun, (unsigned long)console_rx_stats.full);
}

static void cmd_denials(int argc, char **argv)
{
	(void)argc, (void)argv;
	if (audit_print_recent() == 0)
		printf("no avc record since boot\n");
}

static const char *task_state_name(enum task_state s)
{
	static const char *const names[] = { [TASK_FREE] = "free", [TASK_READY] = "ready",
		[TASK_SLEEPING] = "sleeping", [TASK_BLOCKED] = "blocked",
		[TASK_DEAD] = "dead", [TASK_NEW] = "new" };

	return names[s];
}

static void cmd_ps(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("%4s %-15s %-20s %-8s %4s\n", "pid", "name", "domain", "state", "prio");
	for (int slot = 0; slot < TASK_MAX; slot++) {
		const struct task *t = sched_task_at(slot);

		if (t)
			printf("%4d %-15s %-20s %-8s %4u\n", t->pid, t->name,
			       mac_type_name[t->domain],
			       t == sched_current ? "running" : task_state_name(t->state),
			       (unsigned)t->prio);
	}
}

static const char *mode_name(void)
{
	return mac_enforcing ? "enforcing" : "permissive";
}

static void cmd_policy(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("policy: %u domains, %u types, %u classes, tables %lu bytes, %s%s\n",
	       (unsigned)MAC_NDOMAINS, (unsigned)MAC_NTYPES, (unsigned)MAC_NCLASSES,
	       (unsigned long)mac_table_bytes, mode_name(),
	       mac_policy_mls ? ", MLS" : "");
	printf("classes:");
	for (unsigned c = 0; c < MAC_NCLASSES; c++)
		printf(" %s", mac_class_name[c]);
	printf("\ndomains:");
	for (unsigned d = 0; d < MAC_NDOMAINS; d++)
		printf(" %s%s", mac_type_name[d], mac_type_permissive[d] ? "(permissive)" : "");
	printf("\n");
}

/* As Linux's sel_write_enforce: the caller's domain needs
 * security:setenforce on the security server's label, checked like any
 * other check (in permissive mode it is logged, not refused). */
static int shell_may_setenforce(void)
{
#ifdef MAC_CLASS_SECURITY
	struct task *t = sched_current;
	int r;

	if (shell_security == MAC_NO_LABEL)
		return -1;
	t->audit.path = NULL;
	t->audit.name = NULL;
	r = mac_check(&t->mac, MAC_CLASS_SECURITY, shell_security,
		      MAC_PERM_SECURITY__SETENFORCE, &t->audit);
	arch_syscall(SYS_YIELD, 0, 0, 0, 0);	/* the audit task writes its line now */
	return r < 0 ? -2 : 0;
#else
	return -1;
#endif
}

static void cmd_enforce(int argc, char **argv)
{
	uint32_t on;
	int r;

	if (argc < 2) {
		printf("%s\n", mode_name());
		return;
	}
	if (shell_number(argv[1], &on) < 0 || on > 1) {
		printf("usage: enforce 0|1\n");
		return;
	}
	r = shell_may_setenforce();
	if (r == -1)
		printf("enforce: the policy has no security class: the mode stays %s\n",
		       mode_name());
	else if (r < 0)
		printf("enforce: permission denied (security setenforce): the mode stays %s\n",
		       mode_name());
	else {
		mac_set_enforcing(on != 0);
		printf("enforce: %s\n", mode_name());
	}
}

static void cmd_reboot(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("rebooting\n");
	board_reset();
}

struct shell_cmd {
	const char *name, *args, *what;
	void (*run)(int argc, char **argv);
};

static const struct shell_cmd shell_cmds[] = {
	{ "help", "", "these lines", cmd_help },
	{ "report", "[TABLE]", "the report's tables, or one", cmd_report },
	{ "bench", "NAME [ARG]", "run one benchmark now (every ARG the boot uses without one)",
	  cmd_bench },
	{ "stats", "", "the monitor's and the AVC model's counters", cmd_stats },
	{ "denials", "", "the last avc records", cmd_denials },
	{ "ps", "", "the tasks", cmd_ps },
	{ "policy", "", "classes, types, domains, table bytes, mode", cmd_policy },
	{ "enforce", "[0|1]", "the mode, or switch it (security setenforce)", cmd_enforce },
	{ "reboot", "", "reset the board", cmd_reboot },
	{ NULL, NULL, NULL, NULL },
};

static void cmd_help(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("commands:\n");
	for (const struct shell_cmd *c = shell_cmds; c->name; c++)
		printf("  %-8s %-11s %s\n", c->name, c->args, c->what);
	printf("keys: backspace erases, Ctrl-C drops the line; lines of %u characters at most\n",
	       SHELL_LINE_MAX);
}

static void shell_do(char *text)
{
	char *argv[SHELL_ARGS + 1] = { NULL };
	int argc = shell_split(text, argv);

	if (argc == 0)
		return;
	for (const struct shell_cmd *c = shell_cmds; c->name; c++)
		if (strcmp(c->name, argv[0]) == 0) {
			c->run(argc, argv);
			return;
		}
	printf("unknown command '%s'\n", argv[0]);
	cmd_help(0, NULL);
}

void shell_run(mac_col_t security_type)
{
	static struct line line;

	shell_security = security_type;
	printf("serial console: type help for the commands\n");
	for (;;) {
		shell_puts(SHELL_PROMPT);
		switch (shell_read_line(&line)) {
		case LINE_OK:
			shell_do(line.text);
			break;
		case LINE_TOO_LONG:
			printf("line too long: %u characters at most\n", SHELL_LINE_MAX);
			break;
		case LINE_DROPPED:
			break;
		}
	}
}
