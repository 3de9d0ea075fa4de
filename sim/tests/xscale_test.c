/*
 * Host tests of the XScale timing model (sim/xscale.c): hand-built
 * instruction streams with the manual's figures, the parameter table
 * against sim/xscale-params.md, every instruction of the firmware's
 * text through the decoder, and the calibration routines of
 * arch/arm/calib.S run on a small ARM interpreter feeding the model.
 *
 *   xscale_test PARAMS_MD [FIRMWARE_ELF [CALIB_ELF]]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../model.h"
#include "../xscale.h"

#include "check.h"

static struct sim_model *M = &sim_model_xscale;

static void set_param(const char *name, long v)
{
	struct sim_param *p = sim_param_find(M, name);

	if (!p) {
		printf("no parameter %s\n", name);
		exit(2);
	}
	p->value = v;
}

static long get_param(const char *name)
{
	return sim_param_find(M, name)->value;
}

/* Defaults again, then the MMU and caches on as after start-up. */
static struct sim_param saved[128];

static void model_reset(void)
{
	memcpy(M->params, saved, M->nparams * sizeof *saved);
	set_param("mmu_on_at_reset", 1);
	M->reset();
}

/* ---- hand-built streams ---- */

struct step {
	uint32_t word;
	uint32_t addr;		/* data address for loads, stores (0: none) */
	unsigned nacc;		/* words accessed from addr on */
	int store;
};

#define CODE 0xA0010000u
#define DATA 0xA0020000u

/* B from `from` to `to`, cond AL or other */
static uint32_t branch(uint32_t cond, int link, uint32_t from, uint32_t to)
{
	return cond << 28 | 0x0A000000u | (uint32_t)link << 24 |
	       (((to - from - 8) >> 2) & 0xFFFFFFu);
}

static void exec_at(uint32_t va, uint32_t word, uint32_t addr, unsigned nacc, int store)
{
	struct sim_access acc[16];
	uint8_t b[4] = { (uint8_t)word, (uint8_t)(word >> 8), (uint8_t)(word >> 16),
			 (uint8_t)(word >> 24) };
	const void *d = M->decode(b, 4, va);

	for (unsigned i = 0; i < nacc && i < 16; i++)
		acc[i] = (struct sim_access){ .vaddr = addr + 4 * i, .paddr = addr + 4 * i,
					      .size = 4, .store = store != 0 };
	M->exec(d, va, va, acc, nacc);
}

/* The steps as one pass of a loop closed by B.  A pass's cycles are
 * its body and B, and the previous B's outcome (charged as its
 * successor arrives): in a steady loop, one pass. */
static void run_pass(const struct step *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		exec_at(CODE + 4 * i, s[i].word, s[i].addr, s[i].nacc, s[i].store);
	exec_at(CODE + 4 * n, branch(14, 0, CODE + 4 * n, CODE), 0, 0, 0);
}

/* a data line the next pass_cost brings into the cache first (0: none) */
static uint32_t warm_line;

static uint64_t pass_cost(const struct step *s, unsigned n)
{
	uint64_t a;

	model_reset();
	if (warm_line)
		exec_at(CODE - 0x100, 0xE5901000u, warm_line, 1, 0);	/* ldr r1, [r0] */
	for (unsigned p = 0; p < 3; p++)
		run_pass(s, n);
	a = M->totals->cycles;
	run_pass(s, n);
	return M->totals->cycles - a;
}

static void test_alu_chain(void)
{
	struct step s[16];

	for (int i = 0; i < 16; i++)
		s[i] = (struct step){ 0xE0811001u, 0, 0, 0 };	/* add r1, r1, r1 */
	uint64_t c = pass_cost(s, 16);
	CHECK(c == 17, "16 dependent adds + a predicted B: %" PRIu64 " est-cycles, want 17", c);
	CHECK(M->totals->cause[CAUSE_OPERAND] == 0, "no result stalls in an ALU chain");
}

static void test_load_use(void)
{
	struct step s[8];

	for (int i = 0; i < 8; i += 2) {
		s[i] = (struct step){ 0xE5901000u, DATA, 1, 0 };	/* ldr r1, [r0] */
		s[i + 1] = (struct step){ 0xE0812001u, 0, 0, 0 };		/* add r2, r1, r1 */
	}
	uint64_t c = pass_cost(s, 8);
	long lat = get_param("load_result");
	CHECK(c == 4 * (2 + (uint64_t)lat - 1) + 1, "4 load-use pairs: %" PRIu64 ", want %ld", c,
	      4 * (2 + lat - 1) + 1);
	/* a wrong parameter moves the figure */
	struct sim_param *p = sim_param_find(M, "load_result");
	long keep = saved[p - M->params].value;
	saved[p - M->params].value = 5;
	uint64_t c5 = pass_cost(s, 8);
	saved[p - M->params].value = keep;
	CHECK(c5 == c + 4 * 2, "load_result 5 adds 2 a pair: %" PRIu64 " against %" PRIu64, c5, c);
}

