/* PXA270 chip drivers shared by the PXA270 boards: FFUART console, OS
 * timer tick, interrupt decode, QEMU detection and power-off. */
#include "arch.h"
#include "board.h"
#include "pxa270.h"

/* CCNT ticks per OSCR tick above which we are under QEMU: its CCNT runs
 * at 1 GHz (~307 per tick), a PXA270 at 624 MHz at most (192). */
#define EMULATED_RATIO		250u
#define DETECT_OSCR_TICKS	325u	/* 100 us */

static uint32_t tick_period;
static int emulated;
/* Under QEMU, CCNT's value when the armed match fires (see match_arm). */
static uint32_t tick_due;

/* The FFUART's interrupts while the transmit one is off: every receive
 * interrupt (QEMU's 16550 keeps IER's low four bits: its time-out comes
 * with RAVIE). */
#define IER_ON			(IER_UUE | IER_RAVIE | IER_RLSE | IER_RTOIE)

static inline uint32_t oscr(void) { return pxa270_read(PXA270_OST + OST_OSCR0); }

/*
 * The pins' alternate functions and the unit clock come first, from
 * board_lowlevel_init (lowlevel.S) or a boot loader.  The divisor: the
 * UART clock is 14.7456 MHz, 16 samples a bit, so 8 gives 115200 baud
 * (PXA27x Developer's Manual, UART chapter; U-Boot's pxa serial driver
 * divides the same way).  UUE is required on a real UART.  Input comes
 * by interrupt from the start (console_rx_irq).
 */
static void console_init(void)
{
	pxa270_write(PXA270_FFUART + UART_LCR, LCR_DLAB | LCR_8N1);
	pxa270_write(PXA270_FFUART + UART_DLL, UART_DIVISOR_115200);
	pxa270_write(PXA270_FFUART + UART_DLH, 0);
	pxa270_write(PXA270_FFUART + UART_LCR, LCR_8N1);
	pxa270_write(PXA270_FFUART + UART_FCR,
		     FCR_TRFIFOE | FCR_RESETRF | FCR_RESETTF | FCR_ITL_16);
	/* OUT2 lets the UART's interrupt reach the interrupt controller
	 * (QEMU's does without); DTR and RTS as Linux's serial_pxa_startup
	 * leaves an open port, so that a peer with flow control sends */
	pxa270_write(PXA270_FFUART + UART_MCR, MCR_OUT2 | MCR_RTS | MCR_DTR);
	pxa270_write(PXA270_FFUART + UART_IER, IER_ON);
	pxa270_write(PXA270_INTC + INTC_ICMR,
		     pxa270_read(PXA270_INTC + INTC_ICMR) | 1u << PXA270_IRQ_FFUART);
}

/* Compares how far CCNT and OSCR0 advance over the same 100 us. */
static int detect_emulation(void)
{
	uint32_t o0, c0, spins = 0;

	arch_counter_init();
	o0 = oscr();
	c0 = arch_counter_read();
	while (oscr() - o0 < DETECT_OSCR_TICKS && ++spins < 10000000u)
		;
	return arch_counter_read() - c0 > EMULATED_RATIO * (oscr() - o0);
}

void pxa270_init(void)
{
	pxa270_write(PXA270_INTC + INTC_ICMR, 0);
	pxa270_write(PXA270_INTC + INTC_ICMR2, 0);
	pxa270_write(PXA270_INTC + INTC_ICLR, 0);
	console_init();
	emulated = detect_emulation();
}

int pxa270_is_emulated(void) { return emulated; }

void pxa270_console_putc(char c)
{
	while (!(pxa270_read(PXA270_FFUART + UART_LSR) & LSR_TDRQ))
		;
	pxa270_write(PXA270_FFUART + UART_THR, (uint8_t)c);
}

/*
 * Transmit by interrupt: with IER.TIE the FFUART interrupts while TDRQ,
 * the 64-byte FIFO at least half empty (QEMU's 16550 has 16 bytes and
 * sets the bit when its FIFO is empty).  Each interrupt writes 16 bytes
 * at a time while TDRQ holds, which fits either FIFO, at most 64 in all,
 * and turns TIE off once the console's ring is empty.
 */
#define FFUART_TX_BURST		16
#define FFUART_TX_BURSTS	4

void pxa270_console_tx_start(void)
{
	pxa270_write(PXA270_FFUART + UART_IER, IER_ON | IER_TIE);
}

void pxa270_console_tx_stop(void)
{
	pxa270_write(PXA270_FFUART + UART_IER, IER_ON);
}

static void console_tx_irq(void)
{
	for (int b = 0; b < FFUART_TX_BURSTS; b++) {
		if (!(pxa270_read(PXA270_FFUART + UART_LSR) & LSR_TDRQ))
			return;
		for (int i = 0; i < FFUART_TX_BURST; i++) {
			int c = console_tx_next();
			if (c < 0) {
				pxa270_console_tx_stop();
				return;
			}
			pxa270_write(PXA270_FFUART + UART_THR, (uint8_t)c);
		}
	}
}

