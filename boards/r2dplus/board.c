/*
 * Renesas R2D+ (SH7751R at 240 MHz, Pphi 60 MHz).
 *
 *   0x0C000000  SDRAM, 64 MiB (image at 0x0C800000)
 *   0xA4000030  FPGA power-off register (W, write 1)
 *   0xFFE80000  SCIF: the console (ttySC1 in Linux)
 */
#include "arch.h"
#include "board.h"
#include "sh7751r.h"

#define R2D_POWEROFF	0xA4000030u
#define R2D_PPHI_HZ	60000000u
#define R2D_SCBRR_115200 15	/* Pphi / (32 * 115200) - 1 */

static int emulated;

void board_init(void)
{
	sh7751r_scif_init(R2D_SCBRR_115200);
	emulated = sh7751r_scif_is_emulated();
}

const char *board_name(void) { return "r2dplus"; }
int board_is_emulated(void) { return emulated; }
void board_console_putc(char c) { sh7751r_scif_putc(c); }
void board_console_tx_start(void) { sh7751r_scif_tx_start(); }
void board_console_tx_stop(void) { sh7751r_scif_tx_stop(); }
void board_tick_start(void) { sh7751r_tmu0_start(BOARD_TICK_HZ, R2D_PPHI_HZ, emulated); }

const char *board_tick_late_unit(void) { return emulated ? "insns" : "ticks"; }

/* No probe: TMU2 is QEMU's re-offer (sh7751r.c), and under QEMU the tick
 * comes every 39,000 instructions, often enough to sample the kernel. */
void board_latency_probe(uint32_t hz) { (void)hz; }

/* TMU0 runs at Pphi/4 as TMU1, the counter, does: under QEMU -icount
 * arch_counter_to_units turns its ticks into instructions exactly. */
uint32_t board_tick_late(void)
{
	uint32_t ticks = sh7751r_tmu0_late();

	return emulated ? arch_counter_to_units(ticks) : ticks;
}

void board_irq(uint32_t intevt)
{
	if (intevt == SH7751R_INTEVT_TMU0) {
		kernel_tick_latency();
		sh7751r_tmu0_ack();
		kernel_tick();
	} else if (intevt == SH7751R_INTEVT_SCIF_TXI) {
		sh7751r_scif_tx_irq();
	} else if (intevt == SH7751R_INTEVT_SCIF_RXI || intevt == SH7751R_INTEVT_SCIF_ERI ||
		   intevt == SH7751R_INTEVT_SCIF_BRI) {
		sh7751r_scif_rx_irq();
	}
}

void board_reset(void) { sh7751r_reset(); }

void board_poweroff(void)
{
	console_flush();
	sh4_write16(R2D_POWEROFF, 1);
	for (;;)
		;
}
