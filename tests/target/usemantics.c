/*
 * On-target tests of the kernel's semantics at their edges: truncation
 * against append, holes in files, spawn priorities, waits of 2^31 ticks
 * and more, and path syntax.  utest_main (utests.c) runs them in utest_t
 * at priority 5, after the channel suite: the peer has exited, so the
 * test channel is theirs.
 */
#include "ulib.h"

#define UTEST_PRIO 5	/* utest's priority in test.manifest */

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

void test_semantics(void)
{
	test_spawn_priority();
}