static void test_mul_use(void)
{
	struct step s[2] = { { 0xE0010392u, 0, 0, 0 }, { 0xE0814001u, 0, 0, 0 } };	/* mul r1,r2,r3; add r4,r1,r1 */
	uint64_t c = pass_cost(s, 2);

	CHECK(c == 3 + 1, "MUL then use + B: %" PRIu64 ", want 4", c);
}

static void test_shift_use(void)
{
	/* add r1, r1, r1; add r2, r2, r1, lsl #2: the shifted operand a cycle late */
	struct step s[2] = { { 0xE0811001u, 0, 0, 0 }, { 0xE0822101u, 0, 0, 0 } };
	uint64_t c = pass_cost(s, 2);
	long extra = get_param("alu_shift_extra");

	CHECK(c == 3 + (uint64_t)extra, "ALU then a shift of its result + B: %" PRIu64 ", want %ld",
	      c, 3 + extra);
	/* add r2, r2, r1 (no shift): no stall */
	s[1].word = 0xE0822001u;
	c = pass_cost(s, 2);
	CHECK(c == 3, "ALU then an unshifted use + B: %" PRIu64 ", want 3", c);
}

/* CPWAIT: mrc p15,0,r0,c2,c0,0; mov r0,r0; sub pc,pc,#4 */
static void test_cpwait(void)
{
	struct step s[3] = { { 0xEE120F10u, 0, 0, 0 }, { 0xE1A00000u, 0, 0, 0 },
			     { 0xE24FF004u, 0, 0, 0 } };
	uint64_t c = pass_cost(s, 3);
	long mrc = get_param("cp15_mrc_issue"), pc = get_param("alu_pc");

	/* MRC's result holds the MOV; SUB PC refills though it lands next */
	CHECK(c == (uint64_t)(mrc + 1 + 1 + pc + 1), "CPWAIT + B: %" PRIu64 ", want %ld", c,
	      mrc + 1 + 1 + pc + 1);
}

static void test_ldm(void)
{
	static const uint32_t ldm[] = { 0xE8900002u, 0xE890001Eu, 0xE89001FEu };
	static const uint32_t stm[] = { 0xE8800002u, 0xE880001Eu, 0xE88001FEu };
	static const unsigned n[] = { 1, 4, 8 };

	for (int i = 0; i < 3; i++) {
		struct step s[4];
		for (int k = 0; k < 4; k++)
			s[k] = (struct step){ ldm[i], DATA, n[i], 0 };
		uint64_t c = pass_cost(s, 4);
		CHECK(c == 4 * (2 + n[i]) + 1, "4 LDM of %u + B: %" PRIu64 ", want %u", n[i], c,
		      4 * (2 + n[i]) + 1);
		for (int k = 0; k < 4; k++)
			s[k] = (struct step){ stm[i], DATA, n[i], 1 };
		warm_line = DATA;	/* stores hit: no write allocation */
		c = pass_cost(s, 4);
		warm_line = 0;
		CHECK(c == 4 * (2 + n[i]) + 1, "4 STM of %u + B: %" PRIu64 ", want %u", n[i], c,
		      4 * (2 + n[i]) + 1);
	}
	/* the guide's example: ldm {r2,r3}; ldm {r4,r5}; adds; adc: 11 */
	struct step e[4] = { { 0xE890000Cu, DATA, 2, 0 }, { 0xE8910030u, DATA + 8, 2, 0 },
			     { 0xE0920004u, 0, 0, 0 }, { 0xE0A31005u, 0, 0, 0 } };
	uint64_t c = pass_cost(e, 4);
	CHECK(c == 11 + 1, "OG 4.3.1.5 LDM example + B: %" PRIu64 ", want 12", c);
}

/* A B at CODE that goes as `taken[p]` says in pass p. */
static uint64_t branch_passes(const int *taken, unsigned passes)
{
	uint64_t before = 0;

	model_reset();
	for (unsigned p = 0; p < passes; p++) {
		if (p == passes - 1)
			before = M->totals->cycles;
		exec_at(CODE, branch(0, 0, CODE, CODE + 8), 0, 0, 0);	/* beq +8 */
		if (!taken[p])
			exec_at(CODE + 4, 0xE1A00000u, 0, 0, 0);
		exec_at(CODE + 8, branch(14, 0, CODE + 8, CODE), 0, 0, 0);
	}
	return M->totals->cycles - before;
}

