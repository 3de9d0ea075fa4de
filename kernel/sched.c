/*
 * Tasks and the scheduler.  Fixed priorities, preemption on the tick,
 * round-robin among equals.  A task's user context is the frame saved
 * at the top of its kernel stack; switching tasks is resuming another
 * frame (kernel_next_frame), so the kernel itself never blocks: a task
 * that waits is parked with its system call's result still to come.
 */
#include <string.h>
#include "kernel.h"
#include "image.h"
#include "syscalls.h"

/* The word at the bottom of every kernel stack: overwritten, the kernel
 * has overrun a stack and cannot be trusted to go on. */
#define KSTACK_MAGIC 0x57ACC0DEu

/*
 * O(1): each ready task is a bit (its slot) in its priority's mask, and
 * each priority with a ready task a bit in rq.prios, whose highest
 * priority's mask rq.top points at, kept as the masks change
 * (task_state_set, the only place they do).  A pick is that mask and one
 * bit scan:
 * round-robin among equals takes the first ready slot after the current
 * task's (rq.after), then wraps around.
 */
#define PRIO_LEVELS (K_PRIO_MAX + 1)
_Static_assert(TASK_MAX <= 16 && PRIO_LEVELS <= 16, "the masks are 16 bits");

/* The audit task's level, above every priority: its bit in rq.prios is
 * set while it has lines to write, and its ready mask stays empty, for
 * it has no slot: a pick there falls to switch_to_idle, which takes it. */
#define AUDIT_LEVEL PRIO_LEVELS

/* One base address for what a switch reads, that first (SH-4
 * displacements are short).  The masks are words: no extension to undo
 * after the load. */
static struct {
	/* the highest priority's mask with a ready task; priority 0's if none */
	const uint32_t *top;
	uint32_t after;		/* slots after the current task's; idle's: none */
	/* the task whose view of memory is current: idle keeps the last one */
	struct task *mapped;
	uint32_t prios;
	uint16_t live;		/* neither free nor dead */
	uint16_t timed;		/* sleeping or blocked, with a wait the tick may end */
	uint16_t blocked;
	uint32_t ready_at[PRIO_LEVELS + 1];
} rq = { .top = &rq.ready_at[0] };

static struct task tasks[TASK_MAX];
static struct task *slot_task[TASK_MAX];	/* no multiply by sizeof(struct task) */
static struct task idle_task, audit_task;
static uint32_t idle_stack[128] __attribute__((aligned(8)));
static uint32_t audit_stack[256] __attribute__((aligned(8)));
static int next_pid = 1;
int sched_need_resched;
/* The slot bit of the task that sleeps until every other has exited
 * (sched_set_last_waiter), or 0: with it, "every task has exited" means that
 * one alone is left. */
static uint32_t last_waiter;

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

/* A mask of slots is not 0, and below 2^16: the SH-4's scan skips a step. */
static inline unsigned bit_low(uint32_t mask)
{
	if (!mask || mask >> 16)
		__builtin_unreachable();
	return arch_bit_low(mask);
}

static uint32_t mask_with(uint32_t mask, uint32_t bit, int in)
{
	return in ? mask | bit : mask & ~bit;
}

static void top_set(void)
{
	rq.top = &rq.ready_at[arch_bit_high(rq.prios | 1u)];	/* priority 0's when none is */
}

static void ready_set(const struct task *t, uint32_t bit, int ready)
{
	uint32_t prio = t->prio;

	rq.ready_at[prio] = mask_with(rq.ready_at[prio], bit, ready);
	rq.prios = mask_with(rq.prios, 1u << prio, rq.ready_at[prio] != 0);
	top_set();
}

/* Every change of a task's state, so that the masks say what the states
 * do; a wait's length is set before it starts. */
