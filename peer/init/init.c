/*
 * The Linux peer's init: the firmware's benchmarks run on Linux, on the
 * same QEMU machine, printed as the firmware prints them (BENCH lines).
 *
 * Freestanding, raw system calls (Debian's static glibc for sh4 trips
 * over the same compiler bug as the firmware).  Under -icount shift=0
 * CLOCK_MONOTONIC advances one nanosecond per guest instruction, so a
 * time in ns is a count in insns; the clock is checked against a loop
 * of a known length first.  The clock counts in steps (the board timer's
 * period: ~67 ns on the R2D+, ~308 ns on the PXA270), so each sample
 * times a batch of calls, long enough that a step is under 1 % of it,
 * and the clock's reading and the batch loop's own cost are taken off.
 *
 * The kernel's configuration decides the strategy: with SELinux (its
 * file system mounts) the init loads the policy (/policy), enforces it,
 * proves it with a denial and reports strategy=linux; without, it
 * reports strategy=linux-nolsm.
 *
 * Under a timing model (make peer-cycles) the same boot is timed in
 * est-cycles: each batch is a marked window (include/window_marks.h),
 * numbered as the init counts them, and a WINDOWS line after a figure
 * names its samples' windows, which peer/cycles.py finds in the
 * plugin's out file.  read-cold and write-cold, one call after the
 * I-cache is evicted, exist only there (a call is under a clock step).
 * A /plan file in the initramfs that starts with "short" keeps the
 * calls that the model's test needs.
 */
#include <asm/unistd.h>
#include <linux/fcntl.h>
#include <linux/reboot.h>
#include <linux/time_types.h>
#include <stddef.h>
#include <stdint.h>

#include "bench_plan.h"
#include "peer_arch.h"

#ifndef PEER_BOARD
#error "PEER_BOARD: the board's name, as the firmware prints it"
#endif
#ifndef STATN_N
#error "STATN_N: the statn files' count, the firmware's own"
#endif

PEER_START_CODE
PEER_ICACHE_SWEEP_CODE
void peer_icache_sweep(void);

#define SAMPLES 201
#define STATN_MAX_SAMPLES (STATN_ROUNDS * STATN_N)
#define LOOP_ROUNDS 1000000u	/* the self-check's loop: 2 M insns */
#define STEPS_PER_BATCH 128	/* a clock step is under 1 % of a batch */
#define BATCH_MAX 4096u

static const char *strategy = "linux-nolsm";
static int selinux;
static int failures;
static int plan_short;		/* /plan says "short" */
static uint32_t peer_windows;	/* marked windows so far: the next one's number */

/* The compiler's own copies and clears call these. */
void *memcpy(void *dst, const void *src, size_t n)
{
	char *d = dst;
	const char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	char *d = dst;

	while (n--)
		*d++ = (char)c;
	return dst;
}

/* ---- system calls ---- */

static long sys(long nr, long a, long b, long c)
{
	return peer_syscall(nr, a, b, c, 0, 0);
}

static long sys_write(int fd, const void *buf, size_t n)
{
	return sys(__NR_write, fd, (long)buf, (long)n);
}

static long sys_open(const char *path, int flags, int mode)
{
	return sys(__NR_open, (long)path, flags, mode);
}

