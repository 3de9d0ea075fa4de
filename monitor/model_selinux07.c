/*
 * The selinux07 and selinux07tuned models: the SELinux permission check
 * of Linux 2.6.22 (seed 000), from the hook down to the security server,
 * on the policy's own rules (model_selinux07_data.h, written by mac-polc).
 *
 *   hook       selinux_inode_permission / dentry_has_perm (inode path),
 *              selinux_file_permission -> file_has_perm (file path),
 *              then inode_has_perm -> avc_has_perm: separate calls
 *   AVC        512 hash slots, threshold 512 nodes, reclaim 16, nodes
 *              from a pool (the kernel's slab), avc_audit on every check
 *   server     on a miss: sidtab_search for both contexts, then
 *              context_struct_compute_av: the TE avtab (32768 buckets,
 *              attributes unexpanded) walked for every pair of the two
 *              types' attribute bitmaps, the conditional avtab, the
 *              constraints; then the typebounds step of seed 002 (2.6.28
 *              on), so that the decisions are the tables' decisions
 *   tuned      the 2007 patch: avc_has_perm_noaudit inlined, avc_audit
 *              only when something is to be logged, and a
 *              selinux_file_permission that calls avc_has_perm itself
 *
 * Per-domain permissive (2.6.26) is honoured on the deny path, so the
 * models decide as the tables do; the firmware's policy is not MLS.
 *
 * mac-polc writes the policy's rules for these models only when they can
 * hold it (MAC_SEL07_MODEL; an MLS or MCS policy, as a distribution's,
 * cannot): otherwise the stand-in at the end of this file refuses.
 */
#include <string.h>
#include "models.h"
#include "mac_policy.h"

#if MAC_SEL07_MODEL
#include "model_selinux07_data.h"

#define noinline __attribute__((noinline))
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif


/* ---- contexts and the SID table (ss/sidtab.c) */

#define SIDTAB_HASH_BITS 7
#define SIDTAB_SIZE (1 << SIDTAB_HASH_BITS)
#define SID_MAX (2 * MAC_NTYPES)

struct context { uint32_t user, role, type; };
struct sidtab_node { uint32_t sid; struct context context; struct sidtab_node *next; };

static struct sidtab_node sid_pool[SID_MAX];
static struct sidtab_node *sidtab[SIDTAB_SIZE];

/* A task's SID is its domain's column + 1; an object's comes after
 * them.  Each column's context (user, role, type) is the tables'. */
static inline uint32_t task_sid(mac_col_t domain) { return domain + 1u; }
static inline uint32_t object_sid(mac_col_t col)
{
	return col < MAC_NDOMAINS ? task_sid(col) : MAC_NTYPES + col + 1u;
}

static void sidtab_insert(uint32_t sid, mac_col_t col)
{
	struct sidtab_node *n = &sid_pool[sid - 1], **prev = &sidtab[sid & (SIDTAB_SIZE - 1)];

	while (*prev && (*prev)->sid < sid)
		prev = &(*prev)->next;
	*n = (struct sidtab_node){ sid, { sel07_col_user[col], sel07_col_role[col],
					  sel07_col_type[col] }, *prev };
	*prev = n;
}

static noinline struct context *sidtab_search(uint32_t sid)
{
	struct sidtab_node *cur = sidtab[sid & (SIDTAB_SIZE - 1)];

	while (cur && sid > cur->sid)
		cur = cur->next;
	return cur && cur->sid == sid ? &cur->context : NULL;
}

/* ---- the TE avtab (ss/avtab.c) */

#define AVTAB_HASH_BITS 15
#define AVTAB_HASH_BUCKETS (1 << AVTAB_HASH_BITS)
#define AVTAB_MAX_NODES 4096

struct avtab_key { uint16_t source_type, target_type, target_class, specified; };
struct avtab_node { struct avtab_key key; uint32_t data; struct avtab_node *next; };
struct avtab { struct avtab_node *htable[AVTAB_HASH_BUCKETS]; };

static struct avtab te_avtab, te_cond_avtab;
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

/* Chains stay sorted by key, as avtab_insert_nonunique keeps them. */
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

static int same_key(const struct avtab_key *a, const struct avtab_key *b)
{
	return a->source_type == b->source_type && a->target_type == b->target_type &&
	       a->target_class == b->target_class;
}

