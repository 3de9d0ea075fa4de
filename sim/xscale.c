/*
 * PXA270 timing model: the XScale core's in-order issue with result
 * latencies, its branch target buffer, its 32 KiB virtually tagged
 * caches, fill and write buffers and TLBs, in front of the board's
 * SDRAM at its memory clock.  Output in est-cycles, by cause.
 *
 * Time is one counter, the core cycle at which the next instruction may
 * issue.  A register holds the cycle its value is ready and the cause
 * that made it late, so a stall on it is charged to that cause (a
 * load's miss to dmiss, a multiply to result).  The memory bus is one
 * resource: a line fill, a write-buffer drain or a table walk starts
 * when it is free.  A branch's outcome is known when the next
 * instruction arrives, and its penalty is charged then.
 *
 * Every figure is in the parameter table below; reset() copies them
 * into `p`, which exec() reads.
 */
#include <stdlib.h>
#include <string.h>
#include "cache.h"
#include "model.h"
#include "window_marks.h"
#include "xscale.h"

/*
 * The table; sim/xscale-params.md lists it (a host test compares).
 * DM: Intel XScale Core Developer's Manual (273473-002, Jan 2004),
 * chapter 10 "Performance Considerations"; OG: Intel PXA27x Processor
 * Family Optimization Guide (280004-001), chapter 4; PXA DM: PXA27x
 * Processor Family Developer's Manual (280000-002).  A figure no document
 * at hand states has a range (SIM_PARAM_RANGE): make cycles-range
 * runs both ends.
 */
