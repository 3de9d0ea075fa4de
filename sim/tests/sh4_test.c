/*
 * Host tests of the SH-4 timing model (sim/sh4*.c) and the tag store it
 * shares with the XScale model (sim/cache.c): hand-built instruction
 * streams with the figures the manuals state, the parameter table
 * against its document, the decoder against every instruction of the
 * firmware, and the calibration routines' real bytes run through a
 * small interpreter into the model.
 *
 * sh4_test [--md sh4-params.md] [--disasm objdump.txt]
 *          [--calib calib.bin calib.syms calib.c] [--print-md]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../cache.h"
#include "../sh4.h"
#include "../sh4_params.h"

#include "check.h"

static struct sim_model *M = &sim_model_sh4;
static struct sim_totals *T;

static long param(const char *name)
{
	struct sim_param *p = sim_param_find(M, name);

	if (!p) {
		printf("no parameter %s\n", name);
		exit(2);
	}
	return p->value;
}

static void set_param(const char *name, long v)
{
	sim_param_find(M, name)->value = v;
}

static void reset(void)
{
	M->reset();
	T = M->totals;
}

static void feed(uint16_t op, uint64_t pc, const struct sim_access *a, unsigned n)
{
	uint8_t b[2] = { (uint8_t)op, (uint8_t)(op >> 8) };

	M->exec(M->decode(b, 2, pc), pc, pc & 0x1fffffff, a, n);
}

static struct sim_access load_at(uint64_t va, int store)
{
	struct sim_access a = { va, va & 0x1fffffff, 4, store, false };

	return a;
}

static uint64_t core(void)
{
	return T->cycles - T->cause[CAUSE_IMISS] - T->cause[CAUSE_TLB];
}

static int causes_sum(void)
{
	uint64_t s = 0;
	unsigned i;

	for (i = 0; i < COUNTER_MODEL_CAUSES; i++)
		s += T->cause[i];
	return s == T->cycles;
}

#define PC0 0x8c000000u

/* Straight-line: ops[] repeated reps times from PC0. */
static void stream(const uint16_t *ops, unsigned n, unsigned reps)
{
	unsigned r, i;
	uint64_t pc = PC0;

	for (r = 0; r < reps; r++)
		for (i = 0; i < n; i++, pc += 2)
			feed(ops[i], pc, NULL, 0);
}

static void test_cache(void)
{
	struct sim_cache c;
	int d;

	CHECK(sim_cache_init(&c, 1000, 32, 2, SIM_REPL_LRU) == -1, "bad geometry refused");
	CHECK(sim_cache_init(&c, 128, 32, 2, SIM_REPL_LRU) == 0, "2 sets x 2 ways");
	/* 0, 64, 128 share set 0 */
	sim_cache_access(&c, 0, 1, 1, &d);
	sim_cache_access(&c, 64, 1, 0, &d);
	sim_cache_access(&c, 0, 1, 0, &d);
	CHECK(sim_cache_access(&c, 128, 1, 0, &d) == 0 && !d, "LRU: 128 misses, evicts clean 64");
	CHECK(sim_cache_access(&c, 0, 1, 0, &d) == 1, "LRU: 0 was used last, kept");
	CHECK(sim_cache_access(&c, 64, 1, 0, &d) == 0 && !d, "LRU: 64 refetched evicts 128");
	CHECK(sim_cache_access(&c, 128, 1, 0, &d) == 0 && d == 1, "LRU: 128 refetched evicts dirty 0");
	CHECK(c.writebacks == 1, "one write-back counted: %llu", (unsigned long long)c.writebacks);
	CHECK(sim_cache_access(&c, 32, 0, 0, &d) == 0 && !sim_cache_probe(&c, 32),
	      "no allocate: still absent");
	sim_cache_free(&c);

	sim_cache_init(&c, 128, 32, 2, SIM_REPL_RR);
	sim_cache_access(&c, 0, 1, 0, &d);
	sim_cache_access(&c, 64, 1, 0, &d);
	sim_cache_access(&c, 0, 1, 0, &d);
	sim_cache_access(&c, 128, 1, 0, &d);
	CHECK(sim_cache_probe(&c, 64) && !sim_cache_probe(&c, 0), "RR: the first way goes, used or not");
	sim_cache_flush(&c);
	CHECK(!sim_cache_probe(&c, 64), "flush empties");
	sim_cache_free(&c);
}

static void test_pipeline(void)
{
	static const uint16_t chain[] = { 0x344c };		/* add r4,r4 */
	static const uint16_t pairs[] = { 0x6543, 0x7601 };	/* mov r4,r5; add #1,r6 */
	static const uint16_t exex[] = { 0x7601, 0x7701 };	/* add #1,r6; add #1,r7 */
	static const uint16_t mtmt[] = { 0x6543, 0x6763 };	/* mov r4,r5; mov r6,r7 */

	reset();
	stream(chain, 1, 64);
	CHECK(core() == 64, "dependent chain: %llu for 64", (unsigned long long)core());
	CHECK(causes_sum(), "causes sum to cycles");
	reset();
	stream(pairs, 2, 32);
	CHECK(core() == 32, "MT+EX pairs: %llu for 32 pairs", (unsigned long long)core());
	reset();
	stream(exex, 2, 32);
	CHECK(core() == 64, "EX+EX never pair: %llu for 64", (unsigned long long)core());
	reset();
	stream(mtmt, 2, 32);
	CHECK(core() == 32, "MT+MT pair: %llu for 32 pairs", (unsigned long long)core());
	CHECK(T->insns == 64, "insns counted");
}