static noinline struct avtab_node *avtab_search_node(struct avtab *h, const struct avtab_key *key)
{
	uint16_t specified = key->specified & ~SEL07_AVTAB_ENABLED;

	for (struct avtab_node *cur = h->htable[avtab_hash(key)]; cur; cur = cur->next) {
		if (same_key(key, &cur->key) && (specified & cur->key.specified))
			return cur;
		if (key_before(key, &cur->key))
			break;
	}
	return NULL;
}

static noinline struct avtab_node *avtab_search_node_next(struct avtab_node *node, int specified)
{
	specified &= ~SEL07_AVTAB_ENABLED;
	for (struct avtab_node *cur = node->next; cur; cur = cur->next) {
		if (same_key(&node->key, &cur->key) && (specified & cur->key.specified))
			return cur;
		if (key_before(&node->key, &cur->key))
			break;
	}
	return NULL;
}

/* ---- the security server (ss/services.c) */

struct av_decision { uint32_t allowed, decided, auditallow, auditdeny, seqno; };

/* ebitmap_for_each_bit of 2.6.22: every bit position of every node. */
static inline int ebitmap_node_bit(const struct sel07_ebitmap_node *n, uint32_t bit)
{
	uint64_t map = ((uint64_t)n->map_hi << 32) | n->map_lo;
	return (map >> (bit - n->startbit)) & 1;
}

static int ebitmap_get_bit(const struct sel07_ebitmap *e, uint32_t bit)
{
	for (unsigned i = 0; i < e->count; i++) {
		const struct sel07_ebitmap_node *n = &sel07_ebitmap_nodes[e->first + i];
		if (bit >= n->startbit && bit < n->startbit + 64)
			return ebitmap_node_bit(n, bit);
	}
	return 0;
}

static void cond_compute_av(struct avtab *ctab, const struct avtab_key *key, struct av_decision *avd)
{
	for (struct avtab_node *n = avtab_search_node(ctab, key); n;
	     n = avtab_search_node_next(n, key->specified)) {
		uint16_t on = n->key.specified & (SEL07_AVTAB_ENABLED | SEL07_AVTAB_AV);
		if (on == (SEL07_AVTAB_ALLOWED | SEL07_AVTAB_ENABLED))
			avd->allowed |= n->data;
		if (on == (SEL07_AVTAB_AUDITDENY | SEL07_AVTAB_ENABLED))
			avd->auditdeny &= n->data;
		if (on == (SEL07_AVTAB_AUDITALLOW | SEL07_AVTAB_ENABLED))
			avd->auditallow |= n->data;
	}
}

static void te_rules_av(struct avtab_key *key, struct av_decision *avd)
{
	for (struct avtab_node *n = avtab_search_node(&te_avtab, key); n;
	     n = avtab_search_node_next(n, key->specified)) {
		if (n->key.specified == SEL07_AVTAB_ALLOWED)
			avd->allowed |= n->data;
		else if (n->key.specified == SEL07_AVTAB_AUDITALLOW)
			avd->auditallow |= n->data;
		else if (n->key.specified == SEL07_AVTAB_AUDITDENY)
			avd->auditdeny &= n->data;
	}
	cond_compute_av(&te_cond_avtab, key, avd);
}

/* The TE rules for every (source attribute, target attribute) pair. */
static void te_compute_av(const struct context *s, const struct context *t, uint16_t tclass,
			  struct av_decision *avd)
{
	const struct sel07_ebitmap *sattr = &sel07_type_attr_map[s->type - 1];
	const struct sel07_ebitmap *tattr = &sel07_type_attr_map[t->type - 1];
	struct avtab_key key = { 0, 0, tclass, SEL07_AVTAB_AV };

	for (unsigned i = 0; i < sattr->count; i++) {
		const struct sel07_ebitmap_node *sn = &sel07_ebitmap_nodes[sattr->first + i];
		for (uint32_t sb = sn->startbit; sb < sn->startbit + 64 && sb < sattr->highbit; sb++) {
			if (!ebitmap_node_bit(sn, sb))
				continue;
			for (unsigned j = 0; j < tattr->count; j++) {
				const struct sel07_ebitmap_node *tn = &sel07_ebitmap_nodes[tattr->first + j];
				for (uint32_t tb = tn->startbit; tb < tn->startbit + 64 && tb < tattr->highbit; tb++) {
					if (!ebitmap_node_bit(tn, tb))
						continue;
					key.source_type = (uint16_t)(sb + 1);
					key.target_type = (uint16_t)(tb + 1);
					te_rules_av(&key, avd);
				}
			}
		}
	}
}

