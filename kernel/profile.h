/*
 * The profile of the tasks that run on the profiling system-call table
 * (profile.c): per check site, the checks made and what they cost, and
 * the system calls' own time, for the report's "profile" table.
 */
#ifndef PROFILE_H
#define PROFILE_H

#include <stdint.h>
#include "kernel.h"

/* The monitor's slow-path counters before a check: what the check adds
 * to them says whether it took the audit path, granted or denied. */
struct profile_path {
	uint32_t slow, denied;
};

static inline struct profile_path profile_path_now(void)
{
	return (struct profile_path){ mac_stats.slow, mac_stats.denials + mac_stats.permissive };
}

/* One check, between two counter readings t0 and t1, made by fn on
 * tclass for perms, the slow-path counters as they were before it
 * (profile_sites.h calls these). */
void profile_note(const char *fn, unsigned int tclass, mac_vec_t perms, uint32_t t0,
		  uint32_t t1, const struct profile_path *before);
void profile_note_handle(const char *fn, const struct handle *h, mac_vec_t perms, uint32_t t0,
			 uint32_t t1, const struct profile_path *before);

/* The "profile" table and its PROFILE lines. */
void profile_print(void);

/* The figures behind them, for a test: costs in counter units, the
 * counter's and the profiler's own instructions taken off. */
struct profile_totals {
	uint32_t calls, checks;
	uint32_t check_cost, syscall_cost;
};
void profile_totals(struct profile_totals *out);

/* Site i's class and permissions (what a device's report measures on
 * its own); 0 past the last site. */
int profile_site_check(unsigned i, unsigned int *tclass, mac_vec_t *perms);

#endif
