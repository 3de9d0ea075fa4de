/*
 * Intel Mainstone II: the values boards/pxa270/lowlevel.S programs from
 * power-on.  Sources: U-Boot's Mainstone support of 2006
 * (include/configs/mainstone.h, board/mainstone/lowlevel_init.S) and the
 * PXA27x Developer's Manual.
 *
 *   nCS0  0x00000000  32 MiB boot flash, 32 bits wide
 *   nCS2  0x08000000  board FPGA (LEDs, switches)
 *   SDCS0 0xA0000000  64 MiB SDRAM (13 rows, 9 columns, 4 banks, 32 bits)
 */
#ifndef BOARD_LOWLEVEL_H
#define BOARD_LOWLEVEL_H

/*
 * The core voltage to 1.55 V before the clock goes up, as the board's
 * U-Boot does it (board/mainstone/pxavoltage.S, from ADS's adsvix;
 * called from lowlevel_init.S after the SDRAM, before CCCR): the reset
 * button does not reset the voltage, and a core left at a low voltage
 * would crash at 520 MHz.  The regulator's DAC, an LTC1663 at I2C
 * address 0x20 on the power manager's I2C: the command byte (internal
 * reference), then the DAC value 18, low byte first.  U-Boot's waits:
 * 0xC00 OSCR0 ticks (1 ms) after the unit comes up, 0xC0 (60 us) for
 * the voltage to settle, both kept; and 0xC0000 (about 250 ms) after
 * PCFR.PI2CEN, with no reason given there nor a wait asked for in the
 * manual's PCFR: 10 ms here (under QEMU's -icount 250 ms cost 250 M
 * instructions, half a minute more of every boot from flash).
 */
#define BOARD_CORE_VOLTAGE		18u	/* DAC value for 1.55 V */
#define BOARD_CORE_VOLTAGE_ADDR		0x20u
#define BOARD_CORE_VOLTAGE_CMD		0x04u
#define BOARD_PWRI2C_SETTLE_TICKS	0x8000u
#define BOARD_PWRI2C_IDLE_TICKS		0xC00u
#define BOARD_CORE_VOLTAGE_SETTLE_TICKS	0xC0u

/* CCCR: L=16, 2N=5 (turbo 520 MHz), A=1 (memory clock = system bus):
 * mainstone.h's CFG_CCCR 0x02000290 */
#define BOARD_CCCR		0x02000290u
/* CLKCFG: turbo, frequency change, fast bus (lowlevel_init.S: orr #0xB) */
#define BOARD_CLKCFG		(CLKCFG_T | CLKCFG_F | CLKCFG_B)

/*
 * No BOARD_MSC0: mainstone.h leaves MSC0 as the boot configuration pins
 * set it ("DO NOT SET IT"), and lowlevel_init.S writes it only when one
 * is given.  The board's FPGA and Ethernet chip selects (MSC1, MSC2) are
 * not used by this firmware.
 */

/* MDCNFG for partition pair 0/1: mainstone.h's 0x00000AC8 (32 bits,
 * 9 columns, 13 rows, 4 banks, DTC0=2), partition 0 enabled as
 * lowlevel_init.S does */
#define BOARD_MDCNFG		(0x00000AC8u | MDCNFG_DE0)

/*
 * MDREFR once the SDRAM runs, the state lowlevel_init.S leaves: DRI 0x018
 * from CFG_MDREFR_VAL (0x20ca2018); SDCLK0 running at a quarter of the
 * memory clock (K0RUN, K0DB2, K0DB4), SDCLK1 running at half (K1RUN,
 * K1DB2), no free-running clocks, SDCKE1 high, auto power-down on.
 */
#define BOARD_MDREFR		(0x018u | MDREFR_K0RUN | MDREFR_K0DB2 | MDREFR_K0DB4 | \
				 MDREFR_K1RUN | MDREFR_K1DB2 | MDREFR_E1PIN | MDREFR_APD)

/* MDMRS: mainstone.h's CFG_MDMRS_VAL */
#define BOARD_MDMRS		0x00000000u

#endif