static uint64_t load_use_result(void)
{
	struct sim_access a = load_at(0x8c100000u, 0);

	reset();
	feed(0x6542, PC0, &a, 1);		/* mov.l @r4,r5 (a miss) */
	feed(0x365c, PC0 + 2, NULL, 0);		/* add r5,r6 */
	feed(0x6542, PC0 + 4, &a, 1);		/* again, a hit */
	feed(0x365c, PC0 + 6, NULL, 0);
	CHECK(causes_sum(), "causes sum to cycles");
	return T->cause[CAUSE_OPERAND];
}

/* The miss's use waits for the missed word (dmiss), the hit's use for
 * the load's latency (operand); the second load waits for the fill. */
static void test_load_use(void)
{
	long lat = param("load_latency");

	CHECK(load_use_result() == (uint64_t)(lat - 1), "the hit's use stalls load_latency-1: %llu",
	      (unsigned long long)T->cause[CAUSE_OPERAND]);
	/* the fill less the use's issue cycle, which the fill hid */
	CHECK(T->cause[CAUSE_DMISS] == (uint64_t)param("ocache_miss") - 1, "one miss, one fill: %llu",
	      (unsigned long long)T->cause[CAUSE_DMISS]);
	set_param("load_latency", 5);
	CHECK(load_use_result() == 4, "load_latency=5: the stall follows: %llu",
	      (unsigned long long)T->cause[CAUSE_OPERAND]);
	set_param("load_latency", lat);
}

/* Critical word first: the CPU runs on under the fill; the miss's
 * register is ready with the missed word; the line's next access, and
 * the next miss, wait for the fill's end. */
static void test_critical_word(void)
{
	struct sim_access a = load_at(0x8c100000u, 0), a4 = load_at(0x8c100004u, 0);
	struct sim_access b = load_at(0x8c100400u, 0);
	uint64_t first = (uint64_t)param("ocache_first"), miss = (uint64_t)param("ocache_miss");
	uint64_t lat = (uint64_t)param("load_latency");
	unsigned i;

	reset();
	feed(0x6542, PC0, &a, 1);			/* mov.l @r4,r5: a miss */
	for (i = 0; i < 8; i++)
		feed(0x7701, PC0 + 2 + 2 * i, NULL, 0);	/* add #1,r7: independent */
	CHECK(core() == 8 && T->cause[CAUSE_DMISS] == 0,
	      "independent work runs under the fill: %llu est-cycles, dmiss %llu",
	      (unsigned long long)core(), (unsigned long long)T->cause[CAUSE_DMISS]);
	feed(0x365c, PC0 + 18, NULL, 0);		/* add r5,r6: the missed word */
	CHECK(core() == 1 + first + lat, "the use issues with the missed word: %llu, want %llu",
	      (unsigned long long)core(), (unsigned long long)(1 + first + lat));
	feed(0x6642, PC0 + 20, &a4, 1);			/* mov.l @r4,r6: the same line */
	CHECK(core() == 1 + miss, "the line's second access waits for the fill: %llu, want %llu",
	      (unsigned long long)core(), (unsigned long long)(1 + miss));
	reset();
	feed(0x6542, PC0, &a, 1);
	feed(0x6642, PC0 + 2, &b, 1);			/* another line: waits for the bus */
	feed(0x3d6c, PC0 + 4, NULL, 0);			/* add r6,r13 */
	CHECK(core() == 1 + miss + first + lat, "a second miss starts after the first fill: %llu, want %llu",
	      (unsigned long long)core(), (unsigned long long)(1 + miss + first + lat));
	CHECK(causes_sum(), "causes sum to cycles");
}

/* sh4.md: a load feeding JSR/JMP's target or a dynamic shift's count
 * is three cycles away, two for any other use. */
static uint64_t load_then(uint16_t use)
{
	struct sim_access a = load_at(0x8c100000u, 0);

	reset();
	feed(0x6142, PC0, &a, 1);		/* mov.l @r4,r1: the miss warms the line */
	feed(0x0009, PC0 + 2, NULL, 0);
	feed(0x0009, PC0 + 4, NULL, 0);
	feed(0x3d6c, PC0 + 6, NULL, 0);		/* add r6,r13: past the fill */
	feed(0x6142, PC0 + 8, &a, 1);		/* mov.l @r4,r1: a hit */
	feed(use, PC0 + 10, NULL, 0);
	return T->cause[CAUSE_OPERAND];
}

