/* File-system system calls: path walk, handles, and the checks on each. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "syscalls.h"
#include "mac_policy.h"

#define RW_MAX 4096	/* longest single read or write */

/* A node of any kind is opened, read, written, stat'd and unlinked with
 * the file class's constant, its own class choosing the table: each pair
 * of MAC_KERNEL_FILE_BIT_CHECKS (include/mac_kernel_checks.h) is on the
 * file class's bit, as mac-polc numbers them. */
_Static_assert(MAC_PERM_DIR__OPEN == MAC_PERM_FILE__OPEN, "dir open");
_Static_assert(MAC_PERM_DIR__READ == MAC_PERM_FILE__READ, "dir read");
_Static_assert(MAC_PERM_DIR__GETATTR == MAC_PERM_FILE__GETATTR, "dir getattr");
_Static_assert(MAC_PERM_CHR_FILE__OPEN == MAC_PERM_FILE__OPEN, "chr_file open");
_Static_assert(MAC_PERM_CHR_FILE__READ == MAC_PERM_FILE__READ, "chr_file read");
_Static_assert(MAC_PERM_CHR_FILE__WRITE == MAC_PERM_FILE__WRITE, "chr_file write");
_Static_assert(MAC_PERM_CHR_FILE__APPEND == MAC_PERM_FILE__APPEND, "chr_file append");
_Static_assert(MAC_PERM_CHR_FILE__GETATTR == MAC_PERM_FILE__GETATTR, "chr_file getattr");
_Static_assert(MAC_PERM_CHR_FILE__UNLINK == MAC_PERM_FILE__UNLINK, "chr_file unlink");
/* sock_file and fifo_file, where the manifest has them */
#ifdef MAC_CLASS_SOCK_FILE
_Static_assert(MAC_PERM_SOCK_FILE__OPEN == MAC_PERM_FILE__OPEN, "sock_file open");
_Static_assert(MAC_PERM_SOCK_FILE__READ == MAC_PERM_FILE__READ, "sock_file read");
_Static_assert(MAC_PERM_SOCK_FILE__WRITE == MAC_PERM_FILE__WRITE, "sock_file write");
_Static_assert(MAC_PERM_SOCK_FILE__APPEND == MAC_PERM_FILE__APPEND, "sock_file append");
_Static_assert(MAC_PERM_SOCK_FILE__GETATTR == MAC_PERM_FILE__GETATTR, "sock_file getattr");
_Static_assert(MAC_PERM_SOCK_FILE__UNLINK == MAC_PERM_FILE__UNLINK, "sock_file unlink");
#endif
#ifdef MAC_CLASS_FIFO_FILE
_Static_assert(MAC_PERM_FIFO_FILE__OPEN == MAC_PERM_FILE__OPEN, "fifo_file open");
_Static_assert(MAC_PERM_FIFO_FILE__READ == MAC_PERM_FILE__READ, "fifo_file read");
_Static_assert(MAC_PERM_FIFO_FILE__WRITE == MAC_PERM_FILE__WRITE, "fifo_file write");
_Static_assert(MAC_PERM_FIFO_FILE__APPEND == MAC_PERM_FILE__APPEND, "fifo_file append");
_Static_assert(MAC_PERM_FIFO_FILE__GETATTR == MAC_PERM_FILE__GETATTR, "fifo_file getattr");
_Static_assert(MAC_PERM_FIFO_FILE__UNLINK == MAC_PERM_FILE__UNLINK, "fifo_file unlink");
#endif

struct walk {
	uint16_t parent, node;	/* node is NODE_NONE if the last name is new */
	const char *last;
	size_t last_len;
	int dir_only;		/* a '/' follows the last name */
};

/* Walks an absolute path; every directory passed through needs search,
 * tested in the caller's row, read once per walk.
 * "." and ".." are refused, not resolved (see obj_name_is_dot).
 * Inlined into its one caller in every strategy alike, so that a
 * strategy's walk differs from another's by its checks alone. */
