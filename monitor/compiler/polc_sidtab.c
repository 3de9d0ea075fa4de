/*
 * polc_sidtab.c - the SID table libsepol's security server works with,
 * hashed both ways.
 *
 * libsepol 3.4's own table (sidtab.o) finds a SID's context in one of
 * 128 chains, and a context's SID by walking every entry: each
 * transition the compiler asks for (a domain's exec or create of each
 * column) walks the whole table, which makes a compilation quadratic in
 * the manifest's contexts (7.7 s at 6,400 statn types, most of it in
 * that walk). This file defines the same functions (sidtab.h), so that
 * the static link takes them instead of libsepol's sidtab.o: an array
 * indexed by SID, and an open-addressed index of the contexts by their
 * hash. SIDs are numbered as libsepol numbers them (the next one for a
 * new context), so the tables written do not change.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/sidtab.h>

#include "polc.h"

/* libsepol's flask.h (not installed): a SID not in the table stands
 * for the unlabeled one, as in the kernel. */
#define POLC_SECINITSID_UNLABELED 3

struct polc_sidtab {
	sidtab_node_t **by_sid;	/* [SID] -> node or NULL */
	uint32_t nsids;		/* entries of by_sid */
	uint32_t *slot;		/* the contexts' index: a SID, 0 if empty */
	uint32_t nslots;	/* a power of two, over four times nel: a
				 * lookup takes 1.2 probes at most, on average */
};

/* libsepol keeps the table behind htable (sepol_sidtab_set copies it
 * from one sidtab_t to another): ours goes there. */
static struct polc_sidtab *polc_tab(const sidtab_t *s)
{
	return s ? (struct polc_sidtab *)(void *)s->htable : NULL;
}

static uint32_t polc_mix(uint32_t h, uint32_t v)
{
	h ^= v + 0x9e3779b9u + (h << 6) + (h >> 2);
	return h;
}

static uint32_t polc_hash_ebitmap(uint32_t h, const ebitmap_t *e)
{
	const ebitmap_node_t *n;

	for (n = e->node; n; n = n->next) {
		if (!n->map)
			continue;
		h = polc_mix(h, n->startbit);
		h = polc_mix(h, (uint32_t)n->map);
		h = polc_mix(h, (uint32_t)((uint64_t)n->map >> 32));
	}
	return h;
}

/* Equal contexts (context_cmp) hash equal: the categories by their set
 * bits, not by how the bitmap's nodes happen to be cut. */
static uint32_t polc_hash_context(const context_struct_t *c)
{
	uint32_t h = polc_mix(polc_mix(polc_mix(0, c->user), c->role), c->type);
	int i;

	for (i = 0; i < 2; i++) {
		h = polc_mix(h, c->range.level[i].sens);
		h = polc_hash_ebitmap(h, &c->range.level[i].cat);
	}
	/* the low bits pick the slot: spread every bit into them */
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	return h ^ (h >> 16);
}

static int polc_index_put(struct polc_sidtab *t, uint32_t sid)
{
	uint32_t mask = t->nslots - 1;
	uint32_t i = polc_hash_context(&t->by_sid[sid]->context) & mask;

	while (t->slot[i]) {
		polc_stats.probes++;
		i = (i + 1) & mask;
	}
	t->slot[i] = sid;
	return 0;
}

static int polc_index_grow(struct polc_sidtab *t, uint32_t nel)
{
	uint32_t n = t->nslots ? t->nslots : 64, sid;

	if (nel * 4 < t->nslots)
		return 0;
	while (n <= nel * 4)
		n *= 2;
	free(t->slot);
	t->slot = calloc(n, sizeof(*t->slot));
	if (!t->slot)
		return -ENOMEM;
	polc_stats.allocations++;
	t->nslots = n;
	for (sid = 0; sid < t->nsids; sid++)
		if (t->by_sid[sid])
			polc_index_put(t, sid);
	return 0;
}

static int polc_sids_grow(struct polc_sidtab *t, uint32_t sid)
{
	uint32_t n = t->nsids ? t->nsids : 64;
	sidtab_node_t **p;

	if (sid < t->nsids)
		return 0;
	while (n <= sid)
		n *= 2;
	p = realloc(t->by_sid, sizeof(*p) * n);
	if (!p)
		return -ENOMEM;
	polc_stats.allocations++;
	memset(p + t->nsids, 0, sizeof(*p) * (n - t->nsids));
	t->by_sid = p;
	t->nsids = n;
	return 0;
}

int sepol_sidtab_init(sidtab_t *s)
{
	struct polc_sidtab *t = calloc(1, sizeof(*t));

	if (!t)
		return -ENOMEM;
	polc_stats.allocations++;
	s->htable = (sidtab_ptr_t *)(void *)t;
	s->nel = 0;
	s->next_sid = 1;
	s->shutdown = 0;
	return 0;
}