static struct sim_param xs_params[] = {
	/* clocks */
	SIM_PARAM("core_mhz", 416, "MHz", "boards/verdex/board_lowlevel.h CCCR L=16 2N=4 with CLKCFG.T: turbo 416 MHz (Mainstone: 520, 2N=5)"),
	SIM_PARAM("mem_mhz", 104, "MHz", "the SDRAM clock SDCLK1, which the memory figures count: Verdex memory clock 104 MHz (CCCR.A=0, L=16), undivided (MDREFR.K1DB2 clear); Mainstone 208 MHz (A=1) halved (K1DB2): 104 too (PXA DM 3, 6; board_lowlevel.h)"),
	/* branches */
	SIM_PARAM("btb_entries", 128, "entries", "DM 5.1 / OG 4.8: 128-entry direct-mapped BTB, 2-bit counters, B and BL only, entered weakly taken when first taken"),
	SIM_PARAM("branch_mispredict", 4, "cycles", "DM Table 10-1 (OG 4.8.2): mispredicted B/BL +4 (issue 5 against 1)"),
	SIM_PARAM("bx_taken", 4, "cycles", "OG Table 4-4: BX, BLX(2) issue 1 not taken, 5 taken (never predicted)"),
	SIM_PARAM("blx_imm", 4, "cycles", "OG Table 4-4: BLX(1) issue 5"),
	SIM_PARAM("alu_pc", 4, "cycles", "OG Table 4-4: data processing to the PC: 4 + its Table 4-5 issue"),
	SIM_PARAM("ldr_pc", 8, "cycles", "OG Table 4-4: LDR PC issue 8 taken"),
	SIM_PARAM("ldr_pc_fail", 2, "cycles", "OG Table 4-4: LDR PC issue 2 not taken"),
	SIM_PARAM("ldm_pc", 10, "cycles", "OG Table 4-4: LDM with the PC: 10 + max(0, numreg-3) taken"),
	SIM_PARAM("ldm_pc_fail", 3, "cycles", "OG Table 4-4: LDM with the PC: 3 + numreg not taken"),
	SIM_PARAM_RANGE("exception_entry", 4, "cycles", 4, 8, "the manuals give no figure; an interrupt or abort entry refills the pipeline at least as a mispredict does (DM Table 10-1: 4), at most a taken LDR PC (OG Table 4-4: 8): 4, range 4..8"),
	SIM_PARAM_RANGE("swi_issue", 6, "cycles", 5, 8, "SWI: the DM's table was not at hand to check; its refill is at least a mispredicted branch's issue (DM Table 10-1: 5), at most a taken LDR PC's (OG Table 4-4: 8): 6, range 5..8"),
	/* data processing and multiply */
	SIM_PARAM("alu_rs", 2, "cycles", "OG Table 4-5: shift by register or RRX: issue 2, result 2 (else 1, 1)"),
	SIM_PARAM("alu_shift_extra", 1, "cycles", "IXP45X DM (XScale core) Table 83 note: a data-processing result used by the next instruction as the operand of a shift by immediate takes one cycle more (also GCC's xscale_sched_adjust_cost)"),
	SIM_PARAM_RANGE("mul_result", 2, "cycles", 2, 4, "OG Table 4-6: MUL/MLA result 2 for Rs[31:15] all 0 or 1, 3 for Rs[31:27], else 4; values are unseen here: 2, range 2..4"),
	SIM_PARAM_RANGE("mul_s_issue", 2, "cycles", 2, 4, "OG Table 4-6: MULS/MLAS issue = result latency (2 for small Rs): 2, range 2..4"),
	SIM_PARAM("mull_result_lo", 2, "cycles", "OG Table 4-6: UMULL/SMULL RdLo 2, RdHi 3 for Rs[31:15] uniform (3/4, 4/5 for larger Rs)"),
	SIM_PARAM("mull_result_hi", 3, "cycles", "OG Table 4-6, as mull_result_lo; also the issue of a flag-setting long multiply"),
	SIM_PARAM("mlal_issue", 2, "cycles", "OG Table 4-2 example: UMLAL issue 2 (accumulating long multiplies)"),
	SIM_PARAM_RANGE("mrs_result", 2, "cycles", 1, 3, "MRS: the DM's status register table was not at hand to check; a data-processing result (1) to a shift-by-register one (OG Table 4-5: 2) plus one: 2, range 1..3"),
	SIM_PARAM_RANGE("msr_issue", 2, "cycles", 1, 3, "MSR to the flags: the DM's table was not at hand to check: 2, range 1..3"),
	SIM_PARAM_RANGE("msr_c_issue", 6, "cycles", 3, 8, "MSR writing the mode bits: the DM's table was not at hand to check; a mode change refills as a taken branch does (OG Table 4-4: 5): 6, range 3..8"),
	SIM_PARAM_RANGE("cp15_mcr_issue", 2, "cycles", 1, 4, "CP15 MCR: the DM's coprocessor table was not at hand to check: 2, range 1..4"),
	SIM_PARAM_RANGE("cp15_mrc_issue", 4, "cycles", 2, 5, "CP15 MRC: the DM's coprocessor table was not at hand to check; CPWAIT (DM 2.3.3: MRC, MOV Rd,Rd, SUB PC) waits on its result: 4, range 2..5"),
	SIM_PARAM_RANGE("cp14_issue", 8, "cycles", 4, 10, "CP14 MRC/MCR (performance monitor, clock): the DM's table was not at hand to check; the counter read cancels out in the calibration: 8, range 4..10"),
	/* loads and stores */
	SIM_PARAM("load_result", 3, "cycles", "OG 4.3.1.1 / DM Table 10-12: LDR result latency 3 on a hit (load-use stall 2)"),
	SIM_PARAM("ldrd_result_late", 4, "cycles", "OG 4.3.1.4: LDRD result 3 for Rd, 4 for Rd+1"),
	SIM_PARAM("ldrd_mem_stall", 1, "cycles", "OG 4.3.1.5: a memory operation right after LDRD stalls 1 (its 7-cycle example)"),
	SIM_PARAM("strd_issue", 2, "cycles", "OG 4.3.1.5: STRD + ADD take 3 cycles"),
	SIM_PARAM("ldm_issue_base", 2, "cycles", "OG 4.3.1.5: LDM/STM issue 2 + one per register on a hit"),
	SIM_PARAM("ldm_result_first", 5, "cycles", "OG 4.3.1.5: two LDM {2 regs} then ADDS, ADC take 11: the first register at issue + 5, one more per register"),
	SIM_PARAM("stm_issue_base", 2, "cycles", "OG 4.3.1.5: STM {2 regs} + ADD take 5: issue 2 + numreg"),
	SIM_PARAM("swp_issue", 5, "cycles", "DM A.5.4: SWP/SWPB issue 5"),
	/* caches, buffers, TLBs */
	SIM_PARAM("icache_bytes", 32768, "bytes", "PXA DM 1 / DM 4.1: 32 KiB instruction cache"),
	SIM_PARAM("dcache_bytes", 32768, "bytes", "DM 6.1: 32 KiB data cache (the 2 KiB mini-data cache is unused: no X bit in arch/arm/mmu.c)"),
	SIM_PARAM("cache_ways", 32, "ways", "DM 4.1, 6.1: 32-way, round-robin replacement, virtually indexed and tagged"),
	SIM_PARAM("line_bytes", 32, "bytes", "DM 4.1, 6.1: 32-byte lines"),
	SIM_PARAM("fill_buffers", 4, "entries", "DM 6.1 / OG 4.3.1.3: 4 fill-buffer entries (hit under miss)"),
	SIM_PARAM("write_buffers", 8, "entries", "OG 4.3.1.3: 8 write-buffer entries, no more than eight uncoalesced stores"),
	SIM_PARAM("write_buffer_bytes", 16, "bytes", "DM 6.1.3: eight write-buffer entries of 16 bytes each; a store coalesces with any of them"),
	SIM_PARAM("tlb_entries", 32, "entries", "DM 3.3: 32-entry instruction and data TLBs, fully associative, round-robin"),
	SIM_PARAM("small_page_base", 0xA0200000, "address", "arch/arm/mmu.c: only the user section (__user_start in the Verdex link) maps 4 KiB pages; the rest are 1 MiB sections"),
	SIM_PARAM("small_page_size", 0x100000, "bytes", "arch/arm/mmu.c: the user section is one section"),
	SIM_PARAM("section_base", 0, "address", "the Linux peer: its lowmem map (PAGE_OFFSET, 0xC0000000) is in 1 MiB sections, user space, modules, vmalloc and the kernel's stacks (VMAP_STACK) in 4 KiB pages (arch/arm/mm/mmu.c map_lowmem); 0 bytes: the firmware's rule (small_page_base)"),
	SIM_PARAM("section_size", 0, "bytes", "the Linux peer: its lowmem, the board's SDRAM (Mainstone: 64 MiB, linker/arm-pxa270-sdram.ld's size there); 0 for the firmware"),
	SIM_PARAM("mmu_on_at_reset", 0, "flag", "arch/arm/mmu.c: MMU and caches on at the write of CP15 c1 (mmu_enable); off before it"),
	/* memory */
	SIM_PARAM("sdram_base", 0xA0000000, "address", "linker/arm-pxa270-sdram.ld __sdram_start: SDCS0"),
	SIM_PARAM("sdram_size", 0x10000000, "bytes", "linker/arm-pxa270-sdram.ld __sdram_end - __sdram_start"),
	SIM_PARAM("uncached_base", 0xA0300000, "address", "arch/arm/mmu.c: the frame sections, uncached (__mm_frames_start in the Verdex link)"),
	SIM_PARAM("uncached_size", 0x200000, "bytes", "arch/arm/mmu.c: __mm_frames_end - __mm_frames_start in the Verdex link, section-rounded"),
	SIM_PARAM("sdram_trcd", 3, "mem-clocks", "boards/verdex/board_lowlevel.h MDCNFG.DTC0=2: tRCD 3"),
	SIM_PARAM("sdram_cl", 3, "mem-clocks", "boards/verdex/board_lowlevel.h MDCNFG.DTC0=2: CAS latency 3"),
	SIM_PARAM_RANGE("mem_overhead", 4, "mem-clocks", 2, 8, "the PXA DM gives no figure for a request's way through the core's bus interface and the memory controller to the SDRAM command: 4, range 2..8"),
	SIM_PARAM("bus_bytes", 4, "bytes", "boards/verdex/board_lowlevel.h: 32-bit SDRAM, one word a memory clock"),
	SIM_PARAM("static_read", 14, "mem-clocks", "boards/verdex/board_lowlevel.h MSC0 nCS0 RDF=13: first access RDF+1"),
	SIM_PARAM_RANGE("io_read", 12, "mem-clocks", 8, 30, "a peripheral register read over the system and peripheral buses: no figure stated: 12, range 8..30"),
	SIM_PARAM_RANGE("io_write", 8, "mem-clocks", 4, 20, "a peripheral register write, unbuffered: no figure stated: 8, range 4..20"),
};

