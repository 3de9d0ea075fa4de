/* The namespace: a fixed pool of nodes found by (parent, name) hashing. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "mac_policy.h"

#define HASH_BUCKETS 1024	/* a power of two near NODE_MAX: short chains */

static struct node nodes[NODE_MAX];
static uint16_t buckets[HASH_BUCKETS];
static uint8_t blocks[FILE_BLOCKS][FILE_DATA_MAX];
static uint8_t block_used[FILE_BLOCKS];

/* FNV-1a over the parent and the name, folded to the table's size */
static unsigned name_hash(uint16_t dir, const char *name, size_t len)
{
	uint32_t h = 2166136261u ^ dir;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)name[i]) * 16777619u;
	return (h ^ (h >> 16)) & (HASH_BUCKETS - 1);
}

void obj_init(void)
{
	memset(nodes, 0, sizeof(nodes));
	memset(buckets, 0xFF, sizeof(buckets));
	memset(block_used, 0, sizeof(block_used));
	memset(blocks, 0, sizeof(blocks));
	nodes[NODE_ROOT].kind = NODE_DIR;
	nodes[NODE_ROOT].parent = NODE_ROOT;
	nodes[NODE_ROOT].owner = QUOTA_KERNEL;
	nodes[NODE_ROOT].next = NODE_NONE;
	nodes[NODE_ROOT].block = -1;
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

struct node *obj_node(uint16_t id) { return id < NODE_MAX ? &nodes[id] : NULL; }
uint16_t obj_id(const struct node *n) { return (uint16_t)(n - nodes); }

static int name_is(const struct node *n, const char *name, size_t len)
{
	return strncmp(n->name, name, len) == 0 && n->name[len] == 0;
}

uint16_t obj_lookup(uint16_t dir, const char *name, size_t len)
{
	uint16_t id = buckets[name_hash(dir, name, len)];
	for (; id != NODE_NONE; id = nodes[id].next)
		if (nodes[id].parent == dir && name_is(&nodes[id], name, len))
			return id;
	return NODE_NONE;
}

static uint16_t node_alloc(uint16_t dir, const char *name, size_t len, enum node_kind kind,
			   mac_col_t label, mac_col_t owner)
{
	for (uint16_t id = 1; id < NODE_MAX; id++) {
		struct node *n = &nodes[id];
		if (n->kind != NODE_FREE)
			continue;
		unsigned b = name_hash(dir, name, len);
		memset(n, 0, sizeof(*n));
		memcpy(n->name, name, len);
		n->kind = (uint8_t)kind;
		n->label = label;
		n->owner = owner;
		n->parent = dir;
		n->block = -1;
		n->next = buckets[b];
		buckets[b] = id;
		return id;
	}
	return NODE_NONE;
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
	return obj_child_at(dir, 0) != NODE_NONE;
}

/* Directory listing order is pool order: stable while nothing changes. */
uint16_t obj_child_at(uint16_t dir, uint32_t index)
{
	for (uint16_t id = 1; id < NODE_MAX; id++)
		if (nodes[id].kind != NODE_FREE && nodes[id].parent == dir && index-- == 0)
			return id;
	return NODE_NONE;
}

void obj_remove(uint16_t id)
{
	struct node *n = &nodes[id];
	uint16_t *link = &buckets[name_hash(n->parent, n->name, strlen(n->name))];

	while (*link != id)
		link = &nodes[*link].next;
	*link = n->next;
	obj_file_truncate(n);
	quota_release(n->owner, MAC_LIMIT_NODES);
	n->kind = NODE_FREE;
}

/* A file's data is charged to the domain that created the file, which
 * the writer may not be: a writer spends another's share only through
 * that domain's files, one block each. */
static int block_alloc(mac_col_t owner)
{
	int err = quota_charge(owner, MAC_LIMIT_BLOCKS);

	if (unlikely(err))
		return err;
	for (int i = 0; i < FILE_BLOCKS; i++)
		if (!block_used[i]) {
			block_used[i] = 1;
			return i;
		}
	quota_release(owner, MAC_LIMIT_BLOCKS);
	return -E_NOSPC;
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
		block_used[n->block] = 0;
		quota_release(n->owner, MAC_LIMIT_BLOCKS);
	}
	n->block = -1;
	n->size = 0;
}
