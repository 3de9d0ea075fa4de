/* Kernel-internal interfaces. */
#ifndef KERNEL_H
#define KERNEL_H

#include <stdint.h>
#include <stddef.h>
#include "arch.h"
#include "board.h"
#include "syscall_nr.h"
#include "kernel_limits.h"
#include "mac.h"
#include "mm.h"
#include "image.h"	/* syscall_fn */

#define likely(x)	__builtin_expect(!!(x), 1)
#ifndef unlikely
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif

#define TASK_KSTACK	4096	/* printf to the unbuffered console puts 1 KiB on it */
#define TASK_USTACK	4096	/* one page, with an unmapped page below */

/* TASK_NEW: a slot taken by a spawn whose set-up is under way. */
enum task_state { TASK_FREE, TASK_READY, TASK_SLEEPING, TASK_BLOCKED, TASK_DEAD, TASK_NEW };
enum task_wait { WAIT_NONE, WAIT_CHAN, WAIT_CHILD };
enum handle_kind { H_FREE, H_NODE, H_CHAN };

struct handle {
	uint8_t kind;
	uint8_t flags;		/* O_READ, O_WRITE, O_APPEND */
	uint16_t obj;		/* node id or channel id */
	uint32_t off;
	mac_vec_t allowed;	/* the monitor's vector for it, read at open */
};

struct task {
	/* frame and syscalls first: the arch's system-call entry reads
	 * them in assembly (include/kernel_asm.h) */
	struct arch_frame *frame;	/* saved user context, on kstack */
	const syscall_fn *syscalls;	/* the table of its strategy */
	enum task_state state;
	uint8_t prio;			/* higher runs first */
	uint8_t wait;			/* enum task_wait, when TASK_BLOCKED */
	int pid, parent;
	int exit_code;
	uint32_t wait_from, wait_ticks;	/* sleeping or blocked: since, how long */
	int wait_obj;			/* channel id or child pid */
	uintptr_t wait_buf;
	size_t wait_len;
	struct mac_subject mac;		/* a copy of the domain's row pointers */
	mac_col_t domain;
	/* who pays for its slot and handles (quota.c): its domain, or the
	 * kernel for a privileged task, whose domain the benchmarks switch */
	mac_col_t quota;
	struct mac_audit_data audit;	/* pid, comm; path set per call */
	struct handle handles[HANDLE_MAX];
	char name[TASK_NAME_MAX];
	uint8_t slot;			/* its index in the scheduler's masks */
	struct task *spawning;		/* the child its spawn is setting up */
	/* a call in two entries (sys_fs.c), each bounded apart: the node
	 * the first left for the second, or 0 (the root, never either) */
	uint16_t unlinking;		/* out of the namespace, to be freed */
	uint16_t opening;		/* made by open's O_CREAT, to be opened */
	struct task_mm mm;
	uint8_t kstack[TASK_KSTACK] __attribute__((aligned(8)));
};

/* A wait of `ticks` from `from` is over at `now`: the elapsed time is
 * unsigned, so every length up to 2^32 - 2 ends on time across the
 * clock's wrap, where a signed deadline would end those of 2^31 and more
 * at once. */
static inline int tick_wait_over(uint32_t now, uint32_t from, uint32_t ticks)
{
	return ticks != K_FOREVER && now - from >= ticks;
}

/* sched.c */
extern struct task *sched_current;
extern volatile uint32_t sched_ticks;
/* Set when the next return to user mode must pick a task again; the
 * arch's system-call return reads it to skip the scheduler. */
extern int sched_need_resched;
/* entry is the address of a task function: void f(void) for the
 * manifest's tasks, void f(uintptr_t arg) for spawned programs.
 * Returns the pid, -E_DQUOT past the domain's tasks limit, or -E_AGAIN
 * when every slot is taken. */
int sched_spawn(const char *name, uintptr_t entry, uintptr_t arg, uint8_t prio,
		mac_col_t domain, int parent);
