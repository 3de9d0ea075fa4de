/* Handles: a task's table of open objects. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "mac_policy.h"
#include "syscalls.h"

/* Only a node opened to write has writes to fold (a directory never is:
 * its write and append are not on the file class's bits). */
static int handle_appends(enum handle_kind kind, uint8_t flags)
{
	return kind == H_NODE && (flags & (O_WRITE | O_APPEND)) == (O_WRITE | O_APPEND);
}

/* A write through an O_APPEND handle is an append: the handle's write
 * bit holds the append decision, so that a write tests one constant bit. */
static mac_vec_t handle_fold_append(mac_vec_t v, enum handle_kind kind, uint8_t flags)
{
	if (!handle_appends(kind, flags))
		return v;
	v &= ~(mac_vec_t)MAC_PERM_FILE__WRITE;
	return v | ((v & MAC_PERM_FILE__APPEND) ? MAC_PERM_FILE__WRITE : 0);
}

/* The permission a handle's bits stand for: a write on an O_APPEND
 * handle asks for append. */
mac_vec_t handle_real_perms(const struct handle *h, mac_vec_t perms)
{
	if (!handle_appends(h->kind, h->flags) || !(perms & MAC_PERM_FILE__WRITE))
		return perms;
	return (perms & ~(mac_vec_t)MAC_PERM_FILE__WRITE) | MAC_PERM_FILE__APPEND;
}

/* A new handle keeps the vector the tables give the task on the object
 * (ccol: its column in tclass), which every later use tests (check_handle). */
int handle_alloc(struct task *t, enum handle_kind kind, uint16_t obj, uint8_t flags,
		 unsigned int tclass, mac_col_t ccol)
{
	/* the index names the class too: tclass is the models' business */
	(void)tclass;
	mac_vec_t v = handle_fold_append(mac_fast_vector(&t->mac, (mac_ccol_t)ccol),
					 kind, flags);

	for (int h = 0; h < HANDLE_MAX; h++)
		if (t->handles[h].kind == H_FREE) {
			int err = quota_charge(t->quota, MAC_LIMIT_HANDLES);
			if (unlikely(err))
				return err;
			t->handles[h] = (struct handle){ (uint8_t)kind, flags, obj, 0, v };
			return h;
		}
	return -E_MFILE;
}

void handle_free(struct task *t, struct handle *h)
{
	if (h->kind == H_FREE)
		return;
	h->kind = H_FREE;
	quota_release(t->quota, MAC_LIMIT_HANDLES);
}

void handle_close_all(struct task *t)
{
	for (int h = 0; h < HANDLE_MAX; h++)
		handle_free(t, &t->handles[h]);
}

/* Every task starts with /dev/console as handle 0 when it may write it. */
int fs_open_console(struct task *t)
{
	uint16_t dev = obj_lookup(NODE_ROOT, "dev", 3);
	uint16_t con = dev == NODE_NONE ? NODE_NONE : obj_lookup(dev, "console", 7);

	if (con == NODE_NONE)
		return -E_NOENT;
	const struct node *n = obj_node(con);
	t->audit.path = "/dev/console";
	if (mac_check_obj(&t->mac, MAC_CLASS_CHR_FILE, n->ccol, n->label,
			  MAC_PERM_CHR_FILE__WRITE, &t->audit))
		return -E_ACCES;
	return handle_alloc(t, H_NODE, con, O_WRITE, MAC_CLASS_CHR_FILE, n->ccol);
}

/* The object behind a handle: its label, its class, and its name for
 * the audit line. */
static mac_col_t handle_object_col(const struct handle *h, unsigned int *tclass,
				   mac_ccol_t *ccol)
{
	struct task *t = sched_current;

	t->audit.path = NULL;
	if (h->kind == H_CHAN) {
		*tclass = MAC_CLASS_CHANNEL;
		*ccol = chan_get(h->obj)->ccol;
		t->audit.name = chan_get(h->obj)->name;
		return chan_get(h->obj)->label;
	}
	*tclass = obj_node(h->obj)->tclass;
	*ccol = obj_node(h->obj)->ccol;
	t->audit.name = obj_node(h->obj)->name;
	return obj_node(h->obj)->label;
}

mac_col_t handle_object(const struct handle *h, unsigned int *tclass)
{
	mac_ccol_t ccol;

	return handle_object_col(h, tclass, &ccol);
}

/* A use of a handle that its vector does not cover: the monitor's slow
 * path decides (permissive, auditallow) and logs. */
int check_handle_slow(const struct handle *h, mac_vec_t perms)
{
	unsigned int tclass;
	mac_ccol_t ccol;
	mac_col_t label = handle_object_col(h, &tclass, &ccol);

	return mac_audit_slow(&sched_current->mac, tclass, ccol, label,
			      handle_real_perms(h, perms), &sched_current->audit);
}

/* A search is the path walk's, on a directory it passes through: its
 * audit line names that directory, not the path being walked (whose
 * last name the search was for).  Built here, off the walk's fast path;
 * the check copies it into its record at once. */
int check_node_slow(const struct node *n, mac_vec_t perms)
{
	static char dir[PATH_MAX_LEN];	/* masked: one check at a time */
	struct task *t = sched_current;
	struct mac_audit_data ad = t->audit;

	if (n->kind == NODE_DIR && perms == MAC_PERM_DIR__SEARCH && ad.path) {
		obj_path(obj_id(n), dir, sizeof(dir));
		ad.path = dir;
	}
	return mac_audit_slow(&t->mac, n->tclass, n->ccol, n->label, perms, &ad);
}

void check_handle_grant(const struct handle *h, mac_vec_t perms)
{
	unsigned int tclass;
	mac_col_t label = handle_object(h, &tclass);

	mac_grant_note(sched_current->domain, tclass, label, handle_real_perms(h, perms));
}