static inline __attribute__((always_inline)) int fs_walk(const char *path, struct walk *w)
{
	const char *p = path + 1;
	uint16_t dir = NODE_ROOT;
	const mac_fast_t *row = check_row();
	unsigned depth = 0;

	if (unlikely(path[0] != '/'))
		return -E_INVAL;
	*w = (struct walk){ NODE_ROOT, NODE_ROOT, p, 0, 0 };
	while (*p) {
		size_t len = 0;
		while (p[len] && p[len] != '/')	/* one pass, no call */
			len++;
		const char *end = p[len] ? p + len : NULL;
		const struct node *d = obj_node(dir);
		if (len == 0) {
			p++;
			continue;
		}
		if (unlikely(obj_name_is_dot(p, len)))
			return -E_INVAL;
		if (unlikely(++depth > PATH_DEPTH_MAX))	/* the walk's bound */
			return -E_NAMETOOLONG;
		if (unlikely(dir == NODE_NONE))
			return -E_NOENT;
		if (unlikely(d->kind != NODE_DIR))
			return -E_NOTDIR;
		int err = check_in_row(row, d, MAC_PERM_DIR__SEARCH);
		if (unlikely(err))
			return err;
		*w = (struct walk){ dir, obj_lookup(dir, p, len), p, len, end != NULL };
		dir = w->node;
		p += len + (end != NULL);
	}
	if (unlikely(w->dir_only && dir != NODE_NONE && obj_node(dir)->kind != NODE_DIR))
		return -E_NOTDIR;
	return 0;
}

/* Copies a path from the caller and walks it; the path is kept for the
 * audit line. */
static intptr_t fs_walk_user(uintptr_t upath, char *path, struct walk *w)
{
	intptr_t n = user_copy_string(path, upath, PATH_MAX_LEN);

	if (unlikely(n < 0))
		return n;
	sched_current->audit.path = path;
	sched_current->audit.name = NULL;
	return fs_walk(path, w);
}

intptr_t STRATEGY_FN(fs_lookup_user)(uintptr_t upath, char *path, uint16_t *id)
{
	struct walk w;
	intptr_t err = fs_walk_user(upath, path, &w);

	if (err)
		return err;
	*id = w.node;
	return w.node == NODE_NONE ? -E_NOENT : 0;
}

/* A new object's label is the policy's type_transition for it; its
 * column in its class is found here, once. */
static intptr_t fs_create_at(const struct walk *w, enum node_kind kind)
{
	const struct node *dir = obj_node(w->parent);
	unsigned int cls = kind == NODE_DIR ? MAC_CLASS_DIR : MAC_CLASS_FILE;
	int err;

	if (unlikely(kind != NODE_DIR && w->dir_only))
		return -E_ISDIR;
	if (unlikely(w->last_len >= NODE_NAME_MAX))
		return -E_NAMETOOLONG;
	err = check(MAC_CLASS_DIR, dir->label, dir->ccol,
		    MAC_PERM_DIR__ADD_NAME | MAC_PERM_DIR__WRITE);
	if (unlikely(err))
		return err;
	mac_col_t label = mac_create_type(cls, sched_current->domain, dir->label);
	if (unlikely(label == MAC_NO_LABEL))
		return mac_refuse_context(sched_current->domain, dir->label, cls);
	mac_ccol_t ccol = mac_ccol(cls, label);
	/* each class's own bit: a directory's create is not the file's */
	err = check(cls, label, ccol, kind == NODE_DIR ? MAC_PERM_DIR__CREATE : MAC_PERM_FILE__CREATE);
	if (unlikely(err))
		return err;
	intptr_t id = obj_create_for(sched_current->domain, w->parent, w->last, w->last_len,
				     kind, label);
	if (id >= 0) {
		obj_node((uint16_t)id)->tclass = (uint8_t)cls;
		obj_node((uint16_t)id)->ccol = ccol;
	}
	return id;
}

/* Truncating is writing: it needs O_WRITE, so file:write, and makes no
 * sense on a handle that may only read or append. */
static int open_flags_ok(uintptr_t flags)
{
	if (flags & ~(uintptr_t)(O_READ | O_WRITE | O_CREAT | O_TRUNC | O_APPEND))
		return 0;
	return !(flags & O_TRUNC) || (flags & (O_WRITE | O_APPEND)) == O_WRITE;
}

static mac_vec_t open_perms(uintptr_t flags)
{
	mac_vec_t p = MAC_PERM_FILE__OPEN;
	if (flags & O_READ)
		p |= MAC_PERM_FILE__READ;
	if (flags & O_WRITE)
		p |= (flags & O_APPEND) ? MAC_PERM_FILE__APPEND : MAC_PERM_FILE__WRITE;
	return p;
}

/* O_CREAT of a new name takes two entries, as an unlink does: the walk
 * and the create, then (the call made again) the open. */