static void test_load_call(void)
{
	uint64_t lat = (uint64_t)param("load_latency"), call = (uint64_t)param("load_call_latency");

	CHECK(load_then(0x321c) == lat - 1, "load; add r1,r2: %llu", (unsigned long long)load_then(0x321c));
	CHECK(load_then(0x410b) == call - 1, "load; jsr @r1 waits load_call_latency: %llu, want %llu",
	      (unsigned long long)load_then(0x410b), (unsigned long long)(call - 1));
	CHECK(load_then(0x412b) == call - 1, "load; jmp @r1: %llu", (unsigned long long)load_then(0x412b));
	CHECK(load_then(0x421c) == call - 1, "load; shad r1,r2 (the count): %llu",
	      (unsigned long long)load_then(0x421c));
	CHECK(load_then(0x412d) == lat - 1, "load; shld r2,r1: r1 is the value shifted, read in time: %llu",
	      (unsigned long long)load_then(0x412d));
}

/* Issue groups the manual's table gives (shared-ptr/sh_insns). */
static int group_of(uint16_t op)
{
	uint8_t b[2] = { (uint8_t)op, (uint8_t)(op >> 8) };

	return ((const struct sh4_insn *)M->decode(b, 2, PC0))->group;
}

static void test_groups(void)
{
	CHECK(group_of(0x0028) == SH4_CO, "clrmac is CO");
	CHECK(group_of(0x4f56) == SH4_LS, "lds.l @r15+,fpul is LS");
	CHECK(group_of(0x04a3) == SH4_LS, "ocbp @r4 is LS");
	CHECK(group_of(0x04b3) == SH4_LS, "ocbwb @r4 is LS");
	reset();
	feed(0x7601, PC0, NULL, 0);		/* add #1,r6 (EX) */
	feed(0x04a3, PC0 + 2, NULL, 0);		/* ocbp pairs with it */
	CHECK(core() == 1, "EX + ocbp pair: %llu", (unsigned long long)core());
	reset();
	feed(0x6543, PC0, NULL, 0);		/* mov r4,r5 (MT) */
	feed(0x0028, PC0 + 2, NULL, 0);		/* clrmac issues alone */
	CHECK(core() == 2, "MT + clrmac do not pair: %llu", (unsigned long long)core());
}

/* Two loads of a line: on a miss the second waits out the fill, the
 * cycle after the first: ocache_miss - 1 of dmiss a missed line. */
static void walk_line(uint64_t line_va, unsigned i)
{
	struct sim_access a = load_at(line_va, 0), b = load_at(line_va + 4, 0);

	feed(0x6542, PC0 + 4 * (i % 4), &a, 1);
	feed(0x6642, PC0 + 4 * (i % 4) + 2, &b, 1);
}

static void test_cache_walk(void)
{
	struct sim_access a;
	unsigned i, lines = 65536 / 32;
	uint64_t m, per = (uint64_t)param("ocache_miss") - 1;

	reset();
	/* PC wraps within one line: a discontinuity each 4, which is fine here */
	for (i = 0; i < 2 * lines; i++)
		walk_line(0x8c100000u + (uint64_t)(i % lines) * 32, i);
	CHECK(T->cause[CAUSE_DMISS] == 2ull * lines * per,
	      "64 KiB walked twice: every line misses (%llu)", (unsigned long long)T->cause[CAUSE_DMISS]);
	reset();
	for (i = 0; i < 2 * 512; i++)
		walk_line(0x8c100000u + (uint64_t)(i % 512) * 32, i);
	m = T->cause[CAUSE_DMISS] / per;
	CHECK(m == 512, "16 KiB walked twice: the second pass hits (%llu misses)", (unsigned long long)m);
	reset();
	for (i = 0; i < 2 * lines; i++) {
		a = load_at(0x8c100000u + (uint64_t)(i % lines) * 32, 1);
		feed(0x2452, PC0 + 2 * (i % 8), &a, 1);		/* mov.l r5,@r4 */
	}
	CHECK(T->cause[CAUSE_WBUF] > 0, "a store walk writes dirty lines back through the buffer");
	CHECK(causes_sum(), "causes sum to cycles");
}

static void test_calls(void)
{
	struct sim_access s = load_at(0x8c200000u, 0);
	long want = param("lds_pr_latency") + param("co_branch_issue") + 1;
	uint64_t c0, s0;

	reset();
	feed(0x6542, PC0, &s, 1);		/* a load warms the stack line */
	feed(0x6542, PC0 + 2, &s, 1);		/* and waits out its fill */
	c0 = T->cycles;
	s0 = T->cause[CAUSE_SERIAL];
	feed(0x4f26, PC0 + 4, &s, 1);		/* lds.l @r15+,pr */
	feed(0x000b, PC0 + 6, NULL, 0);		/* rts waits for PR */
	feed(0x0009, PC0 + 8, NULL, 0);		/* slot */
	CHECK(T->cycles - c0 == (uint64_t)want, "lds.l @r15+,pr; rts; nop: %llu cycles, sh4.md gives %ld",
	      (unsigned long long)(T->cycles - c0), want);
	CHECK(T->cause[CAUSE_SERIAL] - s0 == (uint64_t)(param("lds_pr_latency") - 1),
	      "PR waits are serial: %llu", (unsigned long long)(T->cause[CAUSE_SERIAL] - s0));
	set_param("lds_pr_latency", 6);
	reset();
	feed(0x6542, PC0, &s, 1);
	feed(0x6542, PC0 + 2, &s, 1);
	c0 = T->cycles;
	feed(0x4f26, PC0 + 4, &s, 1);
	feed(0x000b, PC0 + 6, NULL, 0);
	feed(0x0009, PC0 + 8, NULL, 0);
	CHECK(T->cycles - c0 == (uint64_t)(6 + param("co_branch_issue") + 1),
	      "lds_pr_latency=6 moves the return: %llu", (unsigned long long)(T->cycles - c0));
	set_param("lds_pr_latency", want - param("co_branch_issue") - 1);
}

