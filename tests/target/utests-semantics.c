/*
 * On-target tests of the kernel's semantics at their edges: truncation
 * against append, holes in files, spawn priorities, waits of 2^31 ticks
 * and more, path syntax, and a program's path given another file.  utest_main (utests.c) runs them in utest_t
 * at priority 5, after the channel suite: the peer has exited, so the
 * test channel is theirs.
 */
#include "ulib.h"

#define UTEST_PRIO 5	/* utest's priority in test.manifest */

static int file_size(const char *path)
{
	struct k_stat st;

	return u_stat(path, &st) == 0 ? (int)st.size : -1;
}

static int put(const char *path, int flags, const char *data, size_t len)
{
	int h = u_open(path, flags);

	if (h < 0)
		return h;
	intptr_t n = u_write(h, data, len);
	u_close(h);
	return (int)n;
}

/* utest_t may append to /tmp/log but not write it (test.conf). */
static void test_truncate(void)
{
	int size = file_size("/tmp/log");

	u_check(size > 0 && put("/tmp/log", O_WRITE | O_APPEND, "+", 1) == 1 &&
		file_size("/tmp/log") == size + 1, "append: allowed with file:append alone");
	size++;
	u_check(u_open("/tmp/log", O_WRITE | O_TRUNC) == -E_ACCES && file_size("/tmp/log") == size,
		"truncate: without file:write is -EACCES");
	u_check(u_open("/tmp/log", O_WRITE | O_APPEND | O_TRUNC) == -E_INVAL &&
		file_size("/tmp/log") == size, "truncate: an append-only file, O_APPEND|O_TRUNC is -EINVAL");

	u_check(put("/tmp/t", O_WRITE | O_CREAT, "abc", 3) == 3, "truncate: a file we may write");
	u_check(u_open("/tmp/t", O_WRITE | O_APPEND | O_TRUNC) == -E_INVAL && file_size("/tmp/t") == 3,
		"truncate: O_APPEND|O_TRUNC is -EINVAL even with file:write");
	u_check(u_open("/tmp/t", O_READ | O_TRUNC) == -E_INVAL && file_size("/tmp/t") == 3,
		"truncate: O_TRUNC without O_WRITE is -EINVAL");
	u_check(u_open("/tmp/u", O_WRITE | O_CREAT | O_APPEND | O_TRUNC) == -E_INVAL &&
		file_size("/tmp/u") == -1, "truncate: a refused O_CREAT creates nothing");
	u_check(put("/tmp/t", O_WRITE | O_TRUNC, "", 0) == 0 && file_size("/tmp/t") == 0,
		"truncate: O_WRITE|O_TRUNC with file:write");
	u_unlink("/tmp/t");
}

