/* SH7751R chip drivers shared by SH7751R boards: SCIF console, TMU0 tick. */
#include "arch.h"
#include "board.h"
#include "sh7751r.h"
#include "board_tick.h"

static inline uint16_t scif_r16(uint32_t off) { return sh4_read16(SH7751R_SCIF + off); }
static inline void scif_w16(uint32_t off, uint16_t v) { sh4_write16(SH7751R_SCIF + off, v); }

/*
 * Clears the given flags of SCFSR2, and only those.  The chip clears a
 * flag written 0 after it was read as 1 and keeps one written 1; QEMU's
 * SCIF clears any flag written 0, and takes RXI away whenever RDF or DR
 * is written 0: the other flags go as 1, so that clearing TDFE does not
 * lose a byte's RXI.  The read first is the chip's.
 */
static inline void scif_clear(uint16_t flags)
{
	(void)scif_r16(SCFSR2);
	scif_w16(SCFSR2, SCFSR_FLAGS & ~flags);
}

/* Bytes written: TDFE and TEND cleared, to be set again as the FIFO drains. */
static inline void scif_tx_ack(void)
{
	scif_clear(SCFSR_TDFE | SCFSR_TEND);
}

/*
 * The SCIF takes a bit interval after SCBRR2 is written before TE and
 * RE may be set (SH7751R hardware manual, SCIF initialization).  With
 * SCSMR2's clock at Pphi, a bit is 32 * (SCBRR2 + 1) Pphi cycles, and
 * each read of a peripheral register takes at least one: that many
 * reads wait at least a bit.
 */
static void scif_wait_bit(uint8_t brr)
{
	for (uint32_t n = 32u * (brr + 1u); n > 0; n--)
		(void)scif_r16(SCSMR2);
}

void sh7751r_scif_init(uint8_t brr)
{
	scif_w16(SCSCR2, 0);
	scif_w16(SCFCR2, SCFCR_RFRST | SCFCR_TFRST);
	scif_w16(SCSMR2, 0);
	sh4_write8(SH7751R_SCIF + SCBRR2, brr);
	scif_wait_bit(brr);
	scif_w16(SCFCR2, SCFCR_RTRG_1);
	scif_clear(SCFSR_ER | SCFSR_BRK | SCFSR_RDF | SCFSR_DR);
	scif_w16(SCLSR2, 0);
	scif_w16(SCSCR2, SCSCR_TE | SCSCR_RE | SCSCR_RIE | SCSCR_REIE);
	sh4_write16(SH7751R_IPRC, (sh4_read16(SH7751R_IPRC) & ~(0xFu << IPRC_SCIF_SHIFT)) |
				  (4u << IPRC_SCIF_SHIFT));
}

/* QEMU does not keep SCBRR2: it reads back 0 where a chip returns the
 * value written, so this tells an emulator from a board. */
int sh7751r_scif_is_emulated(void)
{
	return sh4_read8(SH7751R_SCIF + SCBRR2) == 0;
}

void sh7751r_scif_putc(char c)
{
	while (!(scif_r16(SCFSR2) & SCFSR_TDFE))
		;
	sh4_write8(SH7751R_SCIF + SCFTDR2, (uint8_t)c);
	scif_tx_ack();
}

/*
 * Transmit by interrupt: TXI comes while TIE is set and the FIFO is at
 * or below its trigger (TDFE; 8 bytes with SCFCR2's TTRG at 0).  Each
 * fills the FIFO from the console's ring, up to the room SCFDR2 shows
 * (QEMU reads back no transmit count and sends each byte as written:
 * 16 then), and turns TIE off once the ring is empty.  QEMU raises TXI
 * for as long as TIE is set.
 */
void sh7751r_scif_tx_start(void)
{
	scif_w16(SCSCR2, scif_r16(SCSCR2) | SCSCR_TIE);
}

void sh7751r_scif_tx_stop(void)
{
	scif_w16(SCSCR2, scif_r16(SCSCR2) & ~SCSCR_TIE);
}

void sh7751r_scif_tx_irq(void)
{
	uint32_t queued = (scif_r16(SCFDR2) >> SCFDR_TX_SHIFT) & 0x1F;
	int c = 0;

	for (uint32_t n = queued; n < SCIF_TX_FIFO && (c = console_tx_next()) >= 0; n++)
		sh4_write8(SH7751R_SCIF + SCFTDR2, (uint8_t)c);
	scif_tx_ack();
	if (c < 0)
		sh7751r_scif_tx_stop();
}

/*
 * Receive by interrupt: RXI once the FIFO holds a byte (RDF at SCFCR2's
 * lowest trigger: QEMU 7.2's SCIF has no DR, the time-out that tells of
 * bytes below a higher trigger, and would keep them until more came);
 * ERI and BRI on a framing or parity error or a break.  Each clears
 * what stops reception on the chip, as Linux's sh-sci clears it: ER,
 * BRK, RDF and DR (a flag read as 1 clears when 0 is written), then
 * drains the FIFO into the console's ring, then clears SCLSR2.ORER, the
 * overrun that lost what a full FIFO could not take.  Flags first: a
 * byte that comes after the last look at SCFDR2 raises RXI anew, where
 * clearing after the drain could take that RXI away and leave the
 * FIFO full with none (QEMU then drops every byte after it: its SCIF
 * has no overrun and no flow control).
 */
