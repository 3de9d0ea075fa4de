/*
 * Intel PXA270 on-chip peripherals used by the boards (the core's own
 * registers are coprocessor registers: arch/arm/include/arm_regs.h).
 * Every register below is 32-bit wide and read or written as a word.
 * Assembly includes this header too (boards/pxa270/lowlevel.S): GNU as
 * takes the C integer suffixes, the C-only part is fenced off.
 *
 *   0x00000000  static chip select 0: boot flash (32 MiB on both boards)
 *   0x40100000  FFUART: the console (serial 0 under QEMU)
 *   0x40A00000  OS timers: OSCR0 at 3.25 MHz, match 0 is the tick
 *   0x40D00000  interrupt controller, sources 0..31 (32..39 at +0x9C)
 *   0x40E00000  GPIO: pin levels, directions, alternate functions
 *   0x40F00000  power manager: PSSR (pin hold after reset or sleep), PCFR
 *   0x40F00180  power manager I2C (PWRI2C): the core voltage regulator
 *   0x41300000  clocks manager: CCCR, CKEN (unit clock enables), OSCC
 *   0x48000000  memory controller: MDCNFG, MDREFR, MSC0, MDMRS
 *   0x5C000000  internal SRAM, 256 KiB
 *   0xA0000000  SDRAM, chip selects 0..3, 64 MiB each
 */
#ifndef PXA270_H
#define PXA270_H

#ifndef __ASSEMBLER__
#include <stdint.h>
#endif

#define PXA270_FFUART		0x40100000u
/* its pins on both boards (Linux's mfp-pxa27x.h; the Gumstix and Mainstone
 * U-Boots' GAFR1_L and GPDR1 set the same): GPIO34 FFRXD, alternate
 * function 1, input; GPIO39 FFTXD, alternate function 2, output */
#define  FFUART_RXD_GPIO	 34
#define  FFUART_RXD_AF		 1
#define  FFUART_TXD_GPIO	 39
#define  FFUART_TXD_AF		 2
#define  UART_THR		 0x00u	/* write: transmit holding */
#define  UART_RBR		 0x00u	/* read: receive buffer */
#define  UART_DLL		 0x00u	/* with LCR.DLAB: divisor, low byte */
#define  UART_DLH		 0x04u	/* with LCR.DLAB: divisor, high byte */
#define  UART_DIVISOR_115200	 8u	/* 14.7456 MHz / (16 * 115200) */
#define  UART_IER		 0x04u
#define   IER_RAVIE		  0x01u	/* interrupt at the receive FIFO's trigger */
#define   IER_TIE		  0x02u	/* interrupt while TDRQ */
#define   IER_RLSE		  0x04u	/* interrupt on overrun, errors, break */
#define   IER_RTOIE		  0x10u	/* receive time-out: bytes below the trigger, line quiet */
#define   IER_UUE		  0x40u	/* unit enable: a real UART is dead without it */
#define  UART_FCR		 0x08u	/* write only */
#define   FCR_TRFIFOE		  0x01u
#define   FCR_RESETRF		  0x02u
#define   FCR_RESETTF		  0x04u
#define   FCR_ITL_16		  0x80u	/* receive trigger: 16 of 64 bytes (QEMU's 16550: 8 of 16) */
#define  UART_LCR		 0x0Cu
#define   LCR_8N1		  0x03u
#define   LCR_DLAB		  0x80u	/* THR/IER become the divisor latch */
#define  UART_MCR		 0x10u
#define   MCR_DTR		  0x01u
#define   MCR_RTS		  0x02u
#define   MCR_OUT2		  0x08u	/* gates the UART's interrupt to the INTC */
#define  UART_LSR		 0x14u
#define   LSR_DR		  0x01u	/* a byte is waiting */
#define   LSR_OE		  0x02u	/* overrun: a byte lost to a full FIFO; clears when read */
#define   LSR_TDRQ		  0x20u	/* room in the transmit FIFO */
#define   LSR_TEMT		  0x40u	/* FIFO and shift register empty */

