/*
 * security/selinux/avc.c of 2.6.22, and the same file as seed 000's
 * patch left it (avc_has_perm_tuned): 512 hash slots, threshold 512
 * nodes, reclaim 16, nodes from a pool (the kernel's slab).
 *
 * What GCC 3.4 made of it at -O2 (unit-at-a-time): avc_lookup and
 * avc_insert, static with one caller, inside avc_has_perm_noaudit;
 * avc_search_node, avc_hash and avc_reclaim_node (declared inline)
 * inside theirs; avc_alloc_node and avc_node_populate (two callers each,
 * with avc_update_node) out of line; the extern functions out of line.
 * Both kernels live in this one file, so what each inlined into its own
 * single caller is always_inline here, and what was out of line is
 * sel07_noipa.
 */
#include "sel07.h"

#if MAC_SEL07_MODEL

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

/* Without CONFIG_PREEMPT, rcu_read_lock() is preempt_disable(), which is
 * `do { } while (0)`: no instruction and no barrier. */
#define rcu_read_lock() do { } while (0)
#define rcu_read_unlock() do { } while (0)

/* prefetch() of asm-sh/processor.h (`pref`) and asm-arm/processor.h
 * (`pld`, ARMv5), which list_for_each_entry_rcu issues for every node */
#define avc_prefetch(p) __builtin_prefetch(p)

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

static sel07_noipa void avc_node_delete(struct avc_node *node)
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

/* kmem_cache_zalloc: the node cleared by the kernel's memset */
static sel07_noipa struct avc_node *avc_alloc_node(void)
{
	struct avc_node *node = avc_free_nodes;

	avc_free_nodes = node->free_next;
	SEL07_MEMZERO(node, sizeof(*node));
	node->ae.used = 1;
	sel07_stats.allocations++;
	if (++avc_cache.active_nodes > AVC_DEF_CACHE_THRESHOLD)
		avc_reclaim_node();
	return node;
}

static sel07_noipa void avc_node_populate(struct avc_node *node, uint32_t ssid, uint32_t tsid,
					  uint16_t tclass, const struct av_decision *avd)
{
	node->ae.ssid = ssid;
	node->ae.tsid = tsid;
	node->ae.tclass = tclass;
	SEL07_MEMCPY(&node->ae.avd, avd, sizeof(node->ae.avd));
}

static sel07_always_inline struct avc_node *avc_insert(uint32_t ssid, uint32_t tsid,
						       uint16_t tclass,
						       const struct av_decision *avd)
{
	struct avc_node *node = avc_alloc_node();
	struct list_head *head = &avc_cache.slots[avc_hash(ssid, tsid, tclass)];

	avc_node_populate(node, ssid, tsid, tclass, avd);
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

/* avc_flush, as a policy load's avc_ss_reset calls it. */
void sel07_avc_flush(void)
{
	for (unsigned i = 0; i < AVC_CACHE_SLOTS; i++)
		while (avc_cache.slots[i].next != &avc_cache.slots[i])
			avc_node_delete(node_of(avc_cache.slots[i].next));
}

static inline struct avc_node *avc_search_node(uint32_t ssid, uint32_t tsid, uint16_t tclass)
{
	struct list_head *head = &avc_cache.slots[avc_hash(ssid, tsid, tclass)];

	for (struct list_head *l = head->next; avc_prefetch(l->next), l != head; l = l->next) {
		struct avc_node *node = node_of(l);
		if (ssid == node->ae.ssid && tclass == node->ae.tclass && tsid == node->ae.tsid) {
			if (node->ae.used != 1)
				node->ae.used = 1;
			return node;
		}
	}
	return NULL;
}

static sel07_always_inline struct avc_node *avc_lookup(uint32_t ssid, uint32_t tsid,
						       uint16_t tclass, uint32_t requested)
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

/* avc_has_perm_noaudit's body: 2.6.22's out-of-line function and the
 * patch's inline one (in avc_has_perm_tuned). */
static sel07_always_inline int avc_noaudit_body(uint32_t ssid, uint32_t tsid, uint16_t tclass,
						uint32_t requested, struct av_decision *avd)
{
	struct avc_node *node;
	struct av_decision computed;
	int rc = 0;

	rcu_read_lock();
	node = avc_lookup(ssid, tsid, tclass, requested);
	if (!node) {
		rcu_read_unlock();
		/* a server that fails leaves a denial of everything, audited */
		if (unlikely(security_compute_av(ssid, tsid, tclass, &computed))) {
			*avd = (struct av_decision){ 0, 0, 0, 0xffffffffu, 0 };
			return -MAC_EACCES;
		}
		rcu_read_lock();
		node = avc_insert(ssid, tsid, tclass, &computed);
	}
	SEL07_MEMCPY(avd, &node->ae.avd, sizeof(*avd));
	if (unlikely(!requested || (requested & ~node->ae.avd.allowed))) {
		mac_col_t domain = (mac_col_t)(ssid - 1);
		if (mac_enforcing && !mac_type_permissive[domain])
			rc = -MAC_EACCES;
	}
	rcu_read_unlock();
	return rc;
}

sel07_noipa int avc_has_perm_noaudit(uint32_t ssid, uint32_t tsid, uint16_t tclass,
				     uint32_t requested, struct av_decision *avd)
{
	return avc_noaudit_body(ssid, tsid, tclass, requested, avd);
}

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
sel07_noipa void avc_audit(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
			   const struct av_decision *avd, int result,
			   const struct avc_audit_data *a)
{
	uint32_t denied = requested & ~avd->allowed, audited;
	mac_col_t domain = (mac_col_t)(ssid - 1);
	const struct mac_audit_data *who = NULL;

	if (unlikely(denied)) {
		audited = denied & avd->auditdeny;
		if (!audited)
			return;
	} else if (unlikely(result)) {
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

sel07_noipa int avc_has_perm(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
			     const struct avc_audit_data *auditdata)
{
	struct av_decision avd;
	int rc = avc_has_perm_noaudit(ssid, tsid, tclass, requested, &avd);

	avc_audit(ssid, tsid, tclass, requested, &avd, rc, auditdata);
	return rc;
}

/* The 2007 patch: the lookup inlined, audit only when needed. */
sel07_noipa int avc_has_perm_tuned(uint32_t ssid, uint32_t tsid, uint16_t tclass,
				   uint32_t requested, const struct avc_audit_data *auditdata)
{
	struct av_decision avd;
	int rc = avc_noaudit_body(ssid, tsid, tclass, requested, &avd);

	if (unlikely((requested & ~avd.allowed) | (uint32_t)rc | (requested & avd.auditallow)))
		avc_audit(ssid, tsid, tclass, requested, &avd, rc, auditdata);
	return rc;
}

void sel07_avc_init(void)
{
	for (unsigned i = 0; i < AVC_CACHE_SLOTS; i++)
		avc_cache.slots[i].next = avc_cache.slots[i].prev = &avc_cache.slots[i];
	for (unsigned i = 0; i < AVC_NODES; i++) {
		avc_node_pool[i].free_next = avc_free_nodes;
		avc_free_nodes = &avc_node_pool[i];
	}
}

#endif
