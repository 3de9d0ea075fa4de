/*
 * On-target tests, user side: a system call returns its result in r0
 * and gives every other register back (but what the arch's ABI
 * clobbers or clears, which must come back cleared), whichever way it leaves the
 * kernel: straight back (the fast path), through the scheduler (a yield,
 * a spawn), after blocking while other tasks ran (sleep, recv, wait),
 * or refused (a bad number, a bad pointer).  Every register is loaded
 * from a pattern first, twice with different patterns.
 */
#include "ulib.h"
#include "arch_syscall_regs.h"

static const char *const reg_names[ARCH_SYSCALL_REGS] = { ARCH_SYSCALL_REG_NAMES };

/* The registers an arch's ABI gives back changed (arch_syscall_regs.h):
 * clobbered, any value; cleared, 0, so that nothing of the kernel's
 * comes back in them.  By default every one is kept. */
#ifndef ARCH_SYSCALL_REGS_CLOBBERED
#define ARCH_SYSCALL_REGS_CLOBBERED 0u
#endif
#ifndef ARCH_SYSCALL_REGS_CLEARED
#define ARCH_SYSCALL_REGS_CLEARED 0u
#endif

/* The values to load: the number and arguments where the ABI wants
 * them, the other registers pattern + slot. */
static void regs_fill(uint32_t regs[ARCH_SYSCALL_REGS], uint32_t pattern, uint32_t nr,
		      uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	for (int i = 0; i < ARCH_SYSCALL_REGS; i++)
		regs[i] = pattern + (uint32_t)i;
	regs[ARCH_SYSCALL_REG_NR] = nr;
	regs[ARCH_SYSCALL_REG_ARG0] = a0;
	regs[ARCH_SYSCALL_REG_ARG0 + 1] = a1;
	regs[ARCH_SYSCALL_REG_ARG0 + 2] = a2;
	regs[ARCH_SYSCALL_REG_ARG0 + 3] = a3;
}

static void report_lost(const char *what, int reg, uint32_t was, uint32_t now)
{
	char buf[12];

	u_puts(what);
	u_puts(": ");
	u_puts(reg_names[reg]);
	u_puts(" was ");
	u_puts(u_xtoa(was, buf));
	u_puts(", came back ");
	u_puts(u_xtoa(now, buf));
	u_puts("\n");
}

/* The call made with every register from pattern; returns its result,
 * and clears *ok if r0 does not hold it or another register changed. */
static intptr_t call_kept(const char *what, uint32_t pattern, int *ok, uint32_t nr,
			  uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	uint32_t regs[2][ARCH_SYSCALL_REGS];
	intptr_t r;

	regs_fill(regs[0], pattern, nr, a0, a1, a2, a3);
	r = arch_syscall_regs(regs);
	if (regs[1][0] != (uint32_t)r)
		*ok = 0;
	for (int i = 1; i < ARCH_SYSCALL_REGS; i++) {
		uint32_t want = ARCH_SYSCALL_REGS_CLEARED >> i & 1 ? 0 : regs[0][i];

		if (ARCH_SYSCALL_REGS_CLOBBERED >> i & 1)
			continue;
		if (regs[1][i] != want) {
			report_lost(what, i, want, regs[1][i]);
			*ok = 0;
		}
	}
	return r;
}

/* Twice, with patterns that differ in every bit; both must give want. */
static void check_kept(const char *name, intptr_t want, uint32_t nr, uintptr_t a0,
		       uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	int ok = 1;

	ok &= call_kept(name, 0x5A5A0000u, &ok, nr, a0, a1, a2, a3) == want;
	ok &= call_kept(name, 0xA5A5FF00u, &ok, nr, a0, a1, a2, a3) == want;
	u_check(ok, name);
}

/* A number from SYS_COUNT up is -E_NOSYS and runs nothing. */
static void check_number_past_table(uint32_t nr)
{
	char name[64], num[12];

	name[0] = 0;
	u_strlcat(name, "registers: number ", sizeof(name));
	u_strlcat(name, u_xtoa(nr, num), sizeof(name));
	u_strlcat(name, " is -ENOSYS and keeps all but r0", sizeof(name));
	check_kept(name, -E_NOSYS, nr, 1, 2, 3, 4);
}

/* The ones up to the next power of two, the ones that a mask of the low
 * bits would make a call (32, 33, SYS_COUNT + 32, 0x40, 0x100,
 * 0x80000000), the largest and the sign bit's. */
static void check_numbers_past_table(void)
{
	static const uint32_t far[] = { 32, 33, SYS_COUNT + 32, 0x40, 0x100, 0x7FFFFFFFu,
					0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu };

	for (uint32_t nr = SYS_COUNT; nr < 32; nr++)
		check_number_past_table(nr);
	for (unsigned i = 0; i < sizeof(far) / sizeof(far[0]); i++)
		check_number_past_table(far[i]);
}

void test_registers(void)
{
	static struct k_stat st;
	static char msg[8];
	int ch = u_chan_open("test");
	int ok = 1;

	check_kept("registers: null keeps all but r0", 0, SYS_NULL, 0, 0, 0, 0);
	check_kept("registers: getpid keeps all but r0", 1, SYS_GETPID, 0, 0, 0, 0);
	check_kept("registers: stat keeps all but r0", 0, SYS_STAT, (uintptr_t)"/etc/motd",
		   (uintptr_t)&st, 0, 0);
	check_kept("registers: stat to a bad pointer keeps all but r0", -E_FAULT, SYS_STAT,
		   (uintptr_t)"/etc/motd", 0, 0, 0);
	check_numbers_past_table();
	check_kept("registers: yield keeps all but r0", 0, SYS_YIELD, 0, 0, 0, 0);
	check_kept("registers: sleep keeps all but r0", 0, SYS_SLEEP, 1, 0, 0, 0);
	check_kept("registers: a recv that times out keeps all but r0", -E_TIMEDOUT, SYS_RECV,
		   (uintptr_t)ch, (uintptr_t)msg, sizeof(msg), 2);

	/* the child, below us, runs only once we wait: its exit code
	 * comes back through the frame the kernel completed */
	intptr_t pid = call_kept("registers: spawn", 0x3C3C0000u, &ok, SYS_SPAWN,
				 (uintptr_t)"/bin/worker", 4, 'q', 0);
	ok &= pid > 1;
	ok &= call_kept("registers: wait", 0xC3C3FF00u, &ok, SYS_WAIT, (uintptr_t)pid, 0, 0, 0) == 'q';
	u_check(ok, "registers: spawn, then a wait that blocks, keep all but r0");
	u_close(ch);
}