static int constraint_expr_eval(const struct context *s, const struct context *t,
				const struct sel07_constraint *c)
{
	int stack[8], sp = -1;

	for (unsigned i = 0; i < c->count; i++) {
		const struct sel07_cexpr *e = &sel07_cexprs[c->first + i];
		const struct context *x = (e->attr & SEL07_CEXPR_TARGET) ? t : s;
		uint32_t v1, v2;

		switch (e->expr_type) {
		case SEL07_CEXPR_NOT: stack[sp] = !stack[sp]; continue;
		case SEL07_CEXPR_AND: sp--; stack[sp] &= stack[sp + 1]; continue;
		case SEL07_CEXPR_OR: sp--; stack[sp] |= stack[sp + 1]; continue;
		case SEL07_CEXPR_ATTR:
			if (sp == 7)
				return 0;
			v1 = e->attr == SEL07_CEXPR_USER ? s->user :
			     e->attr == SEL07_CEXPR_ROLE ? s->role : s->type;
			v2 = e->attr == SEL07_CEXPR_USER ? t->user :
			     e->attr == SEL07_CEXPR_ROLE ? t->role : t->type;
			stack[++sp] = e->op == SEL07_CEXPR_EQ ? v1 == v2 : v1 != v2;
			continue;
		case SEL07_CEXPR_NAMES:
			if (sp == 7)
				return 0;
			v1 = (e->attr & SEL07_CEXPR_USER) ? x->user :
			     (e->attr & SEL07_CEXPR_ROLE) ? x->role : x->type;
			stack[++sp] = ebitmap_get_bit(&e->names, v1 - 1) == (e->op == SEL07_CEXPR_EQ);
			continue;
		default:
			return 0;
		}
	}
	return sp == 0 ? stack[0] : 0;
}

static void type_bounds_av(const struct context *s, const struct context *t, uint16_t tclass,
			   struct av_decision *avd);

static void context_struct_compute_av(const struct context *s, const struct context *t,
				      uint16_t tclass, struct av_decision *avd)
{
	*avd = (struct av_decision){ 0, 0xffffffffu, 0, 0xffffffffu, 0 };
	te_compute_av(s, t, tclass, avd);
	for (uint32_t i = 0; i < sel07_nconstraints; i++) {
		const struct sel07_constraint *c = &sel07_constraints[i];
		if (c->tclass == tclass && (c->permissions & avd->allowed) &&
		    !constraint_expr_eval(s, t, c))
			avd->allowed &= ~c->permissions;
	}
	type_bounds_av(s, t, tclass, avd);
}

/* type_attribute_bounds_av (seed 002, as the kernel and libsepol settled
 * it): a source type with a bound keeps only what its bound is allowed on
 * the target, the target's own bound taken in its place. */
static void type_bounds_av(const struct context *s, const struct context *t, uint16_t tclass,
			   struct av_decision *avd)
{
	uint16_t sb = sel07_type_bounds[s->type - 1], tb = sel07_type_bounds[t->type - 1];
	struct context ls = *s, lt = *t;
	struct av_decision lo;

	if (!sb)
		return;
	sel07_stats.bounds++;
	ls.type = sb;
	if (tb)
		lt.type = tb;
	context_struct_compute_av(&ls, &lt, tclass, &lo);
	avd->allowed &= lo.allowed;
}

static noinline int security_compute_av(uint32_t ssid, uint32_t tsid, uint16_t tclass,
					struct av_decision *avd)
{
	const struct context *s = sidtab_search(ssid), *t = sidtab_search(tsid);

	if (!s || !t)
		return -22;
	context_struct_compute_av(s, t, tclass, avd);
	return 0;
}

/* ---- the AVC (avc.c) */

#define AVC_CACHE_SLOTS 512
#define AVC_DEF_CACHE_THRESHOLD 512
#define AVC_CACHE_RECLAIM 16
#define AVC_NODES (AVC_DEF_CACHE_THRESHOLD + AVC_CACHE_RECLAIM + 1)

