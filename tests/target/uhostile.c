/*
 * The hostile suite: a task of an unprivileged domain (hostile_t) that
 * attacks everything that is not its own, through the MMU (attackers it
 * spawns from /bin/attack, each killed for one attempt) and through the
 * system calls (bad pointers, handles and lengths, a dangling handle,
 * every table it can fill), while a victim of another program and domain
 * (uvictim.c) must come through unchanged.
 *
 * Each kill is checked twice: here, by the attacker's exit code, and on
 * the host (tests/target/check-log.py), by the kernel's report, which
 * must name the access and the address this test names.
 */
#include "utest.h"
#include "arch_probe.h"
#include "kernel_limits.h"

/* Other programs' and the kernel's symbols: the linker knows where
 * they are, which is all an attacker needs. */
extern char victim_secret[], victim_path[], victim_read_file[], victim_op[];
extern char __image_start[], kernel_main[], mac_subjects[];
void hostile_main(void);

enum access { ACC_READ, ACC_WRITE, ACC_EXECUTE, ACC_INSN };
static const char *const access_name[] = { "read", "write", "execute", "instruction" };

struct attack {
	const char *what;
	uint8_t access;
	const char *target;	/* a symbol, or "*" when no one address */
	uintptr_t addr;
};

static void overflow_stack(uintptr_t depth);
static void insn_privileged(void) { arch_probe_privileged(); }
static void insn_counter(void) { u_exit((int)arch_probe_counter()); }
static void insn_bad_trap(void) { arch_probe_bad_trap(); }
static void insn_overflow(void) { overflow_stack(0); }

static const struct attack attacks[] = {
	{ "the victim's secret", ACC_READ, "victim_secret", (uintptr_t)victim_secret },
	{ "the victim's secret", ACC_WRITE, "victim_secret", (uintptr_t)victim_secret },
	{ "the victim's secret", ACC_EXECUTE, "victim_secret", (uintptr_t)victim_secret },
	{ "the victim's function pointer", ACC_WRITE, "victim_op", (uintptr_t)victim_op },
	{ "the victim's constant path", ACC_WRITE, "victim_path", (uintptr_t)victim_path },
	{ "the victim's code", ACC_READ, "victim_read_file", (uintptr_t)victim_read_file },
	{ "the victim's code", ACC_WRITE, "victim_read_file", (uintptr_t)victim_read_file },
	{ "the victim's code", ACC_EXECUTE, "victim_read_file", (uintptr_t)victim_read_file },
	{ "kernel memory", ACC_READ, "__image_start", (uintptr_t)__image_start },
	{ "kernel memory", ACC_WRITE, "__image_start", (uintptr_t)__image_start },
	{ "kernel code", ACC_EXECUTE, "kernel_main", (uintptr_t)kernel_main },
	{ "the policy tables", ACC_READ, "mac_subjects", (uintptr_t)mac_subjects },
	{ "the policy tables", ACC_WRITE, "mac_subjects", (uintptr_t)mac_subjects },
	{ "the policy tables", ACC_EXECUTE, "mac_subjects", (uintptr_t)mac_subjects },
	{ "our own code", ACC_WRITE, "hostile_main", (uintptr_t)hostile_main },
	{ "the user library's code", ACC_WRITE, "u_puts", (uintptr_t)u_puts },
	{ "a privileged instruction", ACC_INSN, "*", (uintptr_t)insn_privileged },
	{ "the cycle counter's register", ACC_INSN, "*", (uintptr_t)insn_counter },
	{ "a trap that is no system call", ACC_INSN, "*", (uintptr_t)insn_bad_trap },
	{ "the guard page under our stack", ACC_INSN, "*", (uintptr_t)insn_overflow },
};
#define NATTACKS (sizeof(attacks) / sizeof(attacks[0]))

/* The arch's own attacks (arch_probe.h), as attacker args from ARG_PROBE
 * on: their target is the victim's secret, aligned for any load. */
struct probe {
	const char *what;
	const char *access;	/* NULL: not killed, it exits with result */
	int at_target;
	intptr_t result;
};
#define PROBE_ENTRY(what, access, at_target, result) { what, access, at_target, result },
static const struct probe probes[] = { ARCH_PROBES(PROBE_ENTRY) { NULL, NULL, 0, 0 } };
#define ARG_PROBE 0x100u
#define PROBE_TARGET ((uintptr_t)victim_secret & ~(uintptr_t)7)

/* The breakpoints debuggers plant (arch_probe.h), as attacker args from
 * ARG_BREAKPOINT on: each killed with a breakpoint report at its own
 * symbol, never run as a system call. */