/*
 * Receive by interrupt: RAVIE at the FIFO's trigger (16 bytes), RTOIE
 * for fewer on a quiet line, RLSE on an overrun or a line error.  Each
 * drains the FIFO into the console's ring; reading LSR clears OE, the
 * byte the full FIFO lost (QEMU's 16550 waits for room instead).  At
 * most two FIFOs' worth, so that a line that never pauses still lets
 * the tick in: what is left raises the interrupt again.
 */
#define FFUART_RX_MAX		128

static void console_rx_irq(void)
{
	uint32_t overrun = 0;

	for (int n = 0; n < FFUART_RX_MAX; n++) {
		uint32_t lsr = pxa270_read(PXA270_FFUART + UART_LSR);

		overrun |= lsr & LSR_OE;
		if (!(lsr & LSR_DR))
			break;
		console_rx_put((uint8_t)pxa270_read(PXA270_FFUART + UART_RBR));
	}
	if (overrun)	/* after the bytes the FIFO held: the lost one came last */
		console_rx_overrun(1);
}

/*
 * OSCR0 advances once per 4000/13 ns (3.25 MHz): too coarse to time the
 * tick to the instruction under QEMU, where CCNT counts virtual ns, one
 * per instruction.  QEMU fires a match at the virtual time of the OSMR0
 * write plus (OSMR0 - OSCR0 at the write) of the timer's periods, rounded
 * down to the ns (hw/timer/pxa2xx_timer.c): read at the write, CCNT and
 * OSCR0 give that time exactly.  The CCNT read is the instruction
 * before the write; OSCR0 read on both sides of it must agree, or the
 * count moved on between and the match is written again.
 *
 * They agree on the first or second try under -icount, not always on a
 * board (an FIQ, a stalled bus), and never under QEMU in wall-clock time:
 * there the write alone, four host timers moved, outlasts an OSCR0 period
 * (100,000 tries in a row measured, none agreeing).  So the tries are
 * bounded; the later read then gives a due time never after the true one
 * (a latency never below the true one).  A match OSCR0 reached before
 * the write ended is never hit before OSCR0 wraps, 22 minutes on, on the
 * chip as in QEMU: it is moved a period past the later read.
 */
_Static_assert(PXA270_OSCR_HZ == 3250000u, "match_arm's 4000/13 ns per OSCR0 tick");
#define OSCR_NS_NUM	4000u
#define OSCR_NS_DEN	13u
#define MATCH_ARM_TRIES	3

static uint32_t tick_match, probe_match;	/* OSMR0, OSMR1 as last written */
static uint32_t probe_period, probe_due;
static void probe_start(void);

/* QEMU computes every match's firing time again at any OSMR write, from
 * that write's time: so does this, for each match still ahead. */
static uint32_t due_from(uint32_t at, uint32_t oscr_at, uint32_t match, uint32_t due)
{
	if ((int32_t)(match - oscr_at) <= 0)
		return due;
	return at + 1 + (match - oscr_at) * OSCR_NS_NUM / OSCR_NS_DEN;
}

/* OSMR `osmr` to `match`, or to `period` past OSCR0 if that is behind. */
static void match_arm(uint32_t osmr, uint32_t match, uint32_t period)
{
	uint32_t before, after, at;
	int tries = 0;

	for (;;) {
		__asm__ volatile("ldr	%0, [%3, %6]\n\t"
				 "mrc	p14, 0, %2, c1, c1, 0\n\t"
				 "str	%5, [%4]\n\t"
				 "ldr	%1, [%3, %6]"
				 : "=&r"(before), "=&r"(after), "=&r"(at)
				 : "r"(PXA270_OST), "r"(PXA270_OST + osmr), "r"(match), "I"(OST_OSCR0)
				 : "memory");
		if (__builtin_expect((int32_t)(match - after) <= 0, 0))
			match = after + period;
		else if (before == after || ++tries == MATCH_ARM_TRIES)
			break;
	}
	if (osmr == OST_OSMR0)
		tick_match = match;
	else
		probe_match = match;
	tick_due = due_from(at, after, tick_match, tick_due);
	if (probe_period)
		probe_due = due_from(at, after, probe_match, probe_due);
}

static void tick_arm(uint32_t match)
{
	match_arm(OST_OSMR0, match, tick_period);
}

const char *pxa270_tick_late_unit(void) { return emulated ? "insns" : "ticks"; }

/* Read before the tick is acknowledged; on a board, in OSCR0 ticks
 * past the match. */
uint32_t pxa270_tick_late(void)
{
	if (emulated)
		return arch_counter_read() - tick_due;
	return oscr() - pxa270_read(PXA270_OST + OST_OSMR0);
}

void pxa270_tick_start(uint32_t hz)
{
	tick_period = PXA270_OSCR_HZ / hz;
	tick_arm(oscr() + tick_period);
	pxa270_write(PXA270_OST + OST_OSSR, OSSR_M0);
	pxa270_write(PXA270_OST + OST_OIER,
		     pxa270_read(PXA270_OST + OST_OIER) | OIER_E0);
	pxa270_write(PXA270_INTC + INTC_ICMR,
		     pxa270_read(PXA270_INTC + INTC_ICMR) | 1u << PXA270_IRQ_OST0);
	if (probe_period)
		probe_start();
}

