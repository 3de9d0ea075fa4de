/*
 * On-target tests, kernel side: these run in kernel mode before the
 * first task; the user-mode suites (u*.c) run as the manifest's tasks.
 * The run ends with "N passed, N failed" when the last task has exited.
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "image.h"
#include "models.h"
#include "mac_policy.h"
#include "latency.h"
#include "syscalls.h"
#include "profile.h"

void worker_main(uintptr_t arg);
void child_main(uintptr_t arg);
void forbidden_main(uintptr_t arg);
void attack_main(uintptr_t arg);
void latency_main(uintptr_t arg);

/* Kernel code behind a program's path: no task may start it. */
static void kernel_code_main(uintptr_t arg)
{
	(void)arg;
	kernel_panic("a task started kernel code");
}

const struct program image_programs[] = {
	{ "/bin/worker", worker_main },
	{ "/bin/child", child_main },
	{ "/bin/forbidden", forbidden_main },
	{ "/bin/norole", forbidden_main },
	{ "/bin/attack", attack_main },
	{ "/bin/kernel-code", kernel_code_main },
	{ "/bin/replaceable", worker_main },
	{ "/bin/latency", latency_main },
	{ NULL, NULL },
};

/* make PROFILE_TASKS=1: every suite on the profiling table (kernel/
 * profile.c), held to the same results as on the flat one. */
#ifndef TEST_TASKS_PROFILED
#define TEST_TASKS_PROFILED 0
#endif
#if TEST_TASKS_PROFILED
const syscall_fn *image_task_syscalls = syscall_table_profile;
#define TASKS_STRATEGY "profile"
#else
#define TASKS_STRATEGY "flat"
#endif

#define CHECK(cond) ktest_result((cond), #cond)

static void check_fmt(const char *expect, const char *got)
{
	int ok = strcmp(expect, got) == 0;
	if (!ok)
		printf("  expected \"%s\", got \"%s\"\n", expect, got);
	ktest_result(ok, expect);
}

static void test_printf(void)
{
	char b[64];
	volatile uint64_t big = 0x0123456789ABCDEFull;
	volatile int64_t neg = -9000000000ll;

	snprintf(b, sizeof(b), "%d|%u|%x|%5s|%-3s|", -42, 42u, 0xbeefu, "ab", "c");
	check_fmt("-42|42|beef|   ab|c  |", b);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)big);
	check_fmt("81985529216486895", b);
	snprintf(b, sizeof(b), "%llx", (unsigned long long)big);
	check_fmt("123456789abcdef", b);
	snprintf(b, sizeof(b), "%lld", (long long)neg);
	check_fmt("-9000000000", b);
	snprintf(b, sizeof(b), "%08lx", 0x1234ul);
	check_fmt("00001234", b);
}

/* The libgcc helpers the firmware links, on values that exercise their
 * edges; volatile keeps the compiler from folding them. */
static void test_libgcc(void)
{
	volatile uint32_t a = 1000000007u, b = 97u;
	volatile int32_t sa = -1000000007, sb = 97;
	volatile uint64_t c = 0xFEDCBA9876543210ull, d = 0x12345ull;
	volatile int64_t sc = -0x123456789ABCll;
	volatile int sh = 37;

	CHECK(a / b == 10309278u && a % b == 41u);
	CHECK(sa / sb == -10309278 && sa % sb == -41);
	CHECK(c / d == 0xE0004FA01C4Dull && c % d == 0x10A4Full);
	CHECK(sc / 1000 == -20015998343ll && sc % 1000 == -868ll);
	CHECK((c >> sh) == 0x7F6E5D4ull && (c << sh) == 0xCA86420000000000ull);
	CHECK((uint64_t)a * b == 97000000679ull && (int64_t)sc * 3 == -0x369D0369D034ll);
}

/* The selinux07 model's security server against the tables, on the test
 * policy (booleans, constraints, typebounds): every triple the same. */
static void test_model_decisions(void)
{
	int mismatches = 0;

	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		for (mac_col_t t = 0; t < MAC_NTYPES; t++)
			for (unsigned c = 0; c < MAC_NCLASSES; c++)
				mismatches += sel07_allowed(d, t, c) !=
					      mac_lookup_av(&mac_subjects[d], c, t).allowed;
	ktest_result(mismatches == 0, "selinux07 model: the tables' decision on every triple");
}

/* The scheduler's bit scans (the SH-4's tables), on every 16-bit mask
 * and a single bit and a pair at each place of a word. */
