/*
 * Interrupt latency of the tick (kernel/latency.c): what the board
 * measures at each tick, gathered per phase of a run and reported as
 *
 *   LATENCY board=B phase=P strategy=S unit=U n=N min=X median=Y max=Z
 */
#ifndef LATENCY_H
#define LATENCY_H

#include <stdint.h>

struct latency_stats { uint32_t n, min, median, max; };

/* Forget what was gathered: a new phase starts now. */
void latency_start(void);
/* The phase since latency_start (or the last report) ends: its figures,
 * and a new phase starts.  latency_report prints them as a LATENCY line. */
void latency_take(struct latency_stats *out);
void latency_report(const char *phase, const char *strategy);

#endif
