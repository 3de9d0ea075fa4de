/*
 * SH-4 (SH7751R at 240 MHz, as the R2D+ runs it) timing model.
 *
 * In-order dual issue: an instruction issues in the cycle of the one
 * before it when that one opened an issue cycle, their groups may pair
 * (manual's parallel-executability: MT with anything but CO; EX, BR, LS,
 * FE with any other group; CO alone) and its operands are ready then.
 * Otherwise it issues at the frontier E (the first cycle the issue stage
 * is free) or later, when an operand, a control register or a branch
 * target is not ready.  Every cycle E advances is charged to one cause,
 * so the causes sum to the total by construction.
 *
 * Memory: an operand cache (copy-back, write-allocate, LRU) whose miss
 * brings the missed longword first and lets the CPU run on while the
 * rest of the line fills (a second access to that line, or any other
 * bus access, waits for the fill), an instruction cache, a one-entry
 * write-back/write buffer that drains behind the CPU, uncached P2 and
 * device accesses on the bus, and the
 * 4-entry ITLB refilled from the UTLB for translated fetches.  UTLB
 * misses are exceptions whose handler QEMU runs, so they cost here what
 * the handler's instructions cost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cache.h"
#include "sh4.h"
#include "sh4_params.h"
#include "window_marks.h"

enum pend { PEND_NONE, PEND_SLOT, PEND_TARGET };

/* Paths most instructions do not take, kept out of exec's register set. */
#define SH4_SLOW __attribute__((noinline, cold))
#define SH4_OUTLINE __attribute__((noinline))

/* Parameters as reset() read them. */
static struct {
	uint32_t lat[LAT_CLASSES], iss[ISS_CLASSES];
	uint32_t br_taken, br_disp0, co_branch, rte_lat, exc_entry;
	uint32_t ic_miss, oc_miss, oc_first, wb_line, unc_read, unc_write, load_call;
	uint32_t io_read, io_write, periph_read, periph_write, itlb_refill;
	uint64_t ic_way_mask, oc_way_mask, line_shift, itlb_shift;
} prm;

static struct {
	uint64_t E;		/* first cycle the issue stage is free */
	uint64_t c_issue;	/* cycle the last instruction issued in */
	uint64_t ready[SH4_NREGS];
	uint64_t ready_early[SH4_NREGS];	/* for a read a stage early */
	uint64_t miss_regs;	/* registers late by an operand miss (dmiss) */
	uint64_t fill_until;	/* the operand fill under way ends then */
	uint64_t fill_line;	/* its line */
	uint64_t load_due;	/* this instruction's loaded data arrives then */
	uint64_t wbuf_until;	/* the write buffer is busy until then */
	uint64_t br_time, fallthrough;
	uint64_t prev_vaddr, last_iline, last_ipage, last_p2word;
	uint64_t last_dline;	/* the operand line last used, present */
	int last_ddirty;
	int pair_ok, prev_group, pend, br_uncond, started;
	struct sim_cache ic, oc, itlb;
} st;

static struct sim_totals sh4_totals;
static struct sh4_insn *sh4_table;	/* every opcode, decoded once */

static const uint8_t sh4_pairs[SH4_GROUPS][SH4_GROUPS] = {
	/*            MT EX BR LS FE CO */
	[SH4_MT] = { 1, 1, 1, 1, 1, 0 },
	[SH4_EX] = { 1, 0, 1, 1, 1, 0 },
	[SH4_BR] = { 1, 1, 0, 1, 1, 0 },
	[SH4_LS] = { 1, 1, 1, 0, 1, 0 },
	[SH4_FE] = { 1, 1, 1, 1, 0, 0 },
	[SH4_CO] = { 0, 0, 0, 0, 0, 0 },
};

static void charge(int cause, uint64_t n)
{
	st.E += n;
	sh4_totals.cause[cause] += n;
}

