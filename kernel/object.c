/*
 * The namespace: a fixed pool of nodes found by (parent, name) hashing.
 * The kernel runs every system call with interrupts masked, so nothing
 * here scans a whole table: free nodes and free file blocks are kept on
 * lists, a directory links its children, and a listing resumes where the
 * last one stopped.
 */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "mac_policy.h"

#define HASH_BUCKETS 2048	/* a power of two near NODE_MAX: short chains */

struct node obj_nodes[NODE_MAX];
static uint16_t buckets[HASH_BUCKETS];
static uint16_t node_free;		/* through .next, NODE_NONE at the end */
static uint8_t blocks[FILE_BLOCKS][FILE_DATA_MAX];
static int16_t block_next[FILE_BLOCKS];	/* free blocks, -1 at the end */
static int16_t block_free;

/* Where the last listing stopped: the next one, usually the following
 * index, starts there.  Removing a child of that directory forgets it. */
static struct { uint16_t dir, id; uint32_t index; } cursor = { NODE_NONE, NODE_NONE, 0 };

/* FNV-1a over the parent and the name, folded to the table's size */
static unsigned name_hash(uint16_t dir, const char *name, size_t len)
{
	uint32_t h = 2166136261u ^ dir;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)name[i]) * 16777619u;
	return (h ^ (h >> 16)) & (HASH_BUCKETS - 1);
}

static void dir_init(struct node *n)
{
	n->child_first = n->child_last = NODE_NONE;
	n->sib_next = n->sib_prev = NODE_NONE;
}

/* The lowest ids first, as the pool's order was before it had lists. */
void obj_init(void)
{
	memset(obj_nodes, 0, sizeof(obj_nodes));
	memset(buckets, 0xFF, sizeof(buckets));
	memset(blocks, 0, sizeof(blocks));
	for (uint16_t id = 1; id < NODE_MAX; id++)
		obj_nodes[id].next = id + 1 < NODE_MAX ? (uint16_t)(id + 1) : NODE_NONE;
	node_free = NODE_MAX > 1 ? 1 : NODE_NONE;
	for (int i = 0; i < FILE_BLOCKS; i++)
		block_next[i] = (int16_t)(i + 1 < FILE_BLOCKS ? i + 1 : -1);
	block_free = 0;
	cursor.dir = NODE_NONE;
	obj_nodes[NODE_ROOT].kind = NODE_DIR;
	obj_nodes[NODE_ROOT].parent = NODE_ROOT;
	obj_nodes[NODE_ROOT].owner = QUOTA_KERNEL;
	obj_nodes[NODE_ROOT].next = NODE_NONE;
	obj_nodes[NODE_ROOT].block = -1;
	dir_init(&obj_nodes[NODE_ROOT]);
}

/* The monitor's class for a node (file, dir and chr_file share the
 * permissions of the "file" common).  mac-polc gives the sock_file and
 * fifo_file classes tables when the manifest has such nodes, and only
 * then are there nodes of those kinds. */
unsigned int obj_class(const struct node *n)
{
	static const unsigned int cls[] = {
		[NODE_DIR] = MAC_CLASS_DIR, [NODE_FILE] = MAC_CLASS_FILE,
		[NODE_DEV] = MAC_CLASS_CHR_FILE,
#ifdef MAC_CLASS_SOCK_FILE
		[NODE_SOCK] = MAC_CLASS_SOCK_FILE,
#endif
#ifdef MAC_CLASS_FIFO_FILE
		[NODE_FIFO] = MAC_CLASS_FIFO_FILE,
#endif
	};
	return cls[n->kind];
}


struct node *obj_node(uint16_t id) { return id < NODE_MAX ? &obj_nodes[id] : NULL; }
uint16_t obj_id(const struct node *n) { return (uint16_t)(n - obj_nodes); }

static int name_is(const struct node *n, const char *name, size_t len)
{
	return strncmp(n->name, name, len) == 0 && n->name[len] == 0;
}

