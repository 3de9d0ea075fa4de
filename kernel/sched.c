/*
 * Tasks and the scheduler.  Fixed priorities, preemption on the tick,
 * round-robin among equals.  A task's user context is the frame saved
 * at the top of its kernel stack; switching tasks is resuming another
 * frame (kernel_next_frame), so the kernel itself never blocks: a task
 * that waits is parked with its system call's result still to come.
 */
#include <string.h>
#include "kernel.h"
#include "syscalls.h"

/* The word at the bottom of every kernel stack: overwritten, the kernel
 * has overrun a stack and cannot be trusted to go on. */
#define KSTACK_MAGIC 0x57ACC0DEu

static struct task tasks[TASK_MAX];
static struct task idle_task;
/* the task whose view of memory is current: idle keeps the last one */
static struct task *mapped;
static uint32_t idle_stack[128] __attribute__((aligned(8)));
static int next_pid = 1;
int sched_need_resched;

struct task *sched_current;
volatile uint32_t sched_ticks;

static void idle_loop(uintptr_t unused)
{
	(void)unused;
	for (;;)
		arch_idle();
}

static int task_live(const struct task *t)
{
	return t->state != TASK_FREE && t->state != TASK_DEAD;
}

/* A privileged task runs kernel code; any other runs a program. */
static int task_setup(struct task *t, int slot, const char *name, uintptr_t entry,
		      uintptr_t arg, uint8_t prio, mac_col_t domain, int parent)
{
	int privileged = sched_entry_is_kernel(entry);
	const struct user_program *prog = privileged ? NULL : mm_program_at(entry);
	uintptr_t stack_top;

	if (unlikely(!privileged && !prog))
		return 0;
	stack_top = mm_task_init(&t->mm, slot, prog);
	if (unlikely(!stack_top))
		return 0;
	memset(t, 0, offsetof(struct task, mm));
	strncpy(t->name, name, TASK_NAME_MAX - 1);
	t->pid = next_pid++;
	t->parent = parent;
	t->prio = prio;
	t->domain = domain;
	t->mac = mac_subjects[domain];
	t->audit.pid = (uint32_t)t->pid;
	t->audit.comm = t->name;
	t->syscalls = syscall_table_flat;
	*(uint32_t *)t->kstack = KSTACK_MAGIC;
	t->frame = (struct arch_frame *)(t->kstack + TASK_KSTACK) - 1;
	arch_frame_init(t->frame, entry, arg, stack_top, privileged);
	return 1;
}

extern char __user_start[], __user_end[];

int sched_entry_is_kernel(uintptr_t entry)
{
	return entry < (uintptr_t)__user_start || entry >= (uintptr_t)__user_end;
}

int sched_spawn(const char *name, uintptr_t entry, uintptr_t arg, uint8_t prio,
		mac_col_t domain, int parent)
{
	int err = quota_charge(domain, MAC_LIMIT_TASKS);

	if (unlikely(err))
		return err;
	for (int i = 0; i < TASK_MAX; i++) {
		struct task *t = &tasks[i];
		if (t->state != TASK_FREE)
			continue;
		if (unlikely(!task_setup(t, i, name, entry, arg, prio, domain, parent))) {
			quota_release(domain, MAC_LIMIT_TASKS);
			return -E_NOEXEC;
		}
		fs_open_console(t);
		t->state = TASK_READY;
		sched_need_resched = 1;
		return t->pid;
	}
	quota_release(domain, MAC_LIMIT_TASKS);
	return -E_AGAIN;
}

struct task *sched_task_by_pid(int pid)
{
	for (int i = 0; i < TASK_MAX; i++)
		if (tasks[i].state != TASK_FREE && tasks[i].pid == pid)
			return &tasks[i];
	return NULL;
}

struct task *sched_waiter(enum task_wait why, int obj)
{
	for (int i = 0; i < TASK_MAX; i++)
		if (tasks[i].state == TASK_BLOCKED && tasks[i].wait == why &&
		    tasks[i].wait_obj == obj)
			return &tasks[i];
	return NULL;
}

static int live_tasks(void)
{
	int n = 0;
	for (int i = 0; i < TASK_MAX; i++)
		n += task_live(&tasks[i]);
	return n;
}

/* Highest priority ready task; among equals, the first after the current
 * one, which is what makes equal priorities take turns. */
static struct task *sched_pick(void)
{
	int start = sched_current && sched_current != &idle_task ?
		    (int)(sched_current - tasks) : TASK_MAX - 1;
	struct task *best = &idle_task;

	for (int i = 1; i <= TASK_MAX; i++) {
		struct task *t = &tasks[(start + i) % TASK_MAX];
		if (t->state == TASK_READY && (best == &idle_task || t->prio > best->prio))
			best = t;
	}
	return best;
}

