/* Task system calls: the trap itself, time, spawn and wait. */
#include <string.h>
#include "kernel.h"
#include "image.h"
#include "object.h"
#include "syscalls.h"
#include "mac_policy.h"
#include "latency.h"

SYSCALL(sys_null) { return 0; }
SYSCALL(sys_yield) { sched_yield(); return 0; }
SYSCALL(sys_ticks) { return (intptr_t)sched_ticks; }
SYSCALL(sys_getpid) { return sched_current->pid; }

SYSCALL(sys_exit)
{
	sched_exit((int)a0);
	return 0;
}

SYSCALL(sys_sleep)
{
	sched_sleep((uint32_t)a0);
	return 0;
}

/* The program bound to a node at boot, or NULL: a file made since,
 * even at a program's path, is none. */
static const struct program *program_of(const struct node *exe)
{
	return exe->kind == NODE_FILE && exe->program ? &image_programs[exe->program - 1] : NULL;
}

/* As execve: a domain change needs process:transition to the new domain
 * and file:entrypoint from it; staying in the domain, execute_no_trans. */
static int spawn_checks(const struct node *exe, mac_col_t newdom)
{
	struct task *t = sched_current;
	int err = check(MAC_CLASS_FILE, exe->label, exe->ccol, MAC_PERM_FILE__EXECUTE);

	if (err)
		return err;
	if (newdom == t->domain)
		return check(MAC_CLASS_FILE, exe->label, exe->ccol,
			     MAC_PERM_FILE__EXECUTE_NO_TRANS);
	err = check(MAC_CLASS_PROCESS, newdom, mac_ccol(MAC_CLASS_PROCESS, newdom),
		    MAC_PERM_PROCESS__TRANSITION);
	if (err)
		return err;
	return check_as(newdom, MAC_CLASS_FILE, exe->label, exe->ccol,
			MAC_PERM_FILE__ENTRYPOINT);
}

/* A spawn sets the child's memory up a step per entry, and comes back
 * into the call until the last: a tick waits for one step at most. */
static intptr_t spawn_continue(uintptr_t a0)
{
	int pid = sched_spawn_step();

	return pid ? pid : syscall_restart(a0);
}

SYSCALL(sys_spawn)
{
	char path[PATH_MAX_LEN];
	uint16_t id;

	if (sched_current->spawning)
		return spawn_continue(a0);
	if (unlikely(a1 > K_PRIO_MAX))
		return -E_INVAL;
	/* a task may not raise itself by proxy over tasks it does not outrank */
	if (unlikely(a1 > sched_current->prio))
		return -E_PERM;
	intptr_t err = STRATEGY_FN(fs_lookup_user)(a0, path, &id);
	if (err)
		return err;
	const struct node *exe = obj_node(id);
	const struct program *prog = program_of(exe);
	if (unlikely(!prog))
		return -E_ACCES;
	/* a task never starts privileged code: only the manifest does */
	if (unlikely(!mm_program_at((uintptr_t)prog->entry)))
		return -E_PERM;
	mac_col_t newdom = mac_spawn_type(sched_current->domain, exe->label);
	if (unlikely(newdom == MAC_NO_LABEL))
		return mac_refuse_context(sched_current->domain, exe->label, MAC_CLASS_PROCESS);
	if ((err = spawn_checks(exe, newdom)))
		return err;
	const char *base = strrchr(path, '/') + 1;
	if ((err = sched_spawn_begin(base, (uintptr_t)prog->entry, a2, (uint8_t)a1, newdom)))
		return err;
	return syscall_restart(a0);
}

SYSCALL(sys_wait)
{
	struct task *child = sched_task_by_pid((int)a0);

	if (unlikely(!child || child->parent != sched_current->pid))
		return -E_CHILD;
	if (child->state == TASK_DEAD) {
		int code = child->exit_code;
		sched_reap(child);
		return code;
	}
	sched_current->wait_obj = child->pid;
	sched_block(WAIT_CHILD, K_FOREVER);
	return 0;
}

#define TEST_NAME_MAX 80

SYSCALL(sys_test_report)
{
	char name[TEST_NAME_MAX];

	if (!ktest_enabled)
		return -E_NOSYS;
	if (user_copy_string(name, a1, sizeof(name)) < 0)
		return -E_FAULT;
	ktest_result(a0 != 0, name);
	return 0;
}

SYSCALL(sys_test_audits)
{
	return ktest_enabled ? (intptr_t)audit_lines : -E_NOSYS;
}

/* Lets the tests see the end of waits of 2^31 ticks and more, which the
 * tick itself would take months to reach. */
SYSCALL(sys_test_clock)
{
	if (unlikely(!ktest_enabled))
		return -E_NOSYS;
	sched_ticks += (uint32_t)a0;
	return 0;
}

/* The latency test's calls (tests/target/ulatency.c): the samples from
 * here on are call a0's (latency.h). */
SYSCALL(sys_test_latency)
{
	if (unlikely(!ktest_enabled))
		return -E_NOSYS;
	latency_call((int)a0);
#if MAC_GRANT_LOG
	mac_grant_paused = a0 < LAT_END;	/* the calls as the firmware makes them */
#endif
	return 0;
}