static uint32_t pv(int id)
{
	long v = sh4_params[id].value;

	return v < 0 ? 0 : (uint32_t)v;
}

static void sh4_read_params(void)
{
	static const int lat_id[LAT_CLASSES] = {
		[LAT_MOV] = P_LAT_MOV, [LAT_ALU] = P_LAT_ALU, [LAT_LOAD] = P_LAT_LOAD,
		[LAT_MUL] = P_LAT_MUL, [LAT_MAC_GP] = P_LAT_MAC_GP, [LAT_GP_MAC] = P_LAT_GP_MAC,
		[LAT_PR_SET] = P_LAT_PR_SET, [LAT_PR_GET] = P_LAT_PR_GET,
		[LAT_CTRL_SET] = P_LAT_CTRL_SET, [LAT_SR_SET] = P_LAT_SR_SET,
		[LAT_GBR_SET] = P_LAT_GBR_SET, [LAT_CTRL_GET] = P_LAT_CTRL_GET,
		[LAT_FPUL_GP] = P_LAT_FPUL_GP, [LAT_FP] = P_LAT_FP, [LAT_FDIV] = P_LAT_FDIV,
		[LAT_FPSCR_SET] = P_LAT_FPSCR_SET, [LAT_MAC_ACC] = P_LAT_MAC_ACC,
	};
	static const int iss_id[ISS_CLASSES] = {
		[ISS_ONE] = -1, [ISS_CO_BRANCH] = P_ISS_CO_BRANCH, [ISS_PR] = P_ISS_PR,
		[ISS_MUL] = P_ISS_MUL, [ISS_MAC] = P_ISS_MAC, [ISS_SR_SET] = P_ISS_SR_SET,
		[ISS_GBR_SET] = P_ISS_GBR_SET, [ISS_CTRL_GET] = P_ISS_CTRL_GET,
		[ISS_RTE] = P_ISS_RTE, [ISS_TRAPA] = P_ISS_TRAPA, [ISS_TAS] = P_ISS_TAS,
		[ISS_GBR_RMW] = P_ISS_GBR_RMW, [ISS_GBR_TST] = P_ISS_GBR_TST,
		[ISS_SLEEP] = P_ISS_SLEEP, [ISS_OCB] = P_ISS_OCB,
	};
	unsigned i;

	for (i = 0; i < LAT_CLASSES; i++)
		prm.lat[i] = pv(lat_id[i]);
	for (i = 0; i < ISS_CLASSES; i++)
		prm.iss[i] = iss_id[i] < 0 ? 1 : pv(iss_id[i]);
	for (i = 1; i < ISS_CLASSES; i++)
		if (!prm.iss[i])
			prm.iss[i] = 1;	/* an instruction holds issue one cycle at least */
	prm.br_taken = pv(P_BR_TAKEN);
	prm.br_disp0 = pv(P_BR_DISP0);
	prm.co_branch = pv(P_CO_BRANCH);
	prm.rte_lat = pv(P_RTE_LAT);
	prm.exc_entry = pv(P_EXC_ENTRY);
	prm.ic_miss = pv(P_IC_MISS);
	prm.oc_miss = pv(P_OC_MISS);
	prm.oc_first = pv(P_OC_FIRST) < prm.oc_miss ? pv(P_OC_FIRST) : prm.oc_miss;
	prm.load_call = pv(P_LAT_LOAD_CALL);
	prm.wb_line = pv(P_WB_LINE);
	prm.unc_read = pv(P_UNC_READ);
	prm.unc_write = pv(P_UNC_WRITE);
	prm.io_read = pv(P_IO_READ);
	prm.io_write = pv(P_IO_WRITE);
	prm.periph_read = pv(P_PERIPH_READ);
	prm.periph_write = pv(P_PERIPH_WRITE);
	prm.itlb_refill = pv(P_ITLB_REFILL);
	prm.line_shift = sim_log2(pv(P_LINE));
	prm.itlb_shift = sim_log2(pv(P_ITLB_PAGE));
}