static void test_branches(void)
{
	int always[8] = { 1, 1, 1, 1, 1, 1, 1, 1 }, alt[8] = { 0, 1, 0, 1, 0, 1, 0, 1 };
	uint64_t hit = branch_passes(always, 8), miss = branch_passes(alt, 8);
	long pen = get_param("branch_mispredict");

	/* beq 1 + b 1, predicted */
	CHECK(hit == 2, "a predicted taken branch and the B: %" PRIu64 ", want 2", hit);
	/* after T,NT,T,NT..., the last T is predicted not taken */
	CHECK(miss == 2 + (uint64_t)pen, "an alternating branch: %" PRIu64 ", want %ld", miss, 2 + pen);
	/* bl leaf; leaf: bx lr */
	model_reset();
	uint64_t before = 0;
	for (int p = 0; p < 4; p++) {
		before = M->totals->cycles;
		exec_at(CODE, branch(14, 1, CODE, CODE + 0x100), 0, 0, 0);
		exec_at(CODE + 0x100, 0xE12FFF1Eu, 0, 0, 0);
		exec_at(CODE + 4, branch(14, 0, CODE + 4, CODE), 0, 0, 0);
	}
	uint64_t leaf = M->totals->cycles - before;
	CHECK(leaf == 1 + 5 + 1, "bl + bx lr + B: %" PRIu64 ", want 7", leaf);
	/* bl f; f: stmfd sp!,{r4,lr}; ldmfd sp!,{r4,pc} */
	model_reset();
	for (int p = 0; p < 4; p++) {
		before = M->totals->cycles;
		exec_at(CODE, branch(14, 1, CODE, CODE + 0x100), 0, 0, 0);
		exec_at(CODE + 0x100, 0xE92D4010u, DATA - 8, 2, 1);
		exec_at(CODE + 0x104, 0xE8BD8010u, DATA - 8, 2, 0);
		exec_at(CODE + 4, branch(14, 0, CODE + 4, CODE), 0, 0, 0);
	}
	uint64_t nonleaf = M->totals->cycles - before;
	CHECK(nonleaf == 1 + 4 + 10 + 1, "bl + stmfd + ldmfd pc + B: %" PRIu64 ", want 16", nonleaf);
}

static uint64_t mem_to_core(long mclk)
{
	long core = get_param("core_mhz"), mem = get_param("mem_mhz");

	return (uint64_t)((mclk * core + mem - 1) / mem);
}

static void test_dcache_walk(void)
{
	const unsigned lines = 2048;	/* 64 KiB at 32 bytes */
	uint64_t before, misses0;

	model_reset();
	for (int pass = 0; pass < 2; pass++) {
		before = M->totals->cycles;
		misses0 = M->totals->cause[CAUSE_DMISS];
		for (unsigned i = 0; i < lines; i++) {
			exec_at(CODE, 0xE4901020u, DATA + 32 * i, 1, 0);	/* ldr r1,[r0],#32 */
			exec_at(CODE + 4, branch(14, 0, CODE + 4, CODE), 0, 0, 0);
		}
	}
	uint64_t per = (M->totals->cycles - before) / lines;
	uint64_t fill = mem_to_core(get_param("mem_overhead") + get_param("sdram_trcd") +
				    get_param("sdram_cl") + get_param("line_bytes") / get_param("bus_bytes"));
	CHECK(per >= fill - 1 && per <= fill + 1,
	      "a 64 KiB walk at 32 bytes, the second time: %" PRIu64 " a line, want %" PRIu64,
	      per, fill);
	CHECK(M->totals->cause[CAUSE_DMISS] - misses0 > (fill - 3) * lines,
	      "the walk's cycles are dmiss");
	/* a 16 KiB walk fits: the second time hits */
	model_reset();
	for (int pass = 0; pass < 2; pass++) {
		before = M->totals->cycles;
		for (unsigned i = 0; i < 512; i++) {
			exec_at(CODE, 0xE4901020u, DATA + 32 * i, 1, 0);
			exec_at(CODE + 4, branch(14, 0, CODE + 4, CODE), 0, 0, 0);
		}
	}
	per = (M->totals->cycles - before) / 512;
	CHECK(per == 2, "a 16 KiB walk, the second time: %" PRIu64 " a line, want 2", per);
}

/* 40 sections round a 32-entry round-robin D-TLB: each load walks (past
 * the uncached frames, each line in a set of its own: the cache hits) */
static void test_tlb(void)
{
	uint64_t walk = mem_to_core(get_param("mem_overhead") + get_param("sdram_trcd") +
				    get_param("sdram_cl") + 1), before = 0;
	const unsigned n = 40;

	model_reset();
	for (int pass = 0; pass < 3; pass++) {
		before = M->totals->cause[CAUSE_TLB];
		for (unsigned i = 0; i < n; i++) {
			exec_at(CODE, 0xE5901000u, 0xA0600000u + (i << 20) + 32 * i, 1, 0);
			exec_at(CODE + 4, branch(14, 0, CODE + 4, CODE), 0, 0, 0);
		}
	}
	uint64_t tlb = M->totals->cause[CAUSE_TLB] - before;
	CHECK(tlb == n * walk, "40 sections: %" PRIu64 " est-cycles of walks, want %" PRIu64, tlb,
	      n * walk);
	/* 16 sections fit: no walks the second time */
	model_reset();
	for (int pass = 0; pass < 2; pass++) {
		before = M->totals->cause[CAUSE_TLB];
		for (unsigned i = 0; i < 16; i++) {
			exec_at(CODE, 0xE5901000u, 0xA0600000u + (i << 20) + 32 * i, 1, 0);
			exec_at(CODE + 4, branch(14, 0, CODE + 4, CODE), 0, 0, 0);
		}
	}
	tlb = M->totals->cause[CAUSE_TLB] - before;
	CHECK(tlb == 0, "16 sections the second time: %" PRIu64 " est-cycles of walks", tlb);
}