/* The same for a task's spawn, in steps: _begin takes the slot (0, or
 * sched_spawn's errors), then each _step sets up a bounded part of the
 * child's memory and returns 0, until the last returns the child's pid.
 * The caller's system call is restarted between steps. */
int sched_spawn_begin(const char *name, uintptr_t entry, uintptr_t arg, uint8_t prio,
		      mac_col_t domain);
int sched_spawn_step(void);
/* The audit task (audit.c) runs above every priority from _wake, called
 * masked as a line is queued, until it calls _sleep, masked, having
 * written them all; then the task it preempted comes first among its
 * equals, as if it had not been left. */
void sched_audit_wake(void);
void sched_audit_sleep(void);
/* A task whose entry is kernel code runs privileged: the benchmarks,
 * which must read the cycle counter. */
int sched_entry_is_kernel(uintptr_t entry);
void sched_start(void) __attribute__((noreturn));
/* The caller stays ready; the next pick takes turns among equals. */
static inline void sched_yield(void) { sched_need_resched = 1; }
void sched_sleep(uint32_t ticks);	/* K_FOREVER: for ever */
void sched_block(enum task_wait why, uint32_t timeout);	/* K_FOREVER: no timeout */
void sched_wake(struct task *t, intptr_t ret);
struct task *sched_waiter(enum task_wait why, int obj);
struct task *sched_task_by_pid(int pid);
void sched_exit(int code);
void sched_reap(struct task *t);
void sched_forget_node(uint16_t node);	/* close every handle on it */
/* The caller, a privileged task that then sleeps for ever, is woken
 * when it is the last task left, instead of sched_all_exited (the serial
 * console, after the report). */
void sched_set_last_waiter(void);
const struct task *sched_task_at(int slot);	/* NULL: a free slot */

/*
 * mm.c: task memory.  A program is a task source file PROG.c with its
 * PROG-PART.c files, placed by the build (tools/gen-programs.sh): its
 * code and read-only data, shared by its tasks, and its data and bss, of
 * which each task gets a copy.
 */
struct user_program {
	const char *name;
	uintptr_t text, text_end;
	uintptr_t data, init_end, data_end;	/* initialised data, then bss */
};
extern const struct user_program user_programs[];	/* ends with a NULL name */
extern const struct user_program user_lib, user_kdata;
const struct user_program *mm_program_at(uintptr_t entry);
/* The task slot's memory for prog (NULL: a privileged task): a fresh
 * copy of its data, a wiped stack; returns the stack's top, 0 if the
 * program does not fit.  The copying and wiping, and the arch's tables,
 * are left to mm_task_setup, called until it returns 1: each call is a
 * bounded step, so that a spawn holds interrupts off for one step at a
 * time (sched_spawn_step). */
uintptr_t mm_task_init(struct task_mm *mm, int slot, const struct user_program *prog);
int mm_task_setup(struct task_mm *mm, int slot);
/* Writes into a task that is not running (kernel/mm.c says why they
 * are the only ones that need this): the caller hands [va, va + len)
 * of its memory over before it blocks, and the kernel then writes into
 * it at most once, through mm_task_write. */
void mm_await_write(uintptr_t va, uint32_t len);
void mm_task_write(struct task_mm *mm, uintptr_t va, const void *src, uint32_t len);
extern uint32_t mm_task_writes;	/* for the tests: how many */

/* The caller's memory, for syscall.c and the sys_*.c handlers: what it
 * may read, and what it may write (aligned for the kernel's stores, never
 * its code, which the kernel could write where the task cannot). */
static inline int user_readable(uintptr_t p, size_t len);
static inline int user_writable(uintptr_t p, size_t len, size_t align);
intptr_t user_copy_string(char *dst, uintptr_t src, size_t max);
int handle_alloc(struct task *t, enum handle_kind kind, uint16_t obj, uint8_t flags,
		 unsigned int tclass, mac_col_t label);
