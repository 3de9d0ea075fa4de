/*
 * The selinux07 comparison models' entry points, for the distro image,
 * which does not build model_selinux07.c: that model holds the policy's
 * whole avtab as the 2007 server did, which mac-polc writes only for a
 * policy without MLS, and a distribution's policy has both (Debian's
 * default policy is MCS).  No task of this image runs on the selinux07
 * system-call tables (nothing switches strategy without the benchmarks):
 * these refuse, so that reaching one by mistake shows as a denial.
 */
#include "models.h"

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

static const struct sel07_security_ops absent_ops = { sel07_inode_perm, sel07_file_perm };
static const struct sel07_security_ops absent_tuned_ops = { sel07tuned_inode_perm,
							    sel07tuned_file_perm };
const struct sel07_security_ops *sel07_security_ops = &absent_ops;
const struct sel07_security_ops *sel07tuned_security_ops = &absent_tuned_ops;

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