/* A cache's index comes from the virtual address, its tag from the
 * physical one (SH-4 manual: both caches index with logical bits). */
static uint64_t index_key(uint64_t vaddr, uint64_t paddr, uint64_t way_mask)
{
	return (paddr & ~way_mask) | (vaddr & way_mask);
}

static int sh4_init_caches(void)
{
	unsigned line = pv(P_LINE);
	unsigned icw = pv(P_IC_WAYS), ocw = pv(P_OC_WAYS);

	if (sim_cache_init(&st.ic, pv(P_IC_BYTES), line, icw, SIM_REPL_LRU) ||
	    sim_cache_init(&st.oc, pv(P_OC_BYTES), line, ocw, SIM_REPL_LRU) ||
	    sim_cache_init(&st.itlb, pv(P_ITLB_ENTRIES) << prm.itlb_shift, 1u << prm.itlb_shift,
			   pv(P_ITLB_ENTRIES), SIM_REPL_LRU))
		return -1;
	prm.ic_way_mask = icw ? pv(P_IC_BYTES) / icw - 1 : 0;
	prm.oc_way_mask = ocw ? pv(P_OC_BYTES) / ocw - 1 : 0;
	return 0;
}

static void sh4_resolve_table(void);

static void sh4_fill_table(void)
{
	unsigned op;

	if (sh4_table)
		return;
	sh4_table = calloc(65536, sizeof(*sh4_table));
	if (!sh4_table)
		abort();
	for (op = 0; op < 65536; op++)
		sh4_decode_op((uint16_t)op, &sh4_table[op]);
	sh4_read_params();	/* decoded before a reset: the defaults */
	sh4_resolve_table();
}

static uint8_t clamp8(uint32_t v)
{
	return v > 255 ? 255 : (uint8_t)v;
}

/* Every decoded opcode gets the figures of its classes, so that exec
 * reads them from the instruction and not through the tables. */
static void sh4_resolve_table(void)
{
	unsigned op, i;

	for (op = 0; op < 65536; op++) {
		struct sh4_insn *d = &sh4_table[op];

		d->issue_n = clamp8(prm.iss[d->issue]);
		d->dload_mask = 0;
		for (i = 0; i < d->ndst; i++) {
			d->dlat_n[i] = clamp8(prm.lat[d->dlat[i]]);
			if (d->dlat[i] == LAT_LOAD)
				d->dload_mask |= (uint8_t)(1u << i);
		}
	}
}

static void sh4_reset(void)
{
	sh4_fill_table();
	sh4_read_params();
	sh4_resolve_table();
	sim_cache_free(&st.ic);	/* a reset's geometry may differ */
	sim_cache_free(&st.oc);
	sim_cache_free(&st.itlb);
	memset(&st, 0, sizeof(st));
	if (sh4_init_caches()) {
		fprintf(stderr, "sh4 model: no cache of the geometry the parameters give\n");
		abort();
	}
	st.last_iline = st.last_ipage = st.last_p2word = st.last_dline = UINT64_MAX;
	memset(&sh4_totals, 0, sizeof(sh4_totals));
}

static const void *sh4_decode(const uint8_t *bytes, size_t len, uint64_t vaddr)
{
	(void)vaddr;
	sh4_fill_table();
	if (len < 2)
		return &sh4_table[0];	/* opcode 0 is undefined: decodes as unknown */
	return &sh4_table[bytes[0] | (bytes[1] << 8)];
}

/* Waits for the bus: the operand fill under way, then the write
 * buffer (a read or a fill needs the bus). */
static void wbuf_drain(void)
{
	if (st.fill_until > st.E)
		charge(CAUSE_DMISS, st.fill_until - st.E);
	if (st.wbuf_until > st.E)
		charge(CAUSE_WBUF, st.wbuf_until - st.E);
}