#define NPARAMS (sizeof xs_params / sizeof xs_params[0])
#define FILL_MAX 16u
#define WBUF_MAX 32u
#define BTB_MAX 4096u
#define NO_LINE (~(uint64_t)0)

/* The parameters as exec() uses them, and what reset() derives. */
static struct {
	unsigned mispredict, bx_taken, blx_imm, alu_pc, ldr_pc, ldr_pc_fail;
	unsigned ldm_pc, ldm_pc_fail, alu_rs, alu_shift, load, ldrd_late, ldrd_mem, strd;
	unsigned ldm_base, ldm_first, stm_base, mul, mul_s, mull_lo, mull_hi, mlal;
	unsigned swp, mrs, msr, msr_c, mcr, mrc, cp14, swi, exc;
	unsigned btb, fills, wbufs, wb_block_shift, line_shift, small_shift;
	uint64_t sdram_lo, sdram_hi, unc_lo, unc_hi, small_lo, small_hi, sect_lo, sect_hi;
	/* core cycles */
	uint64_t t_first, t_full, t_wb_line, t_word_read, t_word_write, t_block_write;
	uint64_t t_static, t_io_read, t_io_write;
} p;

static struct xs_state {
	uint64_t reg_ready[16];
	uint8_t reg_cause[16];
	uint8_t reg_alu[16];	/* last written by data processing */
	uint64_t mem_free;	/* a memory operation may issue (after LDRD) */
	uint64_t bus_free;
	uint64_t fill_end[FILL_MAX], fill_crit[FILL_MAX], fill_line[FILL_MAX];
	unsigned fill_next;
	uint64_t fills_busy;	/* the last fill ends */
	uint64_t wbuf_end[WBUF_MAX], wbuf_start[WBUF_MAX];
	uint64_t wbuf_block[WBUF_MAX];	/* its 16-byte block + 1, 0: none */
	unsigned wbuf_next;
	const struct xs_insn *prev;
	uint64_t prev_vaddr;
	int prev_loaded;	/* it made its loads: its condition passed */
	uint64_t iline, ipage, dpage;
	uint64_t dline;		/* the last data line accessed, in the cache */
	int dline_dirty;
	int mmu_on;
	uint32_t btb_tag[BTB_MAX];
	uint8_t btb_ctr[BTB_MAX];
	struct sim_cache icache, dcache, itlb, dtlb;
} xs;

static struct sim_totals xs_totals;

#define NOW (xs_totals.cycles)

static long param(const char *name)
{
	const struct sim_param *q = sim_param_find(&sim_model_xscale, name);

	if (!q)
		abort();	/* a name the table lacks: a bug here, not an input */
	return q->value;
}

static unsigned uparam(const char *name)
{
	long v = param(name);

	return v < 0 ? 0u : (unsigned)v;
}

/* Memory clocks to core cycles, rounded up. */
static uint64_t mem_to_core(unsigned mclk)
{
	uint64_t core = uparam("core_mhz"), mem = uparam("mem_mhz");

	return mem ? ((uint64_t)mclk * core + mem - 1) / mem : 0;
}