struct list_head { struct list_head *next, *prev; };
struct avc_entry { uint32_t ssid, tsid; uint16_t tclass; struct av_decision avd; int used; };
struct avc_node { struct avc_entry ae; struct list_head list; struct avc_node *free_next; };

static struct {
	struct list_head slots[AVC_CACHE_SLOTS];
	unsigned lru_hint, active_nodes;
} avc_cache;
static struct avc_node avc_node_pool[AVC_NODES];
static struct avc_node *avc_free_nodes;
struct sel07_stats sel07_stats;

#define node_of(l) ((struct avc_node *)((char *)(l) - offsetof(struct avc_node, list)))

static inline void list_add(struct list_head *n, struct list_head *head)
{
	n->next = head->next;
	n->prev = head;
	head->next->prev = n;
	head->next = n;
}

static inline void list_del(struct list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
}

static inline unsigned avc_hash(uint32_t ssid, uint32_t tsid, uint16_t tclass)
{
	return (ssid ^ (tsid << 2) ^ ((uint32_t)tclass << 4)) & (AVC_CACHE_SLOTS - 1);
}

static void avc_node_delete(struct avc_node *node)
{
	list_del(&node->list);
	node->free_next = avc_free_nodes;
	avc_free_nodes = node;
	avc_cache.active_nodes--;
	sel07_stats.frees++;
}

static inline void avc_reclaim_node(void)
{
	unsigned ecx = 0;

	for (unsigned try = 0; try < AVC_CACHE_SLOTS; try++) {
		struct list_head *head = &avc_cache.slots[++avc_cache.lru_hint & (AVC_CACHE_SLOTS - 1)];
		for (struct list_head *l = head->next, *next; l != head; l = next) {
			struct avc_node *node = node_of(l);
			next = l->next;
			if (--node->ae.used == 0) {	/* recently unused */
				avc_node_delete(node);
				sel07_stats.reclaims++;
				if (++ecx >= AVC_CACHE_RECLAIM)
					return;
			}
		}
	}
}

static noinline struct avc_node *avc_alloc_node(void)
{
	struct avc_node *node = avc_free_nodes;

	avc_free_nodes = node->free_next;
	memset(node, 0, sizeof(*node));
	node->ae.used = 1;
	sel07_stats.allocations++;
	if (++avc_cache.active_nodes > AVC_DEF_CACHE_THRESHOLD)
		avc_reclaim_node();
	return node;
}

static noinline struct avc_node *avc_insert(uint32_t ssid, uint32_t tsid, uint16_t tclass,
					    const struct av_decision *avd)
{
	struct avc_node *node = avc_alloc_node();
	struct list_head *head = &avc_cache.slots[avc_hash(ssid, tsid, tclass)];

	node->ae.ssid = ssid;
	node->ae.tsid = tsid;
	node->ae.tclass = tclass;
	node->ae.avd = *avd;
	for (struct list_head *l = head->next; l != head; l = l->next) {
		struct avc_node *pos = node_of(l);
		if (pos->ae.ssid == ssid && pos->ae.tsid == tsid && pos->ae.tclass == tclass) {
			avc_node_delete(pos);	/* avc_node_replace */
			break;
		}
	}
	list_add(&node->list, head);
	return node;
}

/* avc_flush, as a policy load's avc_ss_reset calls it: every node freed,
 * so that a benchmark starts from the cache a fresh policy has. */
void sel07_avc_flush(void)
{
	for (unsigned i = 0; i < AVC_CACHE_SLOTS; i++)
		while (avc_cache.slots[i].next != &avc_cache.slots[i])
			avc_node_delete(node_of(avc_cache.slots[i].next));
}

static inline struct avc_node *avc_search_node(uint32_t ssid, uint32_t tsid, uint16_t tclass)
{
	struct list_head *head = &avc_cache.slots[avc_hash(ssid, tsid, tclass)];

	for (struct list_head *l = head->next; l != head; l = l->next) {
		struct avc_node *node = node_of(l);
		if (ssid == node->ae.ssid && tclass == node->ae.tclass && tsid == node->ae.tsid) {
			if (node->ae.used != 1)
				node->ae.used = 1;
			return node;
		}
	}
	return NULL;
}

