/* The console's rings (console.c): the output ring, which device.c
 * writes into, and the input ring, which the UART's receive interrupt
 * fills. */
#ifndef CONSOLE_H
#define CONSOLE_H

#include <stdint.h>

/* 4 KiB: a BENCH line is about 100 bytes, an avc line about 250, and the
 * benchmarks wait for the ring to empty before each measurement. */
#define CONSOLE_RING_SIZE 4096u

/* The ring, for the inline put: head - tail bytes queued, both running
 * freely (console.c). */
extern char console_ring[CONSOLE_RING_SIZE];
extern uint32_t console_head, console_tail;
void console_send_oldest(void);

static inline uint32_t console_room(void)
{
	return CONSOLE_RING_SIZE - (console_head - console_tail);
}

/* Masked.  A full ring sends its oldest byte first, polled. */
static inline void console_put(char c)
{
	if (__builtin_expect(console_head - console_tail == CONSOLE_RING_SIZE, 0))
		console_send_oldest();
	console_ring[console_head++ & (CONSOLE_RING_SIZE - 1)] = c;
}

void console_put_bytes(const char *s, uint32_t n);	/* masked; as console_put */
void console_make_room(uint32_t n);	/* masked; sends the oldest, polled */
void console_kick(void);		/* masked; the transmit interrupt on */
int console_idle(void);
void console_wait_idle(void);		/* privileged task, interrupts on */

/* 512 bytes of input: a paste of a few hundred bytes waits there while
 * the console runs a command (the UARTs' FIFOs hold 16 or 64). */
#define CONSOLE_RX_SIZE 512u

/* Input bytes taken from the UART, and lost: overrun counts the UART's
 * (its FIFO was full: SCLSR2.ORER, LSR.OE), full the ring's (the reader
 * was too slow).  Written masked; each word read whole. */
struct console_rx_stats {
	uint32_t received, overrun, full;
};
extern struct console_rx_stats console_rx_stats;

/* The oldest byte typed, or -1; masks itself.  CONSOLE_RX_GAP is set
 * on the first byte after bytes were lost. */
#define CONSOLE_RX_GAP 0x100
int console_getc(void);
uint32_t console_rx_lost(void);		/* overrun + full */

#endif