static void test_branches(void)
{
	reset();
	feed(0xa002, PC0, NULL, 0);		/* bra +4: to PC0+8 */
	feed(0x0009, PC0 + 2, NULL, 0);		/* slot pairs */
	feed(0x344c, PC0 + 8, NULL, 0);
	CHECK(core() == 3 && T->cause[CAUSE_BRANCH] == 1, "bra+slot+target: %llu, branch %llu",
	      (unsigned long long)core(), (unsigned long long)T->cause[CAUSE_BRANCH]);
	reset();
	feed(0x3450, PC0, NULL, 0);		/* cmp/eq r5,r4 */
	feed(0x8902, PC0 + 2, NULL, 0);		/* bt, not taken */
	feed(0x6543, PC0 + 4, NULL, 0);		/* pairs with bt */
	CHECK(core() == 2, "T producer, consumer not taken: %llu", (unsigned long long)core());
	reset();
	feed(0x3450, PC0, NULL, 0);
	feed(0x8902, PC0 + 2, NULL, 0);		/* bt, taken to PC0+10 */
	feed(0x6543, PC0 + 10, NULL, 0);
	CHECK(core() == 2 + (uint64_t)param("br_taken_latency") - 1 + 1,
	      "T producer, consumer taken: %llu", (unsigned long long)core());
	reset();
	feed(0x0417, PC0, NULL, 0);		/* mul.l r1,r4 */
	feed(0x061a, PC0 + 2, NULL, 0);		/* sts macl,r6 */
	CHECK(core() == (uint64_t)param("mul_latency") + 1, "mul.l; sts macl: %llu",
	      (unsigned long long)core());
	reset();
	feed(0x344c, PC0, NULL, 0);
	feed(0x344c, PC0 + 0x100, NULL, 0);	/* no branch made this jump */
	CHECK(T->cause[CAUSE_BRANCH] == (uint64_t)param("exception_entry"), "exception entry charged");
	CHECK(causes_sum(), "causes sum to cycles");
}

static void test_fetch(void)
{
	unsigned i, lines = 24576 / 32;

	reset();
	for (i = 0; i < 2 * lines * 16; i++)
		feed(0x0009, PC0 + 2 * (i % (lines * 16)), NULL, 0);
	CHECK(T->cause[CAUSE_IMISS] == 2ull * lines * param("icache_miss"),
	      "24 KiB of code twice: LRU keeps none (%llu)", (unsigned long long)T->cause[CAUSE_IMISS]);
	reset();
	for (i = 0; i < 20; i++)
		feed(0x0009, 0x00400000u + (uint64_t)(i % 5) * 0x1000, NULL, 0);
	CHECK(T->cause[CAUSE_TLB] == 20ull * param("itlb_refill"), "5 pages round 4 ITLB entries: all miss");
	reset();
	for (i = 0; i < 20; i++)
		feed(0x0009, 0x00400000u + (uint64_t)(i % 4) * 0x1000, NULL, 0);
	CHECK(T->cause[CAUSE_TLB] == 4ull * param("itlb_refill"), "4 pages: 4 refills");
	reset();
	feed(0x0009, 0x00400000u, NULL, 0);
	M->exec(M->decode((uint8_t[]){ 0x09, 0x00 }, 2, 0x00400002u), 0x00400002u, 0x0c500002u, NULL, 0);
	CHECK(T->cause[CAUSE_TLB] == 2ull * param("itlb_refill"),
	      "one virtual page of two tasks: two entries (ASID)");
	reset();
	for (i = 0; i < 4; i++)
		feed(0x0009, 0x8c000000u + 2 * i, NULL, 0);
	CHECK(T->cause[CAUSE_TLB] == 0, "P1 is untranslated");
}

static void test_io(void)
{
	struct sim_access r = { 0xffd8002cu, 0x1fd8002cu, 4, false, true };
	struct sim_access w = { 0xa4000000u, 0x04000000u, 2, true, true };

	reset();
	feed(0x6512, PC0, &r, 1);		/* mov.l @r1,r5 from the TMU */
	CHECK(T->cause[CAUSE_DMISS] == (uint64_t)param("periph_read"), "on-chip register read");
	feed(0x2451, PC0 + 2, &w, 1);		/* mov.w r5,@r4 to a device */
	feed(0x2451, PC0 + 4, &w, 1);
	CHECK(T->cause[CAUSE_WBUF] > 0, "back-to-back device writes wait for the buffer");
	CHECK(causes_sum(), "causes sum to cycles");
}

