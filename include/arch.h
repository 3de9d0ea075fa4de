/*
 * The arch contract: what a CPU port (arch/<cpu>/) provides to the kernel.
 * Portable code includes this header only; arch_cpu.h comes from the
 * arch's own include root and supplies the inline parts (frame layout,
 * interrupt masking, the cycle counter read).
 */
#ifndef ARCH_H
#define ARCH_H

#include <stdint.h>
#include "arch_cpu.h"

/* Install vectors, turn caches on, set up memory protection. */
void arch_init(void);

/* Build the first frame of a task: it will start at the function at
 * address entry, with arg as its argument, on the given stack, in user
 * mode unless privileged (the idle task). */
void arch_frame_init(struct arch_frame *f, uintptr_t entry, uintptr_t arg,
		     uintptr_t stack_top, int privileged);

/* Leave the kernel through frame f (never returns). */
void arch_frame_restore(struct arch_frame *f) __attribute__((noreturn));

/* Syscall frame accessors: number, arguments 0..3, return value. */
static inline uint32_t arch_syscall_nr(const struct arch_frame *f);
static inline uintptr_t arch_syscall_arg(const struct arch_frame *f, int i);
static inline void arch_syscall_ret(struct arch_frame *f, intptr_t v);
/* From inside the system call that trapped with frame f (the one its
 * entry saved, however little of it): the task returns to its trap
 * instruction, to make the same call again. */
static inline void arch_syscall_restart(struct arch_frame *f);
/* Was the interrupted context user mode? */
static inline int arch_frame_from_user(const struct arch_frame *f);

/* Memory protection (include/mm.h), set up by arch_init.  arch_mm_init
 * makes a task's regions its view of memory, forgetting whatever the
 * task slot's previous owner had; arch_mm_switch makes it current before
 * the task runs (prev: the view being left, or NULL; left: what becomes
 * of that task; slot: the next task's, which arch_mm_init was given and
 * an arch may name the view by).  A switch is a few instructions,
 * inline (arch_mm.h). */
enum arch_mm_left {
	ARCH_MM_KEPT,		/* it runs again: ready, asleep, or blocked
				 * with what the kernel will write handed over
				 * (arch_mm_await_write) */
	ARCH_MM_DEAD,		/* it will not run again */
};
struct task_mm;
struct arch_mm;
void arch_mm_init(struct task_mm *mm, int slot);
static inline void arch_mm_switch(const struct arch_mm *prev, enum arch_mm_left left,
				  const struct arch_mm *next, unsigned slot);
/* The current task hands [va, va + len) of its memory over before it
 * blocks: the kernel will write there through its own addresses while
 * the task waits.  No line of the caches may hold any of it through the
 * task's view once this returns (kernel/mm.c). */
static inline void arch_mm_await_write(uintptr_t va, uint32_t len);
#include "arch_mm.h"	/* struct arch_mm and the switch, which need the above */
/* For the on-target tests: NULL when the CPU's control registers hold
 * what arch_init set (protection on, nothing opened to user mode that
 * the set-up closed, whatever a boot loader left), else what does not. */
const char *arch_protection_check(void);
/* The bytes a task's private region of that many bytes takes once
 * mapped (whole pages of the size the MMU uses); 0 when too large. */
uint32_t arch_mm_private_size(uint32_t bytes);

/* The kernel's own address for the image's user region (code and the
 * programs' initial data), valid whichever task's view is current. */
static inline void *arch_kernel_alias(uintptr_t user_addr);

/* The index of the highest (lowest) set bit of x, which is not 0: the
 * scheduler's O(1) pick (ARM has clz; the SH-4 looks it up). */
static inline unsigned arch_bit_high(uint32_t x);
static inline unsigned arch_bit_low(uint32_t x);

/* Mask interrupts and give back the previous state (arch_cpu.h, inline;
 * privileged). */
static inline uint32_t arch_irq_save(void);
static inline void arch_irq_restore(uint32_t state);

/* Wait for an interrupt (privileged; used by the idle task). */
void arch_idle(void);

