/*
 * The serial console: after the report, a prompt on the board's UART
 * (115200 8N1) that asks the report again, runs a benchmark, shows the
 * monitor's counters (once, or every N seconds, as avcstat), the last
 * denials, the tasks, the policy and a path as the console's domain sees
 * it, switches the mode when the policy lets the console's domain, and
 * resets the board.  A terminal's other keys (arrows, Home, F1..F4:
 * escape sequences) move nothing and are swallowed.
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
#define SHELL_ARGS 4		/* words kept; more are counted, and refused */
#define SHELL_PROMPT "mac-fw> "
#define SHELL_STATS_MAX 3600	/* seconds between two rounds of `stats N` */

enum { CH_INTR = 0x03, CH_BS = 0x08, CH_ESC = 0x1B, CH_DEL = 0x7F };
enum line_end { LINE_OK, LINE_DROPPED, LINE_TOO_LONG };
/* Where an escape sequence stands: ESC [ (CSI: parameters, then a final
 * byte of 0x40..0x7E), ESC O (SS3: one final byte), or ESC and one byte
 * (Alt-x). */
enum line_esc { ESC_NONE, ESC_START, ESC_CSI, ESC_SS3 };

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
	enum line_esc esc;
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

/* 1 when c belongs to an escape sequence, which is dropped whole.  A
 * control byte (Enter, Ctrl-C) ends the sequence and counts as typed. */
static int line_escape(struct line *l, int c)
{
	if (c == CH_ESC) {
		l->esc = ESC_START;
		return 1;
	}
	if (l->esc == ESC_NONE)
		return 0;
	if (c < 0x20) {
		l->esc = ESC_NONE;
		return 0;
	}
	if (l->esc == ESC_START)
		l->esc = c == '[' ? ESC_CSI : c == 'O' ? ESC_SS3 : ESC_NONE;
	else if (l->esc == ESC_SS3 || c >= 0x40)
		l->esc = ESC_NONE;	/* the final byte */
	return 1;
}

