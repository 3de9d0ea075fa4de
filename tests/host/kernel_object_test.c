/*
 * Host unit test of the kernel's object store (kernel/object.c),
 * channels (kernel/channel.c) and the per-domain quotas they charge
 * (kernel/quota.c), linked alone and run under ASan/UBSan.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "object.h"

static int passed, failed;

/* The test's own shares, in place of the generated table: one domain
 * with tight ones, one that may take the whole of each table. */
#define HOG 1
#define OTHER 2
const uint16_t mac_domain_limits[MAC_NDOMAINS][MAC_NLIMITS] = {
	[HOG] = { [MAC_LIMIT_NODES] = 3, [MAC_LIMIT_BLOCKS] = 2, [MAC_LIMIT_MESSAGES] = 2 },
	[OTHER] = { [MAC_LIMIT_NODES] = NODE_MAX, [MAC_LIMIT_BLOCKS] = FILE_BLOCKS,
		    [MAC_LIMIT_MESSAGES] = CHAN_DEPTH },
};

static void check(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

static void test_namespace(void)
{
	char name[16];
	int found = 1;

	obj_init();
	uint16_t etc = obj_create(NODE_ROOT, "etc", 3, NODE_DIR, 7);
	uint16_t motd = obj_create(etc, "motd", 4, NODE_FILE, 8);
	check(etc != NODE_NONE && motd != NODE_NONE, "create a directory and a file");
	check(obj_lookup(NODE_ROOT, "etc", 3) == etc && obj_lookup(etc, "motd", 4) == motd,
	      "lookup by parent and name");
	check(obj_lookup(NODE_ROOT, "motd", 4) == NODE_NONE, "a name is found only in its parent");
	check(obj_lookup(etc, "mot", 3) == NODE_NONE && obj_lookup(etc, "motdx", 5) == NODE_NONE,
	      "no prefix or longer match");
	check(obj_node(motd)->label == 8 && obj_node(motd)->parent == etc, "label and parent kept");
	check(obj_create(etc, "x", 0, NODE_FILE, 1) == NODE_NONE &&
	      obj_create(etc, "0123456789012345678901234567", 28, NODE_FILE, 1) == NODE_NONE,
	      "empty and too long names refused");

	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		if (obj_create(etc, name, strlen(name), NODE_FILE, (mac_col_t)i) == NODE_NONE)
			found = 0;
	}
	for (int i = 0; i < 1000 && found; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		uint16_t id = obj_lookup(etc, name, strlen(name));
		found = id != NODE_NONE && obj_node(id)->label == i;
	}
	check(found, "1000 files, each found with its own label");
	uint32_t later = 0;
	uint16_t past = NODE_NONE;
	check(obj_child_at(etc, 0) == motd, "children listed in order");
	/* as sys_readdir, asked again while the walk goes on */
	while ((past = obj_child_at(etc, 1001)) == OBJ_CHILD_LATER)
		later++;
	check(past == NODE_NONE && later == 1001 / OBJ_WALK_STEPS,
	      "past the last child none, OBJ_WALK_STEPS children a call");
	int full = 0;
	for (int i = 0; i < NODE_MAX && !full; i++)
		full = obj_create(NODE_ROOT, "g", 1, NODE_FILE, 0) == NODE_NONE;
	check(full, "the pool runs out and says so");

	obj_remove(motd);
	check(obj_lookup(etc, "motd", 4) == NODE_NONE && obj_lookup(etc, "f999", 4) != NODE_NONE,
	      "remove unlinks only that name");
	check(obj_has_children(etc) && !obj_has_children(obj_lookup(NODE_ROOT, "g", 1)),
	      "has_children");
}

/* Children are linked, not found by a scan: listing order is the order
 * they were made, a removal closes the gap, and a listing that goes on
 * after one sees the rest. */
static void test_children(void)
{
	uint16_t c[5];
	int ok = 1;

	obj_init();
	uint16_t d = obj_create(NODE_ROOT, "d", 1, NODE_DIR, 1);
	check(!obj_has_children(d) && obj_child_at(d, 0) == NODE_NONE, "an empty directory lists nothing");
	for (int i = 0; i < 5; i++)
		c[i] = obj_create(d, &"abcde"[i], 1, NODE_FILE, 1);
	for (int i = 0; i < 5; i++)
		ok &= obj_child_at(d, (uint32_t)i) == c[i];
	check(ok && obj_child_at(d, 5) == NODE_NONE, "children listed in the order made");
	check(obj_child_at(d, 3) == c[3] && obj_child_at(d, 1) == c[1] && obj_child_at(d, 4) == c[4],
	      "any index, forward or back");
	obj_child_at(d, 2);
	obj_remove(c[2]);
	check(obj_child_at(d, 2) == c[3] && obj_child_at(d, 3) == c[4] && obj_child_at(d, 4) == NODE_NONE,
	      "a listing after a removal sees the rest");
	obj_remove(c[0]);
	obj_remove(c[4]);
	check(obj_child_at(d, 0) == c[1] && obj_child_at(d, 1) == c[3] && obj_child_at(d, 2) == NODE_NONE,
	      "first and last removed");
	uint16_t f = obj_create(d, "f", 1, NODE_FILE, 1);
	check(obj_child_at(d, 2) == f && obj_node(f)->parent == d, "a new child goes last");
	obj_remove(c[1]);
	obj_remove(c[3]);
	obj_remove(f);
	check(!obj_has_children(d) && obj_child_at(d, 0) == NODE_NONE, "emptied, the directory lists nothing");
	check(obj_child_at(NODE_ROOT, 0) == d && obj_child_at(NODE_ROOT, 1) == NODE_NONE,
	      "another directory's children are its own");
}

