/*
 * Set-associative lookup with LRU or round-robin replacement.  Sets and
 * line sizes are powers of two; a tag holds the whole line number, so
 * a fully associative TLB is one set.
 */
#include <stdlib.h>
#include "cache.h"

static int pow2(unsigned v)
{
	return v && !(v & (v - 1));
}

int sim_cache_init(struct sim_cache *c, unsigned size_bytes, unsigned line_bytes,
		   unsigned ways, int repl)
{
	unsigned lines = line_bytes ? size_bytes / line_bytes : 0;

	*c = (struct sim_cache){ 0 };
	if (!pow2(line_bytes) || !ways || lines < ways || lines % ways || !pow2(lines / ways))
		return -1;
	c->line_bytes = line_bytes;
	c->ways = ways;
	c->sets = lines / ways;
	c->repl = repl;
	while ((1u << c->line_shift) < line_bytes)
		c->line_shift++;
	c->tag = calloc(lines, sizeof *c->tag);
	c->dirty = calloc(lines, 1);
	c->stamp = calloc(lines, sizeof *c->stamp);
	c->next = calloc(c->sets, sizeof *c->next);
	c->hint = calloc(c->sets, sizeof *c->hint);
	if (!c->tag || !c->dirty || !c->stamp || !c->next || !c->hint) {
		sim_cache_free(c);
		return -1;
	}
	return 0;
}

void sim_cache_free(struct sim_cache *c)
{
	free(c->tag);
	free(c->dirty);
	free(c->stamp);
	free(c->next);
	free(c->hint);
	c->tag = c->stamp = NULL;
	c->dirty = NULL;
	c->next = c->hint = NULL;
}

/* The set's last hit first: most hits are to it. */
static int find(struct sim_cache *c, uint64_t line, unsigned set, unsigned base)
{
	unsigned h = c->hint[set];

	if (c->tag[base + h] == line + 1)
		return (int)h;
	for (unsigned w = 0; w < c->ways; w++)
		if (c->tag[base + w] == line + 1) {
			c->hint[set] = w;
			return (int)w;
		}
	return -1;
}

static unsigned victim(struct sim_cache *c, unsigned set, unsigned base)
{
	unsigned w, best = 0;

	for (w = 0; w < c->ways; w++)
		if (!c->tag[base + w])
			return w;
	if (c->repl == SIM_REPL_RR) {
		w = c->next[set];
		c->next[set] = (w + 1) % c->ways;
		return w;
	}
	for (w = 1; w < c->ways; w++)
		if (c->stamp[base + w] < c->stamp[base + best])
			best = w;
	return best;
}

int sim_cache_access(struct sim_cache *c, uint64_t addr, int allocate, int mark_dirty,
		     int *evicted_dirty)
{
	uint64_t line = addr >> c->line_shift;
	unsigned set = (unsigned)line & (c->sets - 1), base = set * c->ways;
	int w = find(c, line, set, base);

	*evicted_dirty = 0;
	if (w >= 0) {
		c->hits++;
		if (c->repl == SIM_REPL_LRU)
			c->stamp[base + w] = ++c->clock;
		c->dirty[base + w] |= (uint8_t)(mark_dirty != 0);
		return 1;
	}
	c->misses++;
	if (!allocate)
		return 0;
	w = (int)victim(c, set, base);
	if (c->tag[base + w] && c->dirty[base + w]) {
		*evicted_dirty = 1;
		c->writebacks++;
	}
	c->tag[base + w] = line + 1;
	c->dirty[base + w] = (uint8_t)(mark_dirty != 0);
	c->stamp[base + w] = ++c->clock;
	c->hint[set] = (unsigned)w;
	return 0;
}

void sim_cache_flush(struct sim_cache *c)
{
	unsigned lines = c->sets * c->ways;

	for (unsigned i = 0; i < lines; i++) {
		c->tag[i] = 0;
		c->dirty[i] = 0;
	}
	for (unsigned s = 0; s < c->sets; s++)
		c->next[s] = 0;
}
