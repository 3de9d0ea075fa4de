/*
 * ss/sidtab.c of 2.6.22: SID -> context, a hash of sorted chains.  Each
 * column's context (user, role, type) is the tables'.
 */
#include "sel07.h"

#if MAC_SEL07_MODEL

#define SIDTAB_HASH_BITS 7
#define SIDTAB_SIZE (1 << SIDTAB_HASH_BITS)
#define SID_MAX (2 * MAC_NTYPES)

struct sidtab_node { uint32_t sid; struct context context; struct sidtab_node *next; };

static struct sidtab_node sid_pool[SID_MAX];
static struct sidtab_node *sidtab[SIDTAB_SIZE];

static void sidtab_insert(uint32_t sid, mac_col_t col)
{
	struct sidtab_node *n = &sid_pool[sid - 1], **prev = &sidtab[sid & (SIDTAB_SIZE - 1)];

	while (*prev && (*prev)->sid < sid)
		prev = &(*prev)->next;
	*n = (struct sidtab_node){ sid, { sel07_col_user[col], sel07_col_role[col],
					  sel07_col_type[col] }, *prev };
	*prev = n;
}

struct context *sidtab_search(uint32_t sid)
{
	struct sidtab_node *cur = sidtab[sid & (SIDTAB_SIZE - 1)];

	while (cur && sid > cur->sid)
		cur = cur->next;
	return cur && cur->sid == sid ? &cur->context : NULL;
}

void sel07_sidtab_init(void)
{
	for (mac_col_t c = 0; c < MAC_NTYPES; c++)
		sidtab_insert(sel07_object_sid(c), c);
}

#endif
