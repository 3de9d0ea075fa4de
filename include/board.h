/*
 * The board contract: what boards/<board>/ provides.  Addresses of
 * devices outside the CPU core live only behind this interface.
 */
#ifndef BOARD_H
#define BOARD_H

#include <stdint.h>

#define BOARD_TICK_HZ 100

void board_init(void);			/* clocks, console, interrupt controller */
const char *board_name(void);		/* "r2dplus", "verdex", "mainstone" */
int board_is_emulated(void);		/* 1 under QEMU, 0 on real hardware */

void board_console_putc(char c);
int board_console_getc(void);		/* -1 when nothing is waiting */

void board_tick_start(void);		/* periodic tick at BOARD_TICK_HZ */
/* Decode the pending interrupt(s), acknowledge them, and call kernel_tick()
 * for the tick.  Called by the arch with interrupts masked. */
void board_irq(uint32_t arch_event);

void board_poweroff(void) __attribute__((noreturn));

void kernel_tick(void);

#endif
