/* Kernel-internal interfaces. */
#ifndef KERNEL_H
#define KERNEL_H

#include <stdint.h>
#include <stddef.h>
#include "arch.h"
#include "board.h"
#include "syscall_nr.h"

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define TASK_MAX	16
#define TASK_KSTACK	2048
#define TASK_USTACK	2048
#define TASK_NAME_MAX	16

enum task_state { TASK_FREE, TASK_READY, TASK_SLEEPING, TASK_DEAD };

struct task {
	struct arch_frame *frame;	/* saved user context, on kstack */
	enum task_state state;
	uint8_t prio;			/* higher runs first */
	int pid;
	uint32_t wake_tick;
	int exit_code;
	char name[TASK_NAME_MAX];
	uint8_t kstack[TASK_KSTACK] __attribute__((aligned(8)));
};

/* sched.c */
extern struct task *sched_current;
extern volatile uint32_t sched_ticks;
struct task *sched_spawn(const char *name, void (*entry)(uintptr_t), uintptr_t arg,
			 uint8_t prio);
void sched_start(void) __attribute__((noreturn));
void sched_yield(void);
void sched_sleep(uint32_t ticks);
void sched_exit(int code);
/* Called when the last task has exited (weak: the image decides). */
void sched_all_exited(void);

/* syscall.c */
int user_range_ok(uintptr_t p, size_t len);

/* main.c: the image's own start (firmware or test suite), in kernel mode */
void boot_main(void);

/* bench.c */
struct bench_stats { uint32_t min, median, max, n; };
uint32_t bench_counter_overhead(void);
void bench_report(const char *bench, const char *strategy, uint32_t arg,
		  const struct bench_stats *s);
void bench_stats_of(uint32_t *samples, uint32_t n, struct bench_stats *out);

/* ktest.c: on-target test bookkeeping */
void ktest_result(int passed, const char *name);
void ktest_summary(void) __attribute__((noreturn));

void kernel_panic(const char *why) __attribute__((noreturn));

#endif