/* Freed nodes and blocks come back from their lists: the pool and the
 * blocks can be used up, emptied and used up again. */
static void test_free_lists(void)
{
	uint16_t ids[NODE_MAX];
	int n = 0, again = 0, blocks = 0, blocks_again = 0;
	char name[16];

	obj_init();
	for (; n < NODE_MAX; n++) {
		snprintf(name, sizeof(name), "n%d", n);
		ids[n] = obj_create(NODE_ROOT, name, strlen(name), NODE_FILE, 0);
		if (ids[n] == NODE_NONE)
			break;
		if (obj_file_write(obj_node(ids[n]), 0, (const uint8_t *)"x", 1) == 1)
			blocks++;
	}
	check(n == NODE_MAX - 1 && blocks == FILE_BLOCKS, "every node but the root, every block");
	for (int i = 0; i < n; i++)
		obj_remove(ids[i]);
	check(!obj_has_children(NODE_ROOT), "all removed");
	for (; again < NODE_MAX; again++) {
		snprintf(name, sizeof(name), "m%d", again);
		uint16_t id = obj_create(NODE_ROOT, name, strlen(name), NODE_FILE, 0);
		if (id == NODE_NONE)
			break;
		if (obj_file_write(obj_node(id), 0, (const uint8_t *)"y", 1) == 1)
			blocks_again++;
	}
	check(again == n && blocks_again == FILE_BLOCKS, "the same numbers again once freed");
}

static void test_dot_names(void)
{
	obj_init();
	check(obj_create(NODE_ROOT, ".", 1, NODE_DIR, 1) == NODE_NONE &&
	      obj_create(NODE_ROOT, "..", 2, NODE_FILE, 1) == NODE_NONE, ". and .. refused");
	check(obj_create(NODE_ROOT, "...", 3, NODE_FILE, 1) != NODE_NONE &&
	      obj_create(NODE_ROOT, ".x", 2, NODE_FILE, 1) != NODE_NONE, "other names starting with . taken");
	check(obj_name_is_dot(".", 1) && obj_name_is_dot("..", 2) && obj_name_is_dot("../x", 2) &&
	      !obj_name_is_dot("./", 2) && !obj_name_is_dot(".x", 2) && !obj_name_is_dot("...", 3),
	      "obj_name_is_dot");
}

/* A node's path from its parents: what a dir:search denial names. */
static void test_paths(void)
{
	char buf[PATH_MAX_LEN], small[16];
	uint16_t d = NODE_ROOT;

	obj_init();
	obj_path(NODE_ROOT, buf, sizeof(buf));
	check(strcmp(buf, "/") == 0, "the root's path is /");
	uint16_t fw = obj_create(obj_create(NODE_ROOT, "etc", 3, NODE_DIR, 1), "fw", 2, NODE_DIR, 1);
	obj_path(fw, buf, sizeof(buf));
	check(strcmp(buf, "/etc/fw") == 0, "a directory's path from its parents");
	for (int i = 0; i < 4; i++)
		d = obj_create(d, "abcdefgh", 8, NODE_DIR, 1);
	obj_path(d, small, sizeof(small));
	check(strcmp(small, ".../abcdefgh") == 0, "a path too long keeps its end, after ...");
}

