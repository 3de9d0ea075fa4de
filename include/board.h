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

/* The console's output (kernel/console.c): the kernel queues bytes and
 * turns the UART's transmit interrupt on; board_irq then fills the FIFO
 * from console_tx_next() and turns the interrupt off when it gives -1.
 * board_console_putc sends one byte polled, waiting for room. */
void board_console_putc(char c);
void board_console_tx_start(void);
void board_console_tx_stop(void);
/* The console's input: board_init turns the UART's receive interrupt on
 * (at its FIFO's trigger level, and when bytes below it wait on a quiet
 * line); board_irq drains the FIFO into console_rx_put() and tells
 * console_rx_overrun() the bytes the UART itself lost, and clears the
 * UART's error state so that reception goes on. */

void board_tick_start(void);		/* periodic tick at BOARD_TICK_HZ */
/* Decode the pending interrupt(s), acknowledge them, and call kernel_tick()
 * for the tick.  Called by the arch with interrupts masked. */
void board_irq(uint32_t arch_event);

/* Sends what the console still holds (console_flush) first. */
void board_poweroff(void) __attribute__((noreturn));
/* A reset of the whole board, as its watchdog or the CPU gives one (the
 * serial console's reboot); under QEMU -no-reboot it ends QEMU.  Sends
 * what the console holds first. */
void board_reset(void) __attribute__((noreturn));

/* The tick's latency: how long ago the tick's timer expired, read
 * before the tick is acknowledged.  Under QEMU in executed instructions,
 * exactly; on a board in the timer's own ticks (board_tick_late_unit).
 * Where a CPU model defers a tick that expired while the kernel ran
 * masked (the SH7751R under QEMU), the board's board_tick.h tells the
 * arch's exit how to find it and take it there. */
uint32_t board_tick_late(void);
const char *board_tick_late_unit(void);	/* "insns" or "ticks" */

/* A second timer interrupt at hz, from the tick's start on, that only
 * measures its own latency as the tick does, for more samples than the
 * tick gives; before board_tick_start.  A board may have none. */
void board_latency_probe(uint32_t hz);

/* kernel/latency.c: board_irq calls kernel_tick_latency first at the
 * tick, kernel_probe_latency at the probe. */
void kernel_tick_latency(void);
void kernel_probe_latency(uint32_t late);
void kernel_tick(void);
/* kernel/console.c: the next byte for the UART, or -1 when none is left;
 * everything queued, sent polled. */
int console_tx_next(void);
void console_flush(void);
/* kernel/console.c, from board_irq: a byte received; bytes the UART lost. */
void console_rx_put(uint8_t c);
void console_rx_overrun(uint32_t n);

#endif