/* ---- the parameter document ---- */

static const char md_head[] =
	"# SH7751R timing model\n\n"
	"The SH-4 model (sim/sh4.c, sim/sh4_decode.c, sim/sh4_params.c) estimates the core\n"
	"cycles of an SH7751R at 240 MHz as the R2D+ runs it, in est-cycles, for the QEMU\n"
	"plugin glue (sim/model.h).  This file is generated by `sh4_test --print-md`;\n"
	"`make test-sim-sh4` fails when its table and the code differ.\n\n"
	"## What it models\n\n"
	"- In-order dual issue by group (MT, EX, BR, LS, FE, CO): MT pairs with any group\n"
	"  but CO, EX/BR/LS/FE pair with a different group, CO issues alone and holds the\n"
	"  issue stage for its issue cycles.  An instruction pairs with the one before only\n"
	"  when that one opened its cycle and the operands are ready in it.\n"
	"- A scoreboard of ready times for R0-R15, T, PR, MACH, MACL, SR, GBR, VBR, SSR,\n"
	"  SPC, FPUL, FPSCR, DBR, SGR, the banked registers and FR0-FR15; each result's\n"
	"  latency is a class read from the table below.  Waits on PR, SR and the other\n"
	"  control registers count as `serial`, waits on general registers, T, FPUL and\n"
	"  MACH/MACL as `operand`; the issue cycles of CO instructions past the first count\n"
	"  as `serial` (or `branch` for CO branches).\n"
	"- Delayed branches and their slots: the instruction after the slot (or after a\n"
	"  BT/BF) issues no earlier than the branch's latency after the branch when the\n"
	"  flow left the straight line; a flow change no branch made is an exception or\n"
	"  interrupt entry.\n"
	"- The instruction cache and the operand cache (CCR = EMODE|ICE|OCE|CB as\n"
	"  arch/sh4/start.S sets it): 16 KiB and 32 KiB, 2-way LRU, 32-byte lines,\n"
	"  indexed by the virtual address and tagged by the physical one; copy-back with\n"
	"  write-allocate (MOVCA.L allocates without a fill).  An operand miss brings the\n"
	"  missed longword first (ocache_first) and the CPU runs on while the rest of the\n"
	"  line fills (ocache_miss): the loaded register is ready with that word, and the\n"
	"  line's next access, another miss, an uncached access or an instruction fetch\n"
	"  from SDRAM waits for the fill's end (`dmiss`); an instruction miss blocks.\n"
	"  A dirty victim's write-back and uncached or device writes drain through one\n"
	"  buffer behind the CPU, and the next fill or uncached read waits for it (`wbuf`).\n"
	"- A load's result reaches JSR/JMP's target register and SHAD/SHLD's shift count\n"
	"  a cycle later than other readers (load_call_latency, sh4.md).\n"
	"- P2 (0xA0000000-0xBFFFFFFF) is uncached SDRAM; P4 (0xE0000000 up) and the\n"
	"  accesses the glue flags `io` are registers on the buses (on-chip peripherals at\n"
	"  P-phi, external devices on the BSC).\n"
	"- The 4-entry ITLB for fetches from U0/P0 and P3, refilled from the UTLB by the\n"
	"  hardware (`tlb`).  UTLB misses are exceptions whose handler QEMU runs.\n\n"
	"## Known gaps\n\n"
	"- The SDRAM, device, exception-entry and ITLB-refill figures depend on the bus\n"
	"  setup the boot loader leaves (BCR1/2, WCR1-3, MCR) and on timings no document\n"
	"  states: each has a range, and `make cycles-range` runs the seed 000 table at\n"
	"  both ends; the calibration entries with a tolerance check them on the board.\n"
	"- Not modelled: fetch alignment and the instruction buffer, the store queues,\n"
	"  OCBP/OCBWB/OCBI and PREF effects on the cache, BRAF/BSRF's target read (no\n"
	"  source gives it the early read), an instruction fetch from the line being\n"
	"  filled, FPU pipelines beyond single latencies (the firmware uses no FPU), SLEEP's wait,\n"
	"  and the UTLB as a cache (QEMU's TLB-miss exceptions stand for it).  The ITLB is\n"
	"  keyed on itlb_page-sized pages and on the physical page in place of the ASID.\n\n"
	"## Parameters\n\n"
	"\"sh_insns\" is the SH-4 columns (group, issue, latency) of the instruction table in\n"
	"shared-ptr/sh_insns sh_insns.cpp, transcribed from the execution-cycles table of the\n"
	"SH-4 Software Manual / SH7750-SH7751 hardware manual (\"Manual\" where its text is\n"
	"read); \"sh4.md\" GCC's gcc/config/sh/sh4.md.  Cycles are core cycles at 240 MHz\n"
	"(I-phi); B-phi is 120 MHz (I-phi/2), P-phi 60 MHz (I-phi/4), as U-Boot's r2dplus\n"
	"lowlevel_init.S sets the board up.  `range` is `lo..hi` for a figure no document\n"
	"states (the source says why those bounds), `-` for a cited one; the host test\n"
	"fails on a row with neither a citation nor a range.\n\n"
	"| name | value | unit | range | source |\n|---|---|---|---|---|\n";