/* Cycle counter.  arch_counter_read() is inline in arch_cpu.h; the
 * counter is what the board has: core cycles on hardware, executed
 * instructions under QEMU with -icount.  arch_counter_init() starts it
 * once the banner is out (on hardware it may have to be probed); it
 * returns NULL, or a line saying what it found or fell back to. */
const char *arch_counter_init(void);
const char *arch_counter_name(void);
const char *arch_counter_unit(void);	/* "insns", "est-cycles", "cycles" or "ticks" */
/* Under QEMU with a timing model loaded (counter_model.h): the counter
 * becomes the model's est-cycles (on) or the board's own again (off).
 * 0, and nothing changed, when no model runs. */
int arch_counter_use_model(int on);
/* Convert a raw counter delta to units (exact under QEMU). */
uint32_t arch_counter_to_units(uint32_t raw_delta);
/* What `insns` instructions of the self-check's loop may count, in the
 * counter's unit: lo == hi where the count is exact. */
void arch_counter_expect(uint32_t insns, uint32_t *lo, uint32_t *hi);
/* Self-check probes (counter.S): raw deltas across two back-to-back reads,
 * and across a loop of ARCH_PROBE_SEQ_INSNS instructions (arch_cpu.h). */
uint32_t arch_counter_probe_empty(void);
uint32_t arch_counter_probe_seq(void);

/* Timing calibration (calib.S, calib.c of each arch): sequences whose
 * cost the CPU's manual states, run under a timing model (est-cycles)
 * or on a board (cycles) and held to the manual's figure.  run_long
 * runs `copies` bodies more than run_short; both return the raw counter
 * delta across their sequence, so (long - short) / copies is one body,
 * the reads and the edges cancelled. */
struct arch_calib {
	const char *name;
	uint32_t (*run_short)(void), (*run_long)(void);
	uint32_t copies;
	uint32_t insns;		/* instructions in one body */
	uint32_t cycles100;	/* the manual's cycles for one body, times 100 */
	uint32_t tol100;	/* how far a count may stray, times 100: 0 where exact */
	const char *source;	/* where the figure is stated */
};
extern const struct arch_calib arch_calibs[];	/* ends with a NULL name */
/* The instruction cache cold, as if other code had run since
 * (privileged; calib.S). */
void arch_icache_evict(void);

/* What a faulting access was, for the kill report: "read", "write",
 * "execute", "instruction" (one the CPU refused to run in that mode) or
 * "access" (one whose direction cannot be told).  mm: the faulting
 * task's memory, through which alone the arch may read what the task
 * ran; NULL when the kernel itself faulted. */
const char *arch_fault_access(const struct arch_frame *f, uint32_t code, uintptr_t addr,
			      const struct task_mm *mm);

/* CPU name for the banner. */
const char *arch_cpu_name(void);
/* A line on what the arch chose at boot from what it found, or NULL (a
 * weak default in kernel/main.c). */
const char *arch_boot_note(void);

/*
 * Entry points the arch calls in the kernel: every interrupt and fault
 * ends in one of these, then the arch resumes kernel_next_frame().
 *
 * A system call the arch's entry dispatches itself, in assembly
 * (include/kernel_asm.h): it records its frame as kernel_save_frame()
 * would, calls sched_current->syscalls[nr].fn with the four arguments
 * (-E_NOSYS for a number past the table), and returns the result in the
 * ABI's register.  It may save only what the handler can clobber, but
 * when sched_need_resched is set after the handler it completes the
 * frame, with the result in it, and leaves through kernel_next_frame(),
 * or through kernel_pick_frame() once it has cleared sched_need_resched
 * itself.  A task's frame is always the top of its kernel
 * stack: the entry may find the stack from sched_current->frame.
 */
void kernel_save_frame(struct arch_frame *f);	/* first, on every entry */
void kernel_fault(struct arch_frame *f, uint32_t code, uintptr_t addr);
struct arch_frame *kernel_next_frame(void);
struct arch_frame *kernel_pick_frame(void);
void kernel_panic(const char *why) __attribute__((noreturn));

#endif
