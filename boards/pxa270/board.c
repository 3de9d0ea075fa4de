/*
 * The board contract for PXA270 boards: everything the firmware uses is
 * on the chip, so the boards differ only in their name (boards/<board>/)
 * and in how QEMU or a programmer boots them (board.mk).
 */
#include "board.h"
#include "pxa270.h"

void board_init(void) { pxa270_init(); }
int board_is_emulated(void) { return pxa270_is_emulated(); }
void board_console_putc(char c) { pxa270_console_putc(c); }
void board_console_tx_start(void) { pxa270_console_tx_start(); }
void board_console_tx_stop(void) { pxa270_console_tx_stop(); }
void board_tick_start(void) { pxa270_tick_start(BOARD_TICK_HZ); }
const char *board_tick_late_unit(void) { return pxa270_tick_late_unit(); }
uint32_t board_tick_late(void) { return pxa270_tick_late(); }
void board_latency_probe(uint32_t hz) { pxa270_probe_rate(hz); }
void board_poweroff(void) { pxa270_poweroff(); }
void board_reset(void) { pxa270_reset(); }

void board_irq(uint32_t arch_event)
{
	(void)arch_event;
	pxa270_irq();
}
