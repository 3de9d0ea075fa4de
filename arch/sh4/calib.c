/*
 * Timing-model calibration table for the SH-4 (calib.S has the
 * routines).  Each figure is one body's cycles as the SH-4 manuals and
 * GCC's sh4.md state them; the harness compares the counter's
 * (long - short) / copies with it: insns under plain QEMU, est-cycles
 * under the timing model, cycles on the board.
 */
#include <stddef.h>
#include <stdint.h>
#include "arch.h"
#include "sh4_calib.h"

#define CALIB_ROUTINES(n) uint32_t n##_short(void), n##_long(void)

CALIB_ROUTINES(calib_alu);
CALIB_ROUTINES(calib_dual);
CALIB_ROUTINES(calib_load);
CALIB_ROUTINES(calib_tbit);
CALIB_ROUTINES(calib_mul);
CALIB_ROUTINES(calib_bsr);
CALIB_ROUTINES(calib_bsr_frame);
CALIB_ROUTINES(calib_jsr);
CALIB_ROUTINES(calib_icache);
uint32_t calib_stride_short(uint8_t *walk), calib_stride_long(uint8_t *walk);

/* The load chain's word: its own address. */
void *calib_self = &calib_self;

/* The operand-cache walk: twice the cache, each run starting where the
 * last one stopped, so no line it reads was read within 32 KiB. */
static uint8_t calib_walk[CALIB_WALK_BYTES] __attribute__((aligned(CALIB_STRIDE)));
static uint32_t calib_walk_at;

static uint8_t *calib_walk_next(uint32_t bodies)
{
	uint32_t bytes = 2 * bodies * CALIB_STRIDE;	/* two passes */
	uint8_t *p;

	if (calib_walk_at + bytes > sizeof(calib_walk))
		calib_walk_at = 0;
	p = calib_walk + calib_walk_at;
	calib_walk_at += bytes;
	return p;
}

static uint32_t calib_stride_run_short(void)
{
	return calib_stride_short(calib_walk_next(CALIB_BASE));
}

static uint32_t calib_stride_run_long(void)
{
	return calib_stride_long(calib_walk_next(CALIB_BASE + CALIB_COPIES));
}

#define MAN "SH-4 manual execution-cycles table"

const struct arch_calib arch_calibs[] = {
	{ "alu-chain", calib_alu_short, calib_alu_long, CALIB_COPIES, 1, 100, 0,
	  MAN ": ADD (EX) latency 1, each add waits for the last" },
	{ "dual-issue", calib_dual_short, calib_dual_long, CALIB_COPIES, 2, 100, 0,
	  MAN " and parallel-executability: MOV Rm,Rn (MT) pairs with ADD #imm (EX)" },
	{ "load-use", calib_load_short, calib_load_long, CALIB_COPIES, 1, 200, 0,
	  MAN ": MOV.L @Rm,Rn latency 2; sh4.md sh4_load 2" },
	{ "tbit-bt-taken", calib_tbit_short, calib_tbit_long, CALIB_COPIES, 2, 300, 0,
	  MAN ": CMP/EQ (MT) latency 1 to T, BT taken 2" },
	{ "mul-sts-macl", calib_mul_short, calib_mul_long, CALIB_COPIES, 2, 500, 0,
	  MAN ": MUL.L latency 4 to MACL, STS MACL 1 issue; sh4.md multi 4" },
	{ "bsr-rts-leaf", calib_bsr_short, calib_bsr_long, CALIB_COPIES, 4, 500, 0,
	  "BSR latency 2 (slot paired), RTS issue 2 + slot (latency 3): manual; sh4.md sh4_return" },
	{ "bsr-rts-frame", calib_bsr_frame_short, calib_bsr_frame_long, CALIB_COPIES, 6, 1000, 0,
	  "BSR 2, STS.L PR issue 2, LDS.L PR latency 3 to RTS, RTS 3: sh4.md pstore, ldsmem_to_pr, sh4_return" },
	{ "jsr-rts-leaf", calib_jsr_short, calib_jsr_long, CALIB_COPIES, 4, 600, 0,
	  "JSR latency 3, RTS latency 3: sh4.md sh4_return (jump_ind); manual" },
	{ "ocache-miss", calib_stride_run_short, calib_stride_run_long, CALIB_COPIES, 2, 3000, 1600,
	  "a 32-byte line fill from SDRAM a body: the load issues under the last fill, its miss waits "
	  "for it (manual: critical word first, the next miss waits for the fill); 15 bus cycles at "
	  "Bphi = Iphi/2 (CAS 3, RAS-CAS 3, 8 beats as U-Boot sets MCR/SDMR3); 24-45 with the bus "
	  "synchronisation" },
	{ "icache-miss", calib_icache_short, calib_icache_long, CALIB_COPIES, 2, 3100, 1600,
	  "BRA + slot 1 + a 32-byte line fill from SDRAM as ocache-miss: 24-45" },
	{ NULL, NULL, NULL, 0, 0, 0, 0, NULL },
};