/* An uncached access: reads wait for the bus, writes are posted. */
static SH4_SLOW void bus_access(int store, uint32_t rcost, uint32_t wcost)
{
	wbuf_drain();
	if (store)
		st.wbuf_until = st.E + wcost;
	else
		charge(CAUSE_DMISS, rcost);
}

/* Area 7: the on-chip registers' physical image. */
static int is_area7(uint64_t paddr)
{
	return (paddr & 0x1fffffffu) >= 0x1c000000u;
}

/* A miss: the missed longword first, the rest of the line behind it
 * while the CPU runs on; a dirty victim leaves after the fill. */
static void oc_fill(uint64_t line, int dirty)
{
	wbuf_drain();
	st.fill_line = line;
	st.fill_until = st.E + prm.oc_miss;
	st.load_due = st.E + prm.oc_first;
	if (dirty)
		st.wbuf_until = (st.wbuf_until > st.fill_until ? st.wbuf_until : st.fill_until) +
				prm.wb_line;
}

static void cached_access(const struct sim_access *a, int no_fill)
{
	uint64_t key = index_key(a->vaddr, a->paddr, prm.oc_way_mask);
	uint64_t line = key >> prm.line_shift;
	int dirty;

	/* The line being filled: the access waits for the fill's end. */
	if (line == st.fill_line && st.fill_until > st.E)
		charge(CAUSE_DMISS, st.fill_until - st.E);
	/* The line used last is present and most recent: a lookup would
	 * change nothing unless a store must dirty it. */
	if (line == st.last_dline && (!a->store || st.last_ddirty))
		return;
	st.last_dline = line;
	if (sim_cache_access(&st.oc, key, 1, a->store, &dirty)) {
		st.last_ddirty = a->store || sim_cache_dirty(&st.oc, key);
		return;
	}
	st.last_ddirty = a->store;
	if (!(a->store && no_fill))
		oc_fill(line, dirty);
	else if (dirty)
		st.wbuf_until = (st.wbuf_until > st.E ? st.wbuf_until : st.E) + prm.wb_line;
}

/* The cycles this instruction's accesses stalled the pipeline; a miss's
 * data arrives at st.load_due (0: none missed). */
static SH4_OUTLINE uint64_t sh4_memory(const struct sim_access *acc, unsigned nacc, int no_fill)
{
	uint64_t e0 = st.E;
	unsigned i;

	for (i = 0; i < nacc; i++) {
		const struct sim_access *a = &acc[i];
		uint64_t v = a->vaddr;

		/* P4, or a device access to area 7: the peripheral bus */
		if (v >= 0xe0000000u || (a->io && is_area7(a->paddr)))
			bus_access(a->store, prm.periph_read, prm.periph_write);
		else if (a->io)
			bus_access(a->store, prm.io_read, prm.io_write);
		else if (v >= 0xa0000000u && v < 0xc0000000u)
			bus_access(a->store, prm.unc_read, prm.unc_write);
		else
			cached_access(a, no_fill);
	}
	return st.E - e0;
}

static int is_translated(uint64_t vaddr)
{
	return vaddr < 0x80000000u || (vaddr >= 0xc0000000u && vaddr < 0xe0000000u);
}