static noinline struct avc_node *avc_lookup(uint32_t ssid, uint32_t tsid, uint16_t tclass,
					    uint32_t requested)
{
	struct avc_node *node;

	sel07_stats.lookups++;
	node = avc_search_node(ssid, tsid, tclass);
	if (node && (node->ae.avd.decided & requested) == requested) {
		sel07_stats.hits++;
		return node;
	}
	sel07_stats.misses++;
	return NULL;
}

/* 2.6.22 ran without CONFIG_PREEMPT on these boards: rcu_read_lock()
 * was preempt_disable(), a compiler barrier and no instruction. */
#define rcu_read_lock() __asm__ volatile("" ::: "memory")
#define rcu_read_unlock() __asm__ volatile("" ::: "memory")

/*
 * avc_has_perm_noaudit.  Written once, and inlined (always_inline) only
 * where Linux had its body: into the out-of-line avc_has_perm_noaudit
 * below (avc.c, 2.6.22), and into the tuned avc_has_perm, where the 2007
 * patch declared it inline in the same file.
 */
static inline __attribute__((always_inline)) int
avc_noaudit_body(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
		 struct av_decision *avd)
{
	struct avc_node *node;
	struct avc_entry entry;
	const struct avc_entry *p_ae;
	int rc = 0;

	rcu_read_lock();
	node = avc_lookup(ssid, tsid, tclass, requested);
	if (!node) {
		rcu_read_unlock();
		/* the caller audits *avd: a server that fails leaves it a
		 * denial of everything, audited, as avd_init makes it */
		if (unlikely(security_compute_av(ssid, tsid, tclass, &entry.avd))) {
			*avd = (struct av_decision){ 0, 0, 0, 0xffffffffu, 0 };
			return -MAC_EACCES;
		}
		rcu_read_lock();
		node = avc_insert(ssid, tsid, tclass, &entry.avd);
	}
	p_ae = &node->ae;
	/* Linux's memcpy(avd, &p_ae->avd, sizeof(*avd)): the GCC of 2007
	 * took the pointers' types for their alignment and copied the 20
	 * bytes inline, which today's GCC does for an assignment only */
	*avd = p_ae->avd;
	if (!requested || (requested & ~p_ae->avd.allowed)) {
		mac_col_t domain = (mac_col_t)(ssid - 1);
		if (mac_enforcing && !mac_type_permissive[domain])
			rc = -MAC_EACCES;
	}
	rcu_read_unlock();
	return rc;
}

static noinline int avc_has_perm_noaudit(uint32_t ssid, uint32_t tsid, uint16_t tclass,
					 uint32_t requested, struct av_decision *avd)
{
	return avc_noaudit_body(ssid, tsid, tclass, requested, avd);
}

/*
 * struct avc_audit_data as 2.6.22's avc.h has it, 56 bytes on a 32-bit
 * CPU, cleared whole by AVC_AUDIT_DATA_INIT.  The model's objects are no
 * dentries: where a hook stores the dentry (or, without one, the inode)
 * it stores who made the call, which is what avc_audit prints from it
 * (path=, name=); the task is `current`, as tsk stays NULL.
 */
struct avc_audit_data {
	char type;
	const void *tsk;
	union {
		struct { const void *mnt, *dentry, *inode; } fs;
		struct {
			const char *netif;
			const void *sk;
			uint16_t family, dport, sport;
			union {
				struct { uint32_t daddr, saddr; } v4;
				struct { uint32_t daddr[4], saddr[4]; } v6;
			} fam;
		} net;
		int cap;
		int ipc_id;
	} u;
};
#define AVC_AUDIT_DATA_FS 1
#define AVC_AUDIT_DATA_INIT(d) \
	do { memset((d), 0, sizeof(struct avc_audit_data)); (d)->type = AVC_AUDIT_DATA_FS; } while (0)
_Static_assert(sizeof(void *) != 4 || sizeof(struct avc_audit_data) == 56,
	       "struct avc_audit_data: 56 bytes, as 2.6.22's on a 32-bit CPU");
_Static_assert(sizeof(struct av_decision) == 20, "struct av_decision: five u32, as 2.6.22's");

/* The mount every model object is on: what the file hooks store. */
static const char sel07_mnt[] = "rootfs";

/* The tables' class index and column of a (class value, SID): avc_audit
 * names the object by them, on its logging path only. */
static unsigned class_index_of(uint16_t tclass)
{
	unsigned c = 0;

	while (c + 1 < MAC_NCLASSES && sel07_class_value[c] != tclass)
		c++;
	return c;
}