/* the frame sections are uncached: every load stalls for the SDRAM */
static void test_uncached(void)
{
	uint64_t word = mem_to_core(get_param("mem_overhead") + get_param("sdram_trcd") +
				    get_param("sdram_cl") + 1);
	uint32_t frames = (uint32_t)get_param("uncached_base");
	struct step s[1] = { { 0xE5901000u, frames, 1, 0 } };
	uint64_t c = pass_cost(s, 1);

	CHECK(c == 1 + word + 1, "an uncached load + B: %" PRIu64 ", want %" PRIu64, c, word + 2);
	s[0].addr = frames - 0x100000;	/* the section below: cached */
	c = pass_cost(s, 1);
	CHECK(c == 2, "a cached load + B: %" PRIu64 ", want 2", c);
}

/* Thumb (hostile user code only): one issue each, 2 bytes apart */
static void test_thumb(void)
{
	uint8_t add[2] = { 0x49, 0x18 };	/* adds r1, r1, r1 */
	uint8_t bl[4] = { 0x00, 0xF0, 0x00, 0xF8 };

	model_reset();
	uint64_t before = M->totals->cycles;
	for (unsigned i = 0; i < 8; i++)
		M->exec(M->decode(add, 2, CODE + 2 * i), CODE + 2 * i, CODE + 2 * i, NULL, 0);
	/* the first fetch missed the TLB and the line; then one a cycle */
	uint64_t c = M->totals->cycles - before - M->totals->cause[CAUSE_IMISS] -
		     M->totals->cause[CAUSE_TLB];
	CHECK(c == 8, "8 Thumb instructions: %" PRIu64 " est-cycles, want 8", c);
	const struct xs_insn *d = M->decode(bl, 4, CODE + 2);
	CHECK(d->cls == XS_THUMB && d->fall == CODE + 6, "a 4-byte instruction at a halfword is Thumb");
}

static void test_causes_sum(void)
{
	uint64_t sum = 0;

	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		sum += M->totals->cause[i];
	CHECK(sum == M->totals->cycles, "causes sum to cycles: %" PRIu64 " against %" PRIu64, sum,
	      M->totals->cycles);
}

/* DM 6.1.3: a store coalesces with any of the eight entries, not only
 * the newest: eight blocks, then seven of them again, fill no ninth
 * entry while the bus still holds them, so nothing waits (wbuf). */
/* Stores to blocks 0..7, then to blocks[] again (or a new one), from
 * cached code; the wbuf est-cycles the stores waited; then a drain. */
static uint64_t wbuf_stores(const unsigned *again, unsigned n)
{
	uint64_t c0 = M->totals->cause[CAUSE_WBUF], c;
	uint32_t pc = CODE;

	for (unsigned k = 0; k < 8 + n; k++, pc += 4)
		exec_at(pc, 0xE5801000u, DATA + 0x100 + 16 * (k < 8 ? k : again[k - 8]), 1, 1);
	c = M->totals->cause[CAUSE_WBUF] - c0;
	exec_at(pc, 0xEE070F9Au, 0, 0, 0);	/* mcr p15, 0, r0, c7, c10, 4: drain */
	return c;
}

static void test_wbuf_coalesce(void)
{
	static const unsigned old_blocks[] = { 1, 2, 3, 4, 5, 6, 7 }, ninth[] = { 8 };

	model_reset();
	wbuf_stores(old_blocks, 7);		/* the code and the TLB warm */
	uint64_t again = wbuf_stores(old_blocks, 7);
	CHECK(again == 0, "stores again to 7 of 8 pending blocks coalesce: wbuf %" PRIu64, again);
	wbuf_stores(ninth, 1);			/* the ninth's code warm */
	uint64_t full = wbuf_stores(ninth, 1);
	CHECK(full > 0, "a ninth block waits for an entry: wbuf %" PRIu64, full);
}

static void test_mispredict_param(void)
{
	int alt[8] = { 0, 1, 0, 1, 0, 1, 0, 1 };
	struct sim_param *p = sim_param_find(M, "branch_mispredict");
	long keep = saved[p - M->params].value;

	saved[p - M->params].value = 7;
	uint64_t miss = branch_passes(alt, 8);
	saved[p - M->params].value = keep;
	CHECK(miss == 2 + 7, "branch_mispredict 7: %" PRIu64 ", want 9", miss);
}