/* One byte of the line being typed: 1 when it ends the line. */
static int line_take(struct line *l, int c, enum line_end *end)
{
	if (line_escape(l, c)) {
		l->after_cr = 0;
		return 0;
	}
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

/* The words of s, every one counted, the first SHELL_ARGS kept. */
static int shell_split(char *s, char **argv)
{
	int argc = 0;

	for (char *tok = strtok(s, " \t"); tok; tok = strtok(NULL, " \t"), argc++)
		if (argc < SHELL_ARGS)
			argv[argc] = tok;
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

/* A number in lo..hi, or -1 and a line that names the range. */
static int shell_arg(const char *what, const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
	if (shell_number(s, out) == 0 && *out >= lo && *out <= hi)
		return 0;
	printf("%s takes %lu..%lu\n", what, (unsigned long)lo, (unsigned long)hi);
	return -1;
}

/* What a benchmark's argument may be; an image whose benchmarks take
 * none (a device's) has no list of its own. */
__attribute__((weak)) const char *bench_arg_range(const char *name)
{
	(void)name;
	return NULL;
}

static int bench_known(const char *name)
{
	for (const char *const *n = bench_names; *n; n++)
		if (strcmp(*n, name) == 0)
			return 1;
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
	if (!bench_known(argv[1])) {
		printf("bench: no benchmark '%s'; benchmarks:", argv[1]);
		shell_list(bench_names);
		return;
	}
	if ((argc > 2 && shell_number(argv[2], &arg) < 0) || bench_run(argv[1], arg, argc > 2) < 0)
		printf("bench %s takes %s\n", argv[1],
		       bench_arg_range(argv[1]) ? bench_arg_range(argv[1]) : "no argument");
}

static void stats_print(void)
{
	const struct mac_stats *m = &mac_stats;
	const struct sel07_stats *a = &sel07_stats;

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

/* Sleeps a tick at a time until ticks after from; 1 as soon as a key is
 * typed (taken: it is no command). */
static int shell_key_within(uint32_t from, uint32_t ticks)
{
	while (sched_ticks - from < ticks) {
		if (console_getc() >= 0)
			return 1;
		arch_syscall(SYS_SLEEP, 0, 0, 0, 0);
	}
	return console_getc() >= 0;
}

static void cmd_stats(int argc, char **argv)
{
	uint32_t every, at;

	if (argc < 2) {
		stats_print();
		return;
	}
	if (shell_arg("stats", argv[1], 1, SHELL_STATS_MAX, &every) < 0)
		return;
	printf("stats every %lu s: any key stops\n", (unsigned long)every);
	/* each round N s after the last began, its printing included */
	for (at = sched_ticks;; at += every * BOARD_TICK_HZ) {
		printf("at %lu.%02lu s:\n", (unsigned long)(at / BOARD_TICK_HZ),
		       (unsigned long)(at % BOARD_TICK_HZ * 100 / BOARD_TICK_HZ));
		stats_print();
		if (shell_key_within(at, every * BOARD_TICK_HZ))
			return;
	}
}

static void cmd_denials(int argc, char **argv)
{
	(void)argc, (void)argv;
	if (audit_print_recent() == 0)
		printf("no denial since boot\n");
}

/* What a stat gives the console's domain, which the policy may refuse:
 * its buffers where a task's call may point (.user.kdata). */
static char stat_path[PATH_MAX_LEN] __attribute__((section(".user.kdata")));
static struct k_stat stat_out __attribute__((section(".user.kdata")));

static const char *stat_error(intptr_t err)
{
	switch (-err) {
	case E_ACCES:
		return "permission denied";
	case E_NOENT:
		return "no such file or directory";
	case E_NOTDIR:
		return "not a directory";
	default:
		return "invalid path";
	}
}

static void cmd_stat(int argc, char **argv)
{
	static const char *const kinds[] = { [K_DIR] = "directory", [K_FILE] = "file",
		[K_DEV] = "device", [K_SOCK] = "socket", [K_FIFO] = "fifo" };
	intptr_t r;

	if (argc < 2) {
		printf("usage: stat PATH\n");
		return;
	}
	strcpy(stat_path, argv[1]);	/* a word of a line, shorter than a path */
	r = arch_syscall(SYS_STAT, (uintptr_t)stat_path, (uintptr_t)&stat_out, 0, 0);
	if (r < 0)
		printf("stat: %s: %s\n", argv[1], stat_error(r));
	else
		printf("%s: %s, %lu bytes, node %lu\n", argv[1], kinds[stat_out.kind],
		       (unsigned long)stat_out.size, (unsigned long)stat_out.ino);
}

static void cmd_summary(int argc, char **argv)
{
	(void)argc, (void)argv;
	if (report_print("summary") < 0)
		printf("no summary in this image\n");
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

/* MCS is MLS's machinery with one sensitivity, s0, and its categories
 * (Debian's default policy); MLS has more (its mls policy, s0..s15). */
static const char *policy_levels(void)
{
	if (!MAC_POLICY_IS_MLS)
		return "";
	return MAC_POLICY_SENSITIVITIES == 1 ? ", MCS" : ", MLS";
}

static void cmd_policy(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("policy: %u domains, %u types, %u classes, tables %lu bytes, %s%s\n",
	       (unsigned)MAC_NDOMAINS, (unsigned)MAC_NTYPES, (unsigned)MAC_NCLASSES,
	       (unsigned long)mac_table_bytes, mode_name(), policy_levels());
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
	if (shell_arg("enforce", argv[1], 0, 1, &on) < 0)
		return;
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
	int max_args;		/* words after the name */
	void (*run)(int argc, char **argv);
};

static const struct shell_cmd shell_cmds[] = {
	{ "help", "", "these lines", 0, cmd_help },
	{ "report", "[TABLE]", "the report's tables, or one", 1, cmd_report },
	{ "summary", "", "the answer at a glance: the report's closing summary", 0, cmd_summary },
	{ "bench", "NAME [ARG]", "run one benchmark now (every ARG the boot uses without one)", 2,
	  cmd_bench },
	{ "stats", "[N]", "the monitor's and the AVC model's counters (every N s until a key)", 1,
	  cmd_stats },
	{ "denials", "", "the last avc denials", 0, cmd_denials },
	{ "ps", "", "the tasks", 0, cmd_ps },
	{ "policy", "", "classes, types, domains, table bytes, mode", 0, cmd_policy },
	{ "stat", "PATH", "a path as the console's domain may see it", 1, cmd_stat },
	{ "enforce", "[0|1]", "the mode, or switch it (security setenforce)", 1, cmd_enforce },
	{ "reboot", "", "reset the board", 0, cmd_reboot },
	{ NULL, NULL, NULL, 0, NULL },
};

_Static_assert(SHELL_ARGS > 2, "every word a command takes is kept");

static void cmd_help(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("commands:\n");
	for (const struct shell_cmd *c = shell_cmds; c->name; c++)
		printf("  %-8s %-11s %s\n", c->name, c->args, c->what);
	printf("keys: backspace erases, Ctrl-C drops the line; lines of %u characters at most\n",
	       SHELL_LINE_MAX);
}

/* More words than the command takes: refused, never half run. */
static void shell_too_many(const struct shell_cmd *c)
{
	if (c->max_args == 0)
		printf("%s takes no argument\n", c->name);
	else
		printf("%s: too many arguments: %s %s\n", c->name, c->name, c->args);
}

static void shell_do(char *text)
{
	char *argv[SHELL_ARGS] = { NULL };
	int argc = shell_split(text, argv);

	if (argc == 0)
		return;
	for (const struct shell_cmd *c = shell_cmds; c->name; c++)
		if (strcmp(c->name, argv[0]) == 0) {
			if (argc - 1 > c->max_args)
				shell_too_many(c);
			else
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
