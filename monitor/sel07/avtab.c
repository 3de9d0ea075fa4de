/*
 * ss/avtab.c of 2.6.22: the TE rules in 32768 buckets, attributes
 * unexpanded, chains sorted by key as avtab_insert_nonunique keeps them.
 */
#include "sel07.h"

#if MAC_SEL07_MODEL

#define AVTAB_HASH_BITS 15
#define AVTAB_HASH_BUCKETS (1 << AVTAB_HASH_BITS)
#define AVTAB_MAX_NODES 4096

struct avtab { struct avtab_node *htable[AVTAB_HASH_BUCKETS]; };

static struct avtab te_avtab, te_cond_avtab;
struct avtab *const sel07_te_avtab = &te_avtab, *const sel07_te_cond_avtab = &te_cond_avtab;
static struct avtab_node avtab_pool[AVTAB_MAX_NODES];
static unsigned avtab_used;

static inline unsigned avtab_hash(const struct avtab_key *k)
{
	return (k->target_class + (k->target_type << 2) + (k->source_type << 9)) &
	       (AVTAB_HASH_BUCKETS - 1);
}

static int key_before(const struct avtab_key *a, const struct avtab_key *b)
{
	if (a->source_type != b->source_type)
		return a->source_type < b->source_type;
	if (a->target_type != b->target_type)
		return a->target_type < b->target_type;
	return a->target_class < b->target_class;
}

static int same_key(const struct avtab_key *a, const struct avtab_key *b)
{
	return a->source_type == b->source_type && a->target_type == b->target_type &&
	       a->target_class == b->target_class;
}

static void avtab_insert(struct avtab *h, const struct sel07_avtab_rule *r)
{
	struct avtab_node *n = &avtab_pool[avtab_used++];
	struct avtab_node **prev;

	n->key = (struct avtab_key){ r->source_type, r->target_type, r->target_class, r->specified };
	n->data = r->data;
	prev = &h->htable[avtab_hash(&n->key)];
	while (*prev && !key_before(&n->key, &(*prev)->key))
		prev = &(*prev)->next;
	n->next = *prev;
	*prev = n;
}

/* The first node from CUR on with KEY and one of SPECIFIED's kinds: a
 * chain is sorted, so the search stops past KEY's place.  Inline in both
 * searches, which 2.6.22 wrote out each. */
static inline struct avtab_node *avtab_scan(struct avtab_node *cur, const struct avtab_key *key,
					    uint16_t specified)
{
	for (; cur; cur = cur->next) {
		if (same_key(key, &cur->key) && (specified & cur->key.specified))
			return cur;
		if (key_before(key, &cur->key))
			break;
	}
	return NULL;
}

struct avtab_node *avtab_search_node(struct avtab *h, const struct avtab_key *key)
{
	return avtab_scan(h->htable[avtab_hash(key)], key, key->specified & ~SEL07_AVTAB_ENABLED);
}

struct avtab_node *avtab_search_node_next(struct avtab_node *node, int specified)
{
	return avtab_scan(node->next, &node->key, (uint16_t)(specified & ~SEL07_AVTAB_ENABLED));
}

void sel07_avtab_init(void)
{
	for (uint32_t i = 0; i < sel07_nrules && avtab_used < AVTAB_MAX_NODES; i++)
		avtab_insert(&te_avtab, &sel07_rules[i]);
	for (uint32_t i = 0; i < sel07_ncond_rules && avtab_used < AVTAB_MAX_NODES; i++)
		avtab_insert(&te_cond_avtab, &sel07_cond_rules[i]);
}

#endif
