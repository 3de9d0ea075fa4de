/*
 * Kernel objects: the in-memory namespace (directories, files, device
 * nodes) and message channels.  Every object carries a label: its column
 * in the monitor's tables, fixed by the manifest at build time or, for
 * an object created at run time, by the policy's type_transition
 * resolved at build time.
 */
#ifndef OBJECT_H
#define OBJECT_H

#include <stdint.h>
#include <stddef.h>
#include "mac.h"
#include "kernel_limits.h"

#define NODE_NONE	0xFFFFu
#define NODE_ROOT	0

/* NODE_SOCK and NODE_FIFO exist only when the manifest makes them; their
 * data is a small file's (no sockets or pipes behind them) */
enum node_kind { NODE_FREE, NODE_DIR, NODE_FILE, NODE_DEV, NODE_SOCK, NODE_FIFO };
enum dev_id { DEV_NULL, DEV_ZERO, DEV_CONSOLE, DEV_SENSOR, DEV_COUNT };

struct node {
	uint8_t kind;
	uint8_t dev;		/* NODE_DEV: enum dev_id */
	mac_col_t label;
	uint8_t tclass;		/* the monitor's class of kind, set with the label */
	/* a program's node, bound at boot: its index in image_programs, plus
	 * one; 0 for every other node, and for any node made since */
	uint8_t program;
	mac_ccol_t ccol;	/* label's column in tclass, ready to index */
	mac_col_t owner;	/* the domain charged for it and its data */
	uint16_t parent;
	uint16_t next;		/* hash chain */
	uint16_t size;
	int16_t block;		/* file data, or -1 */
	char name[NODE_NAME_MAX];
	/* a directory's children in the order they were made, so that
	 * listing and emptiness never scan the pool: NODE_NONE ends them */
	uint16_t child_first, child_last;
	uint16_t sib_next, sib_prev;
};

/* "." and "..": never names in the namespace, and not resolved in a path
 * (a path names the object by its labelled parents only). */
static inline int obj_name_is_dot(const char *name, size_t len)
{
	return name[0] == '.' && (len == 1 || (len == 2 && name[1] == '.'));
}

void obj_init(void);
/* The pool itself, for a handle's node (sys_fs.c), whose id is known good;
 * any other id is found through obj_node, which tests it. */
extern struct node obj_nodes[NODE_MAX];
struct node *obj_node(uint16_t id);
unsigned int obj_class(const struct node *n);
uint16_t obj_id(const struct node *n);
uint16_t obj_lookup(uint16_t dir, const char *name, size_t len);
void obj_path(uint16_t id, char *buf, size_t size);	/* "/a/b", "/" for the root */
uint16_t obj_create(uint16_t dir, const char *name, size_t len, enum node_kind kind,
		    mac_col_t label);
intptr_t obj_create_for(mac_col_t owner, uint16_t dir, const char *name, size_t len,
			enum node_kind kind, mac_col_t label);	/* id or -E_* */
int obj_has_children(uint16_t dir);
/* obj_child_at's answer when the child is further than OBJ_WALK_STEPS
 * children on: ask again, the walk goes on from there. */
#define OBJ_WALK_STEPS	128
#define OBJ_CHILD_LATER	(NODE_NONE - 1)
uint16_t obj_child_at(uint16_t dir, uint32_t index);
void obj_remove(uint16_t id);
/* obj_remove in two steps, each bounded apart (an unlink's two entries):
 * the node out of the namespace, then, once no handle names it, freed. */
void obj_detach(uint16_t id);
void obj_free(uint16_t id);
intptr_t obj_file_read(struct node *n, uint32_t off, uint8_t *buf, size_t len);
intptr_t obj_file_write(struct node *n, uint32_t off, const uint8_t *buf, size_t len);
void obj_file_truncate(struct node *n);
intptr_t dev_read(struct node *n, uint8_t *buf, size_t len);
intptr_t dev_write(struct node *n, const uint8_t *buf, size_t len);
int dev_by_name(const char *name);

/* Channels: named, bounded message queues between tasks. */
#define CHAN_MSG_MAX	32

struct channel {
	const char *name;
	mac_col_t label;
	mac_ccol_t ccol;	/* label's column in the channel class */
	uint8_t head, count;
	uint8_t len[CHAN_DEPTH];
	mac_col_t from[CHAN_DEPTH];	/* the sender's domain, charged until taken */
	uint8_t msg[CHAN_DEPTH][CHAN_MSG_MAX];
	uint8_t name_len;	/* compared first: a lookup reads few names */
};

int chan_create(const char *name, mac_col_t label);
int chan_find(const char *name, size_t len);
struct channel *chan_get(int id);
int chan_put(struct channel *c, const uint8_t *msg, size_t len, mac_col_t from);
int chan_take(struct channel *c, uint8_t *buf, size_t len);

#endif
