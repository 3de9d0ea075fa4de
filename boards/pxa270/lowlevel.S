/*
 * PXA270 power-on set-up, before the image copies itself to SDRAM:
 * console pins, pin-hold release, unit clocks, core clock, boot flash
 * timing, then the SDRAM power-up sequence in the order of the PXA27x
 * Developer's Manual ("hardware reset" initialisation of the memory
 * controller), as U-Boot's pxa2xx_dram_init and the boards' old
 * lowlevel_init.S also follow it, and last the 32.768 kHz oscillator.
 * A board that defines BOARD_CORE_VOLTAGE (the Mainstone) brings the
 * SDRAM up at the reset clock first, then raises the core voltage over
 * the power manager's I2C, and only then changes the core clock, as its
 * U-Boot does: a reset does not reset the voltage, which may have been
 * left too low for the new clock.  The board's values come from
 * boards/<board>/board_lowlevel.h.
 *
 * Called from arch/arm/start.S with bl: it runs wherever the image is
 * (flash at 0x0 after reset), so it uses no absolute address of its own
 * and no stack (there is no memory yet).  lr stays untouched; r0-r3 are
 * clobbered.  It does nothing when a boot loader did all this already:
 * when we already run from SDRAM (U-Boot loadb + go), or when SDRAM
 * partition 0 is enabled (U-Boot go to a copy in flash).
 */
#include "pxa270.h"
#include "board_lowlevel.h"

/* the manual's NOP power-up wait of the SDRAM: 100..200 us; take 200 */
#define SDRAM_POWERUP_TICKS	(PXA270_OSCR_HZ / 5000)
/* refresh cycles before the first access ("usually 8" in the manual) */
#define SDRAM_REFRESHES		8

/* Every MDREFR bit a board may ask for is stepped in below. */
#if BOARD_MDREFR & ~(MDREFR_DRI | MDREFR_K0RUN | MDREFR_K0DB2 | MDREFR_K0DB4 | \
	MDREFR_K1RUN | MDREFR_K1DB2 | MDREFR_K2RUN | MDREFR_K2DB2 | MDREFR_E1PIN | MDREFR_APD)
#error "BOARD_MDREFR has a bit the power-up sequence does not handle"
#endif
#if (BOARD_MDREFR & MDREFR_DRI) == 0
#error "BOARD_MDREFR needs a refresh interval (DRI)"
#endif

/*
 * MDREFR on the way from reset ("self-refresh and clock-stop") to NOP,
 * one state per write, as the manual lists them: DRI valid, SDCLK0 set,
 * free-running clocks off, self-refresh kept, APD off; then the SDRAM
 * clocks run (self-refresh); then self-refresh ends (power-down); then
 * SDCKE1 rises (PWRDNX).  APD comes last, after MDMRS.
 */
#define MDREFR_STEP1	((BOARD_MDREFR & (MDREFR_DRI | MDREFR_K0RUN | MDREFR_K0DB2 | \
			  MDREFR_K0DB4)) | MDREFR_SLFRSH)
#define MDREFR_STEP2	(MDREFR_STEP1 | (BOARD_MDREFR & (MDREFR_K1RUN | MDREFR_K1DB2 | \
			  MDREFR_K2RUN | MDREFR_K2DB2)))
#define MDREFR_STEP3	(MDREFR_STEP2 & ~MDREFR_SLFRSH)
#define MDREFR_STEP4	(MDREFR_STEP3 | (BOARD_MDREFR & MDREFR_E1PIN))

/* A write to a memory controller register (r1 = its base), read back
 * so that it has taken effect before the next step (manual, MSCx). */