static void read_latencies(void)
{
	p.mispredict = uparam("branch_mispredict");
	p.bx_taken = uparam("bx_taken");
	p.blx_imm = uparam("blx_imm");
	p.alu_pc = uparam("alu_pc");
	p.ldr_pc = uparam("ldr_pc");
	p.ldr_pc_fail = uparam("ldr_pc_fail");
	p.ldm_pc = uparam("ldm_pc");
	p.ldm_pc_fail = uparam("ldm_pc_fail");
	p.alu_rs = uparam("alu_rs");
	p.alu_shift = uparam("alu_shift_extra");
	p.load = uparam("load_result");
	p.ldrd_late = uparam("ldrd_result_late");
	p.ldrd_mem = uparam("ldrd_mem_stall");
	p.strd = uparam("strd_issue");
	p.ldm_base = uparam("ldm_issue_base");
	p.ldm_first = uparam("ldm_result_first");
	p.stm_base = uparam("stm_issue_base");
	p.mul = uparam("mul_result");
	p.mul_s = uparam("mul_s_issue");
	p.mull_lo = uparam("mull_result_lo");
	p.mull_hi = uparam("mull_result_hi");
	p.mlal = uparam("mlal_issue");
	p.swp = uparam("swp_issue");
	p.mrs = uparam("mrs_result");
	p.msr = uparam("msr_issue");
	p.msr_c = uparam("msr_c_issue");
	p.mcr = uparam("cp15_mcr_issue");
	p.mrc = uparam("cp15_mrc_issue");
	p.cp14 = uparam("cp14_issue");
	p.swi = uparam("swi_issue");
	p.exc = uparam("exception_entry");
}

static void read_memory(void)
{
	unsigned ovh = uparam("mem_overhead"), rcd = uparam("sdram_trcd");
	unsigned cl = uparam("sdram_cl"), bus = uparam("bus_bytes");
	unsigned line = uparam("line_bytes"), beats = bus ? line / bus : line;

	p.t_first = mem_to_core(ovh + rcd + cl + 1);
	p.t_full = mem_to_core(ovh + rcd + cl + beats);
	p.t_wb_line = mem_to_core(ovh + rcd + beats);
	p.t_word_read = p.t_first;
	p.t_word_write = mem_to_core(ovh + rcd + 1);
	p.t_block_write = mem_to_core(ovh + rcd + (bus ? uparam("write_buffer_bytes") / bus : 4));
	p.t_static = mem_to_core(uparam("static_read"));
	p.t_io_read = mem_to_core(uparam("io_read"));
	p.t_io_write = mem_to_core(uparam("io_write"));
	p.sdram_lo = (uint64_t)param("sdram_base");
	p.sdram_hi = p.sdram_lo + (uint64_t)param("sdram_size");
	p.unc_lo = (uint64_t)param("uncached_base");
	p.unc_hi = p.unc_lo + (uint64_t)param("uncached_size");
	p.small_lo = (uint64_t)param("small_page_base");
	p.small_hi = p.small_lo + (uint64_t)param("small_page_size");
	p.sect_lo = (uint64_t)param("section_base");
	p.sect_hi = p.sect_lo + (uint64_t)param("section_size");
}

/* A count of entries, 1 to max. */
static unsigned clamp_count(unsigned v, unsigned max)
{
	return v > max ? max : v ? v : 1;
}

static void read_structures(void)
{
	/* the BTB is indexed by a mask: a power of two */
	p.btb = 1u << sim_log2(clamp_count(uparam("btb_entries"), BTB_MAX));
	p.fills = clamp_count(uparam("fill_buffers"), FILL_MAX);
	p.wbufs = clamp_count(uparam("write_buffers"), WBUF_MAX);
	p.wb_block_shift = sim_log2(uparam("write_buffer_bytes"));
	p.line_shift = sim_log2(uparam("line_bytes"));
	p.small_shift = 12;
}

static void caches_init(void)
{
	unsigned line = uparam("line_bytes"), ways = uparam("cache_ways");
	unsigned tlb = uparam("tlb_entries");

	if (sim_cache_init(&xs.icache, uparam("icache_bytes"), line, ways, SIM_REPL_RR) ||
	    sim_cache_init(&xs.dcache, uparam("dcache_bytes"), line, ways, SIM_REPL_RR) ||
	    sim_cache_init(&xs.itlb, tlb << p.small_shift, 1u << p.small_shift, tlb, SIM_REPL_RR) ||
	    sim_cache_init(&xs.dtlb, tlb << p.small_shift, 1u << p.small_shift, tlb, SIM_REPL_RR))
		abort();	/* a geometry no cache has */
}

static void xs_reset(void)
{
	read_latencies();
	read_memory();
	read_structures();
	sim_cache_free(&xs.icache);	/* a reset's geometry may differ */
	sim_cache_free(&xs.dcache);
	sim_cache_free(&xs.itlb);
	sim_cache_free(&xs.dtlb);
	memset(&xs, 0, sizeof xs);
	caches_init();
	xs.iline = xs.ipage = xs.dpage = xs.dline = NO_LINE;
	xs.mmu_on = param("mmu_on_at_reset") != 0;
	memset(&xs_totals, 0, sizeof xs_totals);
}

/* ---- time ---- */

static inline void charge(unsigned cause, uint64_t n)
{
	xs_totals.cause[cause] += n;
	xs_totals.cycles += n;
}

static inline void wait_until(uint64_t t, unsigned cause)
{
	if (t > NOW)
		charge(cause, t - NOW);
}

static inline void ready_from(uint16_t mask, uint64_t t, uint8_t cause, uint8_t alu)
{
	while (mask) {
		unsigned r = (unsigned)__builtin_ctz(mask);
		mask &= (uint16_t)(mask - 1);
		xs.reg_ready[r] = t;
		xs.reg_cause[r] = cause;
		xs.reg_alu[r] = alu;
	}
}

static inline void ready_at(uint16_t mask, uint64_t t, uint8_t cause)
{
	ready_from(mask, t, cause, 0);
}

/* The bus from `from` on for `len` cycles: when the transfer starts. */
static uint64_t bus_take(uint64_t from, uint64_t len)
{
	uint64_t start = from > xs.bus_free ? from : xs.bus_free;

	xs.bus_free = start + len;
	return start;
}

