/*
 * The PXA270's tick, inline for the kernel's exit: nothing to look at
 * there.  The CPU, and QEMU's model of it, takes a pending IRQ as soon
 * as the kernel's exception return unmasks it, and the handler measures
 * it (kernel/latency.c).
 */
#ifndef BOARD_TICK_H
#define BOARD_TICK_H

static inline int board_tick_pending(void) { return 0; }

#endif