/* The fetch of the instruction at vaddr: ITLB, I-cache or the bus. */
static SH4_OUTLINE void sh4_fetch_slow(uint64_t vaddr, uint64_t paddr)
{
	uint64_t line, page;

	if (is_translated(vaddr)) {
		/* The ASID the hardware tags with is not visible here; the
		 * physical page stands for it (tasks share no code pages). */
		page = (((paddr >> prm.itlb_shift) << 20) ^ (vaddr >> prm.itlb_shift)) << prm.itlb_shift;
		if (page != st.last_ipage) {
			st.last_ipage = page;
			if (!sim_cache_access(&st.itlb, page, 1, 0, NULL)) {
				charge(CAUSE_TLB, prm.itlb_refill);
				st.pair_ok = 0;
			}
		}
	}
	if (vaddr >= 0xa0000000u && vaddr < 0xc0000000u) {
		if ((vaddr >> 2) != st.last_p2word) {	/* uncached: 32 bits a fetch */
			st.last_p2word = vaddr >> 2;
			wbuf_drain();
			charge(CAUSE_IMISS, prm.unc_read);
			st.pair_ok = 0;
		}
		return;
	}
	line = index_key(vaddr, paddr, prm.ic_way_mask) >> prm.line_shift;
	if (line == st.last_iline)
		return;
	st.last_iline = line;
	if (!sim_cache_access(&st.ic, line << prm.line_shift, 1, 0, NULL)) {
		wbuf_drain();
		charge(CAUSE_IMISS, prm.ic_miss);
		st.pair_ok = 0;
	}
}

/* The common fetch: untranslated, cached, in the line fetched last. */
static inline void sh4_fetch(uint64_t vaddr, uint64_t paddr)
{
	if (vaddr >= 0x80000000u && vaddr < 0xa0000000u &&
	    (index_key(vaddr, paddr, prm.ic_way_mask) >> prm.line_shift) == st.last_iline)
		return;
	sh4_fetch_slow(vaddr, paddr);
}

static SH4_SLOW void sh4_exception_entry(void)
{
	charge(CAUSE_BRANCH, prm.exc_entry);
	st.pair_ok = 0;
}

/* Whether the flow left the straight line before this instruction, and
 * the earliest cycle the instruction may then issue in (0: no bound). */
static uint64_t sh4_flow_in(uint64_t vaddr, int *slot)
{
	uint64_t bound = 0;

	*slot = 0;
	if (st.pend == PEND_SLOT) {
		*slot = 1;
	} else if (st.pend == PEND_TARGET) {
		if (st.br_uncond || vaddr != st.fallthrough) {
			bound = st.br_time;
			st.pair_ok = 0;
		}
		st.pend = PEND_NONE;
	} else if (vaddr != st.prev_vaddr + 2 && st.started) {
		sh4_exception_entry();	/* a flow change no branch made */
	}
	return bound;
}

static SH4_OUTLINE void sh4_flow_out(const struct sh4_insn *d, uint64_t vaddr, uint64_t t, int slot)
{
	int pend = PEND_SLOT;
	uint32_t taken = d->disp0 ? prm.br_disp0 : prm.br_taken;

	if (slot) {
		st.pend = PEND_TARGET;
		return;
	}
	switch (d->flow) {
	case FLOW_NONE:
		return;
	case FLOW_COND:
		pend = PEND_TARGET;
		st.br_time = t + taken;
		st.fallthrough = vaddr + 2;
		st.br_uncond = 0;
		break;
	case FLOW_COND_DELAYED:
		st.br_time = t + taken;
		st.fallthrough = vaddr + 4;
		st.br_uncond = 0;
		break;
	case FLOW_DELAYED:
	case FLOW_CO_DELAYED:
	case FLOW_RTE:
		st.br_time = t + (d->flow == FLOW_DELAYED ? taken :
				  d->flow == FLOW_RTE ? prm.rte_lat : prm.co_branch);
		st.br_uncond = 1;
		break;
	case FLOW_TRAP:
		pend = PEND_TARGET;
		st.br_time = st.E;
		st.br_uncond = 1;
		break;
	}
	st.pend = pend;
}

/* The issue cycle: paired with the previous instruction, or at the
 * frontier after whatever stall binds. */
