/*
 * Gumstix Verdex: the values boards/pxa270/lowlevel.S programs from
 * power-on.  Sources: Gumstix's U-Boot 1.2.0 for the Verdex (OpenEmbedded
 * recipe u-boot-verdex-1.2.0, verdex/base.patch: include/configs/gumstix.h
 * and board/gumstix/memsetup.S) and the PXA27x Developer's Manual.
 *
 *   nCS0  0x00000000  32 MiB Intel P30 flash, 16 bits wide
 *   nCS1  0x04000000  Ethernet controller
 *   SDCS0 0xA0000000  64 MiB SDRAM (13 rows, 9 columns, 4 banks, 32 bits)
 */
#ifndef BOARD_LOWLEVEL_H
#define BOARD_LOWLEVEL_H

/* No BOARD_CORE_VOLTAGE: memsetup.S's voltage step ("Set voltage here if
 * necessary", a call to initPXAvoltage) is commented out; the clock
 * changes before the SDRAM comes up, at the voltage the board powers up
 * with.  Its OSCC.OON write is kept (lowlevel.S, last). */

/* CCCR: L=16 (run 208 MHz), 2N=4 (turbo 416 MHz), A=0: gumstix.h's
 * CCCR_VAL for the 400 MHz build the Gumstix recipe selects */
#define BOARD_CCCR		0x00000210u
/* CLKCFG: turbo and frequency change, as memsetup.S (orr #0x3) */
#define BOARD_CLKCFG		(CLKCFG_T | CLKCFG_F)

/* MSC0: nCS0 (low half 0x35D8: non-burst flash, 16 bits, RDF=13, RDN=5,
 * RRR=3) and nCS1 (high half 0x033C, the Ethernet chip); memsetup.S,
 * "from P30-PXA270 design guide" */
#define BOARD_MSC0		0x033C35D8u

/* MDCNFG for partition pair 0/1: 32 bits, 9 columns, 13 rows, 4 banks,
 * DTC0=2 (tRP=3, CL=3, tRCD=3, tRAS=7, tRC=10), bit 11 set as required:
 * the low half of gumstix.h's MDCNFG_VAL_13_9 (0x8AC80AC8), the 64 MiB
 * geometry memsetup.S falls back to.  Only partition 0 is populated. */
#define BOARD_MDCNFG		(0x00000AC8u | MDCNFG_DE0)

/*
 * MDREFR once the SDRAM runs: SDCLK1 clocks it (SDCLK0 is not
 * connected), undivided as memsetup.S leaves K1DB2 clear; SDCKE1 high;
 * auto power-down on, as memsetup.S ends.  DRI: memsetup.S writes 1, a
 * refresh every 32 memory clocks; 0x18 (Mainstone's U-Boot value) gives
 * 24 * 32 / 104 MHz = 7.4 us at L=16, inside the 7.8 us that 8192 rows
 * in 64 ms need.
 */
#define BOARD_MDREFR		(0x018u | MDREFR_K1RUN | MDREFR_E1PIN | MDREFR_APD)

/* MDMRS: memsetup.S's 0x00320032 (CAS latency 3, burst of 4) */
#define BOARD_MDMRS		0x00320032u

#endif