/* ---- where an access goes ---- */

static inline int in_range(uint64_t a, uint64_t lo, uint64_t hi)
{
	return a >= lo && a < hi;
}

static inline int sdram(uint64_t pa)
{
	return in_range(pa, p.sdram_lo, p.sdram_hi);
}

static inline int cacheable(uint64_t pa)
{
	return xs.mmu_on && sdram(pa) && !in_range(pa, p.unc_lo, p.unc_hi);
}

/* ---- TLBs: 1 MiB sections but for the small-page range ---- */

/* A 4 KiB page: the firmware maps only its user section so, Linux all
 * but its lowmem. */
static inline int small_page(uint64_t va)
{
	if (p.sect_hi > p.sect_lo)
		return !in_range(va, p.sect_lo, p.sect_hi);
	return in_range(va, p.small_lo, p.small_hi);
}

static inline uint64_t tlb_key(uint64_t va)
{
	if (small_page(va))
		return va >> p.small_shift;
	/* a page number no small page has: the section's last */
	return ((va >> 20) << 8) | 0xFFu;
}

static void tlb_lookup(struct sim_cache *tlb, uint64_t *last, uint64_t va)
{
	uint64_t key = tlb_key(va);

	if (key == *last)
		return;
	*last = key;
	if (sim_cache_access(tlb, key << p.small_shift, 1, 0, NULL))
		return;
	/* the walk: the L1 descriptor, and the L2 one for a small page,
	 * from the (uncached) tables, each an SDRAM word */
	uint64_t levels = small_page(va) ? 2 : 1;
	uint64_t start = bus_take(NOW, levels * p.t_word_read);
	wait_until(start + levels * p.t_word_read, CAUSE_TLB);
}

/* ---- branches ---- */

static void btb_flush(void)
{
	memset(xs.btb_tag, 0, sizeof xs.btb_tag);
}

/* B, BL: a 2-bit counter per entry, entered weakly taken the first time
 * the branch is taken; not in the BTB is predicted not taken. */
static void btb_resolve(uint64_t va, int taken)
{
	unsigned i = (unsigned)(va >> 2) & (p.btb - 1);
	uint32_t tag = (uint32_t)va | 1u;
	int hit = xs.btb_tag[i] == tag, pred = hit && xs.btb_ctr[i] >= 2;

	if (pred != taken)
		charge(CAUSE_BRANCH, p.mispredict);
	if (hit) {
		if (taken && xs.btb_ctr[i] < 3)
			xs.btb_ctr[i]++;
		else if (!taken && xs.btb_ctr[i] > 0)
			xs.btb_ctr[i]--;
	} else if (taken) {
		xs.btb_tag[i] = tag;
		xs.btb_ctr[i] = 2;
	}
}

static unsigned ldm_pc_total(unsigned n)
{
	return p.ldm_pc + (n > 3 ? n - 3 : 0);
}

/* The previous instruction's outcome, now that its successor is known. */
static void resolve_flow(uint64_t vaddr)
{
	const struct xs_insn *d = xs.prev;
	/* a write of the PC that lands on the next address (CPWAIT's
	 * SUB PC, PC, #4) still refills: unconditional, it was taken; a load
	 * of the PC was taken when it loaded */
	int taken = vaddr != d->fall || (d->always && d->cls != XS_B) ||
		    ((d->cls == XS_LOAD_PC || d->cls == XS_LDM_PC) && xs.prev_loaded);

	switch (d->cls) {
	case XS_B:
		btb_resolve(xs.prev_vaddr, vaddr != d->fall || (d->target == d->fall && d->always));
		return;
	case XS_BX:
		if (taken)
			charge(CAUSE_BRANCH, p.bx_taken);
		return;
	case XS_BLX_IMM:
		charge(CAUSE_BRANCH, p.blx_imm);
		return;
	case XS_ALU_PC:
		if (taken)
			charge(CAUSE_BRANCH, p.alu_pc);
		return;
	case XS_LOAD_PC:
		if (taken)
			charge(CAUSE_BRANCH, p.ldr_pc > 1 ? p.ldr_pc - 1 : 0);
		else
			charge(CAUSE_ISSUE, p.ldr_pc_fail > 1 ? p.ldr_pc_fail - 1 : 0);
		return;
	case XS_LDM_PC: {
		unsigned issued = p.ldm_base + d->nregs, total = ldm_pc_total(d->nregs);
		if (taken)
			charge(CAUSE_BRANCH, total > issued ? total - issued : 0);
		else if (p.ldm_pc_fail + d->nregs > issued)
			charge(CAUSE_ISSUE, p.ldm_pc_fail + d->nregs - issued);
		return;
	}
	case XS_SWI:
		if (taken)
			charge(CAUSE_BRANCH, p.swi > 1 ? p.swi - 1 : 0);
		return;
	default:
		/* an interrupt or an abort: the pipeline refills */
		if (vaddr != d->fall)
			charge(CAUSE_BRANCH, p.exc);
	}
}

/* ---- instruction fetch ---- */

static void fetch_uncached(uint64_t pa)
{
	uint64_t len = sdram(pa) ? p.t_full : p.t_static;
	uint64_t start = bus_take(NOW, len);

	if (!sdram(pa))
		xs.iline = NO_LINE;	/* word by word from flash */
	wait_until(start + len, CAUSE_IMISS);
}

/* The core waits for the whole line; it may run from the fill buffer
 * as words arrive, which this leaves out (the table's range). */
