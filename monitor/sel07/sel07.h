/*
 * The selinux07 models as Linux 2.6.22 built them: one translation unit
 * per file of the kernel (avc.c, hooks.c, ss/services.c, ss/sidtab.c,
 * ss/avtab.c; lsm.c holds security_ops), so that GCC 12 can no more
 * optimise across them than the kernel's GCC 3.4 could.  This header is
 * what those files shared through the kernel's headers (avc.h,
 * security.h, the headers of ss/).
 *
 * Inside one file GCC 3.4 at -O2 inlined what was declared inline and a
 * static function with one caller; nothing else, and it had no
 * interprocedural register allocation.  An out-of-line function here is
 * sel07_noipa: GCC 12 neither inlines it nor takes its register use or
 * constants into its callers.
 */
#ifndef SEL07_H
#define SEL07_H

#include <stddef.h>
#include <stdint.h>
#include "models.h"
#include "mac_policy.h"
#include "sel07_string.h"

#define sel07_always_inline inline __attribute__((always_inline))
#if SEL07_ONE_FILE
/* GCC 12's one-file build (model_selinux07.c): out of line, but open to
 * GCC's interprocedural optimisation, and inline as GCC 12 decides */
#define sel07_noipa __attribute__((noinline))
#else
#define sel07_noipa __attribute__((noipa))
/* compiler-gcc.h of 2.6.22: what is declared inline is inlined, even at
 * -Os (the ARM kernel's) */
#define inline inline __attribute__((always_inline))
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

#if MAC_SEL07_MODEL
#include "model_selinux07_data.h"

/* ---- ss/context.h, ss/sidtab.h */
struct context { uint32_t user, role, type; };

/* A task's SID is its domain's column + 1; an object's comes after them. */
static inline uint32_t sel07_task_sid(mac_col_t domain) { return domain + 1u; }
static inline uint32_t sel07_object_sid(mac_col_t col)
{
	return col < MAC_NDOMAINS ? sel07_task_sid(col) : MAC_NTYPES + col + 1u;
}

void sel07_sidtab_init(void);
struct context *sidtab_search(uint32_t sid);

/* ---- ss/avtab.h */
struct avtab_key { uint16_t source_type, target_type, target_class, specified; };
struct avtab_node { struct avtab_key key; uint32_t data; struct avtab_node *next; };
struct avtab;
extern struct avtab *const sel07_te_avtab, *const sel07_te_cond_avtab;

void sel07_avtab_init(void);
struct avtab_node *avtab_search_node(struct avtab *h, const struct avtab_key *key);
struct avtab_node *avtab_search_node_next(struct avtab_node *node, int specified);

/* ---- security.h, ss/services.c */
struct av_decision { uint32_t allowed, decided, auditallow, auditdeny, seqno; };
_Static_assert(sizeof(struct av_decision) == 20, "struct av_decision: five u32, as 2.6.22's");

int security_compute_av(uint32_t ssid, uint32_t tsid, uint16_t tclass, struct av_decision *avd);

/* ---- avc.h: struct avc_audit_data, 56 bytes on a 32-bit CPU.  The
 * model's objects are no dentries: where a hook stores the dentry (or
 * the inode) it stores who made the call, which avc_audit prints. */
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
_Static_assert(sizeof(void *) != 4 || sizeof(struct avc_audit_data) == 56,
	       "struct avc_audit_data: 56 bytes, as 2.6.22's on a 32-bit CPU");
#define AVC_AUDIT_DATA_FS 1
/* memset(), as the kernel's string.h made it (sel07_string.h) */
#define AVC_AUDIT_DATA_INIT(d) \
	do { SEL07_MEMZERO((d), sizeof(struct avc_audit_data)); (d)->type = AVC_AUDIT_DATA_FS; } while (0)

int avc_has_perm_noaudit(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
			 struct av_decision *avd);
int avc_has_perm(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
		 const struct avc_audit_data *auditdata);
/* the tuned kernel's avc_has_perm, avc_has_perm_noaudit inlined (the patch) */
int avc_has_perm_tuned(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
		       const struct avc_audit_data *auditdata);
void avc_audit(uint32_t ssid, uint32_t tsid, uint16_t tclass, uint32_t requested,
	       const struct av_decision *avd, int result, const struct avc_audit_data *a);
void sel07_avc_init(void);
void sel07_hooks_init(void);

#endif	/* MAC_SEL07_MODEL */
#endif