/* ---- the parameter table against its document ---- */

static char *trim(char *s)
{
	char *e;

	while (*s == ' ')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\n'))
		*--e = 0;
	return s;
}

static void test_params_doc(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	size_t row = 0;

	CHECK(f != NULL, "%s opens", path);
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *cell[5], *s = line, range[64];
		if (strncmp(line, "| ", 2) || !strncmp(line, "| name ", 7))
			continue;
		s++;
		for (int i = 0; i < 5; i++) {
			char *bar = strstr(s, " |");
			if (!bar) {
				cell[i] = NULL;
				break;
			}
			*bar = 0;
			cell[i] = trim(s);
			s = bar + 2;
		}
		if (!cell[4])
			continue;
		if (row >= M->nparams) {
			CHECK(0, "%s: a row past the table: %s", path, cell[0]);
			row++;
			continue;
		}
		const struct sim_param *p = &saved[row++];
		CHECK(!strcmp(cell[0], p->name), "row %zu name %s against %s", row, cell[0], p->name);
		CHECK(strtol(cell[1], NULL, 0) == p->value, "%s value %s against %ld", p->name,
		      cell[1], p->value);
		CHECK(!strcmp(cell[2], p->unit), "%s unit %s against %s", p->name, cell[2], p->unit);
		sim_param_range_cell(p, range, sizeof range);
		CHECK(!strcmp(cell[3], range), "%s range %s against %s", p->name, cell[3], range);
		CHECK(!strcmp(cell[4], p->source), "%s source differs:\n  doc  %s\n  code %s",
		      p->name, cell[4], p->source);
	}
	fclose(f);
	CHECK(row == M->nparams, "%s has %zu rows, the table %zu", path, row, M->nparams);
}

/* The documents a source may cite (sim/xscale-params.md's notes). */
static const char *const xs_cites[] = {
	"DM ", "OG ", "PXA DM", "boards/verdex/", "arch/arm/", "linker/", NULL
};

/* Every figure cited or ranged; the check itself refuses a bare one. */
static void test_sourced(void)
{
	struct sim_param bare = { "bare", 3, "cycles", "OG 4: chosen", 0, 0 };

	for (size_t i = 0; i < M->nparams; i++) {
		const char *why = sim_param_unsourced(&saved[i], xs_cites);
		CHECK(!why, "%s: %s", saved[i].name, why ? why : "");
	}
	CHECK(sim_param_unsourced(&bare, xs_cites) != NULL, "a cited guess with no range is refused");
}

/* The table's rows as sim/xscale-params.md holds them. */
static void print_rows(void)
{
	char range[64];

	for (size_t i = 0; i < M->nparams; i++) {
		const struct sim_param *q = &saved[i];
		int hex = !strcmp(q->unit, "address") || q->value >= 0x100000;

		sim_param_range_cell(q, range, sizeof range);
		printf(hex ? "| %s | 0x%lX | %s | %s | %s |\n" : "| %s | %ld | %s | %s | %s |\n", q->name,
		       q->value, q->unit, range, q->source);
	}
}

/* ---- ELF32 (ARM, little-endian), as much as the tests need ---- */

