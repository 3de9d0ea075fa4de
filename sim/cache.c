/*
 * Tag store of a set-associative cache (cache.h).  The lookup is the
 * models' hot path, run for every fetch and every operand: one shift,
 * one mask and a scan of `ways` tags.
 */
#include <stdlib.h>
#include <string.h>
#include "cache.h"

static int is_pow2(unsigned x)
{
	return x && !(x & (x - 1));
}

unsigned sim_log2(uint64_t x)
{
	unsigned n = 0;

	while (x > 1) {
		x >>= 1;
		n++;
	}
	return n;
}

int sim_cache_init(struct sim_cache *c, unsigned size_bytes, unsigned line_bytes,
		   unsigned ways, int repl)
{
	unsigned lines;

	memset(c, 0, sizeof(*c));
	if (!is_pow2(line_bytes) || !ways || size_bytes % line_bytes)
		return -1;
	lines = size_bytes / line_bytes;
	if (!lines || lines % ways || !is_pow2(lines / ways))
		return -1;
	if (repl != SIM_REPL_LRU && repl != SIM_REPL_RR)
		return -1;
	c->line_bytes = line_bytes;
	c->ways = ways;
	c->sets = lines / ways;
	c->repl = repl;
	c->line_shift = sim_log2(line_bytes);
	c->set_mask = c->sets - 1;
	c->tag = calloc(lines, sizeof(*c->tag));
	c->valid = calloc(lines, 1);
	c->dirty = calloc(lines, 1);
	c->age = calloc(lines, sizeof(*c->age));
	c->rr_next = calloc(c->sets, sizeof(*c->rr_next));
	if (!c->tag || !c->valid || !c->dirty || !c->age || !c->rr_next) {
		sim_cache_free(c);
		return -1;
	}
	return 0;
}

void sim_cache_free(struct sim_cache *c)
{
	free(c->tag);
	free(c->valid);
	free(c->dirty);
	free(c->age);
	free(c->rr_next);
	c->tag = NULL;
	c->valid = c->dirty = NULL;
	c->age = NULL;
	c->rr_next = NULL;
}

/* LRU's clock wraps after 4 G uses (a boot makes more): age every line
 * by half the range so that any two used within 2 G uses keep order. */
static uint32_t cache_tick(struct sim_cache *c)
{
	unsigned i, lines;

	if (c->clock == UINT32_MAX) {
		lines = c->sets * c->ways;
		for (i = 0; i < lines; i++)
			c->age[i] = c->age[i] > 0x80000000u ? c->age[i] - 0x80000000u : 0;
		c->clock -= 0x80000000u;
	}
	return ++c->clock;
}

/* The way a miss in set `base` fills: an invalid one first, else by policy. */
static unsigned cache_victim(struct sim_cache *c, unsigned set, unsigned base)
{
	unsigned w, best = 0;

	for (w = 0; w < c->ways; w++)
		if (!c->valid[base + w])
			return w;
	if (c->repl == SIM_REPL_RR) {
		w = c->rr_next[set];
		c->rr_next[set] = (w + 1) % c->ways;
		return w;
	}
	for (w = 1; w < c->ways; w++)
		if (c->age[base + w] < c->age[base + best])
			best = w;
	return best;
}

/* The slot holding line (an address >> line_shift), or -1. */
static int cache_find(const struct sim_cache *c, uint64_t line)
{
	unsigned base = ((unsigned)line & c->set_mask) * c->ways, w;

	for (w = 0; w < c->ways; w++)
		if (c->valid[base + w] && c->tag[base + w] == line)
			return (int)(base + w);
	return -1;
}

int sim_cache_access(struct sim_cache *c, uint64_t addr, int allocate, int mark_dirty,
		     int *evicted_dirty)
{
	uint64_t line = addr >> c->line_shift;
	unsigned set = (unsigned)line & c->set_mask;
	int i = cache_find(c, line);

	if (evicted_dirty)
		*evicted_dirty = 0;
	if (i >= 0) {
		c->hits++;
		c->age[i] = cache_tick(c);
		if (mark_dirty)
			c->dirty[i] = 1;
		return 1;
	}
	c->misses++;
	if (!allocate)
		return 0;
	i = (int)(set * c->ways + cache_victim(c, set, set * c->ways));
	if (c->valid[i] && c->dirty[i]) {
		c->writebacks++;
		if (evicted_dirty)
			*evicted_dirty = 1;
	}
	c->tag[i] = line;
	c->valid[i] = 1;
	c->dirty[i] = mark_dirty ? 1 : 0;
	c->age[i] = cache_tick(c);
	return 0;
}

int sim_cache_probe(const struct sim_cache *c, uint64_t addr)
{
	return cache_find(c, addr >> c->line_shift) >= 0;
}

int sim_cache_dirty(const struct sim_cache *c, uint64_t addr)
{
	int i = cache_find(c, addr >> c->line_shift);

	return i >= 0 && c->dirty[i];
}

void sim_cache_flush(struct sim_cache *c)
{
	unsigned lines = c->sets * c->ways;

	memset(c->valid, 0, lines);
	memset(c->dirty, 0, lines);
	memset(c->age, 0, lines * sizeof(*c->age));
	memset(c->rr_next, 0, c->sets * sizeof(*c->rr_next));
	c->clock = 0;
}