/* The node's path from the root, in buf (size bytes, always ended; a
 * path too long keeps its end, after "..."): for the audit line of a
 * check the caller's path does not name. */
void obj_path(uint16_t id, char *buf, size_t size)
{
	char *p = buf + size - 1;

	*p = '\0';
	for (; id != NODE_ROOT; id = obj_nodes[id].parent) {
		size_t len = strlen(obj_nodes[id].name);

		if ((size_t)(p - buf) < len + 1 + 3) {
			memcpy(buf, "...", 3);
			memmove(buf + 3, p, strlen(p) + 1);
			return;
		}
		p -= len;
		memcpy(p, obj_nodes[id].name, len);
		*--p = '/';
	}
	if (!*p)
		*--p = '/';
	memmove(buf, p, strlen(p) + 1);
}

uint16_t obj_lookup(uint16_t dir, const char *name, size_t len)
{
	uint16_t id = buckets[name_hash(dir, name, len)];
	for (; id != NODE_NONE; id = obj_nodes[id].next)
		if (obj_nodes[id].parent == dir && name_is(&obj_nodes[id], name, len))
			return id;
	return NODE_NONE;
}

/* A new child goes last: a listing sees children in the order made. */
static void child_link(uint16_t dir, uint16_t id)
{
	struct node *d = &obj_nodes[dir], *n = &obj_nodes[id];

	n->sib_prev = d->child_last;
	n->sib_next = NODE_NONE;
	if (d->child_last == NODE_NONE)
		d->child_first = id;
	else
		obj_nodes[d->child_last].sib_next = id;
	d->child_last = id;
}

static void child_unlink(uint16_t dir, uint16_t id)
{
	struct node *d = &obj_nodes[dir], *n = &obj_nodes[id];

	if (n->sib_prev == NODE_NONE)
		d->child_first = n->sib_next;
	else
		obj_nodes[n->sib_prev].sib_next = n->sib_next;
	if (n->sib_next == NODE_NONE)
		d->child_last = n->sib_prev;
	else
		obj_nodes[n->sib_next].sib_prev = n->sib_prev;
	if (cursor.dir == dir)
		cursor.dir = NODE_NONE;
}

static uint16_t node_alloc(uint16_t dir, const char *name, size_t len, enum node_kind kind,
			   mac_col_t label, mac_col_t owner)
{
	uint16_t id = node_free;

	if (unlikely(id == NODE_NONE))
		return NODE_NONE;
	struct node *n = &obj_nodes[id];
	unsigned b = name_hash(dir, name, len);
	node_free = n->next;
	memset(n, 0, sizeof(*n));
	memcpy(n->name, name, len);
	n->kind = (uint8_t)kind;
	n->label = label;
	n->owner = owner;
	n->parent = dir;
	n->block = -1;
	n->next = buckets[b];
	buckets[b] = id;
	dir_init(n);
	child_link(dir, id);
	return id;
}

/* The owner's quota first: a domain at its share learns that, even when
 * the pool is full too. */
intptr_t obj_create_for(mac_col_t owner, uint16_t dir, const char *name, size_t len,
			enum node_kind kind, mac_col_t label)
{
	if (unlikely(len == 0 || len >= NODE_NAME_MAX || obj_name_is_dot(name, len)))
		return -E_INVAL;
	int err = quota_charge(owner, MAC_LIMIT_NODES);
	if (unlikely(err))
		return err;
	uint16_t id = node_alloc(dir, name, len, kind, label, owner);
	if (unlikely(id == NODE_NONE)) {
		quota_release(owner, MAC_LIMIT_NODES);
		return -E_NOSPC;
	}
	return id;
}

uint16_t obj_create(uint16_t dir, const char *name, size_t len, enum node_kind kind,
		    mac_col_t label)
{
	intptr_t id = obj_create_for(QUOTA_KERNEL, dir, name, len, kind, label);

	return id < 0 ? NODE_NONE : (uint16_t)id;
}