#define BREAKPOINT_DECLARE(sym, what) void sym(void);
ARCH_BREAKPOINTS(BREAKPOINT_DECLARE)
struct breakpoint {
	const char *what, *symbol;
	void (*run)(void);
};
#define BREAKPOINT_ENTRY(sym, what) { what, #sym, sym },
static const struct breakpoint breakpoints[] = { ARCH_BREAKPOINTS(BREAKPOINT_ENTRY) };
#define NBREAKPOINTS (sizeof(breakpoints) / sizeof(breakpoints[0]))
#define ARG_BREAKPOINT 0x200u

/* Written by the driver only: an attacker, of the same program, must
 * still see the initial value in its own copy. */
static volatile uint32_t driver_marker = 0x600d;

/* Deeper until the guard page: the store after the call keeps the
 * compiler from turning the recursion into a loop. */
static volatile uintptr_t overflow_depth;

static void overflow_stack(uintptr_t depth)
{
	volatile char pad[256];

	pad[0] = (char)depth;
	if (depth != UINTPTR_MAX)
		overflow_stack(depth + 1);
	overflow_depth = depth + (uintptr_t)pad[0];
}

static void do_access(uint8_t access, uintptr_t addr)
{
	if (access == ACC_READ)
		u_exit(*(volatile int *)addr);
	if (access == ACC_WRITE)
		*(volatile int *)addr = 0x6b6b6b6b;
	else
		((void (*)(void))addr)();
	u_exit(0);
}

/* arg: an index in attacks[], 'm' for driver_marker, ARG_PROBE + an
 * index in probes[], else an address with the access in its low two
 * bits. */
static void sleeper(void);
static void deep_sender(void);

void attack_main(uintptr_t arg)
{
	if (arg - ARG_PROBE < sizeof(probes) / sizeof(probes[0]) - 1) {
		arch_probe_run((unsigned)(arg - ARG_PROBE), PROBE_TARGET);
		u_exit(0);
	}
	if (arg - ARG_BREAKPOINT < NBREAKPOINTS) {
		breakpoints[arg - ARG_BREAKPOINT].run();
		u_exit(0);
	}
	if (arg == 's')
		sleeper();
	if (arg == 'p')
		arch_probe_bad_sp_syscall(SYS_YIELD);
	if (arg == 'm')
		u_exit((int)driver_marker);
	if (arg == 'q')
		deep_sender();
	if (arg < NATTACKS)
		do_access(attacks[arg].access == ACC_INSN ? ACC_EXECUTE : attacks[arg].access,
			  attacks[arg].addr);
	do_access(arg & 3, arg & ~(uintptr_t)3);
}

/* ---- the driver */

#ifndef ARCH_PROBE_PID
#define ARCH_PROBE_PID INTPTR_MAX
#endif

/* An attacker spawned with arg must exit with code (ARCH_PROBE_PID: its
 * pid); the test's name is what, then how. */
static void check_exit(uintptr_t arg, const char *what, const char *how, intptr_t code)
{
	char name[96];
	int pid = u_spawn("/bin/attack", 1, arg);

	name[0] = 0;
	u_strlcat(name, "hostile: ", sizeof(name));
	u_strlcat(name, what, sizeof(name));
	u_strlcat(name, how, sizeof(name));
	u_check(pid > 0 && u_wait(pid) == (code == ARCH_PROBE_PID ? pid : code), name);
}

static void check_killed(uintptr_t arg, const char *what, const char *access, const char *target)
{
	char how[64];

	how[0] = 0;
	u_strlcat(how, " (", sizeof(how));
	u_strlcat(how, access, sizeof(how));
	u_strlcat(how, " @", sizeof(how));
	u_strlcat(how, target, sizeof(how));
	u_strlcat(how, ") is killed", sizeof(how));
	check_exit(arg, what, how, -E_FAULT);
}

/* An attack that is no attack where the CPU makes it a system call: the
 * attacker exits with the call's result. */
static void check_returns(uintptr_t arg, const char *what, intptr_t result)
{
	check_exit(arg, what, " is a system call", result);
}

/* A CPU whose every trap is a system call (arch_probe.h) makes the bad
 * trap one with a number past the table, which must be -E_NOSYS. */
