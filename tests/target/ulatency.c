/*
 * The latency suite: every system call, the fault kill and exit, each
 * through its longest path (the longest path, the deepest walk, the
 * largest copies, the fullest directory, an unlink of the node with the
 * most handles, a spawn's steps, a kill and an exit with every handle
 * open), while the tick (SH-4) or the probe (PXA270, as often at least)
 * samples how long each held interrupts off.  Each call is named to the
 * kernel first (SYS_TEST_LATENCY), so that each sample is the call's it
 * waited for; the kernel prints each call's worst at the end of the run
 * (ktests.c), and tests/log-expect.sh holds every call of the table to
 * the bound.  Its children are /bin/worker's (utests.c, latency_child).
 *
 * The samples fall where the ticks do: a short pause of varying length
 * after each call moves the calls against the ticks, so that over the
 * rounds some tick falls near the start of each call's longest path.
 */
#include "ulib.h"

#define LAT_ROUNDS	600
#define LAT_PRIO	5	/* utest's, in test.manifest */
#define LAT_CHAN	"latency"	/* the manifest's last channel: the longest search */
#define LAT_MSG		K_MSG_MAX
#define LAT_DIR_FILES	300	/* a listing walks it in three entries */

/* "/tmp/lat/aaa.../aaa...": the deepest directory a path may name with a
 * name after it (PATH_DEPTH_MAX names), the names as long as fill
 * PATH_MAX_LEN - 1 bytes. */
#define LAT_BASE	"/tmp/lat"
#define LAT_DIRS	(PATH_DEPTH_MAX - 3)	/* less tmp, lat and the last name */
#define LAT_NAME_LEN	((PATH_MAX_LEN - 1 - (sizeof(LAT_BASE) - 1) - 2) / LAT_DIRS - 1)
_Static_assert(LAT_NAME_LEN < NODE_NAME_MAX, "a directory's name fits a node");
static char deep[PATH_MAX_LEN];
static char deep_file[PATH_MAX_LEN], deep_new[PATH_MAX_LEN], deep_dir[PATH_MAX_LEN];
static char deep_held[PATH_MAX_LEN];
static uint8_t buf[4096];
static uint32_t lat_seed = 2463534242u;
static volatile uintptr_t lat_nowhere = 0x10;	/* unmapped on both CPUs */

static void lat_mark(uint32_t call) { sys1(SYS_TEST_LATENCY, call); }

/* A few instructions to a few hundred, pseudo-random. */
static void lat_pause(void)
{
	lat_seed ^= lat_seed << 13;
	lat_seed ^= lat_seed >> 17;
	lat_seed ^= lat_seed << 5;
	for (volatile uint32_t i = lat_seed & 63; i; i--)
		;
}

/* Long enough for a sample on either CPU (a tick on the SH-4 every
 * 39,000 instructions under QEMU). */
static void lat_linger(void)
{
	for (volatile uint32_t i = 0; i < 12000; i++)
		;
}

/* Once a call or fault has been made, a sample of its phase for sure:
 * a call made rarely may well fall between the ticks every time. */
static uint8_t lingered[SYS_LAT_END];

static void lat_linger_once(uint32_t call)
{
	if (lingered[call])
		return;
	lingered[call] = 1;
	lat_mark(call);
	lat_linger();
}

static intptr_t lat(uint32_t nr, uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	lat_mark(nr);
	intptr_t r = arch_syscall(nr, a0, a1, a2, a3);
	lat_pause();
	lat_linger_once(nr);
	return r;
}

static void path_join(char *dst, const char *dir, const char *name)
{
	dst[0] = 0;
	u_strlcat(dst, dir, PATH_MAX_LEN);
	u_strlcat(dst, name, PATH_MAX_LEN);
}

static int lat_setup(void)
{
	char name[LAT_NAME_LEN + 2] = "/";
	int ok = u_mkdir(LAT_BASE) == 0;

	for (unsigned i = 1; i <= LAT_NAME_LEN; i++)
		name[i] = 'a';
	path_join(deep, LAT_BASE, "");
	for (int i = 0; ok && i < LAT_DIRS; i++) {
		u_strlcat(deep, name, sizeof(deep));
		ok = u_mkdir(deep) == 0;
	}
	path_join(deep_file, deep, "/f");
	path_join(deep_new, deep, "/n");
	path_join(deep_dir, deep, "/d");
	path_join(deep_held, deep, "/h");
	ok = ok && u_create(deep_file) == 0;
	/* one name more than the bound: refused, however short the names */
	char shallow[2 * (PATH_DEPTH_MAX + 1) + sizeof(LAT_BASE)] = LAT_BASE;
	int depth = 2, err;
	while ((err = u_mkdir(u_strlcat(shallow, "/z", sizeof(shallow)))) == 0)
		depth++;
	u_check(ok && err == -E_NAMETOOLONG && depth == PATH_DEPTH_MAX,
		"latency: a path deeper than PATH_DEPTH_MAX is refused");
	ok = ok && u_mkdir("/tmp/lat/dir") == 0;
	for (int i = 0; ok && i < LAT_DIR_FILES; i++) {
		char file[32] = "/tmp/lat/dir/", num[12];
		ok = u_create(u_strlcat(file, u_xtoa((uint32_t)i, num), sizeof(file))) == 0;
	}
	return ok;
}