int obj_has_children(uint16_t dir)
{
	return obj_nodes[dir].child_first != NODE_NONE;
}

/* Children in the order they were made, stable while nothing is removed.
 * A listing asks for index after index: each step resumes at the last
 * one, so a whole listing walks the directory once.  Any other index
 * walks from the first child, over that directory's children only. */
uint16_t obj_child_at(uint16_t dir, uint32_t index)
{
	uint16_t id = obj_nodes[dir].child_first;
	uint32_t at = 0, steps = 0;

	if (cursor.dir == dir && cursor.index <= index) {
		id = cursor.id;
		at = cursor.index;
	}
	/* at most OBJ_WALK_STEPS children a call, masked: the cursor keeps
	 * how far it came, and the caller comes back for the rest */
	for (; id != NODE_NONE && at < index; at++, steps++) {
		if (unlikely(steps == OBJ_WALK_STEPS)) {
			cursor.dir = dir;
			cursor.id = id;
			cursor.index = at;
			return OBJ_CHILD_LATER;
		}
		id = obj_nodes[id].sib_next;
	}
	if (id != NODE_NONE) {
		cursor.dir = dir;
		cursor.id = id;
		cursor.index = index;
	}
	return id;
}

void obj_detach(uint16_t id)
{
	struct node *n = &obj_nodes[id];
	uint16_t *link = &buckets[name_hash(n->parent, n->name, strlen(n->name))];

	while (*link != id)
		link = &obj_nodes[*link].next;
	*link = n->next;
	child_unlink(n->parent, id);
	if (cursor.dir == id)
		cursor.dir = NODE_NONE;
}

void obj_remove(uint16_t id)
{
	obj_detach(id);
	obj_free(id);
}

void obj_free(uint16_t id)
{
	struct node *n = &obj_nodes[id];

	obj_file_truncate(n);
	quota_release(n->owner, MAC_LIMIT_NODES);
	n->kind = NODE_FREE;
	n->next = node_free;
	node_free = id;
}

/* A file's data is charged to the domain that created the file, which
 * the writer may not be: a writer spends another's share only through
 * that domain's files, one block each. */
static int block_alloc(mac_col_t owner)
{
	int err = quota_charge(owner, MAC_LIMIT_BLOCKS);
	int b;

	if (unlikely(err))
		return err;
	b = block_free;
	if (unlikely(b < 0)) {
		quota_release(owner, MAC_LIMIT_BLOCKS);
		return -E_NOSPC;
	}
	block_free = block_next[b];
	return b;
}

intptr_t obj_file_read(struct node *n, uint32_t off, uint8_t *buf, size_t len)
{
	if (off >= n->size)
		return 0;
	if (len > n->size - off)
		len = n->size - off;
	memcpy(buf, blocks[n->block] + off, len);
	return (intptr_t)len;
}

intptr_t obj_file_write(struct node *n, uint32_t off, const uint8_t *buf, size_t len)
{
	if (off > FILE_DATA_MAX || len > FILE_DATA_MAX - off)
		return -E_FBIG;
	if (n->block < 0) {
		int b = block_alloc(n->owner);
		if (unlikely(b < 0))
			return b;
		n->block = (int16_t)b;
	}
	/* a hole reads as zeros whatever the block held before */
	if (off > n->size)
		memset(blocks[n->block] + n->size, 0, off - n->size);
	memcpy(blocks[n->block] + off, buf, len);
	if (off + len > n->size)
		n->size = (uint16_t)(off + len);
	return (intptr_t)len;
}

void obj_file_truncate(struct node *n)
{
	/* wiped now: a removed file's data must not outlive it in memory */
	if (n->block >= 0) {
		memset(blocks[n->block], 0, FILE_DATA_MAX);
		block_next[n->block] = block_free;
		block_free = n->block;
		quota_release(n->owner, MAC_LIMIT_BLOCKS);
	}
	n->block = -1;
	n->size = 0;
}
