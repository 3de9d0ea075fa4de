/* Host stand-in for the board's inline tick state: no tick on the host. */
#ifndef BOARD_TICK_H
#define BOARD_TICK_H

static inline int board_tick_pending(void) { return 0; }

#endif