static void lat_spawn_wait(uintptr_t arg, int chan)
{
	int pid = (int)lat(SYS_SPAWN, (uintptr_t)"/bin/worker", LAT_PRIO, arg, 0);

	if (pid < 0)
		return;
	if (arg == 'R') {
		lat(SYS_YIELD, 0, 0, 0, 0);	/* it opens its handles, then waits in its receive */
		lat(SYS_SEND, (uintptr_t)chan, (uintptr_t)buf, LAT_MSG, 0);
	}
	lat(SYS_WAIT, (uintptr_t)pid, 0, 0, 0);
	/* the child's exit or kill, in the parent: the child's memory has
	 * its lingered[] apart */
	lat_linger_once(arg == 'F' || arg == 'W' ? SYS_LAT_FAULT : SYS_EXIT);
}

/* An unlink that drops the most handles: as many on the node as the
 * caller may hold. */
static void lat_unlink_held(void)
{
	if (lat(SYS_CREATE, (uintptr_t)deep_held, 0, 0, 0) < 0)
		return;
	while (lat(SYS_OPEN, (uintptr_t)deep_held, O_READ, 0, 0) >= 0)
		continue;
	lat(SYS_UNLINK, (uintptr_t)deep_held, 0, 0, 0);
}

static void lat_round(uint32_t round, int chan)
{
	struct k_stat st;
	char name[K_NAME_MAX];
	int h;

	lat(SYS_NULL, 0, 0, 0, 0);
	lat(SYS_GETPID, 0, 0, 0, 0);
	lat(SYS_TICKS, 0, 0, 0, 0);
	lat(SYS_YIELD, 0, 0, 0, 0);
	lat(SYS_TEST_AUDITS, 0, 0, 0, 0);
	lat(SYS_TEST_CLOCK, 0, 0, 0, 0);
	lat(SYS_STAT, (uintptr_t)deep_file, (uintptr_t)&st, 0, 0);
	/* a file's whole data written over, truncated, read back */
	h = (int)lat(SYS_OPEN, (uintptr_t)deep_file, O_WRITE | O_TRUNC, 0, 0);
	lat(SYS_WRITE, (uintptr_t)h, (uintptr_t)buf, FILE_DATA_MAX, 0);
	lat(SYS_FSTAT, (uintptr_t)h, (uintptr_t)&st, 0, 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	h = (int)lat(SYS_OPEN, (uintptr_t)deep_file, O_READ, 0, 0);
	lat(SYS_READ, (uintptr_t)h, (uintptr_t)buf, FILE_DATA_MAX, 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	/* the largest copies: 4 KiB from /dev/zero, to /dev/null */
	h = (int)lat(SYS_OPEN, (uintptr_t)"/dev/zero", O_READ, 0, 0);
	lat(SYS_READ, (uintptr_t)h, (uintptr_t)buf, sizeof(buf), 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	h = (int)lat(SYS_OPEN, (uintptr_t)"/dev/null", O_WRITE, 0, 0);
	lat(SYS_WRITE, (uintptr_t)h, (uintptr_t)buf, sizeof(buf), 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	/* made and removed at the deepest level */
	h = (int)lat(SYS_OPEN, (uintptr_t)deep_new, O_WRITE | O_CREAT, 0, 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	lat(SYS_UNLINK, (uintptr_t)deep_new, 0, 0, 0);
	lat(SYS_CREATE, (uintptr_t)deep_new, 0, 0, 0);
	lat(SYS_UNLINK, (uintptr_t)deep_new, 0, 0, 0);
	lat(SYS_MKDIR, (uintptr_t)deep_dir, 0, 0, 0);
	lat(SYS_UNLINK, (uintptr_t)deep_dir, 0, 0, 0);
	/* a listing's last entry, walked from the first */
	h = (int)lat(SYS_OPEN, (uintptr_t)"/tmp/lat/dir", O_READ, 0, 0);
	lat(SYS_READDIR, (uintptr_t)h, 0, (uintptr_t)name, 0);
	lat(SYS_READDIR, (uintptr_t)h, LAT_DIR_FILES - 1, (uintptr_t)name, 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	/* a channel: the last one found, a full message queued and taken */
	h = (int)lat(SYS_CHAN_OPEN, (uintptr_t)LAT_CHAN, 0, 0, 0);
	lat(SYS_CLOSE, (uintptr_t)h, 0, 0, 0);
	lat(SYS_SEND, (uintptr_t)chan, (uintptr_t)buf, LAT_MSG, 0);
	lat(SYS_RECV, (uintptr_t)chan, (uintptr_t)buf, LAT_MSG, 0);
	if (round % 4 == 0) {
		lat_unlink_held();
		lat_spawn_wait('E', chan);
		lat_spawn_wait(round % 8 ? 'F' : 'W', chan);
		lat_spawn_wait('R', chan);
	}
	if (round % 32 == 0) {
		lat(SYS_SLEEP, 0, 0, 0, 0);
		lat(SYS_RECV, (uintptr_t)chan, (uintptr_t)buf, LAT_MSG, 1);	/* times out */
		lat(SYS_WRITE, U_CONSOLE, (uintptr_t)"latency: a console write of 64 bytes, the most one takes.......\n", 64, 0);
		lat(SYS_TEST_REPORT, 1, (uintptr_t)"latency: a test report", 0, 0);
		lat(SYS_TEST_LATENCY, SYS_TEST_LATENCY, 0, 0, 0);
	}
}

/* /bin/latency, a program of its own (its 4 KiB buffer in no other
 * program's data, which the XScale's spawn cleans when a program runs
 * twice), spawned by utest once its suites are over. */
void latency_main(uintptr_t arg)
{
	(void)arg;
	int ok = lat_setup(), chan = u_chan_open(LAT_CHAN);

	u_check(ok && chan >= 0, "latency: the deepest path, a full directory, a channel");
	for (uint32_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)('a' + i % 26);
	for (uint32_t r = 0; ok && r < LAT_ROUNDS; r++)
		lat_round(r, chan);
	lat_mark(SYS_LAT_END);
	u_close(chan);
	u_exit(0);
}