static void test_file_data(void)
{
	uint8_t buf[FILE_DATA_MAX + 1] = { 0 };
	int nospc = 0;

	obj_init();
	struct node *f = obj_node(obj_create(NODE_ROOT, "f", 1, NODE_FILE, 0));
	check(obj_file_write(f, 0, (const uint8_t *)"hello", 5) == 5 && f->size == 5, "write");
	check(obj_file_read(f, 1, buf, 3) == 3 && memcmp(buf, "ell", 3) == 0, "read at an offset");
	check(obj_file_read(f, 5, buf, 3) == 0 && obj_file_read(f, 9, buf, 3) == 0, "read past the end");
	check(obj_file_write(f, 0, buf, FILE_DATA_MAX + 1) == -E_FBIG &&
	      obj_file_write(f, FILE_DATA_MAX, buf, 1) == -E_FBIG &&
	      obj_file_write(f, 0xFFFFFFFFu, buf, 2) == -E_FBIG, "past the size limit: -EFBIG");
	obj_file_truncate(f);
	check(f->size == 0 && f->block == -1, "truncate frees the data");
	for (int i = 0; i <= FILE_BLOCKS && !nospc; i++) {
		char n[16];
		snprintf(n, sizeof(n), "b%d", i);
		struct node *g = obj_node(obj_create(NODE_ROOT, n, strlen(n), NODE_FILE, 0));
		nospc = obj_file_write(g, 0, buf, 1) == -E_NOSPC;
	}
	check(nospc, "file data runs out: -ENOSPC");
}

