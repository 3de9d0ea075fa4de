/*
 * Intel Mainstone II (PXA270, two 32 MiB flash banks, 64 MiB SDRAM).
 * Everything is on the chip: boards/pxa270/pxa270.h has the memory map.
 */
#include "board.h"
#include "pxa270.h"

void board_init(void) { pxa270_init(); }
const char *board_name(void) { return "mainstone"; }
int board_is_emulated(void) { return pxa270_is_emulated(); }
void board_console_putc(char c) { pxa270_console_putc(c); }
int board_console_getc(void) { return pxa270_console_getc(); }
void board_tick_start(void) { pxa270_tick_start(BOARD_TICK_HZ); }

void board_irq(uint32_t arch_event)
{
	(void)arch_event;
	pxa270_irq();
}

void board_poweroff(void) { pxa270_poweroff(); }