static void fetch(uint64_t va, uint64_t pa)
{
	uint64_t line = va >> p.line_shift;

	if (line == xs.iline)
		return;
	xs.iline = line;
	if (!xs.mmu_on) {
		fetch_uncached(pa);
		return;
	}
	tlb_lookup(&xs.itlb, &xs.ipage, va);
	if (!cacheable(pa)) {
		fetch_uncached(pa);
		return;
	}
	if (sim_cache_access(&xs.icache, va, 1, 0, NULL))
		return;
	uint64_t start = bus_take(NOW, p.t_full);
	wait_until(start + p.t_full, CAUSE_IMISS);
}

/* ---- data ---- */

/* A free fill buffer, waiting for the oldest when all are busy. */
static unsigned fill_slot(void)
{
	unsigned i = xs.fill_next;

	wait_until(xs.fill_end[i], CAUSE_DMISS);
	xs.fill_next = (i + 1) % p.fills;
	return i;
}

/* A line being filled still: when its critical word is in. */
static uint64_t pending_fill(uint64_t line)
{
	for (unsigned i = 0; i < p.fills; i++)
		if (xs.fill_line[i] == line + 1 && xs.fill_end[i] > NOW)
			return xs.fill_crit[i];
	return 0;
}

/* A cacheable read: 0 on a hit, else when the word arrives.  The line
 * last accessed is still there: nothing but another line evicts. */
static uint64_t read_cached(uint64_t va)
{
	uint64_t line = va >> p.line_shift;
	int dirty;

	if (line == xs.dline)
		return xs.fills_busy > NOW ? pending_fill(line) : 0;
	if (sim_cache_access(&xs.dcache, va, 1, 0, &dirty)) {
		xs.dline = line;
		xs.dline_dirty = 0;
		return xs.fills_busy > NOW ? pending_fill(line) : 0;
	}
	xs.dline = line;
	xs.dline_dirty = 0;
	unsigned i = fill_slot();
	uint64_t start = bus_take(NOW, p.t_full);
	xs.fill_crit[i] = start + p.t_first;
	xs.fill_end[i] = start + p.t_full;
	xs.fill_line[i] = line + 1;
	if (xs.fill_end[i] > xs.fills_busy)
		xs.fills_busy = xs.fill_end[i];
	if (dirty)	/* the victim leaves through the pend buffer after the fill */
		xs.bus_free += p.t_wb_line;
	return xs.fill_crit[i];
}

/* An uncached read (neither cached nor buffered: DM 6, "stall until
 * complete"): the core waits for it here. */
static uint64_t read_uncached(const struct sim_access *a)
{
	uint64_t len = a->io ? p.t_io_read : sdram(a->paddr) ? p.t_word_read : p.t_static;
	uint64_t start = bus_take(NOW, len);

	wait_until(start + len, CAUSE_DMISS);
	return 0;
}

/* When a read's data is in, 0 for a cache hit. */
static uint64_t data_read(const struct sim_access *a)
{
	if (xs.mmu_on)
		tlb_lookup(&xs.dtlb, &xs.dpage, a->vaddr);
	if (!a->io && cacheable(a->paddr))
		return read_cached(a->vaddr);
	return read_uncached(a);
}

/* A write into the write buffer: it coalesces into any entry of its
 * block that has not started to drain (DM 6.1.3: "an incoming store
 * may coalesce with any of the eight entries"); else it takes the
 * oldest, and a full buffer stalls. */
static void wbuf_put(uint64_t pa)
{
	uint64_t block = (pa >> p.wb_block_shift) + 1;
	unsigned i;

	for (i = 0; i < p.wbufs; i++)
		if (xs.wbuf_block[i] == block && xs.wbuf_start[i] > NOW)
			return;
	i = xs.wbuf_next;
	wait_until(xs.wbuf_end[i], CAUSE_WBUF);
	xs.wbuf_next = (i + 1) % p.wbufs;
	/* the entry waits a cycle for stores to coalesce */
	xs.wbuf_start[i] = bus_take(NOW + 1, p.t_block_write);
	xs.wbuf_end[i] = xs.wbuf_start[i] + p.t_block_write;
	xs.wbuf_block[i] = block;
}

static void data_write(const struct sim_access *a)
{
	if (xs.mmu_on)
		tlb_lookup(&xs.dtlb, &xs.dpage, a->vaddr);
	if (!a->io && cacheable(a->paddr)) {
		/* write-back, read-allocate: a miss goes to the write buffer */
		uint64_t line = a->vaddr >> p.line_shift;
		if (line == xs.dline && xs.dline_dirty)
			return;
		if (!sim_cache_access(&xs.dcache, a->vaddr, 0, 1, NULL)) {
			wbuf_put(a->paddr);
			return;
		}
		xs.dline = line;
		xs.dline_dirty = 1;
		return;
	}
	/* neither cached nor buffered (devices, the frame sections): DM 6,
	 * "stall until complete" */
	uint64_t len = a->io ? p.t_io_write : p.t_word_write;
	uint64_t start = bus_take(NOW, len);
	wait_until(start + len, CAUSE_DMISS);
}

static void wbuf_drain(void)
{
	for (unsigned i = 0; i < p.wbufs; i++)
		wait_until(xs.wbuf_end[i], CAUSE_WBUF);
}

/* ---- the classes ---- */

