/*
 * Intel PXA270 on-chip peripherals used by the boards (the core's own
 * registers are coprocessor registers: arch/arm/include/arm_regs.h).
 * Every register below is 32-bit wide and read or written as a word.
 *
 *   0x00000000  static chip select 0: boot flash (32 MiB on both boards)
 *   0x40100000  FFUART: the console (serial 0 under QEMU)
 *   0x40A00000  OS timers: OSCR0 at 3.25 MHz, match 0 is the tick
 *   0x40D00000  interrupt controller, sources 0..31 (32..39 at +0x9C)
 *   0x40E00000  GPIO: pin alternate functions (set by a board boot loader)
 *   0x41300000  clocks manager: CCCR, CKEN (unit clock enables)
 *   0x48000000  memory controller: MDCNFG, MDREFR (SDRAM set-up)
 *   0x5C000000  internal SRAM, 256 KiB
 *   0xA0000000  SDRAM, chip selects 0..3, 64 MiB each
 */
#ifndef PXA270_H
#define PXA270_H

#include <stdint.h>

#define PXA270_FFUART		0x40100000u
#define  UART_THR		 0x00u	/* write: transmit holding */
#define  UART_RBR		 0x00u	/* read: receive buffer */
#define  UART_IER		 0x04u
#define   IER_UUE		  0x40u	/* unit enable: a real UART is dead without it */
#define  UART_FCR		 0x08u	/* write only */
#define   FCR_TRFIFOE		  0x01u
#define   FCR_RESETRF		  0x02u
#define   FCR_RESETTF		  0x04u
#define  UART_LCR		 0x0Cu
#define   LCR_8N1		  0x03u
#define  UART_LSR		 0x14u
#define   LSR_DR		  0x01u	/* a byte is waiting */
#define   LSR_TDRQ		  0x20u	/* room in the transmit FIFO */
#define   LSR_TEMT		  0x40u	/* FIFO and shift register empty */

#define PXA270_OST		0x40A00000u
#define  OST_OSMR0		 0x00u	/* match 0: interrupt when OSCR0 equals it */
#define  OST_OSCR0		 0x10u	/* counts up at 3.25 MHz from reset */
#define  OST_OSSR		 0x14u	/* match status: write 1 to clear */
#define   OSSR_M0		  0x01u
#define  OST_OIER		 0x1Cu
#define   OIER_E0		  0x01u
#define PXA270_OSCR_HZ		3250000u

#define PXA270_INTC		0x40D00000u
#define  INTC_ICIP		 0x00u	/* pending IRQs, after the mask */
#define  INTC_ICMR		 0x04u	/* 1 = enabled */
#define  INTC_ICLR		 0x08u	/* 1 = FIQ, 0 = IRQ */
#define  INTC_ICMR2		 0xA0u	/* sources 32..39 */
#define PXA270_IRQ_OST0		26

static inline uint32_t pxa270_read(uint32_t a) { return *(volatile uint32_t *)a; }
static inline void pxa270_write(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

void pxa270_init(void);
int pxa270_is_emulated(void);
void pxa270_console_putc(char c);
int pxa270_console_getc(void);
void pxa270_tick_start(uint32_t hz);
void pxa270_irq(void);
void pxa270_poweroff(void) __attribute__((noreturn));

#endif