static int all_zero(const char *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* A handle's offset stays where it was when another handle truncates the
 * file: its next write leaves a hole, here over a deleted file's block. */
static void test_holes(void)
{
	char buf[24];
	int a = u_open("/tmp/h", O_WRITE | O_CREAT), r;

	u_check(a > 0 && u_write(a, "0123456789abcdef", 16) == 16, "hole: a file of 16 bytes");
	put("/tmp/s", O_WRITE | O_CREAT, "secretsecretsecretsecret", 24);
	put("/tmp/h", O_WRITE | O_TRUNC, "", 0);
	put("/tmp/c", O_WRITE | O_CREAT, "c", 1);	/* takes /tmp/h's old block */
	u_unlink("/tmp/s");
	u_check(u_write(a, "x", 1) == 1 && file_size("/tmp/h") == 17,
		"hole: a write past the end grows the file");
	u_close(a);
	r = u_open("/tmp/h", O_READ);
	u_check(u_read(r, buf, sizeof(buf)) == 17 && all_zero(buf, 16) && buf[16] == 'x',
		"hole: reads as zeros, not a deleted file's data");
	u_close(r);
	r = u_open("/tmp/c", O_READ);
	u_check(u_read(r, buf, sizeof(buf)) == 1 && buf[0] == 'c', "hole: a reused block holds only its data");
	u_close(r);
	u_unlink("/tmp/h");
	u_unlink("/tmp/c");
}

static void test_spawn_priority(void)
{
	u_check(u_spawn("/bin/worker", UTEST_PRIO + 1, 'p') == -E_PERM &&
		u_spawn("/bin/worker", K_PRIO_MAX, 'p') == -E_PERM,
		"spawn: above the parent's priority is -EPERM");
	int pid = u_spawn("/bin/worker", UTEST_PRIO, 'p');
	u_check(pid > 0 && u_wait(pid) == 'p', "spawn: at the parent's own priority");
	pid = u_spawn("/bin/worker", 0, 'q');
	u_check(pid > 0 && u_wait(pid) == 'q', "spawn: below it");
}

struct timer_cmd {
	uint32_t op;		/* 'S' sleep, 'R' recv */
	uint32_t ticks;
};

/* Worker 'T': sleeps or receives for what utest queued on the test
 * channel, then reports the result there. */
void timer_worker(void)
{
	struct timer_cmd cmd;
	int ch = u_chan_open("test");
	intptr_t r = 0;

	if (u_recv(ch, &cmd, sizeof(cmd), 0) != sizeof(cmd))
		u_exit(1);
	if (cmd.op == 'S')
		u_sleep(cmd.ticks);
	else
		r = u_recv(ch, &cmd, sizeof(cmd), cmd.ticks);
	u_send(ch, &r, sizeof(r));
	u_exit(0);
}

static void clock_forward(uint32_t ticks) { sys1(SYS_TEST_CLOCK, ticks); }

/* The worker's result, if it has sent one. */
static int timer_done(int ch, intptr_t *r)
{
	return u_recv(ch, r, sizeof(*r), 0) == sizeof(*r);
}

static int timer_start(int ch, uint32_t op, uint32_t ticks)
{
	struct timer_cmd cmd = { op, ticks };

	u_send(ch, &cmd, sizeof(cmd));
	int pid = u_spawn("/bin/worker", UTEST_PRIO - 1, 'T');
	u_sleep(2);	/* the worker starts its wait */
	return pid;
}

/* A wait of `ticks` is still on a few ticks in and a few before its end,
 * and over a few after.  The clock jumps to near the end, the last ticks
 * are real: a wait of 2^32 - 2 ticks has only one tick to end on. */
static void watch_wait(int ch, uint32_t op, uint32_t ticks, intptr_t want, const char *name)
{
	intptr_t r = 1;
	int pid = timer_start(ch, op, ticks);

	u_sleep(3);
	int early = !timer_done(ch, &r);
	clock_forward(ticks - 16);
	u_sleep(1);
	int late = !timer_done(ch, &r);
	u_sleep(16);
	u_check(pid > 0 && early && late && timer_done(ch, &r) && r == want && u_wait(pid) == 0,
		name);
}

static void test_timeouts(void)
{
	int ch = u_chan_open("test");
	intptr_t r = 1;

	watch_wait(ch, 'S', 0x80000000u, 0, "sleep: 0x80000000 ticks lasts that long");
	watch_wait(ch, 'S', 0xFFFFFFFEu, 0, "sleep: 0xFFFFFFFE ticks lasts that long");
	watch_wait(ch, 'R', 0x90000000u, -E_TIMEDOUT, "recv: a timeout of 0x90000000 ticks");

	int pid = timer_start(ch, 'R', K_FOREVER);
	clock_forward(0xFFFFFFF0u);
	u_sleep(1);
	clock_forward(0x20);
	u_sleep(1);
	int waiting = !timer_done(ch, &r);
	u_send(ch, "wake", 4);
	u_sleep(1);
	u_check(pid > 0 && waiting && timer_done(ch, &r) && r == 4 && u_wait(pid) == 0,
		"recv: K_FOREVER outlasts 2^32 ticks, ends with a message");

	/* short waits across the clock's wrap */
	clock_forward(0xFFFFFFFEu - u_ticks());
	uint32_t t0 = u_ticks();
	u_sleep(5);
	uint32_t slept = u_ticks() - t0;
	u_check(t0 >= 0xFFFFFFF0u && slept >= 5 && slept <= 6, "sleep: 5 ticks across the clock's wrap");
	clock_forward(0xFFFFFFFFu - u_ticks());
	t0 = u_ticks();
	u_check(u_recv(ch, &r, sizeof(r), 3) == -E_TIMEDOUT && u_ticks() - t0 >= 3 &&
		u_ticks() - t0 <= 4, "recv: 3 ticks across the clock's wrap");
}

static void test_paths(void)
{
	static const char *const dots[] = { "/.", "/..", "/tmp/.", "/tmp/..", "/tmp/./", "/tmp/../" };
	struct k_stat st;
	int refused = 1;

	u_check(u_open("/etc/motd/", O_READ) == -E_NOTDIR && u_stat("/etc/motd/", &st) == -E_NOTDIR &&
		u_stat("/etc/motd//", &st) == -E_NOTDIR && u_unlink("/etc/motd/") == -E_NOTDIR,
		"path: a trailing / on a file is -ENOTDIR");
	u_check(u_stat("/etc/", &st) == 0 && st.kind == K_DIR && u_stat("//etc//", &st) == 0,
		"path: a trailing / on a directory");
	u_check(u_create("/tmp/n/") == -E_ISDIR && u_open("/tmp/n/", O_WRITE | O_CREAT) == -E_ISDIR &&
		file_size("/tmp/n") == -1, "path: a new file named with a trailing / is -EISDIR");
	u_check(u_mkdir("/tmp/n/") == 0 && u_stat("/tmp/n", &st) == 0 && st.kind == K_DIR &&
		u_unlink("/tmp/n/") == 0, "path: mkdir and unlink of a directory with a trailing /");
	for (unsigned i = 0; i < sizeof(dots) / sizeof(dots[0]); i++)
		refused &= u_create(dots[i]) == -E_INVAL && u_mkdir(dots[i]) == -E_INVAL &&
			   u_open(dots[i], O_WRITE | O_CREAT) == -E_INVAL && u_unlink(dots[i]) == -E_INVAL;
	u_check(refused, "path: . and .. are no names to create or unlink: -EINVAL");
	u_check(u_stat("/etc/./motd", &st) == -E_INVAL && u_stat("/tmp/../etc/motd", &st) == -E_INVAL &&
		u_open("/.", O_READ) == -E_INVAL && u_spawn("/bin/../bin/worker", 1, 0) == -E_INVAL,
		"path: . and .. are not resolved: -EINVAL");
	u_check(u_create("/tmp/...") == 0 && u_create("/tmp/.x") == 0 && u_stat("/tmp/.y", &st) == -E_NOENT &&
		u_unlink("/tmp/...") == 0 && u_unlink("/tmp/.x") == 0, "path: other names starting with . are names");
}

/* A program is its node, bound at boot: a domain that may unlink it and
 * create at its path puts a file of the label it chooses there, which
 * runs nothing, however the policy lets that label be executed. */
static void test_replaced_program(void)
{
	struct k_stat st;
	int pid = u_spawn("/bin/replaceable", 1, 'q');

	u_check(pid > 0 && u_wait(pid) == 'q', "spawn: a program at the node the manifest made");
	u_check(u_unlink("/bin/replaceable") == 0 && u_create("/bin/replaceable") == 0 &&
		u_stat("/bin/replaceable", &st) == 0 && st.kind == K_FILE,
		"spawn: a program's node unlinked, a file made at its path");
	u_check(u_spawn("/bin/replaceable", 1, 'q') == -E_ACCES,
		"spawn: a file put at a program's path is no program (-EACCES)");
	u_check(u_unlink("/bin/replaceable") == 0 && u_spawn("/bin/replaceable", 1, 'q') == -E_NOENT,
		"spawn: and once it is gone, -ENOENT");
}

/* mkdir asks the new directory's class for create: utest_t may add and
 * remove names in /bin (above), not create a directory of bin_t there. */
static void test_mkdir_create(void)
{
	struct k_stat st;

	u_check(u_mkdir("/bin/d") == -E_ACCES && u_stat("/bin/d", &st) == -E_NOENT,
		"mkdir: add_name, remove_name and write on the parent, no dir:create: -EACCES");
}

void test_semantics(void)
{
	test_truncate();
	test_holes();
	test_spawn_priority();
	test_paths();
	test_replaced_program();
	test_mkdir_create();
	test_timeouts();
}
