/*
 * Tasks and the scheduler.  Fixed priorities, preemption on the tick,
 * round-robin among equals.  A task's user context is the frame saved
 * at the top of its kernel stack; switching tasks is resuming another
 * frame (kernel_next_frame), so the kernel itself never blocks.
 */
#include <string.h>
#include "kernel.h"

static struct task tasks[TASK_MAX];
static struct task idle_task;
static uint8_t user_stacks[TASK_MAX][TASK_USTACK]
	__attribute__((section(".user.bss"), aligned(8)));
static uint32_t idle_stack[128] __attribute__((aligned(8)));
static int next_pid = 1;
static int need_resched;

struct task *sched_current;
volatile uint32_t sched_ticks;

static void idle_loop(uintptr_t unused)
{
	(void)unused;
	for (;;)
		arch_idle();
}

static struct arch_frame *frame_at_top(struct task *t)
{
	return (struct arch_frame *)(t->kstack + TASK_KSTACK) - 1;
}

struct task *sched_spawn(const char *name, void (*entry)(uintptr_t), uintptr_t arg,
			 uint8_t prio)
{
	for (int i = 0; i < TASK_MAX; i++) {
		struct task *t = &tasks[i];
		if (t->state != TASK_FREE && t->state != TASK_DEAD)
			continue;
		memset(t, 0, offsetof(struct task, kstack));
		strncpy(t->name, name, TASK_NAME_MAX - 1);
		t->pid = next_pid++;
		t->prio = prio;
		t->frame = frame_at_top(t);
		arch_frame_init(t->frame, entry, arg,
				(uintptr_t)(user_stacks[i] + TASK_USTACK), 0);
		t->state = TASK_READY;
		need_resched = 1;
		return t;
	}
	return NULL;
}

static int live_tasks(void)
{
	int n = 0;
	for (int i = 0; i < TASK_MAX; i++)
		n += tasks[i].state == TASK_READY || tasks[i].state == TASK_SLEEPING;
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

struct arch_frame *kernel_next_frame(void)
{
	if (need_resched) {
		need_resched = 0;
		sched_current = sched_pick();
		if (sched_current == &idle_task && live_tasks() == 0)
			sched_all_exited();
	}
	return sched_current->frame;
}

void kernel_tick(void)
{
	sched_ticks++;
	for (int i = 0; i < TASK_MAX; i++) {
		struct task *t = &tasks[i];
		if (t->state == TASK_SLEEPING && (int32_t)(sched_ticks - t->wake_tick) >= 0)
			t->state = TASK_READY;
	}
	need_resched = 1;
}

void sched_yield(void) { need_resched = 1; }

void sched_sleep(uint32_t ticks)
{
	sched_current->wake_tick = sched_ticks + (ticks ? ticks : 1);
	sched_current->state = TASK_SLEEPING;
	need_resched = 1;
}

void sched_exit(int code)
{
	sched_current->exit_code = code;
	sched_current->state = TASK_DEAD;
	need_resched = 1;
}

void sched_start(void)
{
	idle_task.frame = (struct arch_frame *)idle_stack;
	arch_frame_init(idle_task.frame, idle_loop, 0,
			(uintptr_t)(idle_stack + 128), 1);
	strcpy(idle_task.name, "idle");
	board_tick_start();
	need_resched = 1;
	arch_frame_restore(kernel_next_frame());
}