static int all_zero(const uint8_t *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* Blocks are reused: what a freed one held must not show through. */
static void test_holes(void)
{
	uint8_t secret[FILE_DATA_MAX], buf[FILE_DATA_MAX];

	memset(secret, 's', sizeof(secret));
	obj_init();
	uint16_t s = obj_create(NODE_ROOT, "s", 1, NODE_FILE, 0);
	obj_file_write(obj_node(s), 0, secret, sizeof(secret));
	obj_remove(s);
	struct node *f = obj_node(obj_create(NODE_ROOT, "f", 1, NODE_FILE, 0));
	check(obj_file_write(f, 100, (const uint8_t *)"x", 1) == 1 && f->size == 101 &&
	      obj_file_read(f, 0, buf, sizeof(buf)) == 101 && all_zero(buf, 100) && buf[100] == 'x',
	      "a hole over a removed file's block reads as zeros");
	obj_file_write(f, 0, secret, 50);
	obj_file_truncate(f);
	check(obj_file_write(f, 60, (const uint8_t *)"y", 1) == 1 &&
	      obj_file_read(f, 0, buf, sizeof(buf)) == 61 && all_zero(buf, 60),
	      "a hole after truncate reads as zeros");
	obj_file_write(f, 200, (const uint8_t *)"z", 1);
	check(obj_file_read(f, 0, buf, sizeof(buf)) == 201 && all_zero(buf, 60) && buf[60] == 'y' &&
	      all_zero(buf + 61, 139) && buf[200] == 'z', "a hole within a file's own block");
	obj_file_truncate(f);
	check(obj_file_write(f, 0, (const uint8_t *)"q", 1) == 1 &&
	      obj_file_read(f, 0, buf, sizeof(buf)) == 1, "a reused block holds only the new data");
}

/* The scheduler's deadline test, across the clock's wrap. */
static void test_ticks(void)
{
	check(!tick_wait_over(5, 5, 1) && tick_wait_over(6, 5, 1), "a wait of 1 tick");
	check(!tick_wait_over(2, 0xFFFFFFFEu, 5) && tick_wait_over(3, 0xFFFFFFFEu, 5),
	      "a short wait across the wrap");
	check(!tick_wait_over(100 + 1, 100, 0x80000000u) &&
	      !tick_wait_over(100 + 0x7FFFFFFFu, 100, 0x80000000u) &&
	      tick_wait_over(100 + 0x80000000u, 100, 0x80000000u), "a wait of 2^31 ticks");
	check(!tick_wait_over(7 + 1, 7, 0xFFFFFFFEu) && !tick_wait_over(7 + 0xFFFFFFFDu, 7, 0xFFFFFFFEu) &&
	      tick_wait_over(7 + 0xFFFFFFFEu, 7, 0xFFFFFFFEu), "a wait of 2^32 - 2 ticks");
	int never = 1;
	for (uint32_t e = 0; e < 64; e++)
		never &= !tick_wait_over(9 + e, 9, K_FOREVER) && !tick_wait_over(9 - e, 9, K_FOREVER);
	check(never, "K_FOREVER never ends");
}

static void test_channels(void)
{
	uint8_t buf[CHAN_MSG_MAX];
	int id = chan_create("c", 3);
	struct channel *c = chan_get(id);

	check(id >= 0 && chan_find("c", 1) == id && chan_find("d", 1) == -E_NOENT, "create, find");
	check(chan_take(c, buf, sizeof(buf)) == -E_AGAIN, "empty: -EAGAIN");
	for (int i = 0; i < CHAN_DEPTH; i++)
		chan_put(c, (const uint8_t *)"abc" + i % 3, 1, OTHER);
	check(chan_put(c, (const uint8_t *)"z", 1, OTHER) == -E_AGAIN, "full: -EAGAIN");
	check(chan_take(c, buf, 1) == 1 && buf[0] == 'a' && chan_take(c, buf, 1) == 1 &&
	      buf[0] == 'b', "first in, first out");
	while (chan_take(c, buf, 1) == 1)
		;
	chan_put(c, (const uint8_t *)"long message", 12, OTHER);
	check(chan_take(c, buf, 4) == 4 && memcmp(buf, "long", 4) == 0, "a short buffer truncates");
}

static intptr_t hog_file(int i)
{
	char n[16];

	snprintf(n, sizeof(n), "h%d", i);
	return obj_create_for(HOG, NODE_ROOT, n, strlen(n), NODE_FILE, 0);
}

static void test_node_quota(void)
{
	intptr_t id[4];

	obj_init();
	for (int i = 0; i < 4; i++)
		id[i] = hog_file(i);
	check(id[0] > 0 && id[2] > 0 && id[3] == -E_DQUOT && quota_in_use(HOG, MAC_LIMIT_NODES) == 3,
	      "nodes: the fourth of a domain limited to 3 is -EDQUOT");
	check(obj_create_for(OTHER, NODE_ROOT, "o", 1, NODE_FILE, 0) > 0 &&
	      obj_create(NODE_ROOT, "k", 1, NODE_FILE, 0) != NODE_NONE,
	      "nodes: another domain and the kernel still create");
	check(quota_in_use(OTHER, MAC_LIMIT_NODES) == 1, "nodes: charged to their creator");
	obj_remove((uint16_t)id[1]);
	check(quota_in_use(HOG, MAC_LIMIT_NODES) == 2 && (id[1] = hog_file(9)) > 0,
	      "nodes: remove gives the share back");
	check(obj_create_for(HOG, NODE_ROOT, "", 0, NODE_FILE, 0) == -E_INVAL &&
	      quota_in_use(HOG, MAC_LIMIT_NODES) == 3, "nodes: a refused name costs nothing");
	for (int i = 0; i < 3; i++)
		obj_remove((uint16_t)id[i]);
}

static void test_block_quota(void)
{
	struct node *f[3];

	obj_init();
	for (int i = 0; i < 3; i++)
		f[i] = obj_node((uint16_t)hog_file(i));
	check(obj_file_write(f[0], 0, (const uint8_t *)"a", 1) == 1 &&
	      obj_file_write(f[1], 0, (const uint8_t *)"b", 1) == 1 &&
	      obj_file_write(f[2], 0, (const uint8_t *)"c", 1) == -E_DQUOT,
	      "blocks: the third of a domain limited to 2 is -EDQUOT");
	check(obj_file_write(f[0], 1, (const uint8_t *)"a", 1) == 1,
	      "blocks: writing more into a block it holds is free");
	obj_file_truncate(f[0]);
	check(obj_file_write(f[2], 0, (const uint8_t *)"c", 1) == 1, "blocks: truncate gives one back");
	obj_remove(obj_id(f[1]));
	check(quota_in_use(HOG, MAC_LIMIT_BLOCKS) == 1 && quota_in_use(HOG, MAC_LIMIT_NODES) == 2,
	      "blocks: remove gives back the node and its block");
	obj_remove(obj_id(f[0]));
	obj_remove(obj_id(f[2]));
	check(quota_in_use(HOG, MAC_LIMIT_BLOCKS) == 0 && quota_in_use(HOG, MAC_LIMIT_NODES) == 0,
	      "blocks: nothing left charged");
}

static void test_message_quota(void)
{
	uint8_t buf[CHAN_MSG_MAX];
	struct channel *c = chan_get(chan_create("q", 3));

	check(chan_put(c, (const uint8_t *)"1", 1, HOG) == 1 && chan_put(c, (const uint8_t *)"2", 1, HOG) == 1 &&
	      chan_put(c, (const uint8_t *)"3", 1, HOG) == -E_DQUOT,
	      "messages: the third queued by a domain limited to 2 is -EDQUOT");
	check(chan_put(c, (const uint8_t *)"o", 1, OTHER) == 1, "messages: another domain still sends");
	check(chan_take(c, buf, 1) == 1 && chan_put(c, (const uint8_t *)"3", 1, HOG) == 1,
	      "messages: a receive gives the sender's share back");
	while (chan_take(c, buf, 1) == 1)
		;
	check(quota_in_use(HOG, MAC_LIMIT_MESSAGES) == 0 && quota_in_use(OTHER, MAC_LIMIT_MESSAGES) == 0,
	      "messages: an empty queue holds no share");
}

int main(void)
{
	test_namespace();
	test_children();
	test_free_lists();
	test_dot_names();
	test_paths();
	test_file_data();
	test_holes();
	test_ticks();
	test_channels();
	test_node_quota();
	test_block_quota();
	test_message_quota();
	printf("kernel-objects: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
