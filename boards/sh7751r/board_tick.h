/*
 * The SH7751R's tick, for the kernel's exit (arch/sh4/entry.S).  The chip takes a
 * tick that expired while the kernel ran masked right after the rte that
 * unmasks it.  QEMU 7.2 does not: it declines it in the rte's delay slot
 * and offers it again only at its next exit to its main loop (an I/O
 * access, a timer deadline), which, when that too falls in masked kernel
 * code, can be the next tick.  So the kernel looks at TMU0's underflow
 * flag at its exit, where the chip would take the tick, and takes it
 * there as the interrupt it is (BOARD_TICK_EVENT), on either.  A tick
 * that expires in the rest of the exit is offered again by TMU2 once the
 * exit is over (sh7751r.c).
 */
#ifndef BOARD_TICK_H
#define BOARD_TICK_H

#include "sh4_regs.h"

/* TMU0's TCR reads exactly this while the tick runs and has not expired
 * (sh7751r.c writes nothing else): the exit compares it whole, one
 * instruction less than a bit test.  A system call's fast exit then
 * leaves through the scheduler's, which takes the tick as INTEVT
 * BOARD_TICK_EVENT (TMU0's underflow). */
#define BOARD_TICK_TCR		(SH4_TMU + TMU_TCR(0))
#define BOARD_TICK_TCR_IDLE	(TCR_TPSC_4 | TCR_UNIE)
#define BOARD_TICK_EVENT	0x400

#endif