/* The documents a source may cite: the table's notes above. */
static const char *const sh4_cites[] = {
	"sh_insns", "sh4.md", "Manual", "arch/sh4/", "arch/sh/", "lowlevel_init.S", NULL
};

static void md_row(char *buf, size_t len, const struct sim_param *p)
{
	char range[64];

	sim_param_range_cell(p, range, sizeof(range));
	snprintf(buf, len, "| %s | %ld | %s | %s | %s |\n", p->name, p->value, p->unit, range, p->source);
}

static void print_md(FILE *f)
{
	char row[4096];
	size_t i;

	fprintf(f, "%s", md_head);
	for (i = 0; i < M->nparams; i++) {
		md_row(row, sizeof(row), &M->params[i]);
		fputs(row, f);
	}
}

/* Every figure cited or ranged; the check itself refuses a bare one. */
static void test_sourced(void)
{
	struct sim_param bare = { "bare", 3, "cycles", "chosen", 0, 0 };
	struct sim_param outside = { "outside", 9, "cycles", "chosen", 1, 8 };
	size_t i;

	for (i = 0; i < M->nparams; i++) {
		const char *why = sim_param_unsourced(&M->params[i], sh4_cites);

		CHECK(!why, "%s: %s", M->params[i].name, why ? why : "");
	}
	CHECK(sim_param_unsourced(&bare, sh4_cites) != NULL, "a guess with no range is refused");
	CHECK(sim_param_unsourced(&outside, sh4_cites) != NULL, "a value outside its range is refused");
}

/* The prose too: the file is what --print-md writes, byte for byte. */
static void test_md_whole(const char *path)
{
	char *want = NULL, *have = NULL;
	size_t nwant = 0, nhave = 0;
	FILE *w = open_memstream(&want, &nwant), *f = fopen(path, "r");
	int c;

	if (w) {
		print_md(w);
		fclose(w);
	}
	CHECK(want && f, "print the document and open %s", path);
	if (want && f) {
		have = malloc(nwant + 1);
		while (have && nhave <= nwant && (c = fgetc(f)) != EOF)
			have[nhave++] = (char)c;
		CHECK(have && nhave == nwant && !memcmp(have, want, nwant),
		      "%s is not what sh4_test --print-md writes", path);
	}
	if (f)
		fclose(f);
	free(have);
	free(want);
}

static void test_md(const char *path)
{
	char want[4096], line[4096];
	FILE *f = fopen(path, "r");
	size_t i = 0;

	CHECK(f != NULL, "open %s", path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "| ", 2) || !strncmp(line, "| name |", 8))
			continue;
		if (i >= M->nparams) {
			CHECK(0, "document has more rows than the code: %s", line);
			break;
		}
		md_row(want, sizeof(want), &M->params[i]);
		CHECK(!strcmp(line, want), "row %zu differs:\n  doc:  %s  code: %s", i, line, want);
		i++;
	}
	CHECK(i == M->nparams, "document rows %zu, code %zu", i, M->nparams);
	fclose(f);
	test_md_whole(path);
}

/* ---- every instruction of the firmware ---- */

static void test_disasm(const char *path)
{
	char line[512], mn[64];
	unsigned b0, b1, n = 0, bad = 0;
	FILE *f = fopen(path, "r");

	CHECK(f != NULL, "open %s", path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *tab = strchr(line, '\t');
		const struct sh4_insn *d;

		if (!tab || !strchr(line, ':') || sscanf(tab + 1, "%x %x", &b0, &b1) != 2)
			continue;
		tab = strchr(tab + 1, '\t');
		if (!tab || sscanf(tab + 1, "%63s", mn) != 1 || mn[0] == '.')
			continue;	/* .word: objdump found no instruction there */
		d = M->decode((uint8_t[]){ (uint8_t)b0, (uint8_t)b1 }, 2, 0);
		n++;
		if (!d->known) {
			bad++;
			if (bad <= 20)
				printf("unknown opcode %02x%02x (objdump: %s)", b1, b0, tab + 1);
		}
	}
	fclose(f);
	CHECK(n > 1000, "firmware listing has instructions: %u", n);
	CHECK(bad == 0, "%u of %u firmware instructions decode as unknown", bad, n);
	printf("decoder: %u firmware instructions, %u unknown\n", n, bad);
}

/* ---- the calibration routines, interpreted ---- */

#include "../../arch/sh4/include/sh4_calib.h"

#ifndef SIM_SH4_CALIB_BASE
#define SIM_SH4_CALIB_BASE 0x8c010000
#endif
#define IMG_BASE ((uint32_t)SIM_SH4_CALIB_BASE)
#define IMG_SIZE (1u << 20)