static void operands(const struct xs_insn *d)
{
	uint16_t m = d->src;
	uint64_t t = NOW;
	unsigned cause = CAUSE_OPERAND;

	while (m) {
		unsigned r = (unsigned)__builtin_ctz(m);
		m &= (uint16_t)(m - 1);
		if (xs.reg_ready[r] > t) {
			t = xs.reg_ready[r];
			cause = xs.reg_cause[r];
		}
	}
	/* a data-processing result shifted by an immediate: a cycle later */
	if (d->shift_src) {
		unsigned r = (unsigned)__builtin_ctz(d->shift_src);
		if (xs.reg_alu[r] && xs.reg_ready[r] + p.alu_shift > t) {
			t = xs.reg_ready[r] + p.alu_shift;
			cause = CAUSE_OPERAND;
		}
	}
	if (d->mem && xs.mem_free > t) {
		t = xs.mem_free;
		cause = CAUSE_OPERAND;
	}
	wait_until(t, cause);
}

/* Issue cycles: the first is issue; a coprocessor's or a status
 * register's further cycles are serialising. */
static void issue(unsigned cycles, unsigned cause_rest)
{
	charge(CAUSE_ISSUE, 1);
	if (cycles > 1)
		charge(cause_rest, cycles - 1);
}

static void exec_load(const struct xs_insn *d, const struct sim_access *acc, unsigned nacc)
{
	uint64_t start = NOW, in;

	issue(1, CAUSE_ISSUE);
	if (!nacc)
		return;		/* condition failed */
	in = data_read(&acc[0]);
	ready_at(d->dst_wb, start + 1, CAUSE_OPERAND);
	if (in)
		ready_at(d->dst, in + p.load, CAUSE_DMISS);
	else
		ready_at(d->dst, start + p.load, CAUSE_OPERAND);
	if (d->cls == XS_LOAD_PC && in)
		wait_until(in, CAUSE_DMISS);
}

static void exec_ldrd(const struct xs_insn *d, const struct sim_access *acc, unsigned nacc)
{
	uint64_t start = NOW, in = 0;

	issue(1, CAUSE_ISSUE);
	if (!nacc)
		return;
	for (unsigned i = 0; i < nacc; i++) {
		uint64_t t = data_read(&acc[i]);
		in = t > in ? t : in;
	}
	xs.mem_free = start + 1 + p.ldrd_mem;
	ready_at(d->dst_wb, start + 1, CAUSE_OPERAND);
	if (in) {
		ready_at(d->dst, in + p.load, CAUSE_DMISS);
		ready_at(d->dst_late, in + p.ldrd_late, CAUSE_DMISS);
	} else {
		ready_at(d->dst, start + p.load, CAUSE_OPERAND);
		ready_at(d->dst_late, start + p.ldrd_late, CAUSE_OPERAND);
	}
}

/* LDM: a register a cycle after the first; a miss holds the issue until
 * its word is in. */
static void exec_ldm(const struct xs_insn *d, const struct sim_access *acc, unsigned nacc)
{
	uint64_t start = NOW, late = 0;
	uint16_t m = d->dst;
	unsigned k = 0;

	for (unsigned i = 0; i < nacc; i++) {
		uint64_t t = data_read(&acc[i]);
		uint64_t due = start + 1 + i;
		if (t > due && t - due > late)
			late = t - due;
	}
	charge(CAUSE_DMISS, late);
	issue(p.ldm_base + d->nregs, CAUSE_ISSUE);
	if (!nacc)
		return;
	start += late;
	while (m) {
		unsigned r = (unsigned)__builtin_ctz(m);
		m &= (uint16_t)(m - 1);
		xs.reg_ready[r] = start + p.ldm_first + k++;
		xs.reg_cause[r] = CAUSE_OPERAND;
	}
	ready_at(d->dst_wb, start + 1, CAUSE_OPERAND);
}

static void exec_store(const struct xs_insn *d, const struct sim_access *acc, unsigned nacc,
		       unsigned cycles)
{
	uint64_t start = NOW;

	issue(cycles, CAUSE_ISSUE);
	for (unsigned i = 0; i < nacc; i++)
		data_write(&acc[i]);
	ready_at(d->dst_wb, start + 1, CAUSE_OPERAND);
}

static void exec_swp(const struct xs_insn *d, const struct sim_access *acc, unsigned nacc)
{
	uint64_t start = NOW, in = 0;

	issue(p.swp, CAUSE_ISSUE);
	for (unsigned i = 0; i < nacc; i++) {
		if (acc[i].store)
			data_write(&acc[i]);
		else
			in = data_read(&acc[i]);
	}
	wait_until(in, CAUSE_DMISS);
	ready_at(d->dst, start + p.swp, CAUSE_OPERAND);
}

static void exec_mul(const struct xs_insn *d)
{
	uint64_t start = NOW;

	if (d->cls == XS_MUL) {
		issue(d->setflags ? p.mul_s : 1, CAUSE_ISSUE);
		ready_at(d->dst, start + p.mul, CAUSE_OPERAND);
		return;
	}
	issue(d->setflags ? p.mull_hi : d->accum ? p.mlal : 1, CAUSE_ISSUE);
	ready_at(d->dst, start + p.mull_lo, CAUSE_OPERAND);
	ready_at(d->dst_late, start + p.mull_hi, CAUSE_OPERAND);
}