void kernel_save_frame(struct arch_frame *f)
{
	if (likely(sched_current != NULL))
		sched_current->frame = f;
}

static void kstack_check(const struct task *t)
{
	if (unlikely(t && *(const uint32_t *)t->kstack != KSTACK_MAGIC))
		kernel_panic("kernel stack overflow");
}

/* The view of memory left keeps its frame while its task may run again,
 * for the arch to tell the live part of its stack. */
static void switch_view(struct task *next)
{
	const struct arch_frame *left = mapped && task_live(mapped) ? mapped->frame : NULL;

	arch_mm_switch(mapped ? &mapped->mm : NULL, left, &next->mm);
	mapped = next;
}

struct arch_frame *kernel_next_frame(void)
{
	kstack_check(sched_current);
	if (sched_need_resched) {
		sched_need_resched = 0;
		sched_current = sched_pick();
		if (sched_current == &idle_task && live_tasks() == 0)
			sched_all_exited();
		if (sched_current != &idle_task && sched_current != mapped)
			switch_view(sched_current);
	}
	if (unlikely(board_tick_pending()))	/* where the chip takes it (board_tick.h) */
		kernel_exit_latency();
	return sched_current->frame;
}

static int wait_over(const struct task *t)
{
	return tick_wait_over(sched_ticks, t->wait_from, t->wait_ticks);
}

void kernel_tick(void)
{
	sched_ticks++;
	for (int i = 0; i < TASK_MAX; i++) {
		struct task *t = &tasks[i];
		if (t->state == TASK_SLEEPING && wait_over(t))
			t->state = TASK_READY;
		else if (t->state == TASK_BLOCKED && wait_over(t))
			sched_wake(t, -E_TIMEDOUT);
	}
	sched_need_resched = 1;
}

void sched_yield(void) { sched_need_resched = 1; }

void sched_sleep(uint32_t ticks)
{
	sched_current->wait_from = sched_ticks;
	sched_current->wait_ticks = ticks ? ticks : 1;
	sched_current->state = TASK_SLEEPING;
	sched_need_resched = 1;
}

/* Park the caller; its result is written later by sched_wake. */
void sched_block(enum task_wait why, uint32_t timeout)
{
	sched_current->wait = (uint8_t)why;
	sched_current->wait_from = sched_ticks;
	sched_current->wait_ticks = timeout;
	sched_current->state = TASK_BLOCKED;
	sched_need_resched = 1;
}

void sched_wake(struct task *t, intptr_t ret)
{
	arch_syscall_ret(t->frame, ret);
	t->wait = WAIT_NONE;
	t->state = TASK_READY;
	sched_need_resched = 1;
}

/* A dead task's slot is freed once its parent has its exit code. */
void sched_reap(struct task *t)
{
	t->state = TASK_FREE;
	quota_release(t->domain, MAC_LIMIT_TASKS);
}

/* An unlinked node's id will be reused: no handle may still point at it. */
void sched_forget_node(uint16_t node)
{
	for (int i = 0; i < TASK_MAX; i++)
		for (int h = 0; h < HANDLE_MAX; h++)
			if (tasks[i].handles[h].kind == H_NODE && tasks[i].handles[h].obj == node)
				handle_free(&tasks[i], &tasks[i].handles[h]);
}

void sched_exit(int code)
{
	struct task *t = sched_current, *parent = sched_task_by_pid(t->parent);

	handle_close_all(t);
	t->exit_code = code;
	t->state = TASK_DEAD;
	for (int i = 0; i < TASK_MAX; i++)
		if (tasks[i].state == TASK_DEAD && tasks[i].parent == t->pid)
			sched_reap(&tasks[i]);
	if (!parent || !task_live(parent))
		sched_reap(t);
	else if (parent->state == TASK_BLOCKED && parent->wait == WAIT_CHILD &&
		 parent->wait_obj == t->pid) {
		sched_wake(parent, code);
		sched_reap(t);
	}
	sched_need_resched = 1;
}

void sched_start(void)
{
	/* like every task, idle traps onto the top of its kernel stack */
	idle_task.frame = (struct arch_frame *)(idle_task.kstack + TASK_KSTACK) - 1;
	*(uint32_t *)idle_task.kstack = KSTACK_MAGIC;
	arch_frame_init(idle_task.frame, (uintptr_t)idle_loop, 0,
			(uintptr_t)(idle_stack + 128), 1);
	strcpy(idle_task.name, "idle");
	board_tick_start();
	sched_need_resched = 1;
	arch_frame_restore(kernel_next_frame());
}
