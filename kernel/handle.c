/* Handles: a task's table of open objects. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "mac_policy.h"

/* A new handle keeps the vector the tables give the task on the object,
 * which every later use tests (check_handle). */
int handle_alloc(struct task *t, enum handle_kind kind, uint16_t obj, uint8_t flags,
		 unsigned int tclass, mac_col_t label)
{
	for (int h = 0; h < HANDLE_MAX; h++)
		if (t->handles[h].kind == H_FREE) {
			int err = quota_charge(t->domain, MAC_LIMIT_HANDLES);
			if (unlikely(err))
				return err;
			t->handles[h] = (struct handle){ (uint8_t)kind, flags, obj, 0,
							 mac_fast_vector(&t->mac, tclass, label) };
			return h;
		}
	return -E_MFILE;
}

void handle_free(struct task *t, struct handle *h)
{
	if (h->kind == H_FREE)
		return;
	h->kind = H_FREE;
	quota_release(t->domain, MAC_LIMIT_HANDLES);
}

struct handle *handle_get(struct task *t, uintptr_t h, enum handle_kind kind)
{
	if (unlikely(h >= HANDLE_MAX || t->handles[h].kind != kind))
		return NULL;
	return &t->handles[h];
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
	mac_col_t label = obj_node(con)->label;
	t->audit.path = "/dev/console";
	if (mac_check(&t->mac, MAC_CLASS_CHR_FILE, label, MAC_PERM_CHR_FILE__WRITE, &t->audit))
		return -E_ACCES;
	return handle_alloc(t, H_NODE, con, O_WRITE, MAC_CLASS_CHR_FILE, label);
}

/* The object behind a handle: its label, its class, and its name for
 * the audit line. */
mac_col_t handle_object(const struct handle *h, unsigned int *tclass)
{
	struct task *t = sched_current;

	t->audit.path = NULL;
	if (h->kind == H_CHAN) {
		*tclass = MAC_CLASS_CHANNEL;
		t->audit.name = chan_get(h->obj)->name;
		return chan_get(h->obj)->label;
	}
	*tclass = obj_class(obj_node(h->obj));
	t->audit.name = obj_node(h->obj)->name;
	return obj_node(h->obj)->label;
}

/* A use of a handle that its vector does not cover: the monitor's slow
 * path decides (permissive, auditallow) and logs. */
int check_handle_slow(const struct handle *h, mac_vec_t perms)
{
	unsigned int tclass;
	mac_col_t label = handle_object(h, &tclass);

	return mac_audit_slow(&sched_current->mac, tclass, label, perms, &sched_current->audit);
}
