/*
 * The console's output ring.  The kernel runs masked, so a line written
 * to a polled UART inside a system call would hold the tick off for the
 * whole line (some 87 us a byte at 115200 baud).  Bytes go into this
 * ring instead, and the board's transmit interrupt takes them out
 * (console_tx_next), a FIFO's worth at a time.
 *
 * One stream for every writer: the kernel's lines, the tasks' writes to
 * /dev/console (device.c), in the order written.  head and tail run
 * freely; head - tail bytes are queued.  Only masked code touches the
 * ring (system calls, interrupt handlers, and console_write, which masks
 * for the privileged tasks that print).
 *
 * When the ring is full, a writer sends its oldest byte itself, polled,
 * before queueing one: the kernel's lines wait for the UART only for what
 * they do not fit (the normal report, a few KiB at most between two
 * drains, never fills it), and a task's write stops short instead
 * (device.c).  Where nothing else can run any more (power-off, a panic)
 * or before the interrupts run at all (boot, before the tick starts),
 * console_flush sends everything, polled.
 *
 * Input comes the other way: the board's receive interrupt drains the
 * UART's FIFO into console_rx_ring (console_rx_put) as soon as it holds
 * a few bytes, and the readers (the serial console, /dev/console) take
 * them from there at their own pace.  A byte that finds the ring full is
 * dropped and counted, as the UART counts the bytes its full FIFO lost
 * (console_rx_overrun): what is lost is told, never silent.
 */
#include <string.h>
#include "kernel.h"
#include "console.h"

char console_ring[CONSOLE_RING_SIZE];
uint32_t console_head, console_tail;
static int console_tx_on;	/* the board's transmit interrupt is on */

_Static_assert((CONSOLE_RING_SIZE & (CONSOLE_RING_SIZE - 1)) == 0,
	       "the ring's indices wrap with a mask");

static inline uint32_t console_queued(void)
{
	return console_head - console_tail;
}

/* The oldest byte, polled: the UART takes it once it has room (on the
 * SCIF, once its FIFO is down to its trigger, 8 bytes). */
void console_send_oldest(void)
{
	board_console_putc(console_ring[console_tail++ & (CONSOLE_RING_SIZE - 1)]);
}

void console_make_room(uint32_t n)
{
	while (console_room() < n)
		console_send_oldest();
}

/* Masked.  A run of bytes copied whole, in at most two pieces where the
 * ring wraps: a kernel line costs the copy, not a call per byte. */
void console_put_bytes(const char *s, uint32_t n)
{
	while (n > 0) {
		uint32_t at, chunk;

		if (unlikely(console_room() == 0))
			console_send_oldest();
		at = console_head & (CONSOLE_RING_SIZE - 1);
		chunk = CONSOLE_RING_SIZE - at;
		if (chunk > console_room())
			chunk = console_room();
		if (chunk > n)
			chunk = n;
		memcpy(console_ring + at, s, chunk);
		console_head += chunk;
		s += chunk;
		n -= chunk;
	}
}

/* After a write: the interrupt takes it from here. */
void console_kick(void)
{
	if (!console_tx_on && console_queued()) {
		console_tx_on = 1;
		board_console_tx_start();
	}
}

/* The board's transmit interrupt, masked: the next byte, or -1 when the
 * ring is empty, and then the board turns its interrupt off. */
int console_tx_next(void)
{
	if (console_queued() == 0) {
		console_tx_on = 0;
		return -1;
	}
	return (uint8_t)console_ring[console_tail++ & (CONSOLE_RING_SIZE - 1)];
}

void console_flush(void)
{
	uint32_t irq = arch_irq_save();

	audit_flush();
	while (console_queued())
		console_send_oldest();
	if (console_tx_on) {
		console_tx_on = 0;
		board_console_tx_stop();
	}
	arch_irq_restore(irq);
}

/* Nothing queued and the interrupt off: what a benchmark waits for, so
 * that no transmit interrupt falls in its measured loops. */
int console_idle(void)
{
	return console_queued() == 0 && !console_tx_on;
}

/* Privileged kernel code, interrupts on: waits for the interrupt to send
 * everything, rather than sending it polled and masked. */
void console_wait_idle(void)
{
	while (!console_idle())
		arch_idle();
}

/* Each byte with CONSOLE_RX_GAP when bytes were lost just before it. */
static uint16_t console_rx_ring[CONSOLE_RX_SIZE];
static uint32_t console_rx_head, console_rx_tail;
static uint16_t console_rx_gap;	/* CONSOLE_RX_GAP: the next byte follows a loss */
struct console_rx_stats console_rx_stats;

_Static_assert((CONSOLE_RX_SIZE & (CONSOLE_RX_SIZE - 1)) == 0,
	       "the input ring's indices wrap with a mask");

/* The board's receive interrupt, masked: one byte from the UART. */
void console_rx_put(uint8_t c)
{
	if (unlikely(console_rx_head - console_rx_tail == CONSOLE_RX_SIZE)) {
		console_rx_stats.full++;
		console_rx_gap = CONSOLE_RX_GAP;
		return;
	}
	console_rx_ring[console_rx_head++ & (CONSOLE_RX_SIZE - 1)] = c | console_rx_gap;
	console_rx_gap = 0;
	console_rx_stats.received++;
}

/* The board's receive interrupt, masked: the UART lost n bytes after
 * those it gave so far. */
void console_rx_overrun(uint32_t n)
{
	console_rx_stats.overrun += n;
	console_rx_gap = CONSOLE_RX_GAP;
}

int console_getc(void)
{
	uint32_t irq = arch_irq_save();
	int c = -1;

	if (console_rx_head != console_rx_tail)
		c = console_rx_ring[console_rx_tail++ & (CONSOLE_RX_SIZE - 1)];
	arch_irq_restore(irq);
	return c;
}

uint32_t console_rx_lost(void)
{
	return console_rx_stats.overrun + console_rx_stats.full;
}