#ifndef ARCH_PROBE_BAD_TRAP_IS_CALL
#define ARCH_PROBE_BAD_TRAP_IS_CALL 0
#endif
static void attack_memory(uintptr_t victim_stack)
{
	char hex[12];

	for (uintptr_t i = 0; i < NATTACKS; i++) {
		const struct attack *a = &attacks[i];
		const char *access = access_name[a->access];
		if (a->addr == (uintptr_t)insn_privileged)
			access = ARCH_PROBE_PRIVILEGED_ACCESS;
		else if (a->addr == (uintptr_t)insn_counter)
			access = ARCH_PROBE_COUNTER_ACCESS;
		else if (a->addr == (uintptr_t)insn_overflow)
			access = "write";
		if (a->addr == (uintptr_t)insn_bad_trap && ARCH_PROBE_BAD_TRAP_IS_CALL)
			check_returns(i, "another trap, its call number past the table,", -E_NOSYS);
		else
			check_killed(i, a->what, access, a->target);
	}
	victim_stack &= ~(uintptr_t)3;
	u_xtoa(victim_stack, hex);
	check_killed(victim_stack | ACC_READ, "the victim's stack", "read", hex);
	check_killed(victim_stack | ACC_WRITE, "the victim's stack", "write", hex);
	check_killed(victim_stack | ACC_EXECUTE, "the victim's stack", "execute", hex);
	u_xtoa(PROBE_TARGET, hex);
	for (uintptr_t i = 0; probes[i].what; i++)
		if (probes[i].access)
			check_killed(ARG_PROBE + i, probes[i].what, probes[i].access,
				     probes[i].at_target ? hex : "*");
		else
			check_returns(ARG_PROBE + i, probes[i].what, probes[i].result);
	for (uintptr_t i = 0; i < NBREAKPOINTS; i++)
		check_killed(ARG_BREAKPOINT + i, breakpoints[i].what, "breakpoint",
			     breakpoints[i].symbol);
	int bad_sp = u_spawn("/bin/attack", 1, 'p');
	u_check(bad_sp > 0 && u_wait(bad_sp) == -E_FAULT,
		"hostile: a system call with the stack pointer at 0 harms only its caller");
	driver_marker = 0xbad;
	int pid = u_spawn("/bin/attack", 1, 'm');
	u_check(pid > 0 && u_wait(pid) == 0x600d,
		"hostile: another task of our program has its own data");
}

/* Pointers the kernel must refuse to write through, and to read from
 * where they are not ours. */
static void attack_pointers(void)
{
	struct k_stat st;
	int h = u_open("/dev/zero", O_READ);

	u_check(u_read(h, (void *)hostile_main, 4) == -E_FAULT,
		"hostile: read into our own code is -EFAULT");
	u_check(u_read(h, (void *)u_puts, 4) == -E_FAULT,
		"hostile: read into the user library is -EFAULT");
	u_check(u_read(h, victim_secret, 4) == -E_FAULT,
		"hostile: read into the victim's data is -EFAULT");
	u_check(u_read(h, mac_subjects, 4) == -E_FAULT && u_read(h, __image_start, 4) == -E_FAULT,
		"hostile: read into the kernel or the tables is -EFAULT");
	u_check(u_stat("/etc/motd", (struct k_stat *)hostile_main) == -E_FAULT,
		"hostile: stat into our own code is -EFAULT");
	u_check(u_write(U_CONSOLE, victim_secret, 4) == -E_FAULT &&
		u_write(U_CONSOLE, mac_subjects, 4) == -E_FAULT,
		"hostile: write from the victim's data or the tables is -EFAULT");
	u_check(u_open(victim_path, O_READ) == -E_FAULT,
		"hostile: a path in the victim's constants is -EFAULT");
	u_check(u_read(h, &st, 0xFFFFFFFFu) == -E_FAULT && u_read(h, &st, 0x10000) == -E_FAULT,
		"hostile: lengths past our memory are -EFAULT");
	u_close(h);
}

static void attack_handles(void)
{
	static const uintptr_t bad[] = { (uintptr_t)-1, HANDLE_MAX, 1000, 0x80000000u };
	struct k_stat st;
	char buf[K_NAME_MAX];
	int all = 1;

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uintptr_t hd = bad[i];
		all &= sys1(SYS_CLOSE, hd) == -E_BADF;
		all &= sys3(SYS_READ, hd, (uintptr_t)buf, 1) == -E_BADF;
		all &= sys3(SYS_WRITE, hd, (uintptr_t)buf, 1) == -E_BADF;
		all &= sys2(SYS_FSTAT, hd, (uintptr_t)&st) == -E_BADF;
		all &= sys3(SYS_READDIR, hd, 0, (uintptr_t)buf) == -E_BADF;
		all &= sys3(SYS_SEND, hd, (uintptr_t)buf, 1) == -E_BADF;
		all &= arch_syscall(SYS_RECV, hd, (uintptr_t)buf, 1, 0) == -E_BADF;
	}
	u_check(all, "hostile: bad handles to every handle call are -EBADF");
}

/* A handle must not outlive its file into the next file of that node
 * (handle numbers, like file descriptors, are reused: nothing is opened
 * here while the dangling one is tried). */
