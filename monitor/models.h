/*
 * The comparison models: the designs the compiled tables replace,
 * measured side by side with them on the same system calls.
 *
 *   selinux07       SELinux as of Linux 2.6.22: nested hook calls, the
 *                   AVC (512 slots, threshold 512, reclaim 16), a security
 *                   server computing misses from the policy's rules, and
 *                   avc_audit called on every check
 *   selinux07tuned  the same with the 2007 tuning (seed 000): the AVC
 *                   lookup inlined, audit only when needed, a flat
 *                   file_permission hook
 *   smack           Smack: string labels, the label list searched with
 *                   strcmp, per-subject rule lists (seed 004)
 *   smackhash       the same with the known labels in 16 hash slots, as
 *                   seed 004 proposed and Linux 3.14 kept
 *   smackfix        the fix Smack's maintainer answered seed 004 with:
 *                   the blobs hold label entries, smk_access compares
 *                   pointers, no label is searched for on a check
 *
 * They decide from the same policy as the tables: a subject is a domain's
 * column, an object a type's column, the class and permission bits are
 * the tables' (mac_policy.h).  Each model has two hooks, as the kernel's
 * call sites need: inode (a path walk, stat, open, create) and file (a
 * read or write through an open handle).  0 or -MAC_EACCES.
 */
#ifndef MODELS_H
#define MODELS_H

#include "mac.h"

void models_init(void);		/* sel07/selinux.c or its stand-in: every model */
void smack_model_init(void);		/* model_smack.c */

int sel07_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		     mac_vec_t perms, const struct mac_audit_data *ad);
int sel07_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		    mac_vec_t perms, const struct mac_audit_data *ad);
int sel07tuned_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			  mac_vec_t perms, const struct mac_audit_data *ad);
int sel07tuned_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			 mac_vec_t perms, const struct mac_audit_data *ad);
int smack_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		     mac_vec_t perms, const struct mac_audit_data *ad);
int smack_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		    mac_vec_t perms, const struct mac_audit_data *ad);
/* smackhash: Smack with its known labels in 16 hash slots (seed 004's
 * proposal, Linux 3.14's SMACK_HASH_SLOTS); its file hook is Smack's. */
int smackhash_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			 mac_vec_t perms, const struct mac_audit_data *ad);
/* smackfix: the task's and the inode's blobs hold struct smack_known *;
 * its file hook is Smack's. */
int smackfix_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			mac_vec_t perms, const struct mac_audit_data *ad);

/* 2.6.22's security_ops: the kernel reaches selinux07's hooks through
 * a pointer to them, as security_file_permission and
 * security_inode_permission (inline in security.h) did. */
struct sel07_security_ops {
	int (*inode_permission)(mac_col_t domain, mac_col_t label, unsigned int tclass,
				mac_vec_t perms, const struct mac_audit_data *ad);
	int (*file_permission)(mac_col_t domain, mac_col_t label, unsigned int tclass,
			       mac_vec_t perms, const struct mac_audit_data *ad);
};
extern const struct sel07_security_ops *sel07_security_ops, *sel07tuned_security_ops;

/* The AVC's counters, as /selinux/avc/cache_stats shows them; bounds:
 * the security server's computations that took the typebounds step. */
struct sel07_stats { uint32_t lookups, hits, misses, allocations, reclaims, frees, bounds; };
extern struct sel07_stats sel07_stats;
void sel07_avc_flush(void);	/* the cache emptied, as a policy load does */

/* For the tests: the decision alone, no audit, no statistics. */
mac_vec_t sel07_allowed(mac_col_t domain, mac_col_t label, unsigned int tclass);
int smack_allows(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms);
/* For the label benchmark: Smack's search of its label list. */
const void *smack_find_label(const char *label, unsigned int among);
/* The known list, counted and rearranged for the benchmarks (untimed):
 * its length, the label depth entries down (0: the head), the tries
 * smk_find_entry makes for a label among the first `among` entries, and
 * a domain's label moved to `depth` (where a busier system's list would
 * have it), which returns the depth it was at. */
unsigned int smack_known_count(void);
const char *smack_label_at(unsigned int depth);
unsigned int smack_label_tries(const char *label, unsigned int among);
unsigned int smack_place_subject(mac_col_t domain, unsigned int depth);
/* The list cut to its first n labels (0: whole again), its length;
 * smackhash's search of its slots and the tries it makes. */
unsigned int smack_known_limit(unsigned int n);
const void *smackhash_find_label(const char *label);
unsigned int smackhash_label_tries(const char *label);
/* Linux 3.14's SMACK_HASH_SLOTS, and how many labels each holds now. */
#define SMACK_HASH_SLOTS 16
void smack_slot_counts(unsigned int counts[SMACK_HASH_SLOTS]);
/* A second label set instead of the policy's known list: n labels
 * imported in order, as a system that knew only those (NULL: the
 * policy's list back); the list's length. */
#define SMACK_APP_LABELS_MAX 1000
unsigned int smack_label_set(const char *const *labels, unsigned int n);
/* Where smackfix's check finds a subject's entry: its task blob, here
 * for the listed label's entry (NULL if none).  Reading it is smackfix's
 * whole label lookup. */
const void *const *smackfix_blob_of(const char *label);

#endif