#define PXA270_OST		0x40A00000u
#define  OST_OSMR0		 0x00u	/* match 0: interrupt when OSCR0 equals it */
#define  OST_OSMR1		 0x04u	/* match 1: the latency probe */
#define  OST_OSMR3		 0x0Cu	/* match 3: the watchdog's, when OWER.WME */
#define  OST_OSCR0		 0x10u	/* counts up at 3.25 MHz from reset */
#define  OST_OSSR		 0x14u	/* match status: write 1 to clear */
#define   OSSR_M0		  0x01u
#define   OSSR_M1		  0x02u
#define   OSSR_M3		  0x08u
#define  OST_OWER		 0x18u	/* watchdog enable: set once, until reset */
#define   OWER_WME		  0x01u
#define  OST_OIER		 0x1Cu
#define   OIER_E0		  0x01u
#define   OIER_E1		  0x02u
#define PXA270_OSCR_HZ		3250000u

#define PXA270_INTC		0x40D00000u
#define  INTC_ICIP		 0x00u	/* pending IRQs, after the mask */
#define  INTC_ICMR		 0x04u	/* 1 = enabled */
#define  INTC_ICLR		 0x08u	/* 1 = FIQ, 0 = IRQ */
#define  INTC_ICMR2		 0xA0u	/* sources 32..39 */
#define PXA270_IRQ_FFUART	22
#define PXA270_IRQ_OST0		26
#define PXA270_IRQ_OST1		27

/*
 * What boards/pxa270/lowlevel.S sets up from power-on.  Offsets and bits
 * from the PXA27x Processor Family Developer's Manual (its GPIO, clocks
 * and power manager, and memory controller chapters), checked against
 * Linux's pxa2xx-regs.h and U-Boot's pxa-regs.h.
 */
#define PXA270_GPIO		0x40E00000u
/* GPIO0..95 in three banks of 32: bank n's register at +4n */
#define  GPIO_GPDR0		 0x0Cu	/* 1 = output */
#define  GPIO_GPSR0		 0x18u	/* write 1: drive the output high */
#define  GPIO_GPCR0		 0x24u	/* write 1: drive the output low */
/* two bits per pin, 16 pins per register: GPIO n in GAFR0_L + 4*(n/16) */
#define  GPIO_GAFR0_L		 0x54u

#define PXA270_PM		0x40F00000u
#define  PM_PSSR		 0x04u	/* write 1 to clear */
#define   PSSR_PH		  0x10u	/* GPIOs still hold their sleep state */
#define   PSSR_RDH		  0x20u	/* GPIO inputs still disabled after reset */
#define  PM_PCFR		 0x1Cu	/* power manager general configuration */
#define   PCFR_PI2CEN		  0x40u	/* the power I2C drives the PMIC's bus */
/* the power manager's I2C unit (PWRI2C), at the power manager's base */
#define  PWRI2C_PIDBR		 0x188u	/* data buffer: the byte to send */
#define  PWRI2C_PICR		 0x190u	/* control */
#define   PICR_START		  (1u << 0)
#define   PICR_STOP		  (1u << 1)
#define   PICR_TB		  (1u << 3)	/* send the byte; clears when sent */
#define   PICR_SCLE		  (1u << 5)	/* drive SCL */
#define   PICR_IUE		  (1u << 6)	/* unit enable */
#define   PICR_GCD		  (1u << 7)	/* ignore general calls */
#define   PICR_UR		  (1u << 14)	/* unit reset */
#define   PICR_FM		  (1u << 15)	/* fast mode, 400 kHz */
#define  PWRI2C_PISR		 0x198u	/* status: write 1 to clear */
#define   PISR_ITE		  (1u << 6)	/* the byte went out */
#define   PISR_ALL		  0x7FFu