struct elf {
	uint8_t *buf;
	size_t len;
	const uint8_t *sh;
	unsigned shnum, shentsize;
};

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned rd16(const uint8_t *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static int elf_open(struct elf *e, const char *path)
{
	FILE *f = fopen(path, "rb");

	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	e->len = (size_t)ftell(f);
	fseek(f, 0, SEEK_SET);
	e->buf = malloc(e->len);
	if (!e->buf || fread(e->buf, 1, e->len, f) != e->len || memcmp(e->buf, "\177ELF\1\1", 6)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	e->sh = e->buf + rd32(e->buf + 32);
	e->shentsize = rd16(e->buf + 46);
	e->shnum = rd16(e->buf + 48);
	return 0;
}

static const uint8_t *elf_sh(const struct elf *e, unsigned i)
{
	return e->sh + (size_t)i * e->shentsize;
}

static const char *elf_shname(const struct elf *e, unsigned i)
{
	const uint8_t *strsh = elf_sh(e, rd16(e->buf + 50));

	return (const char *)e->buf + rd32(strsh + 16) + rd32(elf_sh(e, i) + 0);
}

static int elf_find(const struct elf *e, const char *name)
{
	for (unsigned i = 0; i < e->shnum; i++)
		if (!strcmp(elf_shname(e, i), name))
			return (int)i;
	return -1;
}

/* Each symbol to fn(name, value). */
static void elf_symbols(const struct elf *e, void (*fn)(const char *, uint32_t, void *), void *arg)
{
	int s = elf_find(e, ".symtab");

	if (s < 0)
		return;
	const uint8_t *sh = elf_sh(e, (unsigned)s);
	const uint8_t *sym = e->buf + rd32(sh + 16);
	const char *str = (const char *)e->buf + rd32(elf_sh(e, rd32(sh + 24)) + 16);
	for (uint32_t off = 0; off + 16 <= rd32(sh + 20); off += 16)
		fn(str + rd32(sym + off), rd32(sym + off + 4), arg);
}

/* ---- every instruction of the firmware's text ---- */

struct marks {
	uint32_t addr[65536];
	char kind[65536];
	unsigned n;
	uint32_t lo, hi;
};

static void mark(const char *name, uint32_t v, void *arg)
{
	struct marks *m = arg;

	if (name[0] == '$' && strchr("atd", name[1]) && (!name[2] || name[2] == '.') &&
	    v >= m->lo && v < m->hi && m->n < 65536) {
		m->addr[m->n] = v;
		m->kind[m->n++] = name[1];
	}
}

static char kind_at(const struct marks *m, uint32_t a)
{
	char k = 'd';
	uint32_t best = 0;

	for (unsigned i = 0; i < m->n; i++)
		if (m->addr[i] <= a && m->addr[i] >= best) {
			best = m->addr[i];
			k = m->kind[i];
		}
	return k;
}

static int cmp_mark(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void test_decode_elf(const char *path)
{
	struct elf e;
	static struct marks m;
	unsigned arm = 0, unknown = 0, by_class[XS_CLASSES] = { 0 };

	CHECK(elf_open(&e, path) == 0, "%s opens as ELF32", path);
	if (e.buf == NULL)
		return;
	int t = elf_find(&e, ".text");
	CHECK(t >= 0, "%s has .text", path);
	if (t < 0)
		return;
	const uint8_t *sh = elf_sh(&e, (unsigned)t);
	uint32_t addr = rd32(sh + 12), off = rd32(sh + 16), size = rd32(sh + 20);
	m.n = 0;
	m.lo = addr;
	m.hi = addr + size;
	elf_symbols(&e, mark, &m);
	(void)cmp_mark;
	for (uint32_t a = addr; a + 4 <= addr + size; a += 4) {
		if (kind_at(&m, a) != 'a')
			continue;
		struct xs_insn d;
		uint32_t w = rd32(e.buf + off + (a - addr));
		xs_decode_arm(&d, w, a);
		arm++;
		by_class[d.cls]++;
		if (d.cls == XS_UNKNOWN && unknown++ < 10)
			printf("  unknown %08" PRIx32 ": %08" PRIx32 "\n", a, w);
	}
	printf("%s: %u ARM instructions:", path, arm);
	for (unsigned c = 0; c < XS_CLASSES; c++)
		if (by_class[c])
			printf(" %s %u", xs_class_name(c), by_class[c]);
	printf("\n");
	CHECK(arm > 1000 || strstr(path, "calib"), "%s: %u instructions found", path, arm);
	CHECK(unknown == 0, "%s: %u instructions of no known class", path, unknown);
	free(e.buf);
}

/* ---- the calibration routines on an ARM interpreter ---- */

#define MEM_BASE 0xA0000000u
#define MEM_SIZE 0x00200000u
#define STACK_TOP 0xA01F0000u
#define RETURN_MAGIC 0xA01FFF00u

static uint8_t *mem;
static int count_insns;	/* CCNT counts instructions, as under plain QEMU */
static uint32_t reg[16], nzcv;
static struct sim_access accs[16];
static unsigned naccs;

static uint32_t *word_at(uint32_t a)
{
	if (a < MEM_BASE || a - MEM_BASE > MEM_SIZE - 4) {
		printf("interpreter: access at %08" PRIx32 "\n", a);
		exit(2);
	}
	return (uint32_t *)(mem + (a - MEM_BASE));
}

static uint32_t load(uint32_t a)
{
	if (naccs < 16)
		accs[naccs++] = (struct sim_access){ .vaddr = a, .paddr = a, .size = 4 };
	return *word_at(a & ~3u);
}

static void store(uint32_t a, uint32_t v)
{
	if (naccs < 16)
		accs[naccs++] = (struct sim_access){ .vaddr = a, .paddr = a, .size = 4, .store = 1 };
	*word_at(a & ~3u) = v;
}

static int cond_pass(uint32_t c)
{
	int n = nzcv >> 3 & 1, z = nzcv >> 2 & 1, cf = nzcv >> 1 & 1, v = nzcv & 1;

	switch (c) {
	case 0: return z;
	case 1: return !z;
	case 2: return cf;
	case 3: return !cf;
	case 4: return n;
	case 5: return !n;
	case 10: return n == v;
	case 11: return n != v;
	case 12: return !z && n == v;
	case 13: return z || n != v;
	case 14: return 1;
	default:
		printf("interpreter: condition %" PRIu32 "\n", c);
		exit(2);
	}
}

static uint32_t operand2(uint32_t w)
{
	if (w & (1u << 25)) {
		uint32_t imm = w & 0xFF, rot = (w >> 7) & 30;
		return rot ? (imm >> rot) | (imm << (32 - rot)) : imm;
	}
	uint32_t rm = reg[w & 15], sh = (w >> 7) & 31;
	if (w & 0x10) {
		printf("interpreter: shift by register\n");
		exit(2);
	}
	switch ((w >> 5) & 3) {
	case 0: return rm << sh;
	case 1: return sh ? rm >> sh : 0;
	case 2: return (uint32_t)((int32_t)rm >> (sh ? sh : 31));
	default: return sh ? (rm >> sh) | (rm << (32 - sh)) : rm;
	}
}

static void dp_exec(uint32_t w)
{
	uint32_t op = (w >> 21) & 15, rn = reg[(w >> 16) & 15], b = operand2(w), r;
	uint64_t wide = 0;
	int arith = 1;

	switch (op) {
	case 0: case 8: r = rn & b; arith = 0; break;
	case 1: case 9: r = rn ^ b; arith = 0; break;
	case 2: case 10: wide = (uint64_t)rn + (uint32_t)~b + 1; r = (uint32_t)wide; break;
	case 4: case 11: wide = (uint64_t)rn + b; r = (uint32_t)wide; break;
	case 12: r = rn | b; arith = 0; break;
	case 13: r = b; arith = 0; break;
	case 14: r = rn & ~b; arith = 0; break;
	case 15: r = ~b; arith = 0; break;
	default:
		printf("interpreter: opcode %" PRIu32 "\n", op);
		exit(2);
	}
	if (w & (1u << 20)) {
		uint32_t c = arith ? (uint32_t)(wide >> 32) & 1 : (nzcv >> 1) & 1;
		uint32_t v = 0;
		if (op == 2 || op == 10)
			v = ((rn ^ b) & (rn ^ r)) >> 31;
		else if (op == 4 || op == 11)
			v = (~(rn ^ b) & (rn ^ r)) >> 31;
		nzcv = (r >> 31) << 3 | (uint32_t)(r == 0) << 2 | c << 1 | (arith ? v : nzcv & 1);
	}
	if (op < 8 || op > 11)
		reg[(w >> 12) & 15] = r;
}

static void ldst_exec(uint32_t w, uint32_t pc)
{
	uint32_t rn = (w >> 16) & 15, rd = (w >> 12) & 15, base = reg[rn];
	uint32_t off = (w & (1u << 25)) ? operand2(w & ~(1u << 25)) : w & 0xFFF;
	uint32_t ea, post = !(w & (1u << 24));

	if (rn == 15)
		base = pc + 8;
	off = (w & (1u << 23)) ? off : (uint32_t)-off;
	ea = post ? base : base + off;
	if (w & (1u << 20))
		reg[rd] = load(ea);
	else
		store(ea, reg[rd]);
	if (post || (w & (1u << 21)))
		reg[rn] = base + off;
}

static void ldstm_exec(uint32_t w)
{
	uint32_t rn = (w >> 16) & 15, list = w & 0xFFFF, n = (uint32_t)__builtin_popcount(list);
	uint32_t base = reg[rn], a = base;
	int up = (w >> 23) & 1, pre = (w >> 24) & 1;

	if (!up)
		a = base - 4 * n;
	if (pre == up)
		a += 4;
	for (unsigned r = 0; r < 16; r++) {
		if (!(list & (1u << r)))
			continue;
		if (w & (1u << 20))
			reg[r] = load(a);
		else
			store(a, reg[r]);
		a += 4;
	}
	if (w & (1u << 21))
		reg[rn] = up ? base + 4 * n : base - 4 * n;
}

/* One instruction at reg[15]; accs/naccs its accesses. */
static void step(void)
{
	uint32_t pc = reg[15], w = *word_at(pc);

	naccs = 0;
	reg[15] = pc + 4;
	if (!cond_pass(w >> 28))
		return;
	if ((w & 0x0FFFFFF0u) == 0x012FFF10u)
		reg[15] = reg[w & 15] & ~1u;
	else if ((w & 0x0E000000u) == 0x0A000000u) {
		if (w & (1u << 24))
			reg[14] = pc + 4;
		reg[15] = pc + 8 + (uint32_t)((int32_t)(w << 8) >> 6);
	} else if ((w & 0x0FC000F0u) == 0x00000090u)
		reg[(w >> 16) & 15] = reg[w & 15] * reg[(w >> 8) & 15];
	else if ((w & 0x0F000010u) == 0x0E000010u) {
		if ((w & (1u << 20)) && ((w >> 8) & 15) == 14)
			reg[(w >> 12) & 15] = (uint32_t)(count_insns ? M->totals->insns
							     : M->totals->cycles);	/* CCNT */
	} else if ((w & 0x0C000000u) == 0x04000000u)
		ldst_exec(w, pc);
	else if ((w & 0x0E000000u) == 0x08000000u)
		ldstm_exec(w);
	else if ((w & 0x0C000000u) == 0)
		dp_exec(w);
	else {
		printf("interpreter: %08" PRIx32 " at %08" PRIx32 "\n", w, pc);
		exit(2);
	}
}

/* A routine to its return, each instruction through the model. */
static uint32_t call(uint32_t fn)
{
	static const void *decoded[MEM_SIZE / 4];

	reg[13] = STACK_TOP;
	reg[14] = RETURN_MAGIC;
	reg[15] = fn;
	for (unsigned long n = 0; reg[15] != RETURN_MAGIC; n++) {
		uint32_t pc = reg[15];
		const void **d = &decoded[(pc - MEM_BASE) / 4];
		if (!*d)
			*d = M->decode((const uint8_t *)word_at(pc), 4, pc);
		step();
		M->exec(*d, pc, pc, accs, naccs);
		if (n > 100000000ul) {
			printf("interpreter: no return from %08" PRIx32 "\n", fn);
			exit(2);
		}
	}
	return reg[0];
}

static const char *cstr(uint32_t a)
{
	return (const char *)word_at(a & ~3u) + (a & 3u);
}

struct syms {
	uint32_t calibs;
};

static void find_calibs(const char *name, uint32_t v, void *arg)
{
	if (!strcmp(name, "arch_calibs"))
		((struct syms *)arg)->calibs = v;
}

static void load_image(const struct elf *e)
{
	mem = calloc(1, MEM_SIZE);
	for (unsigned i = 0; i < e->shnum; i++) {
		const uint8_t *sh = elf_sh(e, i);
		uint32_t type = rd32(sh + 4), flags = rd32(sh + 8), addr = rd32(sh + 12);
		if (!(flags & 2) || type != 1 || addr < MEM_BASE)
			continue;
		memcpy(word_at(addr), e->buf + rd32(sh + 16), rd32(sh + 20));
	}
}

static void test_calibs(const char *path)
{
	struct elf e;
	struct syms s = { 0 };

	CHECK(elf_open(&e, path) == 0, "%s opens as ELF32", path);
	if (!e.buf)
		return;
	load_image(&e);
	elf_symbols(&e, find_calibs, &s);
	CHECK(s.calibs != 0, "%s has arch_calibs", path);
	printf("%-18s %6s %10s %10s  %s\n", "calibration", "insns", "manual", "model", "(est-cycles a body)");
	for (uint32_t a = s.calibs; s.calibs && *word_at(a); a += 32) {
		uint32_t *c = word_at(a);
		uint32_t copies = c[3], insns = c[4], want = c[5], tol = c[6];
		model_reset();
		uint32_t sh = 0, lo = 0;
		/* as plain QEMU counts: instructions between the reads */
		count_insns = 1;
		sh = call(c[1]);
		lo = call(c[2]);
		count_insns = 0;
		CHECK(lo - sh == copies * insns,
		      "%s: %" PRIu32 " more instructions counted in the long routine, want %" PRIu32
		      " x %" PRIu32, cstr(c[0]), lo - sh, copies, insns);
		model_reset();
		for (int k = 0; k < 3; k++) {
			sh = call(c[1]);
			lo = call(c[2]);
		}
		uint64_t got100 = ((uint64_t)(lo - sh) * 100 + copies / 2) / copies;
		printf("%-18s %6" PRIu32 " %10.2f %10.2f  tolerance %.2f\n", cstr(c[0]), insns,
		       want / 100.0, got100 / 100.0, tol / 100.0);
		CHECK(got100 + tol >= want && got100 <= want + tol,
		      "%s: the model gives %.2f a body, the manual %.2f (tolerance %.2f)", cstr(c[0]),
		      got100 / 100.0, want / 100.0, tol / 100.0);
	}
	free(mem);
	free(e.buf);
}

int main(int argc, char **argv)
{
	memcpy(saved, M->params, M->nparams * sizeof *saved);
	if (M->nparams > 128)
		return 2;
	if (argc > 1 && !strcmp(argv[1], "--print-rows")) {
		print_rows();
		return 0;
	}
	test_sourced();
	test_alu_chain();
	test_load_use();
	test_mul_use();
	test_shift_use();
	test_cpwait();
	test_ldm();
	test_branches();
	test_mispredict_param();
	test_wbuf_coalesce();
	test_dcache_walk();
	test_tlb();
	test_uncached();
	test_thumb();
	test_causes_sum();
	if (argc > 1)
		test_params_doc(argv[1]);
	if (argc > 2)
		test_decode_elf(argv[2]);
	if (argc > 3) {
		test_decode_elf(argv[3]);
		test_calibs(argv[3]);
	}
	printf("sim-xscale: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