static void attack_dangling(void)
{
	char buf[8] = { 0 };
	int h = u_open("/tmp/hx", O_WRITE | O_READ | O_CREAT);

	u_check(h > 0 && u_write(h, "old", 3) == 3 && u_unlink("/tmp/hx") == 0 &&
		u_create("/tmp/hy") == 0, "hostile: a file opened, unlinked, another created");
	u_check(u_read(h, buf, sizeof(buf)) == -E_BADF && u_write(h, "bad", 3) == -E_BADF &&
		buf[0] == 0, "hostile: the dangling handle is -EBADF, not the next file");
	int n = u_open("/tmp/hy", O_READ);
	u_check(n > 0 && u_read(n, buf, sizeof(buf)) == 0 && u_close(n) == 0 &&
		u_unlink("/tmp/hy") == 0, "hostile: the next file is as new");
}

/* Every table hostile_t can reach, filled up to its share (test.manifest:
 * tasks 3 nodes 4 blocks 2 handles 6 messages 2). */
#define HOG_NODES 4
static const char *const hog_names[HOG_NODES + 1] = { "/tmp/q0", "/tmp/q1", "/tmp/q2",
						       "/tmp/q3", "/tmp/q4" };
static int hog_pids[2];

static void exhaust(int q)
{
	intptr_t err;
	int i = 0;

	u_check(COUNT_UNTIL_ERROR(u_create(hog_names[i++]), HOG_NODES + 1, &err) == HOG_NODES &&
		err == -E_DQUOT, "hostile: nodes past hostile_t's share are -EDQUOT");
	i = 0;
	u_check(COUNT_UNTIL_ERROR(utest_write_byte(hog_names[i++]), 3, &err) == 2 &&
		err == -E_DQUOT, "hostile: file blocks past hostile_t's share are -EDQUOT");
	i = 0;
	u_check(COUNT_UNTIL_ERROR(hog_pids[i++] = u_spawn("/bin/attack", 1, 's'), 2, &err) == 2 &&
		u_spawn("/bin/attack", 1, 's') == -E_DQUOT,
		"hostile: tasks past hostile_t's share are -EDQUOT");
	/* console, three channels, two children's consoles */
	u_check(u_open("/dev/null", O_READ) == -E_DQUOT,
		"hostile: handles past hostile_t's share are -EDQUOT");
	u_check(COUNT_UNTIL_ERROR(u_send(q, "m", 1), 3, &err) == 2 && err == -E_DQUOT,
		"hostile: messages past hostile_t's share are -EDQUOT");
}

static void release(int q)
{
	char msg;

	for (int i = 0; i < HOG_NODES; i++)
		u_unlink(hog_names[i]);
	while (u_recv(q, &msg, 1, 0) == 1)
		continue;
	for (int i = 0; i < 2; i++)
		u_wait(hog_pids[i]);
	u_check(u_create(hog_names[0]) == 0 && u_unlink(hog_names[0]) == 0,
		"hostile: hostile_t's shares come back");
}

/* arg 'q': a message to the driver once it waits for it */
static void deep_sender(void)
{
	int q = u_chan_open("hostile-q");

	u_sleep(1);
	u_exit(u_send(q, "deep", 4) == 4 ? 0 : 1);
}

/* A message the kernel writes while we wait, through its own addresses,
 * into a buffer 1 KiB below our stack pointer: none of our view's cache
 * lines may hide it (kernel/mm.c), wherever the buffer is. */
static void receive_below_sp(int q)
{
	volatile uint8_t here = 0;
	volatile uint8_t *buf = (volatile uint8_t *)((uintptr_t)&here - 1024);
	int pid = u_spawn("/bin/attack", 1, 'q');
	intptr_t n = u_recv(q, (void *)buf, 4, 200);
	int whole = n == 4 && buf[0] == 'd' && buf[1] == 'e' && buf[2] == 'e' && buf[3] == 'p';

	u_check(pid > 0 && u_wait(pid) == 0 && whole,
		"hostile: a message into a buffer below our sp arrives whole");
}

/* arg 's': a task that only holds its slot a while */
static void sleeper(void)
{
	u_sleep(20);
	u_exit(0);
}

static void go(int ch) { u_send(ch, "g", 1); }

void hostile_main(void)
{
	int addr = u_chan_open("victim-addr"), go_ch = u_chan_open("victim-go");
	int q = u_chan_open("hostile-q");
	uintptr_t victim_stack = 0;
	char msg;

	u_check(u_recv(addr, &victim_stack, sizeof(victim_stack), 200) == sizeof(victim_stack),
		"hostile: the victim is up");
	attack_memory(victim_stack);
	receive_below_sp(q);
	attack_pointers();
	attack_handles();
	attack_dangling();
	u_check(u_spawn("/bin/kernel-code", 1, 0) == -E_PERM,
		"hostile: a program of kernel code never runs as a task");
	exhaust(q);
	go(go_ch);
	u_check(u_recv(addr, &msg, 1, 200) == 1, "hostile: the victim went on");
	release(q);
	go(go_ch);
	u_check(sys0(SYS_NULL) == 0, "hostile: the kernel is alive after every attack");
	u_exit(0);
}