static void task_state_set(struct task *t, enum task_state s)
{
	uint32_t bit = 1u << t->slot;
	int waits = s == TASK_SLEEPING || s == TASK_BLOCKED;

	if (t->state == TASK_READY || s == TASK_READY)
		ready_set(t, bit, s == TASK_READY);
	rq.live = (uint16_t)mask_with(rq.live, bit, s != TASK_FREE && s != TASK_DEAD);
	rq.timed = (uint16_t)mask_with(rq.timed, bit, waits && t->wait_ticks != K_FOREVER);
	rq.blocked = (uint16_t)mask_with(rq.blocked, bit, s == TASK_BLOCKED);
	t->state = s;
}

/* The flat table, unless the image puts its tasks on another; the
 * privileged ones choose their own (the benchmarks). */
__attribute__((weak)) const syscall_fn *image_task_syscalls = syscall_table_flat;

/* A privileged task runs kernel code; any other runs a program.  Its
 * memory is set up after (mm_task_setup). */
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
	t->slot = (uint8_t)slot;
	t->pid = next_pid++;
	t->parent = parent;
	t->prio = prio;
	t->domain = domain;
	t->quota = privileged ? QUOTA_KERNEL : domain;
	t->mac = mac_subjects[domain];
	t->audit.pid = (uint32_t)t->pid;
	t->audit.comm = t->name;
	t->syscalls = privileged ? syscall_table_flat : image_task_syscalls;
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

/* A free slot, taken (TASK_NEW) for a task whose memory is still to be
 * set up; NULL with *err set if none or the domain is at its limit. */
static struct task *spawn_reserve(const char *name, uintptr_t entry, uintptr_t arg,
				  uint8_t prio, mac_col_t domain, int parent, int *err)
{
	struct task *t = NULL;
	mac_col_t payer = sched_entry_is_kernel(entry) ? QUOTA_KERNEL : domain;

	/* a priority indexes the ready masks: past them, or on the audit
	 * task's level, it would write beyond them or preempt the audit */
	if (unlikely(prio > K_PRIO_MAX)) {
		*err = -E_INVAL;
		return NULL;
	}
	if (unlikely((*err = quota_charge(payer, MAC_LIMIT_TASKS))))
		return NULL;
	for (int i = 0; i < TASK_MAX && !t; i++)
		if (tasks[i].state == TASK_FREE)
			t = &tasks[i];
	*err = t ? -E_NOEXEC : -E_AGAIN;
	if (unlikely(!t || !task_setup(t, t - tasks, name, entry, arg, prio, domain, parent))) {
		quota_release(payer, MAC_LIMIT_TASKS);
		return NULL;
	}
	slot_task[t->slot] = t;
	task_state_set(t, TASK_NEW);
	return t;
}

static int spawn_finish(struct task *t)
{
	fs_open_console(t);
	task_state_set(t, TASK_READY);
	sched_need_resched = 1;
	return t->pid;
}

int sched_spawn(const char *name, uintptr_t entry, uintptr_t arg, uint8_t prio,
		mac_col_t domain, int parent)
{
	int err;
	struct task *t = spawn_reserve(name, entry, arg, prio, domain, parent, &err);

	if (unlikely(!t))
		return err;
	while (!mm_task_setup(&t->mm, t->slot))
		;
	return spawn_finish(t);
}

int sched_spawn_begin(const char *name, uintptr_t entry, uintptr_t arg, uint8_t prio,
		      mac_col_t domain)
{
	int err;
	struct task *t = spawn_reserve(name, entry, arg, prio, domain, sched_current->pid, &err);

	if (unlikely(!t))
		return err;
	sched_current->spawning = t;
	return 0;
}

int sched_spawn_step(void)
{
	struct task *t = sched_current->spawning;

	if (!mm_task_setup(&t->mm, t->slot))
		return 0;
	sched_current->spawning = NULL;
	return spawn_finish(t);
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
	for (uint32_t m = rq.blocked; m; m &= m - 1) {
		struct task *t = slot_task[bit_low(m)];
		if (t->wait == why && t->wait_obj == obj)
			return t;
	}
	return NULL;
}