static uint64_t now_ns(void)
{
	struct __kernel_timespec ts;

	peer_syscall(__NR_clock_gettime64, 1 /* CLOCK_MONOTONIC */, (long)&ts, 0, 0, 0);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- output: one line at a time, to the console ---- */

static char line[512];
static size_t line_len;

static void put_str(const char *s)
{
	while (*s && line_len < sizeof(line) - 1)
		line[line_len++] = *s++;
}

static void put_u(uint32_t v)
{
	char digits[10];
	int n = 0;

	do
		digits[n++] = (char)('0' + v % 10);
	while ((v /= 10) && n < 10);
	while (n && line_len < sizeof(line) - 1)
		line[line_len++] = digits[--n];
}

static void put_int(long v)
{
	if (v < 0) {
		put_str("-");
		v = -v;
	}
	put_u((uint32_t)v);
}

/* hundredths as a number with two decimals */
static void put_x100(uint32_t v)
{
	put_u(v / 100);
	put_str(".");
	put_u(v % 100 / 10);
	put_u(v % 10);
}

static void end_line(void)
{
	line[line_len++] = '\n';
	sys_write(1, line, line_len);
	line_len = 0;
}

static void say(const char *a, const char *b)
{
	put_str(a);
	put_str(b);
	end_line();
}

static void fail(const char *what, long err)
{
	put_str("peer: FAIL: ");
	put_str(what);
	put_str(": ");
	put_int(err);
	end_line();
	failures++;
}

/* ---- the file system the benchmarks stat ---- */

static char statn_paths[STATN_N][sizeof(BENCH_STATN_PATH)];
static const char walk_path[] = BENCH_WALK_PATH;
static char walk_paths[BENCH_WALK_DEPTH][sizeof(walk_path)];

static void fmt4(char *at, uint32_t i)
{
	for (int d = 3; d >= 0; d--, i /= 10)
		at[d] = (char)('0' + i % 10);
}

static int set_label(const char *path, const char *type, const char *num)
{
	char ctx[64] = "system_u:object_r:";
	size_t n = 18;

	while (*type && n < sizeof(ctx) - 1)
		ctx[n++] = *type++;
	while (num && *num && n < sizeof(ctx) - 1)
		ctx[n++] = *num++;
	ctx[n] = 0;
	return (int)peer_syscall(__NR_lsetxattr, (long)path, (long)"security.selinux",
				 (long)ctx, (long)n + 1, 0);
}

static void make_file(const char *path, const char *type, const char *num)
{
	long fd = sys_open(path, O_CREAT | O_WRONLY, 0644);
	long err;

	if (fd < 0)
		return fail(path, fd);
	sys(__NR_close, fd, 0, 0);
	if (selinux && (err = set_label(path, type, num)) < 0)
		fail("label", err);
}

static void mount_tmpfs(const char *dir)
{
	long err = peer_syscall(__NR_mount, (long)"tmpfs", (long)dir, (long)"tmpfs", 0,
				(long)"mode=0755");
	if (err < 0)
		fail(dir, err);
}

/* /bench/d1/../d7 for the walk, /statn/f0000.. of as many labels for
 * statn, /bench/denied for the denial: on tmpfs, labelled after the
 * policy is in (tmpfs takes its labels from it). */
static void make_tree(void)
{
	size_t len = 0;

	mount_tmpfs("/bench");
	mount_tmpfs("/statn");
	for (int depth = 0; depth < BENCH_WALK_DEPTH; depth++) {
		while (walk_path[len] && (len == 0 || walk_path[len] != '/'))
			len++;
		for (size_t i = 0; i < len; i++)
			walk_paths[depth][i] = walk_path[i];
		long err = depth > 0 ? sys(__NR_mkdir, (long)walk_paths[depth], 0755, 0) : 0;
		if (err < 0)
			fail(walk_paths[depth], err);
		if (walk_path[len])
			len++;
	}
	for (uint32_t i = 0; i < STATN_N; i++) {
		char *p = statn_paths[i], *num = p + sizeof(BENCH_STATN_PATH) - 5;

		memcpy(p, BENCH_STATN_PATH, sizeof(BENCH_STATN_PATH));
		fmt4(num, i);
		make_file(p, "statn_t", num);
	}
	make_file("/bench/denied", "denied_t", NULL);
}

/* ---- SELinux: the policy in, enforcing, and the proof ---- */

static char policy_buf[4 << 20];

static long write_file(const char *path, const void *buf, size_t n)
{
	long fd = sys_open(path, O_WRONLY, 0), got;

	if (fd < 0)
		return fd;
	got = sys_write((int)fd, buf, n);
	sys(__NR_close, fd, 0, 0);
	return got;
}

static long read_file(const char *path, char *buf, size_t n)
{
	long fd = sys_open(path, O_RDONLY, 0), got, all = 0;

	if (fd < 0)
		return fd;
	while ((size_t)all < n - 1 && (got = sys(__NR_read, fd, (long)buf + all, (long)(n - 1 - all))) > 0)
		all += got;
	sys(__NR_close, fd, 0, 0);
	buf[all] = 0;
	return all;
}

/* SELinux is in the kernel if its file system mounts. */
static long selinux_detect(void)
{
	long err = peer_syscall(__NR_mount, (long)"selinuxfs", (long)"/sys/fs/selinux",
				(long)"selinuxfs", 0, 0);

	if (err == 0) {
		selinux = 1;
		strategy = "linux";
	}
	return err;
}

static void selinux_load(void)
{
	long n, err;
	char enforce[4];

	n = read_file("/policy", policy_buf, sizeof(policy_buf));
	if (n <= 0)
		return fail("read /policy", n);
	if ((err = write_file("/sys/fs/selinux/load", policy_buf, (size_t)n)) != n)
		return fail("load the policy", err);
	if ((err = write_file("/sys/fs/selinux/enforce", "1", 1)) != 1)
		return fail("enforce", err);
	read_file("/sys/fs/selinux/enforce", enforce, sizeof(enforce));
	put_str("selinux: policy loaded (");
	put_u((uint32_t)n);
	say(" bytes), enforce=", enforce);
}

/* The one denied type: open must fail with EACCES, and the kernel
 * prints the avc line (kauditd, in the pause that follows). */
static void selinux_prove(void)
{
	long fd = sys_open("/bench/denied", O_RDONLY, 0);

	put_str("peer: open /bench/denied (denied_t) as the init (kernel_t): ");
	put_int(fd);
	end_line();
	if (fd >= 0) {
		sys(__NR_close, fd, 0, 0);
		if (selinux)
			fail("the policy's denial did not happen", fd);
		return;
	}
	if (!selinux || fd != -13)
		return fail("open /bench/denied", fd);
	say("selinux: enforcing: the denial returned EACCES", "");
}

/* ---- timing ---- */

static uint32_t samples[STATN_MAX_SAMPLES > SAMPLES ? STATN_MAX_SAMPLES : SAMPLES];
static uint32_t clock_cost;	/* ns (insns) of one clock reading */
static uint32_t loop_cost_x100;	/* hundredths: one empty turn of a batch */
static uint32_t clock_step;	/* the smallest advance of the clock seen */

typedef long (*op_fn)(void);

/* The timing model's window marks (peer_arch.h): one instruction each,
 * kept in place by the memory clobber. */
static inline void peer_mark_start(void)
{
	__asm__ volatile(PEER_MARK_START_ASM ::: "memory");
}

static inline void peer_mark_stop(void)
{
	__asm__ volatile(PEER_MARK_STOP_ASM ::: "memory");
}

/* One batch: the time of n calls, less one clock reading, in
 * hundredths per call, less the batch loop's own turn.  The calls are
 * one window; its two marks are taken off with the clock's reading, so
 * that the insns figures are what they were without them. */
static uint32_t time_batch(op_fn op, uint32_t n)
{
	uint64_t t0 = now_ns();
	uint32_t d, per, off = clock_cost + 2 * WINDOW_MARK_INSNS;

	peer_mark_start();
	for (uint32_t i = 0; i < n; i++)
		op();
	peer_mark_stop();
	d = (uint32_t)(now_ns() - t0);
	peer_windows++;
	d = d > off ? d - off : 0;
	per = (uint32_t)((uint64_t)d * 100 / n);
	return per > loop_cost_x100 ? per - loop_cost_x100 : 0;
}

/* calls per batch: enough that a clock step is under 1 % of it */
static uint32_t batch_size(op_fn op)
{
	uint32_t one = time_batch(op, 4) / 100 + 1;
	uint32_t n = STEPS_PER_BATCH * clock_step / one + 1;

	return n > BATCH_MAX ? BATCH_MAX : n;
}

static void sort(uint32_t *v, uint32_t n)
{
	for (uint32_t gap = n / 2; gap; gap /= 2)
		for (uint32_t i = gap; i < n; i++)
			for (uint32_t j = i; j >= gap && v[j - gap] > v[j]; j -= gap) {
				uint32_t t = v[j];
				v[j] = v[j - gap];
				v[j - gap] = t;
			}
}

/* A figure's line up to its own fields: KIND board=.. bench=..
 * strategy=.. arg=.. (BENCH, WINDOWS, AVCSTAT). */
static void line_head(const char *kind, const char *bench, uint32_t arg)
{
	put_str(kind);
	put_str(" board=" PEER_BOARD " bench=");
	put_str(bench);
	put_str(" strategy=");
	put_str(strategy);
	put_str(" arg=");
	put_u(arg);
}

static void bench_line(const char *bench, uint32_t arg, uint32_t n)
{
	uint64_t sum = 0;

	for (uint32_t i = 0; i < n; i++)
		sum += samples[i];
	sort(samples, n);
	line_head("BENCH", bench, arg);
	put_str(" unit=insns n=");
	put_u(n);
	put_str(" min=");
	put_x100(samples[0]);
	put_str(" median=");
	put_x100(samples[n / 2]);
	put_str(" mean=");
	put_x100((uint32_t)(sum / n));
	put_str(" max=");
	put_x100(samples[n - 1]);
	end_line();
}

/* A figure's samples as windows: the first one's number, how many in
 * a row, calls in each (peer/cycles.py). */
static void windows_line(const char *bench, uint32_t arg, uint32_t first, uint32_t n,
			 uint32_t calls)
{
	line_head("WINDOWS", bench, arg);
	put_str(" first=");
	put_u(first);
	put_str(" n=");
	put_u(n);
	put_str(" calls=");
	put_u(calls);
	end_line();
}

/* SAMPLES batches after a warm-up one; a failing call is reported */
static void bench(const char *name, uint32_t arg, op_fn op)
{
	long r = op();
	uint32_t b, first;

	if (r < 0)
		return fail(name, r);
	b = batch_size(op);
	time_batch(op, b);
	first = peer_windows;
	for (uint32_t i = 0; i < SAMPLES; i++)
		samples[i] = time_batch(op, b);
	bench_line(name, arg, SAMPLES);
	windows_line(name, arg, first, SAMPLES, b);
}

/* One call with the I-cache evicted, SAMPLES times, as the firmware's
 * read-cold and write-cold: a window each, timed by the model only. */
static void bench_cold(const char *name, op_fn op)
{
	uint32_t first = peer_windows;
	long r = 0;

	for (uint32_t i = 0; i < SAMPLES && r >= 0; i++) {
		peer_icache_sweep();
		peer_mark_start();
		r = op();
		peer_mark_stop();
		peer_windows++;
	}
	if (r < 0)
		return fail(name, r);
	windows_line(name, 0, first, SAMPLES, 1);
}

/* ---- the operations: lmbench's lat_syscall, seeds 002 and 003 ---- */

static long fd_zero, fd_null, fd_file;
static char byte;
static uint64_t st[32];	/* a struct stat64 and to spare: its layout is not read */
static const char *walk_at;
static uint32_t statn_i, statn_n;

static long op_empty(void) { return 0; }
static long op_clock(void) { return (long)now_ns(); }
static long op_null(void) { return sys(__NR_getppid, 0, 0, 0); }
static long op_read(void) { return sys(__NR_read, fd_zero, (long)&byte, 1); }
static long op_write(void) { return sys(__NR_write, fd_null, (long)&byte, 1); }
static long op_stat(void) { return sys(__NR_stat64, (long)"/etc/hostname", (long)st, 0); }
static long op_fstat(void) { return sys(__NR_fstat64, fd_file, (long)st, 0); }
static long op_walk(void) { return sys(__NR_stat64, (long)walk_at, (long)st, 0); }

static long op_open(void)
{
	long fd = sys_open("/etc/hostname", O_RDONLY, 0);

	return fd < 0 ? fd : sys(__NR_close, fd, 0, 0);
}

static long op_statn(void)
{
	long r = sys(__NR_stat64, (long)statn_paths[statn_i], (long)st, 0);

	if (++statn_i == statn_n)
		statn_i = 0;
	return r;
}

/* ---- the AVC's counters, as cache_stats prints them (one CPU) ---- */

enum { AVC_LOOKUPS, AVC_HITS, AVC_MISSES, AVC_ALLOCS, AVC_RECLAIMS, AVC_FREES, AVC_N };

static void avc_read(uint32_t *v)
{
	static char text[512];
	const char *p = text;

	for (int i = 0; i < AVC_N; i++)
		v[i] = 0;
	if (!selinux || read_file("/sys/fs/selinux/avc/cache_stats", text, sizeof(text)) <= 0)
		return;
	while (*p && *p != '\n')	/* the header line */
		p++;
	for (int i = 0; i < AVC_N && *p; i++) {
		while (*p && (*p < '0' || *p > '9'))
			p++;
		while (*p >= '0' && *p <= '9')
			v[i] = v[i] * 10 + (uint32_t)(*p++ - '0');
	}
}

static void avc_line(uint32_t n, const uint32_t *before, const uint32_t *after)
{
	static const char *const names[AVC_N] = { " lookups=", " hits=", " misses=", " allocs=",
						  " reclaims=", " frees=" };

	line_head("AVCSTAT", "statn", n);
	for (int i = 0; i < AVC_N; i++) {
		put_str(names[i]);
		put_u(after[i] - before[i]);
	}
	end_line();
}

/* The firmware's sizes: N files of N labels stat'ed in turn,
 * STATN_ROUNDS times, after a round that fills the caches. */
static const uint32_t statn_sizes[BENCH_STATN_SIZES] = { BENCH_STATN_SIZE_LIST };

static void statn_one(uint32_t n)
{
	uint32_t before[AVC_N], after[AVC_N], total = STATN_ROUNDS * n, b, k = 0, first;

	statn_n = n;
	statn_i = 0;
	for (uint32_t i = 0; i < n; i++)
		op_statn();
	b = batch_size(op_statn);
	if (b > n / 8)
		b = n / 8;	/* at least 16 samples */
	statn_i = 0;
	avc_read(before);
	first = peer_windows;
	for (uint32_t done = 0; done + b <= total; done += b)
		samples[k++] = time_batch(op_statn, b);
	avc_read(after);
	bench_line("statn", n, k);
	windows_line("statn", n, first, k, b);
	if (selinux)
		avc_line(n, before, after);
}

static void run_benches(void)
{
	fd_zero = sys_open("/dev/zero", O_RDONLY, 0);
	fd_null = sys_open("/dev/null", O_WRONLY, 0);
	fd_file = sys_open("/etc/hostname", O_RDONLY, 0);
	if (fd_zero < 0 || fd_null < 0 || fd_file < 0)
		return fail("open /dev/zero, /dev/null, /etc/hostname", -1);
	bench("null", 0, op_null);
	bench("read", 0, op_read);
	bench("write", 0, op_write);
	bench_cold("read-cold", op_read);
	bench_cold("write-cold", op_write);
	if (plan_short)
		return;
	bench("stat", 0, op_stat);
	bench("fstat", 0, op_fstat);
	bench("open", 0, op_open);
	for (int depth = 0; depth < BENCH_WALK_DEPTH; depth++) {
		walk_at = walk_paths[depth];
		bench("walk", (uint32_t)depth + 1, op_walk);
	}
	for (unsigned k = 0; k < BENCH_STATN_SIZES; k++)
		if (statn_sizes[k] <= STATN_N)
			statn_one(statn_sizes[k]);
}

/* ---- the clock: its step, its cost, and the known loop ---- */

/* the median of SAMPLES batches of n calls, in hundredths a call */
static uint32_t clock_median(op_fn op, uint32_t n)
{
	for (uint32_t i = 0; i < SAMPLES; i++)
		samples[i] = time_batch(op, n);
	sort(samples, SAMPLES);
	return samples[SAMPLES / 2];
}

static void clock_calibrate(void)
{
	uint32_t loop, err_x100, loop_first, first;
	uint64_t t0;

	clock_step = ~0u;
	for (int i = 0; i < 16; i++) {
		uint64_t a = now_ns(), b;
		while ((b = now_ns()) == a)
			;
		if (b - a < clock_step)
			clock_step = (uint32_t)(b - a);
	}
	clock_cost = clock_median(op_clock, 256) / 100;	/* first without the loop's */
	loop_first = peer_windows;
	loop_cost_x100 = clock_median(op_empty, 4096);
	first = peer_windows;
	clock_cost = clock_median(op_clock, 256) / 100;
	bench_line("counter", 0, SAMPLES);
	windows_line("counter", 0, first, SAMPLES, 256);
	windows_line("loop", 0, loop_first, SAMPLES, 4096);

	t0 = now_ns();
	peer_known_loop(LOOP_ROUNDS);
	loop = (uint32_t)(now_ns() - t0) - clock_cost;
	err_x100 = (uint32_t)((uint64_t)(loop > 2 * LOOP_ROUNDS ? loop - 2 * LOOP_ROUNDS :
					      2 * LOOP_ROUNDS - loop) * 10000 / (2 * LOOP_ROUNDS));
	put_str("counter self-check: read=");
	put_u(clock_cost);
	put_str(" insns, loop of ");
	put_u(2 * LOOP_ROUNDS);
	put_str(" insns=");
	put_u(loop);
	put_str(" insns, expected ");
	put_u(2 * LOOP_ROUNDS);
	put_str(" insns: within ");
	put_x100(err_x100);
	say(err_x100 <= 100 ? " %" : " %: FAIL (more than 1 %)", "");
	if (err_x100 > 100)
		failures++;
	put_str("clock: CLOCK_MONOTONIC, step ");
	put_u(clock_step);
	put_str(" ns; batch loop ");
	put_x100(loop_cost_x100);
	say(" insns a call, taken off", "");
}

/* The kernel's own start-up work (device probes, USB enumeration)
 * done before the first figure, and its messages kept off the console
 * from here on (they would split the report's lines): a pause (idle
 * time costs nothing under -icount sleep=off), then only emergencies
 * printed (an oops raises the level itself). */
static void settle(void)
{
	struct __kernel_timespec pause = { 2, 0 };

	peer_syscall(__NR_clock_nanosleep_time64, 1, 0, (long)&pause, 0, 0);
	sys(__NR_syslog, 8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, 0, 1);
}

/* The short plan: the calibration and seed 000's calls only, for the
 * model's test (make peer-test), when a /plan in the initramfs (a cpio
 * appended to the usual one) starts with "short". */
static void plan_read(void)
{
	static const char word[] = "short";
	char text[16];
	size_t i = 0;

	if (read_file("/plan", text, sizeof(text)) <= 0)
		return;
	while (word[i] && text[i] == word[i])
		i++;
	plan_short = word[i] == 0;
	if (plan_short)
		say("peer: plan short: counter, null, read, write, read-cold, write-cold only", "");
}

static void mount_basics(void)
{
	long err;

	if ((err = peer_syscall(__NR_mount, (long)"devtmpfs", (long)"/dev", (long)"devtmpfs", 0, 0)) < 0)
		fail("mount /dev", err);
	if ((err = peer_syscall(__NR_mount, (long)"sysfs", (long)"/sys", (long)"sysfs", 0, 0)) < 0)
		fail("mount /sys", err);
}

void peer_main(void)
{
	long no_selinux;

	mount_basics();
	no_selinux = selinux_detect();
	put_str("linux-peer: board=" PEER_BOARD " cpu=" PEER_CPU " on QEMU strategy=");
	put_str(strategy);
	say(" unit=insns", "");
	if (no_selinux) {
		put_str("selinux: not in this kernel (mount selinuxfs: ");
		put_int(no_selinux);
		say(")", "");
	} else {
		selinux_load();
	}
	make_tree();
	selinux_prove();
	settle();
	plan_read();
	clock_calibrate();
	run_benches();
	put_str("peer: windows ");
	put_u(peer_windows);
	end_line();
	put_str("peer: done, ");
	put_u((uint32_t)failures);
	say(" failures", "");
	sys(__NR_sync, 0, 0, 0);
	peer_syscall(__NR_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
		     LINUX_REBOOT_CMD_RESTART, 0, 0);
	for (;;)
		;
}