static void cp15_effect(const struct xs_insn *d)
{
	switch (d->cp15) {
	case CP15_CTRL:
		xs.mmu_on = 1;
		xs.iline = xs.ipage = xs.dpage = xs.dline = NO_LINE;
		break;
	case CP15_ID_ALL:
		sim_cache_flush(&xs.dcache);
		xs.dline = NO_LINE;
		/* fall through */
	case CP15_I_BTB:
		sim_cache_flush(&xs.icache);
		xs.iline = NO_LINE;
		/* fall through */
	case CP15_BTB:
		btb_flush();
		break;
	case CP15_D_ALL:
		sim_cache_flush(&xs.dcache);
		xs.dline = NO_LINE;
		break;
	case CP15_DRAIN:
		wbuf_drain();
		break;
	case CP15_TLB_ALL:
	case CP15_TLB_I:
	case CP15_TLB_D:
		if (d->cp15 != CP15_TLB_D)
			sim_cache_flush(&xs.itlb);
		if (d->cp15 != CP15_TLB_I)
			sim_cache_flush(&xs.dtlb);
		xs.ipage = xs.dpage = NO_LINE;
		break;
	}
}

static void exec_system(const struct xs_insn *d)
{
	uint64_t start = NOW;

	switch (d->cls) {
	case XS_CP15_MCR:
		issue(p.mcr, CAUSE_SERIAL);
		cp15_effect(d);
		break;
	case XS_CP15_MRC:
		issue(p.mrc, CAUSE_SERIAL);
		break;
	case XS_CP14:
		issue(p.cp14, CAUSE_SERIAL);
		break;
	case XS_MSR:
		issue(d->msr_c ? p.msr_c : p.msr, CAUSE_SERIAL);
		break;
	default:
		issue(1, CAUSE_ISSUE);
	}
	ready_at(d->dst, NOW > start + 1 ? NOW : start + 1, CAUSE_OPERAND);
}

/* nregs: a shift by register issues in alu_rs cycles (decode marks it) */
static void exec_alu(const struct xs_insn *d)
{
	uint64_t start = NOW;
	unsigned n = d->nregs ? p.alu_rs : 1;

	issue(n, CAUSE_ISSUE);
	ready_from(d->dst, start + (d->cls == XS_MRS ? p.mrs : n), CAUSE_OPERAND,
		   d->cls != XS_MRS);
}

static void dispatch(const struct xs_insn *d, const struct sim_access *acc, unsigned nacc)
{
	switch (d->cls) {
	case XS_LOAD:
	case XS_LOAD_PC: exec_load(d, acc, nacc); break;
	case XS_LDRD: exec_ldrd(d, acc, nacc); break;
	case XS_LDM:
	case XS_LDM_PC: exec_ldm(d, acc, nacc); break;
	case XS_STORE: exec_store(d, acc, nacc, 1); break;
	case XS_STRD: exec_store(d, acc, nacc, p.strd); break;
	case XS_STM: exec_store(d, acc, nacc, p.stm_base + d->nregs); break;
	case XS_SWP: exec_swp(d, acc, nacc); break;
	case XS_MUL:
	case XS_MULL: exec_mul(d); break;
	case XS_CP15_MCR:
	case XS_CP15_MRC:
	case XS_CP14:
	case XS_MSR:
	case XS_SWI:
	case XS_COP:
	case XS_UNKNOWN:
	case XS_THUMB: exec_system(d); break;
	case XS_ALU_RS:
	case XS_ALU_PC:
	case XS_MRS:
	case XS_ALU: exec_alu(d); break;
	default:	/* B, BX, BLX, PLD: one issue, the rest when resolved */
		issue(1, CAUSE_ISSUE);
		ready_at(d->dst, NOW, CAUSE_OPERAND);
	}
}

static void xs_exec(const void *insn, uint64_t vaddr, uint64_t paddr,
		    const struct sim_access *acc, unsigned nacc)
{
	const struct xs_insn *d = insn;

	if (xs.prev && (xs.prev->flow || vaddr != xs.prev->fall))
		resolve_flow(vaddr);
	fetch(vaddr, paddr);
	operands(d);
	dispatch(d, acc, nacc);
	xs_totals.insns++;
	xs.prev = d;
	xs.prev_vaddr = vaddr;
	xs.prev_loaded = nacc != 0;
}

/* ---- decode: an arena the decoded forms live in to the end ---- */

#define ARENA_CHUNK 4096u

struct arena_chunk {
	struct arena_chunk *next;
	struct xs_insn insn[ARENA_CHUNK];
};

static struct xs_insn *arena_new(void)
{
	static struct arena_chunk *chunks;
	static unsigned used = ARENA_CHUNK;

	if (used == ARENA_CHUNK) {
		struct arena_chunk *c = malloc(sizeof *c);
		if (!c)
			abort();
		c->next = chunks;
		chunks = c;
		used = 0;
	}
	return &chunks->insn[used++];
}

static const void *xs_decode(const uint8_t *bytes, size_t len, uint64_t vaddr)
{
	struct xs_insn *d = arena_new();

	/* an ARM instruction is word-aligned; a 4-byte one that is not is
	 * a Thumb BL pair (hostile user code), costed as Thumb */
	if (len >= 4 && !(vaddr & 3))
		xs_decode_arm(d, (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 |
				 (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24, vaddr);
	else
		xs_decode_thumb(d, vaddr, len);
	return d;
}

struct sim_model sim_model_xscale = {
	.name = "xscale",
	.params = xs_params,
	.nparams = NPARAMS,
	.reset = xs_reset,
	.decode = xs_decode,
	.exec = xs_exec,
	.totals = &xs_totals,
	.mark_start = WINDOW_MARK_ARM_START,
	.mark_stop = WINDOW_MARK_ARM_STOP,
	.mark_bytes = WINDOW_MARK_ARM_BYTES,
};
