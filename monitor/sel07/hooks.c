/*
 * security/selinux/hooks.c of 2.6.22, and selinux_file_permission as
 * seed 000's patch wrote it.  inode_has_perm and file_has_perm are
 * static with many callers in that file: GCC 3.4 kept them out of line.
 * The hooks are reached through security_ops (lsm.c), never inlined.
 */
#include "sel07.h"

#if MAC_SEL07_MODEL

/* task_security_struct and file_security_struct: the SIDs a hook loads
 * (current->security, file->f_security).  A handle belongs to the task
 * that opened it, so a file's SID is its task's and fd:use is never
 * asked here; but the values are loaded and compared, as in Linux. */
struct task_security_struct { uint32_t sid; };
struct file_security_struct { uint32_t sid; };
static struct task_security_struct task_security[MAC_NDOMAINS];
static struct file_security_struct file_security[MAC_NDOMAINS];

/* The mount every model object is on: what the file hooks store. */
static const char sel07_mnt[] = "rootfs";

static sel07_always_inline int
inode_has_perm_body(mac_col_t domain, mac_col_t label, unsigned tclass, mac_vec_t perms,
		    const struct avc_audit_data *adp, const struct mac_audit_data *who, int tuned)
{
	struct avc_audit_data ad;
	uint32_t ssid = task_security[domain].sid;

	if (!adp) {
		adp = &ad;
		AVC_AUDIT_DATA_INIT(&ad);
		ad.u.fs.inode = who;
	}
	if (tuned)
		return avc_has_perm_tuned(ssid, sel07_object_sid(label), sel07_class_value[tclass],
					  perms, adp);
	return avc_has_perm(ssid, sel07_object_sid(label), sel07_class_value[tclass], perms, adp);
}

/* one inode_has_perm per kernel */
static sel07_noipa int inode_has_perm(mac_col_t domain, mac_col_t label, unsigned tclass,
				      mac_vec_t perms, const struct avc_audit_data *adp,
				      const struct mac_audit_data *who)
{
	return inode_has_perm_body(domain, label, tclass, perms, adp, who, 0);
}

static sel07_noipa int inode_has_perm_tuned(mac_col_t domain, mac_col_t label, unsigned tclass,
					    mac_vec_t perms, const struct avc_audit_data *adp,
					    const struct mac_audit_data *who)
{
	return inode_has_perm_body(domain, label, tclass, perms, adp, who, 1);
}

/* secondary_ops->inode_permission: the capability module's, which has
 * none and so is the dummy's (security/dummy.c), called through its
 * pointer. */
static int dummy_inode_permission(mac_col_t domain, mac_col_t label, mac_vec_t perms)
{
	(void)domain, (void)label, (void)perms;
	return 0;
}

struct sel07_secondary_ops { int (*inode_permission)(mac_col_t, mac_col_t, mac_vec_t); };
static const struct sel07_secondary_ops dummy_security_ops = { dummy_inode_permission };
/* set at start-up, as register_security kept the one it replaced */
static const struct sel07_secondary_ops *secondary_ops;

/* selinux_inode_permission: the inode hook (path walk, stat, open,
 * create); the same function in both kernels, each calling its own
 * inode_has_perm. */
static sel07_always_inline int
inode_perm_body(mac_col_t domain, mac_col_t label, unsigned tclass, mac_vec_t perms,
		const struct mac_audit_data *who, int tuned)
{
	int rc = secondary_ops->inode_permission(domain, label, perms);

	if (unlikely(rc))
		return rc;
	if (!perms)
		return 0;	/* an existence test */
	if (tuned)
		return inode_has_perm_tuned(domain, label, tclass, perms, NULL, who);
	return inode_has_perm(domain, label, tclass, perms, NULL, who);
}

int sel07_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
		     const struct mac_audit_data *who)
{
	return inode_perm_body(domain, label, tclass, perms, who, 0);
}

int sel07tuned_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
			  const struct mac_audit_data *who)
{
	return inode_perm_body(domain, label, tclass, perms, who, 1);
}

static sel07_noipa int file_has_perm(mac_col_t domain, mac_col_t label, unsigned tclass,
				     mac_vec_t av, const struct mac_audit_data *who)
{
	uint32_t tsid = task_security[domain].sid, fsid = file_security[domain].sid;
	struct avc_audit_data ad;
	int rc;

	AVC_AUDIT_DATA_INIT(&ad);
	ad.u.fs.mnt = sel07_mnt;
	ad.u.fs.dentry = who;
	if (tsid != fsid) {
		rc = avc_has_perm(tsid, fsid, sel07_class_value[MAC_CLASS_FD], MAC_PERM_FD__USE, &ad);
		if (unlikely(rc))
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
	uint32_t tsid, fsid;
	struct avc_audit_data ad;
	int rc;

	if (!perms)
		return 0;
	tsid = task_security[domain].sid;
	fsid = file_security[domain].sid;
	AVC_AUDIT_DATA_INIT(&ad);
	ad.u.fs.mnt = sel07_mnt;
	ad.u.fs.dentry = who;
	if (tsid != fsid) {
		rc = avc_has_perm_tuned(tsid, fsid, sel07_class_value[MAC_CLASS_FD],
					MAC_PERM_FD__USE, &ad);
		if (unlikely(rc))
			return rc;
	}
	return avc_has_perm_tuned(tsid, sel07_object_sid(label), sel07_class_value[tclass], perms,
				  &ad);
}

/* selinux_task_alloc_security, selinux_file_alloc_security: each
 * domain's task, and the handles it opens, get its SID. */
void sel07_hooks_init(void)
{
	secondary_ops = &dummy_security_ops;
	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		task_security[d].sid = file_security[d].sid = sel07_task_sid(d);
}

#endif
