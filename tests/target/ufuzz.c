/*
 * A system-call fuzzer, in user mode, in a domain of its own (fuzz_t):
 * FUZZ_CALLS calls with arguments drawn from a seeded generator among
 * values that matter (every kind of bad pointer, handle and length, and
 * good ones, so that calls get past their first check) and plain random
 * words, the numbers a quarter of the time from the whole 32-bit range.
 * The kernel must answer each; the run ends with the kernel alive, and
 * the grants the monitor made during it are held against the policy on
 * the host (GRANT lines, tests/target/check-log.py).
 */
#include "ulib.h"
#include "kernel_limits.h"

#define FUZZ_CALLS 100000u
#define FUZZ_SEED 0x2545F491u

extern char __image_start[], mac_subjects[], victim_secret[];
void fuzz_main(void);

static uint32_t rng_state = FUZZ_SEED;

/* xorshift32: no division, no libgcc */
static uint32_t rng(void)
{
	uint32_t x = rng_state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return rng_state = x;
}

/* uniform in [0, n), n > 0, by rejection: task code has no division */
static uint32_t pick(uint32_t n)
{
	uint32_t mask = n - 1, v;

	mask |= mask >> 1, mask |= mask >> 2, mask |= mask >> 4;
	mask |= mask >> 8, mask |= mask >> 16;
	do
		v = rng() & mask;
	while (v >= n);
	return v;
}

static const char *const paths[] = {
	"/", "/etc", "/etc/motd", "/etc/secret", "/etc/motd/", "/dev/null", "/dev/zero",
	"/dev/console", "/dev/sensor0", "/tmp", "/tmp/f0", "/tmp/f1", "/tmp/d0",
	"/tmp/d0/f", "/tmp/f0/x", "/bin/worker", "/bin/attack", "/bin/child", "/tmp/.",
	"/tmp/..", "//", "", "tmp", "/tmp/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	"test", "done", "fuzz", "readings", "victim-go",
};
#define NPATHS (sizeof(paths) / sizeof(paths[0]))

static char buf[64];

/* A pointer: good ones (own data, stack, constants), and each kind of
 * bad one. */
static uintptr_t pointer(uintptr_t stack)
{
	switch (pick(12)) {
	case 0: return 0;
	case 1: return (uintptr_t)__image_start;
	case 2: return (uintptr_t)mac_subjects;
	case 3: return (uintptr_t)victim_secret;
	case 4: return (uintptr_t)fuzz_main;		/* our code: never writable */
	case 5: return (uintptr_t)buf + pick(sizeof(buf));
	case 6: return stack + pick(64);
	case 7: return 0xFFFFFFF0u + pick(16);
	case 8: return (uintptr_t)paths[pick(NPATHS)];
	case 9: return stack - 0x1000u + pick(0x1000);	/* the guard page */
	default: return rng();
	}
}

static uintptr_t handle(void)
{
	switch (pick(4)) {
	case 0: return rng();
	case 1: return (uintptr_t)-1 - pick(2);
	default: return pick(HANDLE_MAX + 2);
	}
}

static uintptr_t length(void)
{
	static const uintptr_t lens[] = { 0, 1, 4, 31, 32, 33, 64, 4096, 0x7FFFFFFF, 0xFFFFFFFF };

	return pick(4) ? lens[pick(sizeof(lens) / sizeof(lens[0]))] : rng();
}

/* Arguments shaped for the call, more often than not. */
static void args_for(uint32_t nr, uintptr_t stack, uintptr_t a[4])
{
	for (int i = 0; i < 4; i++)
		a[i] = pick(3) ? pointer(stack) : rng();
	if (nr == SYS_READ || nr == SYS_WRITE || nr == SYS_SEND || nr == SYS_RECV ||
	    nr == SYS_FSTAT || nr == SYS_READDIR || nr == SYS_CLOSE)
		a[0] = handle(), a[2] = length();
	if (nr == SYS_OPEN || nr == SYS_SPAWN)
		a[1] = pick(2) ? pick(0x40) : rng();
	if (nr == SYS_READDIR)
		a[1] = pick(8);
	if (nr == SYS_RECV)
		a[3] = pick(3);			/* poll, or a tick or two */
}

/* Calls that would end or stop the fuzzer, or speak for the tests. */
static int skipped(uint32_t nr)
{
	return nr == SYS_EXIT || nr == SYS_SLEEP || nr == SYS_WAIT || nr == SYS_TEST_REPORT ||
	       nr == SYS_TEST_CLOCK || nr == SYS_TEST_LATENCY;
}

/* A call number: a quarter from the whole 32-bit range, which the
 * entry must refuse however large, the rest from the table and just past
 * it. */
static uint32_t number(void)
{
	return pick(4) ? pick(SYS_COUNT + 3) : rng();
}

void fuzz_main(void)
{
	uintptr_t a[4];
	uint32_t calls = 0, errors = 0, past = 0, past_refused = 0;
	char num[12];

	while (calls < FUZZ_CALLS) {
		uint32_t nr = number();
		if (skipped(nr))
			continue;
		args_for(nr, (uintptr_t)&a, a);
		intptr_t r = arch_syscall(nr, a[0], a[1], a[2], a[3]);
		errors += r < 0;
		past += nr >= SYS_COUNT;
		past_refused += nr >= SYS_COUNT && r == -E_NOSYS;
		calls++;
	}
	/* through the kernel: the fuzzer may well have closed its console;
	 * the host holds the count to FUZZ_CALLS (check-log.py) */
	char name[96] = "fuzz: seed ";
	u_strlcat(name, u_xtoa(FUZZ_SEED, num), sizeof(name));
	u_strlcat(name, ": ", sizeof(name));
	u_strlcat(name, u_utoa(calls, num), sizeof(name));
	u_strlcat(name, " calls, ", sizeof(name));
	u_strlcat(name, u_utoa(past, num), sizeof(name));
	u_strlcat(name, " past the table, ", sizeof(name));
	u_strlcat(name, u_utoa(errors, num), sizeof(name));
	u_strlcat(name, " refused", sizeof(name));
	u_check(calls == FUZZ_CALLS && past > 0 && past_refused == past && errors > 0 &&
		errors < calls && sys0(SYS_NULL) == 0, name);
	u_exit(0);
}
