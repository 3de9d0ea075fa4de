/*
 * The SH7751R's tick, inline for the kernel's exit.  The chip takes a
 * tick that expired while the kernel ran masked right after the rte that
 * unmasks it.  QEMU 7.2 does not: it declines it in the rte's delay slot
 * and offers it again only at its next exit to its main loop (an I/O
 * access, a timer deadline), which for a user task is the next tick.  So
 * the kernel looks at the tick at its exit, where the chip would take
 * it, and its latency is measured there (kernel/latency.c).  A tick due
 * within the rest of the exit counts as pending too: QEMU would take it
 * late as well, and on the chip its latency is the exit's tail alone.
 */
#ifndef BOARD_TICK_H
#define BOARD_TICK_H

#include "sh4_regs.h"

/* TMU0 ticks: more than the exit takes after the check (64 instructions
 * under QEMU, 3.84 ticks each). */
#define SH7751R_TICK_SOON	256u

static inline int board_tick_expired(void)
{
	return (sh4_read16(SH4_TMU + TMU_TCR(0)) & TCR_UNF) != 0;
}

static inline int board_tick_pending(void)
{
	return sh4_read32(SH4_TMU + TMU_TCNT(0)) < SH7751R_TICK_SOON || board_tick_expired();
}

#endif