static uint64_t sh4_issue(const struct sh4_insn *d, uint64_t bound)
{
	uint64_t res = 0, ser = 0, t, need;
	uint32_t iss = d->issue_n;
	int res_cause = CAUSE_OPERAND;
	unsigned i;

	for (i = 0; i < d->nsrc; i++) {
		uint64_t r = ((d->early_mask >> i) & 1) ? st.ready_early[d->src[i]] : st.ready[d->src[i]];

		if ((SH4_SERIAL_REGS >> d->src[i]) & 1) {
			ser = r > ser ? r : ser;
		} else if (r > res) {
			res = r;
			res_cause = (st.miss_regs >> d->src[i]) & 1 ? CAUSE_DMISS : CAUSE_OPERAND;
		}
	}
	if (st.pair_ok && sh4_pairs[st.prev_group][d->group] && res <= st.c_issue &&
	    ser <= st.c_issue && !bound) {
		st.pair_ok = 0;
		return st.c_issue;
	}
	t = st.E;
	need = bound > ser ? bound : ser;
	need = need > res ? need : res;
	if (need > t)
		charge(need == bound ? CAUSE_BRANCH : need == ser ? CAUSE_SERIAL : res_cause,
		       need - t);
	t = st.E;
	charge(CAUSE_ISSUE, 1);
	if (iss > 1)
		charge(d->flow != FLOW_NONE ? CAUSE_BRANCH : CAUSE_SERIAL, iss - 1);
	st.pair_ok = iss == 1 && d->group != SH4_CO;
	return t;
}

/* A result's ready time; a loaded one is later by the stall its access
 * made and, on a miss, by the missed word's arrival; an early reader
 * (JSR/JMP target, dynamic shift count) sees a load at load_call. */
static void sh4_result(const struct sh4_insn *d, unsigned i, uint64_t t, uint64_t pen)
{
	unsigned r = d->dst[i];
	uint64_t due, extra = 0;

	st.miss_regs &= ~(1ull << r);
	if (!((d->dload_mask >> i) & 1)) {
		st.ready[r] = st.ready_early[r] = t + d->dlat_n[i];
		return;
	}
	/* the word at load_due takes the load's last stage, as a hit's does */
	due = t + d->dlat_n[i] + pen;
	if (st.load_due && st.load_due + d->dlat_n[i] - 1 > due) {
		due = st.load_due + d->dlat_n[i] - 1;
		st.miss_regs |= 1ull << r;
	}
	if (prm.load_call > d->dlat_n[i])
		extra = prm.load_call - d->dlat_n[i];
	st.ready[r] = due;
	st.ready_early[r] = due + extra;
}

static void sh4_exec(const void *insn, uint64_t vaddr, uint64_t paddr,
		     const struct sim_access *acc, unsigned nacc)
{
	const struct sh4_insn *d = insn;
	uint64_t bound, t, pen;
	int slot;
	unsigned i;

	bound = sh4_flow_in(vaddr, &slot);
	sh4_fetch(vaddr, paddr);
	t = sh4_issue(d, bound);
	/* A wait for the bus or a fill comes after the issue cycle: an
	 * instruction that pairs with this one still issues with it. */
	st.load_due = 0;
	pen = nacc ? sh4_memory(acc, nacc, d->no_fill) : 0;
	for (i = 0; i < d->ndst; i++)
		sh4_result(d, i, t, pen);
	st.c_issue = t;
	st.prev_group = d->group;
	st.prev_vaddr = vaddr;
	st.started = 1;
	if (d->flow || slot)
		sh4_flow_out(d, vaddr, t, slot);
	sh4_totals.insns++;
	sh4_totals.cycles = st.E;
}

struct sim_model sim_model_sh4 = {
	.name = "sh4",
	.params = sh4_params,
	.nparams = P_COUNT,
	.reset = sh4_reset,
	.decode = sh4_decode,
	.exec = sh4_exec,
	.totals = &sh4_totals,
	.mark_start = WINDOW_MARK_SH4_START,
	.mark_stop = WINDOW_MARK_SH4_STOP,
	.mark_bytes = WINDOW_MARK_SH4_BYTES,
};
