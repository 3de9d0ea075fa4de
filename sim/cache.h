/*
 * A set-associative cache or TLB for the timing models (sh4.c,
 * xscale.c).  Tags only, no data: the caller says whether a miss
 * allocates and whether an access dirties the line, and reads the
 * result and the eviction to price it.  A TLB is a cache whose line is
 * a page and whose ways are its entries (sets = 1: fully associative).
 * Whether the index is virtual or physical is the caller's choice of
 * addr.
 */
#ifndef SIM_CACHE_H
#define SIM_CACHE_H

#include <stdint.h>

struct sim_cache {
	unsigned line_bytes, ways, sets;	/* set by sim_cache_init */
	enum { SIM_REPL_LRU, SIM_REPL_RR } repl;
	unsigned line_shift, set_mask;
	uint64_t *tag;		/* [sets * ways]: line address (addr >> line_shift) */
	uint8_t *valid, *dirty;	/* [sets * ways] */
	unsigned *rr_next;	/* [sets]: the next way round-robin evicts */
	uint32_t *age;		/* [sets * ways]: last use, for LRU */
	uint32_t clock;		/* LRU's time */
	uint64_t hits, misses, writebacks;
};

/* 0 ok, -1 bad geometry (sizes not powers of two, ways not dividing). */
int sim_cache_init(struct sim_cache *c, unsigned size_bytes, unsigned line_bytes,
		   unsigned ways, int repl);
void sim_cache_free(struct sim_cache *c);
/* The floor of log2(x), 0 for 0 and 1: shifts from power-of-two sizes. */
unsigned sim_log2(uint64_t x);
/* Looks addr up; on a miss allocates when `allocate` (evicting per
 * repl); returns 1 on hit, 0 on miss; *evicted_dirty (may be NULL) set
 * when a dirty line was evicted.  mark_dirty marks the line dirty
 * (a write-back store), on a hit or on the line just allocated. */
int sim_cache_access(struct sim_cache *c, uint64_t addr, int allocate, int mark_dirty,
		     int *evicted_dirty);
/* Whether addr is present, without touching replacement state. */
int sim_cache_probe(const struct sim_cache *c, uint64_t addr);
/* Whether addr is present and dirty. */
int sim_cache_dirty(const struct sim_cache *c, uint64_t addr);
/* Invalidates every line (dirty lines are dropped, not counted). */
void sim_cache_flush(struct sim_cache *c);

#endif