int sepol_sidtab_insert(sidtab_t *s, sepol_security_id_t sid, context_struct_t *context)
{
	struct polc_sidtab *t = polc_tab(s);
	sidtab_node_t *node;

	if (!t || polc_sids_grow(t, sid) || polc_index_grow(t, s->nel + 1))
		return -ENOMEM;
	if (t->by_sid[sid]) {
		errno = EEXIST;
		return -EEXIST;
	}
	node = malloc(sizeof(*node));
	if (!node)
		return -ENOMEM;
	polc_stats.allocations++;
	node->sid = sid;
	node->next = NULL;
	if (context_cpy(&node->context, context)) {
		free(node);
		return -ENOMEM;
	}
	t->by_sid[sid] = node;
	polc_index_put(t, sid);
	s->nel++;
	if (sid >= s->next_sid)
		s->next_sid = sid + 1;
	return 0;
}

context_struct_t *sepol_sidtab_search(sidtab_t *s, sepol_security_id_t sid)
{
	struct polc_sidtab *t = polc_tab(s);

	if (!t)
		return NULL;
	if (sid >= t->nsids || !t->by_sid[sid])
		sid = POLC_SECINITSID_UNLABELED;
	if (sid >= t->nsids || !t->by_sid[sid])
		return NULL;
	return &t->by_sid[sid]->context;
}

/* In SID order. */
int sepol_sidtab_map(sidtab_t *s, int (*apply)(sepol_security_id_t sid,
					       context_struct_t *context, void *args),
		     void *args)
{
	struct polc_sidtab *t = polc_tab(s);
	uint32_t sid;
	int rc;

	for (sid = 0; t && sid < t->nsids; sid++) {
		if (!t->by_sid[sid])
			continue;
		rc = apply(sid, &t->by_sid[sid]->context, args);
		if (rc)
			return rc;
	}
	return 0;
}

static void polc_index_rebuild(struct polc_sidtab *t)
{
	uint32_t sid;

	memset(t->slot, 0, sizeof(*t->slot) * t->nslots);
	for (sid = 0; sid < t->nsids; sid++)
		if (t->by_sid[sid])
			polc_index_put(t, sid);
}

void sepol_sidtab_map_remove_on_error(sidtab_t *s,
				      int (*apply)(sepol_security_id_t sid,
						   context_struct_t *context, void *args),
				      void *args)
{
	struct polc_sidtab *t = polc_tab(s);
	uint32_t sid;
	bool removed = false;

	for (sid = 0; t && sid < t->nsids; sid++) {
		sidtab_node_t *node = t->by_sid[sid];

		if (!node || !apply(sid, &node->context, args))
			continue;
		context_destroy(&node->context);
		free(node);
		t->by_sid[sid] = NULL;
		s->nel--;
		removed = true;
	}
	if (removed)
		polc_index_rebuild(t);
}

int sepol_sidtab_context_to_sid(sidtab_t *s, context_struct_t *context,
				sepol_security_id_t *out_sid)
{
	struct polc_sidtab *t = polc_tab(s);
	uint32_t mask, i, sid;
	int rc;

	*out_sid = SEPOL_SECSID_NULL;
	if (!t)
		return -ENOMEM;
	mask = t->nslots - 1;
	for (i = t->nslots ? polc_hash_context(context) & mask : 0;
	     t->nslots && (sid = t->slot[i]); i = (i + 1) & mask) {
		polc_stats.probes++;
		if (context_cmp(&t->by_sid[sid]->context, context)) {
			*out_sid = sid;
			return 0;
		}
	}
	if (s->next_sid == UINT_MAX || s->shutdown)
		return -ENOMEM;
	sid = s->next_sid;
	rc = sepol_sidtab_insert(s, sid, context);
	if (rc)
		return rc;
	*out_sid = sid;
	return 0;
}

void sepol_sidtab_hash_eval(sidtab_t *h, char *tag)
{
	struct polc_sidtab *t = polc_tab(h);

	printf("%s:  %u entries, %u slots\n", tag, h->nel, t ? t->nslots : 0);
}

void sepol_sidtab_destroy(sidtab_t *s)
{
	struct polc_sidtab *t = polc_tab(s);
	uint32_t sid;

	if (!t)
		return;
	for (sid = 0; sid < t->nsids; sid++) {
		if (!t->by_sid[sid])
			continue;
		context_destroy(&t->by_sid[sid]->context);
		free(t->by_sid[sid]);
	}
	free(t->by_sid);
	free(t->slot);
	free(t);
	s->htable = NULL;
	s->nel = 0;
	s->next_sid = 1;
}

void sepol_sidtab_set(sidtab_t *dst, sidtab_t *src)
{
	dst->htable = src->htable;
	dst->nel = src->nel;
	dst->next_sid = src->next_sid;
	dst->shutdown = 0;
}

void sepol_sidtab_shutdown(sidtab_t *s)
{
	s->shutdown = 1;
}