void kernel_save_frame(struct arch_frame *f)
{
	if (likely(sched_current != NULL))
		sched_current->frame = f;
}

static int kstack_overrun(const struct task *t)
{
	return *(const uint32_t *)t->kstack != KSTACK_MAGIC;
}

/* Reached by a jump, not a call, so that a switch saves no registers. */
static __attribute__((noinline)) struct arch_frame *kstack_panic(void)
{
	kernel_panic("kernel stack overflow");
}

static void kstack_check(const struct task *t)
{
	if (unlikely(kstack_overrun(t)))
		kstack_panic();
}

/* Every kernel stack in use, at the tick: the kernel's own tasks' and
 * each live task's, running or not (at most TASK_MAX, a bounded loop).
 * An overrun is found within a tick of the call that made it, off the
 * switch's path. */
static void kstack_check_all(void)
{
	kstack_check(&idle_task);
	kstack_check(&audit_task);
	for (uint32_t m = rq.live; m; m &= m - 1)
		kstack_check(slot_task[bit_low(m)]);
}

/* The switch is one function with no calls on its way, in each of
 * kernel_next_frame and kernel_pick_frame: GCC would otherwise call out
 * for a part it sees twice. */
#define SWITCH_PATH static inline __attribute__((always_inline))

/* What the arch must make of the view left, by its task's state: a
 * blocked task's memory may be written before it runs (sys_chan.c,
 * through the kernel's addresses). */
static const uint8_t view_left[] = {
	[TASK_FREE] = ARCH_MM_DEAD, [TASK_READY] = ARCH_MM_KEPT, [TASK_SLEEPING] = ARCH_MM_KEPT,
	[TASK_BLOCKED] = ARCH_MM_KEPT, [TASK_DEAD] = ARCH_MM_DEAD, [TASK_NEW] = ARCH_MM_DEAD,
};

SWITCH_PATH void switch_view(struct task *next, unsigned slot)
{
	struct task *left = rq.mapped;

	rq.mapped = next;
	if (unlikely(!left)) {
		arch_mm_switch(NULL, ARCH_MM_KEPT, &next->mm.arch, slot);
		return;
	}
	arch_mm_switch(&left->mm.arch, (enum arch_mm_left)view_left[left->state], &next->mm.arch,
		       slot);
}

/* The kernel stacks' canaries are checked at the tick and as a task
 * exits (kstack_check_all, sched_exit), not here: a switch pays nothing
 * for them. */
SWITCH_PATH struct arch_frame *switch_to(struct task *next, unsigned slot)
{
	sched_current = next;
	rq.after = ~1u << slot;
	if (next != rq.mapped)
		switch_view(next, slot);
	return next->frame;
}

/* The task left keeps its turn: the pick after the audit task sleeps
 * starts at its slot, not after it. */
static struct arch_frame *switch_to_audit(void)
{
	if (sched_current != &audit_task) {
		if (sched_current != &idle_task)
			rq.after = ~0u << sched_current->slot;
		sched_current = &audit_task;
	}
	return audit_task.frame;
}

void sched_audit_wake(void)
{
	rq.prios |= 1u << AUDIT_LEVEL;
	top_set();
	sched_need_resched = 1;
}

void sched_audit_sleep(void)
{
	rq.prios &= ~(1u << AUDIT_LEVEL);
	top_set();
}

/* The last waiter wakes, the next pick takes it; with none, the image's end. */
static void last_one_or_end(void)
{
	struct task *t;

	if (!last_waiter) {
		sched_all_exited();
		return;
	}
	t = slot_task[bit_low(last_waiter)];
	last_waiter = 0;
	task_state_set(t, TASK_READY);
	sched_need_resched = 1;
}

void sched_set_last_waiter(void)
{
	last_waiter = 1u << sched_current->slot;
}

const struct task *sched_task_at(int slot)
{
	return slot >= 0 && slot < TASK_MAX && tasks[slot].state != TASK_FREE ? &tasks[slot] : NULL;
}

