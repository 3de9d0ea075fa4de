/*
 * A task's memory, as the kernel describes it to the arch (arch_mm_*):
 * a few regions of user virtual addresses, each backed by memory the
 * kernel reaches at its own address (kva).  What is not in a region is
 * unmapped for the task.
 *
 *   every task       user library code     read-only
 *   user task        its program's code    read-only, the program's tasks
 *                    its data and bss      private copy, read/write
 *                    its stack             private, read/write
 *   privileged task  kernel tasks' data    read/write, privileged only
 *                    its stack             private, privileged only
 * The stack is the last region.
 */
#ifndef MM_H
#define MM_H

#include <stddef.h>
#include <stdint.h>
#include "arch_mm.h"

enum mm_access {
	MM_USER_RO = 1,		/* user reads, nobody writes */
	MM_USER_RW = 2,		/* user reads and writes */
	MM_KERNEL_RW = 3,	/* privileged only */
};

struct mm_region {
	uintptr_t va;		/* user virtual address, page aligned */
	uintptr_t kva;		/* where the kernel reaches the same memory */
	uint32_t size;		/* bytes, whole pages */
	uint8_t access;		/* enum mm_access */
	uint8_t shared;		/* the same for every task (mapped once) */
};

#define MM_REGIONS 4

/* A copy (src) or a clearing (no src) that set-up has still to do. */
struct mm_fill {
	uint8_t *dst;
	const uint8_t *src;
	uint32_t len;
};

#define MM_FILLS 3	/* the data's initial values, the rest of the data, the stack */

struct task_mm {
	/* the stack's region again, where a system call's buffers usually
	 * are: its test is two compares, the walk of every region for the
	 * rest (mm_user_ok) */
	uintptr_t stack_va;
	uint32_t stack_size;
	struct mm_region region[MM_REGIONS];
	uint8_t nregions;
	uint8_t nfills;		/* set-up left: fill[nfills - 1] first */
	struct mm_fill fill[MM_FILLS];
	/* what the task handed over for the kernel to write while it waits
	 * (kernel/mm.c: mm_await_write) */
	uintptr_t await_va;
	uint32_t await_len;
	struct arch_mm arch;	/* the arch's own state: ASID, page table */
};

/* The region that holds p, or NULL.  Last region first: the stack, then
 * the data, where most buffers are. */
static inline const struct mm_region *mm_region_at(const struct task_mm *mm, uintptr_t p)
{
	for (int i = mm->nregions - 1; i >= 0; i--)
		if (p - mm->region[i].va < mm->region[i].size)
			return &mm->region[i];
	return NULL;
}

/* Bytes the task may read (or also write) from p on, within the region
 * that holds p; 0 when p is none of its. */
static inline uint32_t mm_user_span(const struct task_mm *mm, uintptr_t p, int write)
{
	const struct mm_region *r = mm_region_at(mm, p);

	if (!r || (write && r->access == MM_USER_RO))
		return 0;
	return r->size - (uint32_t)(p - r->va);
}

/* May the task read (or also write) [p, p + len)?  A range never spans
 * two regions.  The stack, always the task's to write, is tested first
 * and inline; every other region in mm_user_ok_walk. */
int mm_user_ok_walk(const struct task_mm *mm, uintptr_t p, size_t len, int write);

static inline int mm_user_ok(const struct task_mm *mm, uintptr_t p, size_t len, int write)
{
	uintptr_t off = p - mm->stack_va;

	if (__builtin_expect(off < mm->stack_size, 1))
		return len <= mm->stack_size - off;
	return mm_user_ok_walk(mm, p, len, write);
}

#endif
