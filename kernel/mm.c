/*
 * Task memory: which program a task runs, and the page frames that hold
 * its private data and stack.  The arch maps what the regions say
 * (arch_mm_*); include/mm.h checks what a task hands the kernel.
 *
 * User virtual addresses (the image's user region, linker/ and
 * tools/gen-programs.sh):
 *   user library       code, read-only, every task
 *   kernel tasks' data the privileged tasks' buffers, privileged only
 *   per program        code + rodata, read-only; data + bss window
 *   stack windows      per task slot: an unmapped guard page, then the
 *                      slot's stack page
 * Page frames (.mm.frames): per slot, one data frame and one stack page,
 * placed at the same offset from a 64 KiB boundary as the addresses that
 * map them (the SH-4's cache indexes by virtual address).
 */
#include <string.h>
#include "kernel.h"

#define MM_FRAME	0x10000u		/* a program's data and bss, at most */
#define MM_STACK_WINDOW	(2u * TASK_USTACK)	/* guard page, then the stack */

_Static_assert(TASK_MAX <= ARCH_MM_SLOTS, "more task slots than the MMU set-up maps");

static uint8_t stack_windows[TASK_MAX][MM_STACK_WINDOW]
	__attribute__((section(".user.stacks"), aligned(MM_FRAME)));
static uint8_t data_frames[TASK_MAX][MM_FRAME]
	__attribute__((section(".mm.frames"), aligned(MM_FRAME)));
static uint8_t stack_frames[TASK_MAX][MM_STACK_WINDOW]
	__attribute__((section(".mm.frames"), aligned(MM_FRAME)));

/* Entry points count only in a program's code: not in the user library,
 * whose pages every task shares. */
const struct user_program *mm_program_at(uintptr_t entry)
{
	for (const struct user_program *p = user_programs; p->name; p++)
		if (entry - p->text < p->text_end - p->text)
			return p;
	return NULL;
}

static void region_add(struct task_mm *mm, uintptr_t va, uintptr_t kva, uint32_t size,
		       enum mm_access access, int shared)
{
	struct mm_region *r = &mm->region[mm->nregions++];

	r->va = va;
	r->kva = kva;
	r->size = size;
	r->access = (uint8_t)access;
	r->shared = (uint8_t)shared;
}

static void region_add_image(struct task_mm *mm, uintptr_t lo, uintptr_t hi,
			     enum mm_access access, int shared)
{
	if (hi > lo)
		region_add(mm, lo, (uintptr_t)arch_kernel_alias(lo), (uint32_t)(hi - lo), access,
			   shared);
}

/* Set-up is done in steps (mm_task_setup): fills are queued here,
 * last done first. */
static void fill_add(struct task_mm *mm, uint8_t *dst, const void *src, uint32_t len)
{
	if (len)
		mm->fill[mm->nfills++] = (struct mm_fill){ dst, src, len };
}

/* A fresh copy of the program's data, the rest of its pages zero. */
static int data_init(struct task_mm *mm, int slot, const struct user_program *prog)
{
	uint32_t used = (uint32_t)(prog->data_end - prog->data);
	uint32_t init = (uint32_t)(prog->init_end - prog->data);
	uint32_t size = arch_mm_private_size(used);
	uint8_t *frame = data_frames[slot];

	if (!used)
		return 1;
	if (unlikely(!size || size > MM_FRAME))
		return 0;
	fill_add(mm, frame + init, NULL, size - init);
	fill_add(mm, frame, arch_kernel_alias(prog->data), init);
	region_add(mm, prog->data, (uintptr_t)frame, size, MM_USER_RW, 0);
	return 1;
}

