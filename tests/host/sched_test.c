/*
 * Host unit test of the scheduler (kernel/sched.c), built into this file
 * to reach its state, and run under ASan/UBSan.  A random run of spawns,
 * yields, sleeps, blocks, wakes, exits and ticks, each pick compared
 * with the linear scan the O(1) pick replaced (highest priority first,
 * among equals the first ready slot after the current task's), and the
 * ready masks compared with the tasks' states; then the kernel stack
 * guard, checked at the tick (every live task's) and at exit; and the audit
 * task's turns.
 * Ends with "N passed, N failed".
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "sched.c"

static int passed, failed;

static void expect(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

/* What sched.c calls, reduced to what a pick needs. */
char __user_start[1], __user_end[1];
const struct mac_subject mac_subjects[MAC_NDOMAINS];
const syscall_fn syscall_table_flat[SYSCALL_TABLE_SIZE];
static uintptr_t stack_tops[TASK_MAX];
static jmp_buf escape;
static const char *panicked;
static int all_exited;

uintptr_t mm_task_init(struct task_mm *mm, int slot, const struct user_program *prog)
{
	(void)mm, (void)prog;
	return (uintptr_t)&stack_tops[slot];
}
int mm_task_setup(struct task_mm *mm, int slot) { (void)mm, (void)slot; return 1; }
const struct user_program *mm_program_at(uintptr_t entry) { (void)entry; return NULL; }
int quota_charge(mac_col_t domain, enum mac_limit what) { (void)domain, (void)what; return 0; }
void quota_release(mac_col_t domain, enum mac_limit what) { (void)domain, (void)what; }
int fs_open_console(struct task *t) { (void)t; return 0; }
void handle_free(struct task *t, struct handle *h) { (void)t, (void)h; }
void handle_close_all(struct task *t) { (void)t; }
void board_tick_start(void) {}
void console_flush(void) {}
void audit_main(uintptr_t unused) { (void)unused; }
void arch_idle(void) {}
void sched_all_exited(void) { all_exited = 1; }

void arch_frame_init(struct arch_frame *f, uintptr_t entry, uintptr_t arg, uintptr_t stack_top,
		     int privileged)
{
	(void)entry, (void)arg, (void)stack_top, (void)privileged;
	memset(f, 0, sizeof(*f));
}

void arch_frame_restore(struct arch_frame *f)
{
	(void)f;
	longjmp(escape, 1);
}

void kernel_panic(const char *why)
{
	panicked = why;
	longjmp(escape, 1);
}

/* Runs f, which may panic or restore a frame: both come back here. */
static void escapable(void (*f)(void))
{
	if (!setjmp(escape))
		f();
}

static void yield_and_pick(void)
{
	sched_yield();
	kernel_next_frame();
}

static void tick_and_pick(void)
{
	kernel_tick();
	kernel_next_frame();
}

static void tick(void) { kernel_tick(); }

/* The pick as it was: every slot, from the one after the current task's
 * (slot 0 after idle), the first of the highest priority. */
static struct task *pick_by_scan(void)
{
	int start = sched_current != &idle_task ? (int)(sched_current - tasks) : TASK_MAX - 1;
	struct task *best = &idle_task;

	for (int i = 1; i <= TASK_MAX; i++) {
		struct task *t = &tasks[(start + i) % TASK_MAX];
		if (t->state == TASK_READY && (best == &idle_task || t->prio > best->prio))
			best = t;
	}
	return best;
}

/* The masks say what the states say. */
static int masks_agree(void)
{
	uint32_t prios = 0;

	for (int i = 0; i < TASK_MAX; i++) {
		const struct task *t = &tasks[i];
		uint32_t bit = 1u << i;
		int timed = (t->state == TASK_SLEEPING || t->state == TASK_BLOCKED) &&
			    t->wait_ticks != K_FOREVER;

		for (int p = 0; p < PRIO_LEVELS; p++)
			if (!(rq.ready_at[p] & bit) != !(t->state == TASK_READY && t->prio == p))
				return 0;
		if (!(rq.live & bit) != !task_live(t) || !(rq.timed & bit) != !timed ||
		    !(rq.blocked & bit) != !(t->state == TASK_BLOCKED))
			return 0;
		if (t->state == TASK_READY)
			prios |= 1u << t->prio;
	}
	return rq.prios == prios && rq.top == &rq.ready_at[prios ? 31u - (unsigned)__builtin_clz(prios) : 0];
}