SYSCALL(sys_open)
{
	char path[PATH_MAX_LEN];
	struct walk w;
	uint16_t id = sched_current->opening;
	intptr_t err;

	if (id) {
		sched_current->opening = 0;
		/* the first entry's path is gone: an audit line names the node */
		sched_current->audit.path = NULL;
		sched_current->audit.name = obj_node(id)->name;
	} else {
		if (unlikely((err = fs_walk_user(a0, path, &w))))
			return err;
		if (unlikely(!open_flags_ok(a1)))
			return -E_INVAL;
		if (w.node == NODE_NONE) {
			if (!(a1 & O_CREAT))
				return -E_NOENT;
			if ((err = fs_create_at(&w, NODE_FILE)) < 0)
				return err;
			sched_current->opening = (uint16_t)err;
			return syscall_restart(a0);
		}
		id = w.node;
	}
	struct node *n = obj_node(id);

	if (unlikely(n->kind == NODE_DIR && (a1 & O_WRITE)))
		return -E_ISDIR;
	if (unlikely((err = check(n->tclass, n->label, n->ccol, open_perms(a1)))))
		return err;
	if ((a1 & O_TRUNC) && n->kind == NODE_FILE)
		obj_file_truncate(n);
	return handle_alloc(sched_current, H_NODE, id, (uint8_t)a1, n->tclass, n->ccol);
}

SYSCALL(sys_close)
{
	struct handle *h = handle_get(sched_current, a0, H_NODE);

	if (!h)
		h = handle_get(sched_current, a0, H_CHAN);
	if (unlikely(!h))
		return -E_BADF;
	handle_free(sched_current, h);
	return 0;
}

/* A node handle's node: its obj is a node's id (handle_alloc), in
 * range, so not tested again as obj_node tests an id it is given. */
static inline struct node *fs_node_of(const struct handle *h)
{
	struct node *n = &obj_nodes[h->obj];

	__asm__("" : "+r"(n));	/* computed once, kept in a register */
	return n;
}

/* The caller's handle hd, if it was opened for `mode`. */
static struct handle *fs_handle(uintptr_t hd, uint8_t mode)
{
	struct handle *h = handle_get(sched_current, hd, H_NODE);

	if (unlikely(!h || !(h->flags & mode)))
		return NULL;
	return h;
}

/* The handle's node, after checking it was opened for `mode`. */
static struct node *fs_handle_node(uintptr_t hd, uint8_t mode, struct handle **hp)
{
	struct handle *h = handle_get(sched_current, hd, H_NODE);

	if (unlikely(!h || !(h->flags & mode)))
		return NULL;
	*hp = h;
	return obj_node(h->obj);
}

static void audit_name(const char *name)
{
	sched_current->audit.path = NULL;
	sched_current->audit.name = name;
}

/* Read and write test the handle, then the caller's buffer (as Linux's
 * vfs_read tests access_ok before the security hook), then the handle's
 * vector: the check is the last test before the node is found, so that
 * the handler without a check differs from the tables' by the check
 * alone (3 insns on either CPU). */
SYSCALL(sys_read)
{
	struct handle *h = fs_handle(a0, O_READ);
	intptr_t r;

	if (unlikely(!h))
		return -E_BADF;
	if (a2 > RW_MAX)
		a2 = RW_MAX;
	if (unlikely(!user_writable(a1, a2, 1)))
		return -E_FAULT;
	if (unlikely((r = check_handle(h, MAC_PERM_FILE__READ))))
		return r;
	struct node *n = fs_node_of(h);
	if (unlikely(n->kind == NODE_DIR))
		return -E_ISDIR;
	/* out of line in every strategy alike, not only where the
	 * compiler's delay-slot filling happens to put it there */
	if (unlikely(n->kind == NODE_DEV))
		return dev_read(n, (uint8_t *)a1, a2);
	r = obj_file_read(n, h->off, (uint8_t *)a1, a2);
	h->off += (uint32_t)r;
	return r;
}

/* What a write through h asks for: open folded append into the handle's
 * write bit for the tables (handle_alloc); a model decides at each use. */
static inline mac_vec_t fs_write_perm(const struct handle *h)
{
#if STRATEGY_TABLES
	(void)h;
	return MAC_PERM_FILE__WRITE;
#else
	return (h->flags & O_APPEND) ? MAC_PERM_FILE__APPEND : MAC_PERM_FILE__WRITE;
#endif
}

SYSCALL(sys_write)
{
	struct handle *h = fs_handle(a0, O_WRITE);
	intptr_t r;

	if (unlikely(!h))
		return -E_BADF;
	if (unlikely(a2 > RW_MAX))
		return -E_INVAL;
	if (unlikely(!user_readable(a1, a2)))
		return -E_FAULT;
	if (unlikely((r = check_handle(h, fs_write_perm(h)))))
		return r;
	struct node *n = fs_node_of(h);
	if (n->kind == NODE_DEV)
		return dev_write(n, (const uint8_t *)a1, a2);
	if (h->flags & O_APPEND)
		h->off = n->size;
	r = obj_file_write(n, h->off, (const uint8_t *)a1, a2);
	if (r > 0)
		h->off += (uint32_t)r;
	return r;
}

