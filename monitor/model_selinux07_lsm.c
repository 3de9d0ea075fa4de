/*
 * What both builds of the selinux07 models share (the faithful split in
 * sel07/, or model_selinux07.c with SEL07_BUILD=gcc12): security_ops,
 * through which the kernel reaches the hooks, and the stand-ins of an
 * image whose policy the models cannot hold.
 */
#include "models.h"
#include "mac_policy.h"

#if !MAC_SEL07_MODEL	/* MAC_SEL07_ABSENT_WHY */


/* No task of such an image runs on the selinux07 system-call tables
 * (nothing switches strategy without the benchmarks): these refuse, so
 * that reaching one by mistake shows as a denial. */
struct sel07_stats sel07_stats;

int sel07_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
		     const struct mac_audit_data *ad)
{
	(void)domain, (void)label, (void)tclass, (void)perms, (void)ad;
	return -MAC_EACCES;
}

int sel07_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
		    const struct mac_audit_data *ad)
{
	return sel07_inode_perm(domain, label, tclass, perms, ad);
}

int sel07tuned_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			  mac_vec_t perms, const struct mac_audit_data *ad)
{
	return sel07_inode_perm(domain, label, tclass, perms, ad);
}

int sel07tuned_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			 mac_vec_t perms, const struct mac_audit_data *ad)
{
	return sel07_inode_perm(domain, label, tclass, perms, ad);
}

mac_vec_t sel07_allowed(mac_col_t domain, mac_col_t label, unsigned int tclass)
{
	(void)domain, (void)label, (void)tclass;
	return 0;
}

/* Smack is built from the tables alone: it starts as in every image. */
void models_init(void)
{
	smack_model_init();
}

#endif

/* The hooks as the LSM of 2007 dispatched them, whichever side built them. */
static const struct sel07_security_ops selinux_ops = { sel07_inode_perm, sel07_file_perm };
static const struct sel07_security_ops selinux_tuned_ops = { sel07tuned_inode_perm,
							     sel07tuned_file_perm };
const struct sel07_security_ops *sel07_security_ops = &selinux_ops;
const struct sel07_security_ops *sel07tuned_security_ops = &selinux_tuned_ops;

