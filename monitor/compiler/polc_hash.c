/*
 * polc_hash.c - names to numbers in constant time, for the manifest's
 * checks (a path's first statement, a program's file, a directory's
 * parent), which compared every statement with every other one before.
 * Open addressing on a power of two at most a quarter full; what a probe
 * costs is counted (--stats), so that a test can hold it to linear.
 */
#include <stdlib.h>
#include <string.h>

#include "polc.h"

struct polc_stats polc_stats;

/* FNV-1a over the group and the name. */
static uint32_t polc_hash_name(int group, const char *name)
{
	uint32_t h = 2166136261u ^ (uint32_t)group;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return h;
}

static void polc_map_grow(struct polc_map *m)
{
	struct polc_map_slot *old = m->slot;
	uint32_t n = m->nslots, i;

	m->nslots = n ? 2 * n : 64;
	m->slot = polc_alloc(sizeof(*m->slot) * m->nslots);
	m->n = 0;
	for (i = 0; i < n; i++)
		if (old[i].name)
			polc_map_add(m, old[i].group, old[i].name, old[i].value);
	free(old);
}

static struct polc_map_slot *polc_map_slot(const struct polc_map *m, int group,
					   const char *name)
{
	uint32_t mask = m->nslots - 1, i;

	for (i = polc_hash_name(group, name) & mask;; i = (i + 1) & mask) {
		struct polc_map_slot *s = &m->slot[i];

		polc_stats.probes++;
		if (!s->name || (s->group == group && !strcmp(s->name, name)))
			return s;
	}
}

int polc_map_add(struct polc_map *m, int group, const char *name, int value)
{
	struct polc_map_slot *s;

	if (4 * (m->n + 1) > m->nslots)
		polc_map_grow(m);
	s = polc_map_slot(m, group, name);
	if (s->name)
		return s->value;
	s->group = group;
	s->name = name;
	s->value = value;
	m->n++;
	return -1;
}

int polc_map_get(const struct polc_map *m, int group, const char *name)
{
	const struct polc_map_slot *s = m->nslots ? polc_map_slot(m, group, name) : NULL;

	return s && s->name ? s->value : -1;
}

void polc_map_free(struct polc_map *m)
{
	free(m->slot);
	memset(m, 0, sizeof(*m));
}

void polc_stats_print(FILE *f)
{
	fprintf(f, "mac-polc: stats: server calls %llu (vectors %llu, transitions %llu, "
		"contexts %llu), probes %llu, allocations %llu\n",
		polc_stats.vectors + polc_stats.transitions + polc_stats.contexts,
		polc_stats.vectors, polc_stats.transitions, polc_stats.contexts,
		polc_stats.probes, polc_stats.allocations);
}