static mac_col_t col_of_sid(uint32_t sid)
{
	return (mac_col_t)(sid <= MAC_NDOMAINS ? sid - 1u : sid - MAC_NTYPES - 1u);
}

/* avc_audit: decides whether to log, and logs (through mac_audit). */
static noinline void avc_audit(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
			       const struct av_decision *avd, int result,
			       const struct avc_audit_data *a)
{
	uint32_t denied = requested & ~avd->allowed, audited;
	mac_col_t domain = (mac_col_t)(ssid - 1);
	const struct mac_audit_data *who = NULL;

	if (denied) {
		audited = denied & avd->auditdeny;
		if (!audited)
			return;
	} else if (result) {
		audited = denied = requested;
	} else {
		audited = requested & avd->auditallow;
		if (!audited)
			return;
	}
	if (a && a->type == AVC_AUDIT_DATA_FS)
		who = a->u.fs.dentry ? a->u.fs.dentry : a->u.fs.inode;
	mac_audit(&mac_subjects[domain], class_index_of(tclass), col_of_sid(tsid), audited,
		  denied != 0, !mac_enforcing || mac_type_permissive[domain], who);
}

static noinline int avc_has_perm(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
				 const struct avc_audit_data *auditdata)
{
	struct av_decision avd;
	int rc = avc_has_perm_noaudit(ssid, tsid, tclass, requested, &avd);

	avc_audit(ssid, tsid, tclass, requested, &avd, rc, auditdata);
	return rc;
}

/* The 2007 patch: the lookup inlined, audit only when needed. */
static noinline int avc_has_perm_tuned(uint32_t ssid, uint32_t tsid, uint16_t tclass,
				       uint32_t requested, const struct avc_audit_data *auditdata)
{
	struct av_decision avd;
	int rc = avc_noaudit_body(ssid, tsid, tclass, requested, &avd);

	if ((requested & ~avd.allowed) | (uint32_t)rc | (requested & avd.auditallow))
		avc_audit(ssid, tsid, tclass, requested, &avd, rc, auditdata);
	return rc;
}

/* ---- the hooks (hooks.c) */

/*
 * Each kernel, untuned or tuned, has one inode_has_perm, a static
 * function of hooks.c that GCC 3.4 at -O2 kept out of line (it inlined
 * only what was declared inline).  The body is written once and inlined
 * into the two, each noinline.  The object's SID and class are those of
 * its inode_security_struct; the task's, its task_security_struct's.
 */
static inline __attribute__((always_inline)) int
inode_has_perm_body(mac_col_t domain, mac_col_t label, unsigned tclass, mac_vec_t perms,
		    const struct avc_audit_data *adp, const struct mac_audit_data *who, int tuned)
{
	struct avc_audit_data ad;

	if (!adp) {
		adp = &ad;
		AVC_AUDIT_DATA_INIT(&ad);
		ad.u.fs.inode = who;
	}
	if (tuned)
		return avc_has_perm_tuned(task_sid(domain), object_sid(label),
					  sel07_class_value[tclass], perms, adp);
	return avc_has_perm(task_sid(domain), object_sid(label), sel07_class_value[tclass], perms,
			    adp);
}

static noinline int inode_has_perm(mac_col_t domain, mac_col_t label, unsigned tclass,
				   mac_vec_t perms, const struct avc_audit_data *adp,
				   const struct mac_audit_data *who)
{
	return inode_has_perm_body(domain, label, tclass, perms, adp, who, 0);
}

static noinline int inode_has_perm_tuned(mac_col_t domain, mac_col_t label, unsigned tclass,
					 mac_vec_t perms, const struct avc_audit_data *adp,
					 const struct mac_audit_data *who)
{
	return inode_has_perm_body(domain, label, tclass, perms, adp, who, 1);
}

/* secondary_ops->inode_permission: the capability module's, which has
 * none and so is the dummy's, called through the ops table. */
static noinline int dummy_inode_permission(mac_col_t domain, mac_col_t label, mac_vec_t perms)
{
	(void)domain, (void)label, (void)perms;
	return 0;
}

struct sel07_secondary_ops { int (*inode_permission)(mac_col_t, mac_col_t, mac_vec_t); };
static const struct sel07_secondary_ops *volatile secondary_ops =
	&(const struct sel07_secondary_ops){ dummy_inode_permission };

