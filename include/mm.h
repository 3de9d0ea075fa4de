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

struct task_mm {
	struct mm_region region[MM_REGIONS];
	uint8_t nregions;
	struct arch_mm arch;	/* the arch's own state: ASID, page table */
};

#endif