static __attribute__((noinline)) struct arch_frame *switch_to_idle(void)
{
	if (rq.top == &rq.ready_at[AUDIT_LEVEL])
		return switch_to_audit();
	if (sched_current != &idle_task) {
		sched_current = &idle_task;
		rq.after = 0;
	}
	if (unlikely(rq.live == last_waiter))
		last_one_or_end();
	return idle_task.frame;
}

/* Highest priority ready task; among equals, the first after the current
 * one, which is what makes equal priorities take turns. */
SWITCH_PATH struct arch_frame *pick(void)
{
	uint32_t at, later;
	unsigned slot;

	at = *rq.top;
	if (unlikely(!at))
		return switch_to_idle();
	later = at & rq.after;
	if (later)
		at = later;
	slot = bit_low(at);
	if (slot_task[slot] == sched_current)
		return sched_current->frame;
	return switch_to(slot_task[slot], slot);
}

struct arch_frame *kernel_next_frame(void)
{
	if (likely(!sched_need_resched))
		return sched_current->frame;
	sched_need_resched = 0;
	return pick();
}

struct arch_frame *kernel_pick_frame(void)
{
	return pick();
}

static int wait_over(const struct task *t)
{
	return tick_wait_over(sched_ticks, t->wait_from, t->wait_ticks);
}

void kernel_tick(void)
{
	sched_ticks++;
	kstack_check_all();
	for (uint32_t m = rq.timed; m; m &= m - 1) {
		struct task *t = slot_task[bit_low(m)];
		if (!wait_over(t))
			continue;
		if (t->state == TASK_SLEEPING)
			task_state_set(t, TASK_READY);
		else
			sched_wake(t, -E_TIMEDOUT);
	}
	sched_need_resched = 1;
}

void sched_sleep(uint32_t ticks)
{
	sched_current->wait_from = sched_ticks;
	sched_current->wait_ticks = ticks ? ticks : 1;
	task_state_set(sched_current, TASK_SLEEPING);
	sched_need_resched = 1;
}

/* Park the caller; its result is written later by sched_wake. */
void sched_block(enum task_wait why, uint32_t timeout)
{
	sched_current->wait = (uint8_t)why;
	sched_current->wait_from = sched_ticks;
	sched_current->wait_ticks = timeout;
	task_state_set(sched_current, TASK_BLOCKED);
	sched_need_resched = 1;
}

void sched_wake(struct task *t, intptr_t ret)
{
	arch_syscall_ret(t->frame, ret);
	t->wait = WAIT_NONE;
	task_state_set(t, TASK_READY);
	sched_need_resched = 1;
}

/* A dead task's slot is freed once its parent has its exit code. */
void sched_reap(struct task *t)
{
	task_state_set(t, TASK_FREE);
	quota_release(t->quota, MAC_LIMIT_TASKS);
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

	kstack_check(t);	/* its last chance: a dead task's is not looked at */
	handle_close_all(t);
	t->exit_code = code;
	task_state_set(t, TASK_DEAD);
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

/* The kernel's own tasks, in no slot: like every task, each traps onto
 * the top of its kernel stack. */
static void kernel_task_init(struct task *t, const char *name, void (*entry)(uintptr_t),
			     uint32_t *stack_top)
{
	t->frame = (struct arch_frame *)(t->kstack + TASK_KSTACK) - 1;
	*(uint32_t *)t->kstack = KSTACK_MAGIC;
	arch_frame_init(t->frame, (uintptr_t)entry, 0, (uintptr_t)stack_top, 1);
	t->syscalls = syscall_table_flat;
	strcpy(t->name, name);
}

void sched_start(void)
{
	kernel_task_init(&idle_task, "idle", idle_loop, idle_stack + 128);
	kernel_task_init(&audit_task, "audit", audit_main, audit_stack + 256);
	sched_current = &idle_task;
	console_flush();	/* the boot's lines, polled: nothing else runs yet */
	board_tick_start();
	sched_need_resched = 1;
	arch_frame_restore(kernel_next_frame());
}