uintptr_t mm_task_init(struct task_mm *mm, int slot, const struct user_program *prog)
{
	uintptr_t stack = (uintptr_t)stack_windows[slot] + TASK_USTACK;
	uint8_t *stack_frame = stack_frames[slot] + TASK_USTACK;

	mm->nregions = 0;
	mm->stack_size = 0;	/* no stale stack if the program does not fit */
	mm->nfills = 0;
	fill_add(mm, stack_frame, NULL, TASK_USTACK);
	/* privileged tasks too: their entry functions return into it */
	region_add_image(mm, user_lib.text, user_lib.text_end, MM_USER_RO, 1);
	if (prog) {
		region_add_image(mm, prog->text, prog->text_end, MM_USER_RO, 0);
		if (unlikely(!data_init(mm, slot, prog)))
			return 0;
	} else {
		region_add_image(mm, user_kdata.data, user_kdata.data_end, MM_KERNEL_RW, 1);
	}
	/* the stack comes last: arch/arm/mmu.c knows it by that */
	region_add(mm, stack, (uintptr_t)stack_frame, TASK_USTACK,
		   prog ? MM_USER_RW : MM_KERNEL_RW, 0);
	mm->stack_va = stack;
	mm->stack_size = TASK_USTACK;
	return stack + TASK_USTACK;
}

/* A step copies or clears at most this much: about a thousand
 * instructions, with interrupts masked. */
#define MM_SETUP_STEP 1024u

/* The last step, with nothing left to fill, is the arch's tables. */
int mm_task_setup(struct task_mm *mm, int slot)
{
	if (mm->nfills) {
		struct mm_fill *f = &mm->fill[mm->nfills - 1];
		uint32_t n = f->len < MM_SETUP_STEP ? f->len : MM_SETUP_STEP;

		if (f->src) {
			memcpy(f->dst, f->src, n);
			f->src += n;
		} else {
			memset(f->dst, 0, n);
		}
		f->dst += n;
		f->len -= n;
		mm->nfills -= !f->len;
		return 0;
	}
	arch_mm_init(mm, slot);
	return 1;
}

/*
 * The kernel writes into a task's memory in two ways only, and this is
 * where the rule that keeps each coherent with the task's view lives:
 *   - a system call's copy-out, to its caller, through the caller's own
 *     addresses (user_writable, kernel.h), its view current: the task
 *     reads the same virtual addresses, hence the same cache lines, on
 *     either CPU;
 *   - a write into a task that is not running (a blocked receive
 *     completing, sys_chan.c), which only the kernel's addresses reach:
 *     only into what the task handed over, while its view was current,
 *     by mm_await_write.  The arch then made sure no cache line of its
 *     view holds any of it (arch_mm_await_write: on the XScale, whose
 *     data cache is virtually tagged, each line cleaned and dropped; the
 *     SH-4's operand cache is physically tagged and the kernel's address
 *     indexes it as the task's does), and the task, blocked, brings none
 *     back before the write.  A write anywhere else is a kernel bug.
 * Nothing else may find a task's memory at the kernel's addresses: this
 * file alone turns a task's address into the kernel's.
 */
uint32_t mm_task_writes;

static void *mm_kernel_addr(const struct task_mm *mm, uintptr_t va)
{
	const struct mm_region *r = mm_region_at(mm, va);

	return r ? (void *)(r->kva + (va - r->va)) : NULL;
}

/* Out of line: a buffer off the stack, or none of the task's. */
int mm_user_ok_walk(const struct task_mm *mm, uintptr_t p, size_t len, int write)
{
	uint32_t span = mm_user_span(mm, p, write);

	return span && len <= span;
}

/* The caller's buffer, user_writable already. */
void mm_await_write(uintptr_t va, uint32_t len)
{
	struct task_mm *mm = &sched_current->mm;

	mm->await_va = va;
	mm->await_len = len;
	arch_mm_await_write(va, len);
}

void mm_task_write(struct task_mm *mm, uintptr_t va, const void *src, uint32_t len)
{
	uintptr_t off = va - mm->await_va;

	if (unlikely(off > mm->await_len || len > mm->await_len - off))
		kernel_panic("a write into a task's memory outside what it handed over");
	memcpy(mm_kernel_addr(mm, va), src, len);
	mm->await_len = 0;
	mm_task_writes++;
}
