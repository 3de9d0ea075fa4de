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
