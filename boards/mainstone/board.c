/* Intel Mainstone II: PXA270, two 32 MiB flash banks, 64 MiB SDRAM; the
 * rest of the board contract is boards/pxa270/board.c. */
#include "board.h"

const char *board_name(void) { return "mainstone"; }