static struct task *random_task(enum task_state state)
{
	int start = rand() % TASK_MAX;

	for (int i = 0; i < TASK_MAX; i++) {
		struct task *t = &tasks[(start + i) % TASK_MAX];
		if (t->state == state)
			return t;
	}
	return NULL;
}

/* One thing a task or the clock does; the current task acts only when
 * it is one (idle makes no system calls). */
static void random_step(void)
{
	int task = sched_current != &idle_task;
	struct task *t;

	switch (rand() % 9) {
	case 0:
		if (rand() % 2)
			sched_spawn("t", 0, 0, (uint8_t)(rand() % 4 * 5), 0, 0);
		break;
	case 1:
		if (task)
			sched_yield();
		break;
	case 2:
		if (task)
			sched_sleep((uint32_t)(rand() % 3));
		break;
	case 3:
		if (task)
			sched_block(WAIT_CHAN, rand() % 2 ? K_FOREVER : (uint32_t)(rand() % 4 + 1));
		break;
	case 4:
		if ((t = random_task(TASK_BLOCKED)))
			sched_wake(t, 0);
		break;
	case 5:
		if (task && rand() % 2)
			sched_exit(0);
		break;
	default:
		kernel_tick();
		break;
	}
}

static void test_pick_order(void)
{
	int same = 1, agree = 1, switches = 0, idles = 0, turns = 0;

	srand(1);
	escapable(sched_start);
	for (int step = 0; step < 200000; step++) {
		struct task *was = sched_current, *expect;

		random_step();
		expect = sched_need_resched ? pick_by_scan() : sched_current;
		turns += sched_need_resched && (*rq.top & (*rq.top - 1));
		kernel_next_frame();
		same &= sched_current == expect;
		agree &= masks_agree();
		switches += sched_current != was;
		idles += sched_current == &idle_task;
	}
	printf("%d switches, %d picks among equals, %d of idle\n", switches, turns, idles);
	expect(switches > 10000 && turns > 10000 && idles > 1000,
	       "the run switches tasks, among equals too, and idles at times");
	expect(same, "every pick the linear scan's: priority first, then the next slot round");
	expect(agree, "the ready masks and the top priority follow every change of state");
	expect(!panicked, "no kernel stack overflow reported");
}

/* A task that overran its kernel stack is caught at the next tick,
 * whether it runs or was left (every live task's stack is looked at),
 * and as it exits; a switch does not look (it is off its path). */
static void exit_current(void) { sched_exit(0); }

static void test_kstack_guard(void)
{
	struct task *t;

	while ((t = random_task(TASK_READY)) || (t = random_task(TASK_SLEEPING)) ||
	       (t = random_task(TASK_BLOCKED))) {
		sched_current = t;
		sched_exit(0);
	}
	sched_current = &idle_task;
	sched_spawn("a", 0, 0, 5, 0, 0);
	sched_spawn("b", 0, 0, 5, 0, 0);
	sched_need_resched = 1;
	kernel_next_frame();
	t = sched_current;
	*(uint32_t *)t->kstack = 0;
	panicked = NULL;
	escapable(yield_and_pick);
	expect(!panicked && sched_current != t, "a switch leaves an overrun stack to the tick");
	escapable(tick);
	expect(panicked != NULL, "an overrun stack of a task not running is reported at the tick");
	sched_current = t;
	panicked = NULL;
	escapable(tick);
	expect(panicked != NULL, "an overrun stack of the running task is reported at the tick");
	panicked = NULL;
	escapable(exit_current);
	expect(panicked != NULL, "an overrun stack is reported as its task exits");
	*(uint32_t *)t->kstack = KSTACK_MAGIC;
	*(uint32_t *)idle_task.kstack = 0;
	panicked = NULL;
	escapable(tick);
	expect(panicked != NULL, "an overrun stack of the idle task is reported at the tick");
	*(uint32_t *)idle_task.kstack = KSTACK_MAGIC;
	panicked = NULL;
	escapable(tick_and_pick);
	expect(!panicked, "intact stacks are ticked and left without a report");
}