/* selinux_inode_permission: the inode hook (path walk, stat, open,
 * create); the same function in both kernels. */
int sel07_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
		     const struct mac_audit_data *who)
{
	int rc = secondary_ops->inode_permission(domain, label, perms);

	if (rc)
		return rc;
	if (!perms)
		return 0;	/* an existence test */
	return inode_has_perm(domain, label, tclass, perms, NULL, who);
}

int sel07tuned_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
			  const struct mac_audit_data *who)
{
	int rc = secondary_ops->inode_permission(domain, label, perms);

	if (rc)
		return rc;
	if (!perms)
		return 0;
	return inode_has_perm_tuned(domain, label, tclass, perms, NULL, who);
}

/* file_has_perm: the audit data cleared and set, fd:use when the
 * descriptor is another domain's (never here: a handle belongs to its
 * task, whose SID is its file_security_struct's), then the inode. */
static noinline int file_has_perm(mac_col_t domain, mac_col_t label, unsigned tclass,
				  mac_vec_t av, const struct mac_audit_data *who)
{
	uint32_t tsec_sid = task_sid(domain), fsec_sid = task_sid(domain);
	struct avc_audit_data ad;
	int rc;

	AVC_AUDIT_DATA_INIT(&ad);
	ad.u.fs.mnt = sel07_mnt;
	ad.u.fs.dentry = who;
	if (tsec_sid != fsec_sid) {
		rc = avc_has_perm(tsec_sid, fsec_sid, sel07_class_value[MAC_CLASS_FD],
				  MAC_PERM_FD__USE, &ad);
		if (rc)
			return rc;
	}
	if (av)
		return inode_has_perm(domain, label, tclass, av, &ad, who);
	return 0;
}

/* selinux_file_permission; the caller passes the access vector that
 * file_mask_to_av would make (an O_APPEND write already an append). */
int sel07_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
		    const struct mac_audit_data *who)
{
	if (!perms)
		return 0;	/* an existence test */
	return file_has_perm(domain, label, tclass, perms, who);
}

/* The patched selinux_file_permission: file_has_perm and inode_has_perm
 * folded in, avc_has_perm called from here. */
int sel07tuned_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
			 const struct mac_audit_data *who)
{
	uint32_t tsec_sid = task_sid(domain), fsec_sid = task_sid(domain);
	struct avc_audit_data ad;
	int rc;

	if (!perms)
		return 0;
	AVC_AUDIT_DATA_INIT(&ad);
	ad.u.fs.mnt = sel07_mnt;
	ad.u.fs.dentry = who;
	if (tsec_sid != fsec_sid) {
		rc = avc_has_perm_tuned(tsec_sid, fsec_sid, sel07_class_value[MAC_CLASS_FD],
					MAC_PERM_FD__USE, &ad);
		if (rc)
			return rc;
	}
	return avc_has_perm_tuned(tsec_sid, object_sid(label), sel07_class_value[tclass], perms,
				  &ad);
}

/* ---- start-up: what policy load did */

mac_vec_t sel07_allowed(mac_col_t domain, mac_col_t label, unsigned int tclass)
{
	struct av_decision avd;

	if (security_compute_av(task_sid(domain), object_sid(label), sel07_class_value[tclass], &avd))
		return 0;
	return avd.allowed;
}

static void avc_init(void)
{
	for (unsigned i = 0; i < AVC_CACHE_SLOTS; i++)
		avc_cache.slots[i].next = avc_cache.slots[i].prev = &avc_cache.slots[i];
	for (unsigned i = 0; i < AVC_NODES; i++) {
		avc_node_pool[i].free_next = avc_free_nodes;
		avc_free_nodes = &avc_node_pool[i];
	}
}

void models_init(void)
{
	for (mac_col_t c = 0; c < MAC_NTYPES; c++)
		sidtab_insert(object_sid(c), c);
	for (uint32_t i = 0; i < sel07_nrules && avtab_used < AVTAB_MAX_NODES; i++)
		avtab_insert(&te_avtab, &sel07_rules[i]);
	for (uint32_t i = 0; i < sel07_ncond_rules && avtab_used < AVTAB_MAX_NODES; i++)
		avtab_insert(&te_cond_avtab, &sel07_cond_rules[i]);
	avc_init();
	smack_model_init();
}

#endif