static void test_bit_scans(void)
{
	int wrong = 0;

	for (uint32_t x = 1; x < 0x10000u; x++) {
		unsigned hi = 31, lo = 0;
		while (!(x >> hi & 1))
			hi--;
		while (!(x >> lo & 1))
			lo++;
		wrong += arch_bit_high(x) != hi || arch_bit_low(x) != lo;
	}
	for (unsigned i = 0; i < 32; i++) {
		volatile uint32_t one = 1u << i, two = one | 0x80000000u;
		wrong += arch_bit_high(one) != i || arch_bit_low(one) != i;
		wrong += arch_bit_high(two) != 31 || arch_bit_low(two) != i;
	}
	ktest_result(wrong == 0, "arch_bit_high and arch_bit_low on every 16-bit mask and each bit");
}

/* A domain the manifest names in no limit statement may take half of
 * each shared table, half of one channel's queue (mac-polc's defaults). */
static void test_protection(void)
{
	const char *wrong = arch_protection_check();

	if (wrong)
		printf("arch_protection_check: %s\n", wrong);
	ktest_result(!wrong, "the CPU's control registers hold their set-up");
}

static void test_default_limits(void)
{
	const uint16_t *l = mac_domain_limits[MAC_TYPE_PEER_T];

	ktest_result(l[MAC_LIMIT_TASKS] == TASK_MAX / 2 && l[MAC_LIMIT_NODES] == NODE_MAX / 2 &&
		     l[MAC_LIMIT_BLOCKS] == FILE_BLOCKS / 2 &&
		     l[MAC_LIMIT_HANDLES] == TASK_MAX * HANDLE_MAX / 2 &&
		     l[MAC_LIMIT_MESSAGES] == CHAN_DEPTH / 2,
		     "quota: a domain without a limit statement gets the default shares");
}

#define LATENCY_PROBE_HZ 100000u	/* every 10,000 instructions on a PXA270 under QEMU */

/* Each call's worst, as the latency suite (ulatency.c) drove it through
 * its longest path: a line per entry of the table, so that a call the
 * suite leaves out shows with n=0 (tests/log-expect.sh fails it). */
static void test_latency_calls(void)
{
	int driven = 1;

	for (int i = 0; i < LAT_END; i++) {
		uint32_t n, max;

		latency_call_take(i, &n, &max);
		driven &= n > 0;
		printf("LATENCY board=%s call=%s strategy=%s unit=%s n=%lu max=%lu\n", board_name(),
		       i == LAT_FAULT ? "fault" : syscall_names[i] + 4 /* "sys_" */,
		       TASKS_STRATEGY, board_tick_late_unit(), (unsigned long)n,
		       (unsigned long)max);
	}
	ktest_result(driven, "latency: every system call and the fault kill sampled");
}

/* The tick's latency over every suite, the hostile tasks and the fuzzer
 * among them, all on the flat tables (or all profiled). */
static void test_latency(void)
{
	struct latency_stats st;

	latency_take(&st);
	latency_print("target", TASKS_STRATEGY, &st);
	ktest_result(st.n > 0 && st.min <= st.median && st.median <= st.max,
		     "latency: the tick's latency is measured over the suites");
	latency_take_focus(&st);
	latency_print("fuzz", TASKS_STRATEGY, &st);
	ktest_result(st.n > 0 && st.min <= st.median && st.median <= st.max,
		     "latency: the tick's latency is measured under the fuzzer");
	test_latency_calls();
}

/* The profiled suites' own profile: their checks were noted, and cost
 * less than the calls that made them. */
static void test_profile(void)
{
	struct profile_totals t;

	profile_totals(&t);
	ktest_result(t.calls > 0 && t.checks > 0 && t.check_cost > 0 &&
		     t.check_cost < t.syscall_cost, "profile: the suites' checks noted and timed");
	profile_print();
}

/* The suites' receives that blocked were completed by their senders,
 * each write inside what the receiver handed over (mm_task_write stops
 * the board otherwise), so inside what its caches let go. */
static void test_task_writes(void)
{
	printf("mm: %lu writes into blocked tasks\n", (unsigned long)mm_task_writes);
	ktest_result(mm_task_writes > 0, "mm: blocked receives written only where handed over");
}

void sched_all_exited(void)
{
	test_task_writes();
	test_latency();
	if (TEST_TASKS_PROFILED)
		test_profile();
	mac_grant_report();
	ktest_summary();
}

void boot_main(void)
{
	ktest_enabled = 1;
	latency_focus(MAC_TYPE_FUZZ_T);
	board_latency_probe(LATENCY_PROBE_HZ);
	ktest_result(kernel_counter_selfcheck(), "counter self-check exact");
	test_printf();
	test_libgcc();
	test_bit_scans();
	test_model_decisions();
	test_default_limits();
	test_protection();
}
