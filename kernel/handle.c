/* Handles: a task's table of open objects. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "mac_policy.h"

int handle_alloc(struct task *t, enum handle_kind kind, uint16_t obj, uint8_t flags)
{
	for (int h = 0; h < HANDLE_MAX; h++)
		if (t->handles[h].kind == H_FREE) {
			t->handles[h] = (struct handle){ (uint8_t)kind, flags, obj, 0 };
			return h;
		}
	return -E_MFILE;
}

struct handle *handle_get(struct task *t, uintptr_t h, enum handle_kind kind)
{
	if (unlikely(h >= HANDLE_MAX || t->handles[h].kind != kind))
		return NULL;
	return &t->handles[h];
}

void handle_close_all(struct task *t)
{
	memset(t->handles, 0, sizeof(t->handles));
}

/* Every task starts with /dev/console as handle 0 when it may write it. */
int fs_open_console(struct task *t)
{
	uint16_t dev = obj_lookup(NODE_ROOT, "dev", 3);
	uint16_t con = dev == NODE_NONE ? NODE_NONE : obj_lookup(dev, "console", 7);

	if (con == NODE_NONE)
		return -E_NOENT;
	t->audit.path = "/dev/console";
	if (mac_check(&t->mac, MAC_CLASS_CHR_FILE, obj_node(con)->label,
		      MAC_PERM_CHR_FILE__WRITE, &t->audit))
		return -E_ACCES;
	return handle_alloc(t, H_NODE, con, O_WRITE);
}