#define PXA270_CLKMGR		0x41300000u
#define  CLKMGR_CCCR		 0x00u	/* core PLL: L (run), 2N (turbo), A */
#define  CLKMGR_CKEN		 0x04u	/* unit clocks, 1 = running */
#define  CLKMGR_OSCC		 0x08u	/* 32.768 kHz oscillator */
#define   OSCC_OON		  0x02u	/* on: write once, until reset */
#define   CKEN_FFUART		  (1u << 6)
#define   CKEN_OST		  (1u << 9)
#define   CKEN_PWRI2C		  (1u << 15)
#define   CKEN_IM		  (1u << 20)	/* internal SRAM */
#define   CKEN_MEMC		  (1u << 22)
/* CP14 c6,c0,0 CLKCFG: writing F makes the core switch to CCCR's values */
#define CLKCFG_T		0x1u	/* turbo: core at 2N/2 x run */
#define CLKCFG_F		0x2u	/* frequency change */
#define CLKCFG_B		0x8u	/* fast bus: system bus at run frequency */

#define PXA270_MEMC		0x48000000u
#define  MEMC_MDCNFG		 0x00u
#define   MDCNFG_DE0		  (1u << 0)	/* partition enables, 0xA0000000 + n*64 MiB */
#define   MDCNFG_DE1		  (1u << 1)
#define   MDCNFG_DE2		  (1u << 16)
#define   MDCNFG_DE3		  (1u << 17)
#define   MDCNFG_DE_ALL		  (MDCNFG_DE0 | MDCNFG_DE1 | MDCNFG_DE2 | MDCNFG_DE3)
#define  MEMC_MDREFR		 0x04u
#define   MDREFR_DRI		  0xFFFu	/* refresh interval, in 32 memory clocks */
#define   MDREFR_K0RUN		  (1u << 13)	/* SDCLK0 running */
#define   MDREFR_K0DB2		  (1u << 14)	/* SDCLK0 = memory clock / 2 */
#define   MDREFR_E1PIN		  (1u << 15)	/* SDCKE1 high */
#define   MDREFR_K1RUN		  (1u << 16)	/* SDCLK1 (SDRAM partitions 0, 1) */
#define   MDREFR_K1DB2		  (1u << 17)
#define   MDREFR_K2RUN		  (1u << 18)	/* SDCLK2 (partitions 2, 3) */
#define   MDREFR_K2DB2		  (1u << 19)
#define   MDREFR_APD		  (1u << 20)	/* auto power-down */
#define   MDREFR_SLFRSH		  (1u << 22)	/* self-refresh: set at reset */
#define   MDREFR_K0FREE		  (1u << 23)	/* free-running SDCLKs: set at reset */
#define   MDREFR_K1FREE		  (1u << 24)
#define   MDREFR_K2FREE		  (1u << 25)
#define   MDREFR_K0DB4		  (1u << 29)	/* SDCLK0 = memory clock / 4 */
#define  MEMC_MSC0		 0x08u	/* static chip selects 0 (boot flash) and 1 */
#define  MEMC_MDMRS		 0x40u	/* a write sends MRS to the enabled SDRAM */

/* SDRAM: partitions 0..3 at 64 MiB steps from here */
#define PXA270_SDRAM		0xA0000000u
#define PXA270_SDRAM_END	0xB0000000u
#define PXA270_SRAM		0x5C000000u

#ifndef __ASSEMBLER__
static inline uint32_t pxa270_read(uint32_t a) { return *(volatile uint32_t *)a; }
static inline void pxa270_write(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

void pxa270_init(void);
int pxa270_is_emulated(void);
void pxa270_console_putc(char c);
void pxa270_console_tx_start(void);
void pxa270_console_tx_stop(void);
void pxa270_tick_start(uint32_t hz);
const char *pxa270_tick_late_unit(void);
uint32_t pxa270_tick_late(void);
void pxa270_probe_rate(uint32_t hz);
void pxa270_irq(void);
void pxa270_poweroff(void) __attribute__((noreturn));
void pxa270_reset(void) __attribute__((noreturn));
#endif

#endif
