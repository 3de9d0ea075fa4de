/*
 * A set-associative cache or TLB, by address alone: which lines it
 * holds, which are dirty, what it evicts.  Timing is the model's.
 */
#ifndef SIM_CACHE_H
#define SIM_CACHE_H

#include <stdint.h>

enum { SIM_REPL_LRU, SIM_REPL_RR };

struct sim_cache {
	unsigned line_bytes, ways, sets;
	int repl;
	unsigned line_shift;
	uint64_t *tag;		/* sets * ways: line number + 1, 0 = empty */
	uint8_t *dirty;
	uint64_t *stamp;	/* LRU: last use */
	unsigned *next;		/* RR: the way to fill next, per set */
	unsigned *hint;		/* the way last hit or filled, per set */
	uint64_t clock;
	uint64_t hits, misses, writebacks;
};

int sim_cache_init(struct sim_cache *c, unsigned size_bytes, unsigned line_bytes,
		   unsigned ways, int repl);
void sim_cache_free(struct sim_cache *c);
int sim_cache_access(struct sim_cache *c, uint64_t addr, int allocate, int mark_dirty,
		     int *evicted_dirty);
void sim_cache_flush(struct sim_cache *c);

#endif