/* A queued avc line: the audit task runs before every task, then the
 * task it preempted goes on, keeping its turn among its equals. */
static void test_audit_task(void)
{
	struct task *a, *b;

	sched_need_resched = 1;
	kernel_next_frame();
	a = sched_current;
	sched_audit_wake();
	kernel_next_frame();
	expect(sched_current == &audit_task, "a queued line wakes the audit task first");
	sched_need_resched = 1;
	kernel_next_frame();
	expect(sched_current == &audit_task, "it runs until it sleeps, ticks or not");
	sched_audit_sleep();
	sched_need_resched = 1;
	kernel_next_frame();
	expect(sched_current == a, "then the task it preempted, not the next among its equals");
	sched_need_resched = 1;
	kernel_next_frame();
	b = sched_current;
	expect(b != a && b->prio == a->prio, "whose turn comes after, as before");
}

/* Every task but keep exits, then a pick. */
static void exit_all_but(const struct task *keep)
{
	for (int i = 0; i < TASK_MAX; i++)
		if (&tasks[i] != keep && task_live(&tasks[i])) {
			sched_current = &tasks[i];
			sched_exit(0);
		}
	sched_current = &idle_task;
	sched_need_resched = 1;
	kernel_next_frame();
}

/* Every task has exited: the end, unless one waits to be the last left
 * (the serial console), which then wakes instead, and the end comes
 * when it exits too. */
static void test_last_waiter(void)
{
	struct task *w;

	sched_spawn("a", 0, 0, 5, 0, 0);
	sched_spawn("console", 0, 0, 0, 0, 0);
	sched_need_resched = 1;
	kernel_next_frame();
	w = sched_task_by_pid(next_pid - 1);
	sched_current = w;
	sched_set_last_waiter();
	sched_sleep(K_FOREVER);
	all_exited = 0;
	exit_all_but(w);
	expect(!all_exited && w->state == TASK_READY,
	       "the last waiter wakes when the others have exited, not the end");
	kernel_next_frame();
	expect(sched_current == w, "and runs next");
	exit_all_but(NULL);
	expect(all_exited, "the end comes when it exits too");
}

/* A priority past the ready masks, or the audit task's level, is
 * refused with an error: no slot taken, no mask written.  The masks
 * are compared before and after, and ASan sees a write past them. */
static void test_bad_priority(void)
{
	static const unsigned bad[] = { K_PRIO_MAX + 1, 32, 100, 200, 255 };
	uint32_t ready_before[PRIO_LEVELS + 1];
	uint32_t prios = rq.prios;
	int refused = 1, pid = next_pid;

	exit_all_but(NULL);
	memcpy(ready_before, rq.ready_at, sizeof(ready_before));
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int err = sched_spawn("bad", 0, 0, (uint8_t)bad[i], 0, 0);
		if (err != -E_INVAL) {
			printf("priority %u: %d, not -E_INVAL\n", bad[i], err);
			refused = 0;
		}
	}
	expect(refused && next_pid == pid && !memcmp(ready_before, rq.ready_at, sizeof(ready_before)) &&
	       rq.prios == prios, "a priority over K_PRIO_MAX (16, the audit task's, and up) is -E_INVAL, "
	       "no task made, no mask changed");
	expect(sched_spawn("top", 0, 0, K_PRIO_MAX, 0, 0) > 0 && masks_agree(),
	       "K_PRIO_MAX itself is a task's");
	exit_all_but(NULL);
}

int main(void)
{
	test_pick_order();
	test_kstack_guard();
	test_audit_task();
	test_last_waiter();
	test_bad_priority();
	printf("sched: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