/* The next match one period after the last keeps the tick free of drift;
 * one already in the past counts from now (match_arm). */
static void tick_ack(void)
{
	pxa270_write(PXA270_OST + OST_OSSR, OSSR_M0);
	tick_arm(pxa270_read(PXA270_OST + OST_OSMR0) + tick_period);
}

/*
 * The latency probe: match 1, at hz, an interrupt that does nothing but
 * measure its own latency as the tick does.  Under QEMU the PXA270 runs
 * 10 million instructions a tick: an image that wants more samples than
 * that gives turns it on (the on-target tests do).
 */
static void probe_arm(uint32_t match)
{
	match_arm(OST_OSMR1, match, probe_period);
}

static void probe_start(void)
{
	probe_arm(oscr() + probe_period);
	pxa270_write(PXA270_OST + OST_OSSR, OSSR_M1);
	pxa270_write(PXA270_OST + OST_OIER, pxa270_read(PXA270_OST + OST_OIER) | OIER_E1);
	pxa270_write(PXA270_INTC + INTC_ICMR,
		     pxa270_read(PXA270_INTC + INTC_ICMR) | 1u << PXA270_IRQ_OST1);
}

/* It starts with the tick: the kernel runs masked until then. */
void pxa270_probe_rate(uint32_t hz)
{
	probe_period = hz ? PXA270_OSCR_HZ / hz : 0;
}

static void probe(void)
{
	uint32_t next = pxa270_read(PXA270_OST + OST_OSMR1) + probe_period;
	uint32_t late = emulated ? arch_counter_read() - probe_due
				 : oscr() - pxa270_read(PXA270_OST + OST_OSMR1);

	pxa270_write(PXA270_OST + OST_OSSR, OSSR_M1);
	probe_arm(next);
	/* Due after it came: the tick's handler, just before, wrote OSMR0,
	 * and QEMU moved the pending match's time with it (due_from cannot
	 * tell that one from a match still ahead).  Its true latency is
	 * unknown: no sample rather than a wrong one. */
	if (__builtin_expect((int32_t)late < 0, 0))
		return;
	kernel_probe_latency(late);
}

void pxa270_irq(void)
{
	uint32_t pending = pxa270_read(PXA270_INTC + INTC_ICIP);

	if (pending & 1u << PXA270_IRQ_OST0) {
		kernel_tick_latency();
		tick_ack();
		kernel_tick();
	}
	if (pending & 1u << PXA270_IRQ_OST1)
		probe();
	if (pending & 1u << PXA270_IRQ_FFUART) {
		console_rx_irq();
		if (pxa270_read(PXA270_FFUART + UART_IER) & IER_TIE)
			console_tx_irq();
	}
}

/*
 * Under QEMU -semihosting: Angel SYS_EXIT (0x18) with ADP_Stopped_
 * ApplicationExit ends QEMU with status 0; it must come from a
 * privileged mode (the kernel's SVC).  On a board without a debugger the
 * same svc would land in our own vector, so just stop there.  Either
 * way the console drains first: QEMU sends a FIFO's bytes over time and
 * drops what is left when it exits.
 */
void pxa270_poweroff(void)
{
	console_flush();
	while (!(pxa270_read(PXA270_FFUART + UART_LSR) & LSR_TEMT))
		;
	if (emulated) {
		register uint32_t r0 __asm__("r0") = 0x18;
		register uint32_t r1 __asm__("r1") = 0x20026;
		__asm__ volatile("svc 0x123456" : : "r"(r0), "r"(r1) : "memory");
	}
	for (;;)	/* the kernel calls this with interrupts masked */
		;
}

/*
 * The chip's watchdog, as Linux's pxa_restart does it (arch/arm/mach-pxa/
 * reset.c): match 3 armed with OWER.WME set resets the chip, and QEMU's
 * timer model too (which ends under -no-reboot).  100 us ahead: enough
 * for the match to lie ahead when written, and under QEMU's -icount a
 * hundred thousand instructions of the loop below, not a million.
 * PXA270 erratum 71: the SDRAM can hang through a watchdog reset unless
 * it is in self-refresh, so until the reset comes MDREFR is written with
 * SLFRSH again and again, as Linux's do_hw_reset does.  The loop runs
 * from the instruction cache (on since arch_init) and touches no SDRAM.
 */
void pxa270_reset(void)
{
	console_flush();
	while (!(pxa270_read(PXA270_FFUART + UART_LSR) & LSR_TEMT))
		;
	pxa270_write(PXA270_OST + OST_OWER, OWER_WME);
	pxa270_write(PXA270_OST + OST_OSSR, OSSR_M3);
	pxa270_write(PXA270_OST + OST_OSMR3, oscr() + PXA270_OSCR_HZ / 10000);
	for (;;)
		pxa270_write(PXA270_MEMC + MEMC_MDREFR, MDREFR_SLFRSH);
}
