/*
 * The SH-4's counter.  Under QEMU, TMU1 running down at Pphi/4: with
 * -icount shift=8 it advances 3.84 ticks per instruction, so deltas
 * convert exactly to instruction counts.
 *
 * Built for hardware (HW=1), PMCTR1 counting core cycles, if it counts:
 * Linux drives these counters on the SH7750 and SH7750S only
 * (arch/sh/kernel/cpu/sh4/perf_event.c), so on this SH7751R it is
 * probed, and where it stays still TMU1's ticks stand in, as the console
 * says.  QEMU aborts on any PMCR access: under QEMU an HW=1 image leaves
 * it alone and counts instructions as the QEMU image does.
 */
#include <stdio.h>
#include "arch.h"
#include "board.h"
#include "counter_model.h"

/* Cycles one instruction may take at most in the self-check's loop, with
 * its first fetches missing the instruction cache. */
#define SH4_CYCLES_PER_INSN_MAX	32

enum counter_kind { COUNTER_TMU_INSNS, COUNTER_TMU_TICKS, COUNTER_PMC_CYCLES, COUNTER_MODEL };
static enum counter_kind counter_kind, board_kind;

/* read by arch_counter_read() and the probes in counter.S */
uint32_t sh4_counter_reg = SH4_TMU + TMU_TCNT(1);
uint32_t sh4_counter_flip = 0xFFFFFFFFu;
static uint32_t board_reg, board_flip;	/* the board's own, while a model's is in use */

static void tmu1_start(void)
{
	sh4_write32(SH4_TMU + TMU_TCOR(1), 0xFFFFFFFFu);
	sh4_write32(SH4_TMU + TMU_TCNT(1), 0xFFFFFFFFu);
	sh4_write16(SH4_TMU + TMU_TCR(1), TCR_TPSC_4);
	sh4_write8(SH4_TMU + TMU_TSTR, sh4_read8(SH4_TMU + TMU_TSTR) | 0x02);
}

#ifdef ARCH_COUNTER_HW
static int pmc_counts(void)
{
	sh4_write16(SH4_PMCR1, PMCR_PMCLR);
	sh4_write16(SH4_PMCR1, PMCR_PMEN | PMCR_PMST | PMCR_PMM_CYCLES);
	uint32_t t0 = sh4_read32(SH4_PMCTR1L);
	for (volatile int i = 0; i < 16; i++)
		;
	return sh4_read32(SH4_PMCTR1L) != t0;
}

static const char *counter_probe(void)
{
	static char note[128];
	unsigned long pvr = sh4_read32(SH4_PVR), prr = sh4_read32(SH4_PRR);

	if (pmc_counts()) {
		sh4_counter_reg = SH4_PMCTR1L;
		sh4_counter_flip = 0;
		counter_kind = COUNTER_PMC_CYCLES;
		snprintf(note, sizeof note, "PMCTR1 counts (PVR=0x%08lx PRR=0x%08lx)", pvr, prr);
	} else {
		sh4_write16(SH4_PMCR1, 0);
		counter_kind = COUNTER_TMU_TICKS;
		snprintf(note, sizeof note, "PMCTR1 does not count on this CPU (PVR=0x%08lx "
			 "PRR=0x%08lx): TMU1 ticks at Pphi/4 instead of cycles", pvr, prr);
	}
	return note;
}
#endif

const char *arch_counter_init(void)
{
	tmu1_start();
	if (board_is_emulated()) {
		counter_kind = COUNTER_TMU_INSNS;
#ifdef ARCH_COUNTER_HW
		return "QEMU: PMCTR1 left alone (QEMU aborts on PMCR), TMU1 counts instructions";
#else
		return NULL;
#endif
	}
#ifdef ARCH_COUNTER_HW
	return counter_probe();
#else
	counter_kind = COUNTER_TMU_TICKS;
	return "TMU1 counts bus ticks (Pphi/4), not cycles: build with HW=1";
#endif
}

const char *arch_counter_name(void)
{
	static const char *const name[] = {
		[COUNTER_TMU_INSNS] = "TMU1 (Pphi/4)",
		[COUNTER_TMU_TICKS] = "TMU1 (Pphi/4)",
		[COUNTER_PMC_CYCLES] = "PMCTR1 (core clock)",
		[COUNTER_MODEL] = "timing model (sim/sh4.c)",
	};
	return name[counter_kind];
}

const char *arch_counter_unit(void)
{
	static const char *const unit[] = {
		[COUNTER_TMU_INSNS] = "insns",
		[COUNTER_TMU_TICKS] = "ticks",
		[COUNTER_PMC_CYCLES] = "cycles",
		[COUNTER_MODEL] = "est-cycles",
	};
	return unit[counter_kind];
}

/* 3.84 = 96/25 ticks per instruction under QEMU, which rounds exactly. */
uint32_t arch_counter_to_units(uint32_t raw)
{
	if (counter_kind != COUNTER_TMU_INSNS)
		return raw;
	return raw / 96 * 25 + ((raw % 96) * 25 + 48) / 96;
}

/* The SH-4 issues at most two instructions a cycle; a TMU tick lasts at
 * least four core cycles. */
void arch_counter_expect(uint32_t insns, uint32_t *lo, uint32_t *hi)
{
	switch (counter_kind) {
	case COUNTER_TMU_INSNS:
		*lo = *hi = insns;
		break;
	case COUNTER_PMC_CYCLES:
	case COUNTER_MODEL:
		*lo = (insns + 1) / 2;
		*hi = insns * SH4_CYCLES_PER_INSN_MAX;
		break;
	case COUNTER_TMU_TICKS:
		*lo = 0;
		*hi = insns;
		break;
	}
}

/* Only under QEMU, where a model may have written the block. */
int arch_counter_use_model(int on)
{
	if (!board_is_emulated() || counter_model.magic != COUNTER_MODEL_MAGIC)
		return 0;
	if (on && counter_kind != COUNTER_MODEL) {
		board_kind = counter_kind;
		board_reg = sh4_counter_reg;
		board_flip = sh4_counter_flip;
		sh4_counter_reg = (uint32_t)(uintptr_t)&counter_model.cycles;
		sh4_counter_flip = 0;
		counter_kind = COUNTER_MODEL;
	} else if (!on && counter_kind == COUNTER_MODEL) {
		sh4_counter_reg = board_reg;
		sh4_counter_flip = board_flip;
		counter_kind = board_kind;
	}
	return 1;
}