.macro memc_write reg, value
	ldr	r0, =\value
	str	r0, [r1, #\reg]
	ldr	r0, [r1, #\reg]
.endm

/* Waits `ticks` of OSCR0 (3.25 MHz, running since reset); a difference,
 * so that a wrap does no harm.  r1 = the OS timer base after it. */
.macro oscr_wait ticks
	ldr	r1, =PXA270_OST
	ldr	r2, [r1, #OST_OSCR0]
	ldr	r3, =\ticks
1:	ldr	r0, [r1, #OST_OSCR0]
	sub	r0, r0, r2
	cmp	r0, r3
	blo	1b
.endm

/* The core clock: CCCR, then CLKCFG.F makes the switch (the core stalls
 * while the PLL relocks). */
.macro core_clock
	ldr	r1, =PXA270_CLKMGR
	ldr	r0, =BOARD_CCCR
	str	r0, [r1, #CLKMGR_CCCR]
	ldr	r0, =BOARD_CLKCFG
	mcr	p14, 0, r0, c6, c0, 0
.endm

#ifdef BOARD_CORE_VOLTAGE
/* the power I2C master, enabled, fast mode, deaf to general calls */
#define PICR_MASTER	(PICR_IUE | PICR_SCLE | PICR_GCD | PICR_FM)
/* a byte's time at 400 kHz is 23 us; 1.3 ms without an answer is none */
#define PWRI2C_BYTE_TICKS	4096

/* One byte to the voltage regulator (r1 = power manager base).  A bus
 * that never reports the byte sent goes to \fail: the core then keeps
 * the clock it came out of reset with rather than run the board's at a
 * voltage nobody set.  r2, r3: the wait. */
.macro pwri2c_send byte, flags, fail
	mov	r0, #\byte
	str	r0, [r1, #PWRI2C_PIDBR]
	ldr	r0, =PICR_MASTER | PICR_TB | \flags
	str	r0, [r1, #PWRI2C_PICR]
	ldr	r3, =PXA270_OST
	ldr	r2, [r3, #OST_OSCR0]
1:	ldr	r0, [r1, #PWRI2C_PISR]
	tst	r0, #PISR_ITE
	bne	2f
	ldr	r0, [r3, #OST_OSCR0]
	sub	r0, r0, r2
	cmp	r0, #PWRI2C_BYTE_TICKS
	blo	1b
	b	\fail
2:	mov	r0, #PISR_ITE
	str	r0, [r1, #PWRI2C_PISR]
.endm
#endif

/* One pin to its alternate function and direction (r1 = GPIO base).
 * Read-modify-write: the other pins keep what reset gave them. */
.macro gpio_function pin, af, output
	.if \pin >= 96
	.error "only GPIO0..95 are handled"
	.endif
	ldr	r0, [r1, #GPIO_GPDR0 + (\pin / 32) * 4]
	.if \output
	orr	r0, r0, #1 << (\pin % 32)
	.else
	bic	r0, r0, #1 << (\pin % 32)
	.endif
	str	r0, [r1, #GPIO_GPDR0 + (\pin / 32) * 4]
	ldr	r0, [r1, #GPIO_GAFR0_L + (\pin / 16) * 4]
	bic	r0, r0, #3 << ((\pin % 16) * 2)
	orr	r0, r0, #\af << ((\pin % 16) * 2)
	str	r0, [r1, #GPIO_GAFR0_L + (\pin / 16) * 4]
.endm

	.section .text.board_lowlevel_init, "ax"
	.arm
	.global board_lowlevel_init
board_lowlevel_init:
	/* SDRAM is 0xA0000000..0xAFFFFFFF: running there, it works already */
	mov	r0, pc
	mov	r0, r0, lsr #28
	cmp	r0, #PXA270_SDRAM >> 28
	moveq	pc, lr
	ldr	r1, =PXA270_MEMC
	ldr	r0, [r1, #MEMC_MDCNFG]
	tst	r0, #MDCNFG_DE0
	movne	pc, lr

	/*
	 * Console pins first, while the pins are still held (PSSR.RDH):
	 * TXD's level is set high (the line's idle state) before it
	 * becomes an output, so the first thing on the line is no glitch.
	 */
	ldr	r1, =PXA270_GPIO
	ldr	r0, =1 << (FFUART_TXD_GPIO % 32)
	str	r0, [r1, #GPIO_GPSR0 + (FFUART_TXD_GPIO / 32) * 4]
	gpio_function FFUART_TXD_GPIO, FFUART_TXD_AF, 1
	gpio_function FFUART_RXD_GPIO, FFUART_RXD_AF, 0
	/* release the pins: inputs on (RDH), sleep levels off (PH) */
	ldr	r1, =PXA270_PM
	mov	r0, #PSSR_RDH | PSSR_PH
	str	r0, [r1, #PM_PSSR]

	/* unit clocks: console, OS timer, internal SRAM, memory controller
	 * (the Gumstix U-Boot's set); everything else stays off */
	ldr	r1, =PXA270_CLKMGR
	ldr	r0, =CKEN_FFUART | CKEN_OST | CKEN_IM | CKEN_MEMC
	str	r0, [r1, #CLKMGR_CKEN]
#ifndef BOARD_CORE_VOLTAGE
	/* SDRAM is still off: nothing to refresh through the change */
	core_clock
#endif

	ldr	r1, =PXA270_MEMC
#ifdef BOARD_MSC0
	/* boot flash timing (the code we run comes from there) */
	memc_write MEMC_MSC0, BOARD_MSC0
#endif
	/* SDRAM: MDREFR from clock-stop to NOP, one state per write */
	memc_write MEMC_MDREFR, MDREFR_STEP1
	memc_write MEMC_MDREFR, MDREFR_STEP2
	memc_write MEMC_MDREFR, MDREFR_STEP3
	memc_write MEMC_MDREFR, MDREFR_STEP4
	/* geometry and timing, partitions still disabled */
	memc_write MEMC_MDCNFG, BOARD_MDCNFG & ~MDCNFG_DE_ALL

	/* the SDRAM's NOP power-up wait */
	oscr_wait SDRAM_POWERUP_TICKS

	/* refresh cycles: non-burst writes to the still disabled SDRAM
	 * (caches are off since reset, as the manual requires here) */
	ldr	r1, =PXA270_SDRAM
	mov	r2, #SDRAM_REFRESHES
2:	str	r2, [r1]
	subs	r2, r2, #1
	bne	2b

	ldr	r1, =PXA270_MEMC
	memc_write MEMC_MDCNFG, BOARD_MDCNFG
	/* MRS to the enabled partitions: CAS latency from MDCNFG.DTC */
	memc_write MEMC_MDMRS, BOARD_MDMRS
#if BOARD_MDREFR & MDREFR_APD
	memc_write MEMC_MDREFR, BOARD_MDREFR
#endif

#ifdef BOARD_CORE_VOLTAGE
	/*
	 * The core voltage, then the clock.  The power I2C's unit clock and
	 * PCFR.PI2CEN (the power manager's I2C pins to that unit) first, a
	 * wait, then the unit from reset to an idle master; the message is
	 * the board's (board_lowlevel.h).
	 */
	ldr	r1, =PXA270_CLKMGR
	ldr	r0, [r1, #CLKMGR_CKEN]
	orr	r0, r0, #CKEN_PWRI2C
	str	r0, [r1, #CLKMGR_CKEN]
	ldr	r1, =PXA270_PM
	ldr	r0, [r1, #PM_PCFR]
	orr	r0, r0, #PCFR_PI2CEN
	str	r0, [r1, #PM_PCFR]
	oscr_wait BOARD_PWRI2C_SETTLE_TICKS
	ldr	r1, =PXA270_PM
	mov	r0, #PICR_UR
	str	r0, [r1, #PWRI2C_PICR]
	ldr	r0, =PISR_ALL
	str	r0, [r1, #PWRI2C_PISR]
	mov	r0, #0
	str	r0, [r1, #PWRI2C_PICR]
	ldr	r0, =PICR_MASTER & ~PICR_IUE
	str	r0, [r1, #PWRI2C_PICR]
	ldr	r0, =PICR_MASTER
	str	r0, [r1, #PWRI2C_PICR]
	oscr_wait BOARD_PWRI2C_IDLE_TICKS
	ldr	r1, =PXA270_PM
	pwri2c_send BOARD_CORE_VOLTAGE_ADDR << 1, PICR_START, 8f
	pwri2c_send BOARD_CORE_VOLTAGE_CMD, 0, 8f
	pwri2c_send BOARD_CORE_VOLTAGE & 0xFF, 0, 8f
	pwri2c_send BOARD_CORE_VOLTAGE >> 8, PICR_STOP, 8f
	oscr_wait BOARD_CORE_VOLTAGE_SETTLE_TICKS
	/* SDRAM runs now: it refreshes itself through the change, and
	 * MDREFR is written again after it, as the board's U-Boot does */
	core_clock
	ldr	r1, =PXA270_MEMC
	ldr	r0, [r1, #MEMC_MDREFR]
	str	r0, [r1, #MEMC_MDREFR]
8:
#endif
	/* the 32.768 kHz oscillator on, as both boards' U-Boots do; nothing
	 * here runs from it, so its settling (OSCC.OOK) is not awaited */
	ldr	r1, =PXA270_CLKMGR
	ldr	r0, [r1, #CLKMGR_OSCC]
	orr	r0, r0, #OSCC_OON
	str	r0, [r1, #CLKMGR_OSCC]
	mov	pc, lr
	.ltorg
