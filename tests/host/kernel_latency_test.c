/*
 * Host unit test of the latency bookkeeping (kernel/latency.c): its
 * histogram's min, median and max against samples whose figures are
 * known, and the phases.  Linked alone under ASan/UBSan, the board stood in for below.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "latency.h"

static int passed, failed;
static uint32_t next_late;	/* what the stand-in board measures */

struct task *sched_current;
uint32_t board_tick_late(void) { return next_late; }
const char *board_tick_late_unit(void) { return "insns"; }
const char *board_name(void) { return "host"; }

static void check(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

static void tick(uint32_t late)
{
	next_late = late;
	kernel_tick_latency();
}

static void test_exact(void)
{
	struct latency_stats st;

	latency_start();
	for (uint32_t v = 101; v >= 1; v--)	/* out of order on purpose */
		tick(v);
	latency_take(&st);
	check(st.n == 101 && st.min == 1 && st.max == 101 && st.median == 51,
	      "101 samples: min, median (rank n/2) and max exact");
	latency_take(&st);
	check(st.n == 0 && st.min == 0 && st.median == 0 && st.max == 0,
	      "a take starts a new phase: nothing in it yet");
	tick(7);
	latency_take(&st);
	check(st.n == 1 && st.min == 7 && st.median == 7 && st.max == 7, "one sample");
}

/* Past the exact bins the median is its bin's lower edge, within 1/64. */
static void test_large(void)
{
	struct latency_stats st;
	const uint32_t v[] = { 5000, 100000, 300000, 300001, 4000000000u };

	latency_start();
	for (unsigned i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		tick(v[i]);
	latency_take(&st);
	check(st.min == 5000 && st.max == 4000000000u, "large samples: min and max exact");
	check(st.median <= 300000 && st.median > 300000 - 300000 / 64,
	      "large samples: the median within 1/64 below");
	latency_start();
	tick(4095);
	tick(4096);
	tick(4097);
	latency_take(&st);
	check(st.median == 4096 && st.min == 4095 && st.max == 4097, "the edge of the exact bins");
}

static void test_focus(void)
{
	static struct task fuzz, other;
	struct latency_stats st;

	fuzz.domain = 3;
	other.domain = 4;
	latency_focus(3);
	sched_current = &other;
	tick(500);
	sched_current = &fuzz;
	tick(600);		/* not on the fuzzer's own kernel stack here */
	latency_take_focus(&st);
	check(st.n == 0, "a domain's samples: only on its own task's kernel stack");
	sched_current = NULL;
}

int main(void)
{
	test_exact();
	test_large();
	test_focus();
	printf("kernel-latency: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
