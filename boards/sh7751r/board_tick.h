/*
 * The SH7751R's tick, for the kernel's exit (arch/sh4/entry.S).  The chip takes a
 * tick that expired while the kernel ran masked right after the rte that
 * unmasks it.  QEMU 7.2 does not: it declines it in the rte's delay slot
 * and offers it again only at its next exit to its main loop (an I/O
 * access, a timer deadline), which, when that too falls in masked kernel
 * code, can be the next tick.  So the kernel looks at TMU0's underflow
 * flag at its exit, where the chip would take the tick, and takes it
 * there as the interrupt it is (BOARD_TICK_EVENT).  Only the copy of the
 * exit that QEMU needs does (entry.S's arch_vectors_late): the boot asks
 * the board which it needs (board_tick_taken_at_rte), and a chip runs the
 * exit that does not look.  A tick
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

#ifndef __ASSEMBLER__
int board_is_emulated(void);
/*
 * 1 if the CPU takes a tick that expired while masked right after the
 * rte that unmasks it, as the chip does; 0 under QEMU, whose exit must
 * then look itself (arch_init picks the exit by it).  Told from the
 * SCIF (board_init: QEMU does not keep SCBRR2), not from a trial of the
 * rte: QEMU 7.2 takes an interrupt pending at an rte into privileged
 * code at once, so such a trial passes there and still misses the
 * kernel's exit to a task.
 */
static inline int board_tick_taken_at_rte(void) { return !board_is_emulated(); }
#endif

#endif