static uint8_t img[IMG_SIZE];
static struct { char name[64]; uint32_t addr; } syms[256];
static unsigned nsyms;
static uint32_t reg_addr, counter_reg_value;
static uint64_t insns_seen, counter_reads[2][2];	/* [cycles,insns][last two] */

static uint32_t sym(const char *name)
{
	unsigned i;

	for (i = 0; i < nsyms; i++)
		if (!strcmp(syms[i].name, name))
			return syms[i].addr;
	printf("no symbol %s\n", name);
	exit(2);
}

static uint8_t *mem(uint32_t a)
{
	uint32_t o = (a & 0x1fffffff) - (IMG_BASE & 0x1fffffff);

	if (o + 4 > IMG_SIZE) {
		printf("interpreter: address %08x outside the image\n", a);
		exit(2);
	}
	return img + o;
}

static uint32_t rd32(uint32_t a)
{
	uint8_t *p = mem(a);

	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint32_t a, uint32_t v)
{
	uint8_t *p = mem(a);

	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

struct cpu {
	uint32_t r[16], pc, pr, macl, t;
	struct sim_access acc[2];
	unsigned nacc;
};

/* A load the model sees; the counter register reads as the model's count
 * through the flip, as the firmware's counter does under the model. */
static uint32_t cpu_load(struct cpu *c, uint32_t a)
{
	c->acc[c->nacc++] = load_at(a == counter_reg_value ? reg_addr : a, 0);
	if (a == counter_reg_value) {
		counter_reads[0][0] = counter_reads[0][1];
		counter_reads[0][1] = T->cycles;
		counter_reads[1][0] = counter_reads[1][1];
		counter_reads[1][1] = insns_seen;
		return (uint32_t)T->cycles ^ rd32(sym("sh4_counter_flip"));
	}
	return rd32(a);
}

static void cpu_store(struct cpu *c, uint32_t a, uint32_t v)
{
	c->acc[c->nacc++] = load_at(a, 1);
	wr32(a, v);
}

static int32_t sext(uint32_t v, int bits)
{
	return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/* One instruction; returns the delayed target, or 0. */
static uint32_t cpu_step(struct cpu *c, uint16_t op, uint32_t pc)
{
	unsigned n = (op >> 8) & 15, m = (op >> 4) & 15;
	uint32_t *r = c->r;

	switch (op & 0xf000) {
	case 0xd000: r[n] = cpu_load(c, (pc & ~3u) + 4 + (op & 0xff) * 4); return 0;
	case 0xe000: r[n] = (uint32_t)sext(op & 0xff, 8); return 0;
	case 0x7000: r[n] += (uint32_t)sext(op & 0xff, 8); return 0;
	case 0xa000: return pc + 4 + (uint32_t)(sext(op & 0xfff, 12) * 2);
	case 0xb000: c->pr = pc + 4; return pc + 4 + (uint32_t)(sext(op & 0xfff, 12) * 2);
	}
	switch (op & 0xf00f) {
	case 0x6002: r[n] = cpu_load(c, r[m]); return 0;
	case 0x6003: r[n] = r[m]; return 0;
	case 0x300c: r[n] += r[m]; return 0;
	case 0x3008: r[n] -= r[m]; return 0;
	case 0x200a: r[n] ^= r[m]; return 0;
	case 0x3000: c->t = r[n] == r[m]; return 0;
	case 0x0007: c->macl = r[n] * r[m]; return 0;
	}
	switch (op & 0xf0ff) {
	case 0x4022: r[n] -= 4; cpu_store(c, r[n], c->pr); return 0;
	case 0x4026: c->pr = cpu_load(c, r[n]); r[n] += 4; return 0;
	case 0x4010: r[n]--; c->t = r[n] == 0; return 0;
	case 0x400b: { uint32_t to = r[n]; c->pr = pc + 4; return to; }
	case 0x402b: return r[n];
	case 0x001a: r[n] = c->macl; return 0;
	}
	switch (op & 0xff00) {
	case 0x8900: if (c->t) c->pc = pc + 4 + (uint32_t)(sext(op & 0xff, 8) * 2); return 0;
	case 0x8b00: if (!c->t) c->pc = pc + 4 + (uint32_t)(sext(op & 0xff, 8) * 2); return 0;
	case 0xc700: r[0] = (pc & ~3u) + 4 + (op & 0xff) * 4; return 0;
	}
	if (op == 0x000b)
		return c->pr;
	if (op == 0x0009)
		return 0;
	printf("interpreter: opcode %04x at %08x not interpreted\n", op, pc);
	exit(2);
}

static void cpu_exec(struct cpu *c)
{
	uint32_t pc = c->pc;
	uint16_t op = (uint16_t)(mem(pc)[0] | mem(pc)[1] << 8);
	uint32_t to;

	c->nacc = 0;
	c->pc = pc + 2;
	to = cpu_step(c, op, pc);
	feed(op, pc, c->acc, c->nacc);
	insns_seen++;
	if (to) {
		uint32_t slot = c->pc;

		c->nacc = 0;
		op = (uint16_t)(mem(slot)[0] | mem(slot)[1] << 8);
		c->pc = slot + 2;
		if (cpu_step(c, op, slot))
			exit(2);	/* a branch in a slot */
		feed(op, slot, c->acc, c->nacc);
		insns_seen++;
		c->pc = to;
	}
}

#define RET_MAGIC 0x8c0f0000u

static uint32_t cpu_call(uint32_t entry, uint32_t r4)
{
	struct cpu c;

	memset(&c, 0, sizeof(c));
	c.pc = entry;
	c.pr = RET_MAGIC;
	c.r[4] = r4;
	c.r[15] = IMG_BASE + IMG_SIZE - 64;
	while (c.pc != RET_MAGIC)
		cpu_exec(&c);
	return c.r[0];
}

static void load_image(const char *bin, const char *symf)
{
	FILE *f = fopen(bin, "rb");
	char type;

	if (!f || fread(img, 1, IMG_SIZE, f) == 0) {
		printf("cannot read %s\n", bin);
		exit(2);
	}
	fclose(f);
	f = fopen(symf, "r");
	if (!f) {
		printf("cannot read %s\n", symf);
		exit(2);
	}
	while (nsyms < 256 && fscanf(f, "%x %c %63s", &syms[nsyms].addr, &type, syms[nsyms].name) == 3)
		nsyms++;
	fclose(f);
	reg_addr = sym("sh4_counter_reg");
	counter_reg_value = rd32(reg_addr);
}

/* Runs a routine the way the harness does: its cycles and window insns. */
static void calib_run(const char *fn, int long_run, uint32_t *walk_at, uint32_t *cyc, uint32_t *ins)
{
	char asm_name[80];
	uint32_t r4 = 0;
	const char *run = strstr(fn, "_run_");

	snprintf(asm_name, sizeof(asm_name), "%s", fn);
	if (run) {	/* the C wrapper: its walk, then the routine */
		uint32_t bodies = long_run ? CALIB_BASE + CALIB_COPIES : CALIB_BASE;
		uint32_t bytes = 2 * bodies * CALIB_STRIDE;

		snprintf(asm_name, sizeof(asm_name), "%.*s_%s", (int)(run - fn), fn, run + 5);
		if (*walk_at + bytes > CALIB_WALK_BYTES)
			*walk_at = 0;
		r4 = sym("calib_walk") + *walk_at;
		*walk_at += bytes;
	}
	*cyc = cpu_call(sym(asm_name), r4);
	*ins = (uint32_t)(counter_reads[1][1] - counter_reads[1][0]);
}

static void test_calib(const char *bin, const char *symf, const char *calib_c)
{
	char line[512], name[64], s_fn[64], l_fn[64];
	unsigned insns, c100, t100, n = 0;
	uint32_t walk_at = 0;
	FILE *f;

	load_image(bin, symf);
	f = fopen(calib_c, "r");
	CHECK(f != NULL, "open %s", calib_c);
	if (!f)
		return;
	reset();
	while (fgets(line, sizeof(line), f)) {
		uint32_t cs, cl, is, il, k;
		double per, ipb;

		if (sscanf(line, " { \"%63[^\"]\", %63[^,], %63[^,], CALIB_COPIES, %u, %u, %u,",
			   name, s_fn, l_fn, &insns, &c100, &t100) != 6)
			continue;
		for (k = 0; k < 2; k++) {	/* the second round is the one kept */
			calib_run(s_fn, 0, &walk_at, &cs, &is);
			calib_run(l_fn, 1, &walk_at, &cl, &il);
		}
		per = (double)(cl - cs) / CALIB_COPIES;
		ipb = (double)(il - is) / CALIB_COPIES;
		printf("calib %-14s insns/body %5.2f (table %u)  est-cycles/body %6.2f (manual %u.%02u +- %u.%02u)\n",
		       name, ipb, insns, per, c100 / 100, c100 % 100, t100 / 100, t100 % 100);
		CHECK(ipb == insns, "%s: insns per body %.2f, table %u", name, ipb, insns);
		CHECK(per * 100 >= (double)c100 - t100 && per * 100 <= (double)c100 + t100,
		      "%s: model %.2f est-cycles a body, manual %u.%02u", name, per, c100 / 100, c100 % 100);
		n++;
	}
	fclose(f);
	CHECK(n >= 10, "calibration entries read: %u", n);
	CHECK(causes_sum(), "causes sum to cycles");
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--print-md")) {
			print_md(stdout);
			return 0;
		}
	test_cache();
	test_pipeline();
	test_load_use();
	test_sourced();
	test_critical_word();
	test_load_call();
	test_groups();
	test_cache_walk();
	test_calls();
	test_branches();
	test_fetch();
	test_io();
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--md") && i + 1 < argc)
			test_md(argv[++i]);
		else if (!strcmp(argv[i], "--disasm") && i + 1 < argc)
			test_disasm(argv[++i]);
		else if (!strcmp(argv[i], "--calib") && i + 3 < argc) {
			test_calib(argv[i + 1], argv[i + 2], argv[i + 3]);
			i += 3;
		}
	}
	printf("sim-sh4: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
