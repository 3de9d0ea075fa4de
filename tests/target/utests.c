/* On-target tests, user side: these run as tasks in user mode. */
#include "ulib.h"

void utest_trap_task(uintptr_t arg)
{
	(void)arg;
	u_check(sys0(SYS_NULL) == 0, "user: null system call returns 0");
	u_check(u_getpid() == 1, "user: getpid through a trap");
	u_check(sys0(SYS_COUNT + 5) == -E_NOSYS, "user: unknown system call is -ENOSYS");
	u_check(sys2(SYS_CONSOLE_WRITE, 0x10, 4) == -E_FAULT, "user: bad pointer is -EFAULT");
	u_exit(0);
}

/* Spins in user mode: only the tick interrupt can move the clock. */
void utest_tick_task(uintptr_t arg)
{
	(void)arg;
	uint32_t t0 = u_ticks();
	volatile uint32_t spins = 0;
	while (u_ticks() < t0 + 3 && spins < 100000000u)
		spins++;
	u_check(u_ticks() >= t0 + 3, "user: tick interrupts arrive while a task spins");
	t0 = u_ticks();
	u_sleep(5);
	u_check(u_ticks() - t0 >= 5 && u_ticks() - t0 <= 6, "user: sleep(5) lasts 5 ticks");
	u_exit(0);
}