/* Inlined in every strategy alike, as fs_walk is. */
static inline __attribute__((always_inline)) intptr_t fs_stat_node(const struct node *n,
								    uintptr_t ust)
{
	static const uint32_t kinds[] = { [NODE_DIR] = K_DIR, [NODE_FILE] = K_FILE,
					  [NODE_DEV] = K_DEV, [NODE_SOCK] = K_SOCK,
					  [NODE_FIFO] = K_FIFO };
	if (unlikely(!user_writable(ust, sizeof(struct k_stat), 4)))
		return -E_FAULT;
	int err = check_node(n, MAC_PERM_FILE__GETATTR);
	if (unlikely(err))
		return err;
	struct k_stat *st = (struct k_stat *)ust;
	st->ino = obj_id(n);
	st->kind = kinds[n->kind];
	st->size = n->size;
	return 0;
}

SYSCALL(sys_stat)
{
	char path[PATH_MAX_LEN];
	uint16_t id;
	intptr_t err = STRATEGY_FN(fs_lookup_user)(a0, path, &id);

	return err ? err : fs_stat_node(obj_node(id), a1);
}

SYSCALL(sys_fstat)
{
	struct handle *h = handle_get(sched_current, a0, H_NODE);

	if (unlikely(!h))
		return -E_BADF;
	struct node *n = obj_node(h->obj);
	audit_name(n->name);
	return fs_stat_node(n, a1);
}

static intptr_t fs_make(uintptr_t upath, enum node_kind kind)
{
	char path[PATH_MAX_LEN];
	struct walk w;
	intptr_t err = fs_walk_user(upath, path, &w);

	if (unlikely(err))
		return err;
	if (unlikely(w.node != NODE_NONE))
		return -E_EXIST;
	err = fs_create_at(&w, kind);
	return err < 0 ? err : 0;
}

SYSCALL(sys_create) { return fs_make(a0, NODE_FILE); }
SYSCALL(sys_mkdir) { return fs_make(a0, NODE_DIR); }

/* An unlink takes two entries, so that a tick waits for the walk or for
 * the handles' scan, never both: the first takes the node out of the
 * namespace, the second (the call made again, syscall_restart) drops
 * every handle on it and frees it. */
static intptr_t unlink_finish(void)
{
	uint16_t id = sched_current->unlinking;

	sched_current->unlinking = 0;
	sched_forget_node(id);
	obj_free(id);
	return 0;
}

SYSCALL(sys_unlink)
{
	char path[PATH_MAX_LEN];
	struct walk w;

	if (sched_current->unlinking)
		return unlink_finish();
	intptr_t err = fs_walk_user(a0, path, &w);

	if (unlikely(err))
		return err;
	if (unlikely(w.node == NODE_NONE))
		return -E_NOENT;
	if (unlikely(w.node == NODE_ROOT))
		return -E_PERM;
	const struct node *n = obj_node(w.node);
	if (unlikely(n->kind == NODE_DIR && obj_has_children(w.node)))
		return -E_NOTEMPTY;
	const struct node *parent = obj_node(w.parent);
	err = check(MAC_CLASS_DIR, parent->label, parent->ccol,
		    MAC_PERM_DIR__REMOVE_NAME | MAC_PERM_DIR__WRITE);
	if (unlikely(err))
		return err;
	err = n->kind == NODE_DIR ? check(MAC_CLASS_DIR, n->label, n->ccol, MAC_PERM_DIR__RMDIR)
				  : check(n->tclass, n->label, n->ccol, MAC_PERM_FILE__UNLINK);
	if (unlikely(err))
		return err;
	obj_detach(w.node);
	sched_current->unlinking = w.node;
	return syscall_restart(a0);
}

SYSCALL(sys_readdir)
{
	struct handle *h;
	struct node *n = fs_handle_node(a0, O_READ, &h);

	if (unlikely(!n))
		return -E_BADF;
	if (unlikely(n->kind != NODE_DIR))
		return -E_NOTDIR;
	if (unlikely(!user_writable(a2, K_NAME_MAX, 1)))
		return -E_FAULT;
	int err = check_handle(h, MAC_PERM_DIR__READ);
	if (unlikely(err))
		return err;
	uint16_t child = obj_child_at(obj_id(n), (uint32_t)a1);
	if (unlikely(child == OBJ_CHILD_LATER))	/* a long directory: in steps */
		return syscall_restart(a0);
	if (child == NODE_NONE)
		return 0;
	memcpy((char *)a2, obj_node(child)->name, K_NAME_MAX);
	return 1;
}
