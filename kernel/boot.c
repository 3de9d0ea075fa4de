/* The manifest at boot: the namespace, the channels and the first tasks. */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "image.h"
#include "object.h"
#include "mac_policy.h"
#include "models.h"

static uint16_t boot_parent(const char *path, const char **name)
{
	const char *slash = strrchr(path, '/');
	uint16_t dir = NODE_ROOT;

	*name = slash + 1;
	for (const char *p = path + 1; p < slash;) {
		const char *end = strchr(p, '/');
		dir = obj_lookup(dir, p, (size_t)(end - p));
		p = end + 1;
	}
	return dir;
}

static void boot_object(const struct mac_init_object *o)
{
	static const uint8_t kinds[] = { [MAC_KIND_DIR] = NODE_DIR, [MAC_KIND_FILE] = NODE_FILE,
					 [MAC_KIND_CHR_FILE] = NODE_DEV,
					 [MAC_KIND_SOCK_FILE] = NODE_SOCK,
					 [MAC_KIND_FIFO_FILE] = NODE_FIFO };
	const char *name;
	uint16_t dir = boot_parent(o->path, &name), id;

	if (strcmp(o->path, "/") == 0) {
		obj_node(NODE_ROOT)->label = o->type;
		obj_node(NODE_ROOT)->ccol = o->ccol;
		return;
	}
	id = obj_create(dir, name, strlen(name), kinds[o->kind], o->type);
	if (id == NODE_NONE)
		kernel_panic("manifest: cannot create object");
	struct node *n = obj_node(id);
	n->tclass = (uint8_t)obj_class(n);
	n->ccol = o->ccol;
	if (n->kind == NODE_DEV && dev_by_name(name) < 0)
		printf("manifest: %s is no device of this kernel\n", o->path);
	n->dev = (uint8_t)dev_by_name(name);
	if (o->content)
		obj_file_write(n, 0, (const uint8_t *)o->content, strlen(o->content));
}

/* The node at an absolute path, or NODE_NONE: a program's path is the
 * image's, and need not be in the manifest. */
static uint16_t boot_lookup(const char *path)
{
	uint16_t id = NODE_ROOT;

	for (const char *p = path + 1; *p && id != NODE_NONE;) {
		const char *end = strchr(p, '/');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		id = obj_lookup(id, p, len);
		p += len + (end != NULL);
	}
	return id;
}

/* Each program to the node made at its path: the entrypoint and execute
 * checks on that node's label are then the checks on the program's code,
 * which no task can replace (tasks make nodes, never programs). */
static void boot_programs(void)
{
	for (const struct program *p = image_programs; p->path; p++) {
		uint16_t id = boot_lookup(p->path);
		if (p - image_programs >= PROGRAM_MAX)
			kernel_panic("image: more programs than a node can name");
		if (id != NODE_NONE && obj_node(id)->kind == NODE_FILE)
			obj_node(id)->program = (uint8_t)(p - image_programs + 1);
	}
}

_Static_assert(MAC_NCHANNELS <= CHAN_MAX, "the manifest names more channels than the kernel has");
_Static_assert(MAC_NTASKS <= TASK_MAX, "the manifest starts more tasks than the kernel has");

void boot_manifest(void)
{
	obj_init();
	struct node *root = obj_node(NODE_ROOT);
	root->tclass = MAC_CLASS_DIR;
	root->ccol = mac_ccol(MAC_CLASS_DIR, root->label);
	for (const struct mac_init_object *o = mac_init_objects; o->path; o++)
		boot_object(o);
	boot_programs();
	for (const struct mac_init_channel *c = mac_init_channels; c->name; c++) {
		int id = chan_create(c->name, c->type);
		if (id >= 0)
			chan_get(id)->ccol = c->ccol;
	}
	models_init();
}

void boot_tasks(void)
{
	for (const struct mac_init_task *t = mac_init_tasks; t->name; t++)
		if (sched_spawn(t->name, (uintptr_t)t->entry, 0, t->priority, t->domain, 0) < 0)
			kernel_panic("manifest: a task cannot start (its domain's share, its "
				     "priority, or its entry in no program)");
}
