/* Gumstix Verdex: PXA270, 32 MiB flash at 0x0, 64 MiB SDRAM; the rest of
 * the board contract is boards/pxa270/board.c. */
#include "board.h"

const char *board_name(void) { return "verdex"; }
