/*
 * SH7751R on-chip peripherals used by the boards (the core control
 * registers and the TMU are in arch/sh4/include/sh4_regs.h).
 *
 *   0xFFD00004  IPRA     W  interrupt priority: TMU0 in bits 15:12
 *   0xFFD0000C  IPRC     W  interrupt priority: SCIF in bits 7:4
 *   0xFFE80000  SCIF     -  serial port with FIFO (the R2D+ console)
 *     +0x00 SCSMR2 W, +0x04 SCBRR2 B, +0x08 SCSCR2 W, +0x0C SCFTDR2 B,
 *     +0x10 SCFSR2 W, +0x14 SCFRDR2 B, +0x18 SCFCR2 W, +0x1C SCFDR2 W,
 *     +0x24 SCLSR2 W
 *   0xFFC00008  WTCNT    W  watchdog count (writes: 0x5A in the high byte)
 *   0xFFC0000C  WTCSR    W  watchdog control (writes: 0xA5 in the high byte)
 */
#ifndef SH7751R_H
#define SH7751R_H

#include "sh4_regs.h"

#define SH7751R_IPRA		0xFFD00004u
#define  IPRA_TMU0_SHIFT	 12
#define SH7751R_IPRC		0xFFD0000Cu
#define  IPRC_SCIF_SHIFT	 4

#define SH7751R_SCIF		0xFFE80000u
#define  SCSMR2			 0x00u	/* W: 8N1 async when 0 */
#define  SCBRR2			 0x04u	/* B: bit rate */
#define  SCSCR2			 0x08u	/* W */
#define   SCSCR_TIE		  0x0080u	/* TXI while TDFE */
#define   SCSCR_RIE		  0x0040u	/* RXI on RDF or DR; ERI, BRI */
#define   SCSCR_TE		  0x0020u
#define   SCSCR_RE		  0x0010u
#define   SCSCR_REIE		  0x0008u	/* ERI, BRI even without RIE */
#define  SCFTDR2		 0x0Cu	/* B */
#define  SCFSR2			 0x10u	/* W */
#define   SCFSR_DR		  0x0001u	/* bytes below the trigger, line quiet 15 bits */
#define   SCFSR_RDF		  0x0002u	/* the receive FIFO at its trigger */
#define   SCFSR_BRK		  0x0010u	/* a break */
#define   SCFSR_TDFE		  0x0020u
#define   SCFSR_TEND		  0x0040u
#define   SCFSR_ER		  0x0080u	/* a framing or parity error */
#define   SCFSR_FLAGS		  0x00F3u	/* the flags above: 0 clears one read as 1, 1 keeps it */
#define  SCFRDR2		 0x14u	/* B */
#define  SCFCR2			 0x18u	/* W */
#define   SCFCR_RFRST		  0x0002u
#define   SCFCR_TFRST		  0x0004u
#define   SCFCR_RTRG_1		  0x0000u	/* RDF at 1 byte (4, 8, 14: 0x40, 0x80, 0xC0) */
#define  SCFDR2			 0x1Cu	/* W: bits 12:8 transmit, 4:0 receive count */
#define   SCFDR_TX_SHIFT	  8
#define   SCFDR_RX_MASK		  0x001Fu
#define  SCLSR2			 0x24u	/* W */
#define   SCLSR_ORER		  0x0001u	/* overrun: reception stops until cleared */
#define  SCIF_TX_FIFO		 16u

#define SH7751R_WTCNT		0xFFC00008u
#define  WTCNT_KEY		 0x5A00u
#define SH7751R_WTCSR		0xFFC0000Cu
#define  WTCSR_KEY		 0xA500u
#define  WTCSR_TME		 0x0080u	/* count */
#define  WTCSR_WT		 0x0040u	/* watchdog mode: overflow resets */
#define  WTCSR_CKS_128		 0x0002u	/* Pphi/128: from 0xFF, overflow in 2 us */

#define SH7751R_INTEVT_TMU0	0x400u
#define SH7751R_INTEVT_SCIF_ERI	0x700u
#define SH7751R_INTEVT_SCIF_RXI	0x720u
#define SH7751R_INTEVT_SCIF_BRI	0x740u
#define SH7751R_INTEVT_SCIF_TXI	0x760u

void sh7751r_scif_init(uint8_t brr);
void sh7751r_scif_putc(char c);
void sh7751r_scif_tx_start(void);
void sh7751r_scif_tx_stop(void);
void sh7751r_scif_tx_irq(void);
void sh7751r_scif_rx_irq(void);
int sh7751r_scif_is_emulated(void);
void sh7751r_reset(void) __attribute__((noreturn));
void sh7751r_tmu0_start(uint32_t hz, uint32_t pphi_hz, int emulated);
uint32_t sh7751r_tmu0_late(void);
void sh7751r_tmu0_ack(void);

#endif
