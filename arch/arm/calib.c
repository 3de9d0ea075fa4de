/*
 * The calibration table (include/arch.h): what each body of
 * arch/arm/calib.S costs on the PXA270 by the manuals, for the timing
 * model's checks.  Exact figures come from the Intel XScale Core
 * Developer's Manual (DM) chapter 10 and the PXA27x Optimization Guide
 * (OG) chapter 4, cache hits throughout; the miss figures depend on the
 * bus and SDRAM and carry a tolerance (sim/xscale-params.md).
 */
#include <stdint.h>
#include "arch.h"

/* the D-cache walk's buffer: twice the cache */
uint8_t calib_buf[0x10000] __attribute__((aligned(32)));
/* one line for the LDM/STM and load bodies */
uint32_t calib_words[8] __attribute__((aligned(32)));

#define PAIR(n) calib_##n##_short, calib_##n##_long
#define DECLARE(n) uint32_t calib_##n##_short(void), calib_##n##_long(void)

DECLARE(alu); DECLARE(load_use); DECLARE(mispredict); DECLARE(taken);
DECLARE(leaf); DECLARE(nonleaf); DECLARE(ldm1); DECLARE(ldm4); DECLARE(ldm8);
DECLARE(stm1); DECLARE(stm4); DECLARE(stm8); DECLARE(mul_use);
DECLARE(dmiss); DECLARE(imiss);

const struct arch_calib arch_calibs[] = {
	{ "alu-chain", PAIR(alu), 64, 1, 100, 0,
	  "OG Table 4-5: data processing issue 1, result 1" },
	{ "load-use", PAIR(load_use), 64, 2, 400, 0,
	  "OG 4.3.1.1: LDR result latency 3, so LDR + dependent ADD: 1 + 2 stall + 1" },
	{ "branch-mispredict", PAIR(mispredict), 48, 1, 500, 0,
	  "DM Table 10-1: B mispredicted, +4 over its issue of 1" },
	{ "branch-taken", PAIR(taken), 64, 1, 100, 0,
	  "DM Table 10-1, OG Table 4-3: B correctly predicted by the BTB, issue 1" },
	{ "call-leaf", PAIR(leaf), 64, 2, 600, 0,
	  "OG Tables 4-3, 4-4: BL predicted 1, BX taken 5" },
	{ "call-nonleaf", PAIR(nonleaf), 64, 3, 1500, 0,
	  "OG 4.3.1.5, Tables 4-3, 4-4: BL 1, STMFD {r4,lr} 2+2, LDMFD {r4,pc} 10" },
	{ "ldm-1", PAIR(ldm1), 64, 1, 300, 0, "OG 4.3.1.5: LDM issue 2 + numreg" },
	{ "ldm-4", PAIR(ldm4), 64, 1, 600, 0, "OG 4.3.1.5: LDM issue 2 + numreg" },
	{ "ldm-8", PAIR(ldm8), 64, 1, 1000, 0, "OG 4.3.1.5: LDM issue 2 + numreg" },
	{ "stm-1", PAIR(stm1), 64, 1, 300, 0, "OG 4.3.1.5: STM issue 2 + numreg" },
	{ "stm-4", PAIR(stm4), 64, 1, 600, 0, "OG 4.3.1.5: STM issue 2 + numreg" },
	{ "stm-8", PAIR(stm8), 64, 1, 1000, 0, "OG 4.3.1.5: STM issue 2 + numreg" },
	{ "mul-use", PAIR(mul_use), 64, 2, 300, 0,
	  "OG Table 4-6: MUL with Rs[31:15] zero, issue 1 result 2: 1 + 1 stall + 1" },
	/* a line fill a body, bus-bound behind the 4 fill buffers: tRCD 3 +
	 * CL 3 + 8 beats at 104 MHz (board_lowlevel.h MDCNFG) and the
	 * memory controller's own, which no manual states: 14-22 memory
	 * clocks, x4 core clocks at 416 MHz */
	{ "dcache-miss", PAIR(dmiss), 512, 1, 7200, 3600,
	  "PXA DM SDRAM timing (MDCNFG DTC0=2) and DM 6: 32-byte line fill per load, bus-bound; range 56-88 at 416/104 MHz" },
	/* as a D-line, the core waiting for the line, then 8 issues */
	{ "icache-miss", PAIR(imiss), 1040, 8, 8000, 4000,
	  "PXA DM SDRAM timing and DM 4: one 32-byte line fill per 8 instructions; range 64-96 at 416/104 MHz" },
	{ 0 }
};