/* Task t's handle h of that kind, or NULL: inline, since every call on
 * a handle starts here. */
static inline struct handle *handle_get(struct task *t, uintptr_t h, enum handle_kind kind)
{
	if (unlikely(h >= HANDLE_MAX))
		return NULL;
	struct handle *hp = &t->handles[h];
	/* the handle's address once, in a register, its fields at small
	 * offsets from it: not the task's and the index's, recomputed at
	 * every use (the SH-4's displacements reach 15 or 60 bytes) */
	__asm__("" : "+r"(hp));
	return unlikely(hp->kind != kind) ? NULL : hp;
}
void handle_free(struct task *t, struct handle *h);
void handle_close_all(struct task *t);
int fs_open_console(struct task *t);
int check_handle_slow(const struct handle *h, mac_vec_t perms);
mac_col_t handle_object(const struct handle *h, unsigned int *tclass);

/* quota.c: a domain's share of the kernel's tables (mac_domain_limits) */
#define QUOTA_KERNEL ((mac_col_t)0xFFFF)	/* the kernel's own objects: no domain pays */
int quota_charge(mac_col_t domain, enum mac_limit what);	/* 0 or -E_DQUOT */
void quota_release(mac_col_t domain, enum mac_limit what);
uint32_t quota_in_use(mac_col_t domain, enum mac_limit what);

/* device.c */
void console_write(const char *buf, size_t len);
void console_write_line(const char *line, size_t len);	/* no '\n' in it */

/* audit.c */
extern uint32_t audit_lines;
void audit_main(uintptr_t unused);	/* the audit task */
void audit_flush(void);			/* masked: the queued lines, at once */
/* The last AUDIT_RECENT denials written, for the console: written
 * again, oldest first; how many there were. */
#define AUDIT_RECENT 8
uint32_t audit_print_recent(void);

/* boot.c */
void boot_manifest(void);
void boot_tasks(void);
int kernel_counter_selfcheck(void);

/* bench.c */
/* mean100: the mean times 100, rounded, printed with two decimals */
struct bench_stats { uint32_t min, median, max, n, mean100; };
uint32_t bench_counter_overhead(void);
void bench_report(const char *bench, const char *strategy, uint32_t arg,
		  const struct bench_stats *s);
void bench_stats_of(uint32_t *samples, uint32_t n, struct bench_stats *out);
/* Under a timing model, where a benchmark's est-cycles went: note once
 * per sample, report (a CAUSES line) and start again per figure. */
void bench_causes_note(void);
void bench_causes_report(const char *bench, const char *strategy, uint32_t arg);
/* A timing model times what follows (on), or idles, its caches kept. */
void bench_model_time(int on);
/* The report's "monitor:" lines. */
void bench_monitor_stats(void);
/* The calling privileged task checked as domain d from now on. */
void bench_as_domain(mac_col_t d);
/* A (domain, type) pair a check benchmark may time: allowed, audited by
 * no strategy built; found trying domain first, then every domain. */
int bench_pair_allowed(mac_col_t d, unsigned int tclass, mac_col_t t, mac_vec_t perm);
int bench_find_pair(mac_col_t first, unsigned int tclass, mac_vec_t perm, mac_col_t *d,
		    mac_col_t *t);
/* calib.c: the arch's calibration sequences against their figures */
void calib_run(void);

/* ktest.c: on-target test bookkeeping */
extern int ktest_enabled;
void ktest_result(int passed, const char *name);
void ktest_summary(void) __attribute__((noreturn));

void kernel_panic(const char *why) __attribute__((noreturn));

static inline int user_readable(uintptr_t p, size_t len)
{
	return mm_user_ok(&sched_current->mm, p, len, 0);
}

static inline int user_writable(uintptr_t p, size_t len, size_t align)
{
	return (p & (align - 1)) == 0 && mm_user_ok(&sched_current->mm, p, len, 1);
}

#endif
