/*
 * Interrupt latency of the tick (kernel/latency.c): what the board
 * measures at each tick, gathered per phase of a run and reported as
 *
 *   LATENCY board=B phase=P strategy=S unit=U n=N min=X median=Y max=Z
 */
#ifndef LATENCY_H
#define LATENCY_H

#include <stdint.h>
#include "mac.h"
#include "syscall_nr.h"

struct latency_stats { uint32_t n, min, median, max; };

/* Forget what was gathered: a new phase starts now. */
void latency_start(void);
/* The phase since latency_start (or the last take) ends: its figures,
 * and a new phase starts.  latency_print prints them as a LATENCY line;
 * latency_report does both. */
void latency_take(struct latency_stats *out);
void latency_print(const char *phase, const char *strategy, const struct latency_stats *st);
void latency_report(const char *phase, const char *strategy);
/* The samples of one domain's tasks, over the run from this call on: the
 * ticks that waited for their own system calls (one that ended in a
 * switch to another task is left out) or came while they ran;
 * latency_take_focus reads them once, at the end. */
void latency_focus(mac_col_t domain);
void latency_take_focus(struct latency_stats *out);

/*
 * Per system call (test images, SYS_TEST_LATENCY): a task names the call
 * it makes next, and every sample of that task and of its children from
 * then on is that call's, until it names another (LAT_END: none).
 * LAT_FAULT: the fault a child is about to take, with its kill.  The
 * test image prints each as
 *
 *   LATENCY board=B call=NAME strategy=S unit=U n=N max=X
 */
#define LAT_FAULT	SYS_LAT_FAULT
#define LAT_END		SYS_LAT_END
void latency_call(int call);
void latency_call_take(int call, uint32_t *n, uint32_t *max);

#endif