void sh7751r_scif_rx_irq(void)
{
	uint32_t n;

	scif_clear(SCFSR_ER | SCFSR_BRK | SCFSR_RDF | SCFSR_DR);
	while ((n = scif_r16(SCFDR2) & SCFDR_RX_MASK) > 0)
		for (; n > 0; n--)
			console_rx_put(sh4_read8(SH7751R_SCIF + SCFRDR2));
	if (scif_r16(SCLSR2) & SCLSR_ORER) {	/* one byte lost at least */
		console_rx_overrun(1);
		scif_w16(SCLSR2, 0);
	}
}

static uint32_t tmu0_reload;
static int tmu_qemu;		/* under QEMU: TMU2 follows TMU0, TMU1 counts */
static uint32_t tmu0_last;	/* TMU1 at the last expiry the handler took */

/*
 * Under QEMU, TMU2 runs with TMU0's period, its interrupt off, underflowing
 * SH7751R_REOFFER_TICKS after TMU0 does.  QEMU offers an interrupt on its
 * line's rising edge and, when the CPU declines it then, again only at its
 * next exit to its main loop; TMU2's underflow is a timer deadline, so
 * such an exit.  The CPU declines the tick in a delay slot (QEMU keeps
 * them indivisible), and in the tail of the kernel's exit, after it looked
 * at the tick (board_tick.h): offered again once that tail is over, the
 * tick comes at most that much later than on the chip, instead of at the
 * task's next I/O or the next tick.  The acknowledge puts TMU2 back in
 * step (QEMU's TMU0 loses a fraction of a tick each time its TCR is
 * written).
 */
_Static_assert(BOARD_TICK_EVENT == SH7751R_INTEVT_TMU0, "board_tick.h: the tick's INTEVT");

#define SH7751R_REOFFER_TICKS	246u	/* 64 instructions under QEMU, 3.84 ticks each */

static void tmu2_follow(void)
{
	sh4_write32(SH4_TMU + TMU_TCNT(2), sh4_read32(SH4_TMU + TMU_TCNT(0)) + SH7751R_REOFFER_TICKS);
}

/* TMU0's ticks since its last underflow: it reloads TCOR0 then and
 * counts down. */
static uint32_t tmu0_elapsed(void)
{
	return tmu0_reload - sh4_read32(SH4_TMU + TMU_TCNT(0));
}

void sh7751r_tmu0_start(uint32_t hz, uint32_t pphi_hz, int emulated)
{
	uint32_t count = pphi_hz / 4 / hz;
	uint8_t run = emulated ? 0x05 : 0x01;

	tmu0_reload = count - 1;
	tmu_qemu = emulated;
	sh4_write8(SH4_TMU + TMU_TSTR, sh4_read8(SH4_TMU + TMU_TSTR) & ~0x05);
	sh4_write32(SH4_TMU + TMU_TCOR(0), count - 1);
	sh4_write32(SH4_TMU + TMU_TCNT(0), count - 1);
	sh4_write16(BOARD_TICK_TCR, BOARD_TICK_TCR_IDLE);
	sh4_write32(SH4_TMU + TMU_TCOR(2), count - 1);
	sh4_write32(SH4_TMU + TMU_TCNT(2), count - 1 + SH7751R_REOFFER_TICKS);
	sh4_write16(SH4_TMU + TMU_TCR(2), TCR_TPSC_4);
	sh4_write16(SH7751R_IPRA, (sh4_read16(SH7751R_IPRA) & ~(0xFu << IPRA_TMU0_SHIFT)) |
				  (8u << IPRA_TMU0_SHIFT));
	sh4_write8(SH4_TMU + TMU_TSTR, sh4_read8(SH4_TMU + TMU_TSTR) | run);
	tmu0_last = arch_counter_read() - tmu0_elapsed();
}

/*
 * The ticks since the tick expired, read before it is acknowledged.  A
 * tick the kernel kept waiting for more than a period has underflowed
 * again since, and TMU0 counts from the last underflow only: when TMU1,
 * at the same rate, is the kernel's counter (under QEMU), the expiry
 * after the last one taken is found from it, and the periods missed in
 * between are counted.
 */
uint32_t sh7751r_tmu0_late(void)
{
	uint32_t ticks = tmu0_elapsed(), period = tmu0_reload + 1, since;

	if (!tmu_qemu)
		return ticks;
	since = arch_counter_read() - ticks - tmu0_last;
	return since > period + period / 2 ? ticks + since - period : ticks;
}

/* Writing TCR without UNF clears the underflow flag. */
void sh7751r_tmu0_ack(void)
{
	if (tmu_qemu)
		tmu0_last = arch_counter_read() - tmu0_elapsed();
	sh4_write16(BOARD_TICK_TCR, BOARD_TICK_TCR_IDLE);
	if (tmu_qemu)
		tmu2_follow();
}

/* The CPU's reset first (arch_cpu.h); the watchdog only if that did not
 * reset the board, for QEMU aborts at any watchdog access.  The SCIF's
 * FIFO is let out first, for a while at most. */
void sh7751r_reset(void)
{
	console_flush();
	for (int i = 0; i < 100000 && !(scif_r16(SCFSR2) & SCFSR_TEND); i++)
		;
	sh4_reset_by_exception();
	sh4_write16(SH7751R_WTCNT, WTCNT_KEY | 0xFF);
	sh4_write16(SH7751R_WTCSR, WTCSR_KEY | WTCSR_TME | WTCSR_WT | WTCSR_CKS_128);
	for (;;)
		;
}
