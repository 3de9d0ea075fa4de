/*
 * XScale MMU and caches.  One L1 table of 1 MiB sections identity-maps
 * the address space, except:
 *   virtual 0          SDRAM's first section, whose first bytes get a
 *                      copy of the vector table once the boot loader's
 *                      parameters there are no longer needed, so
 *                      exceptions reach SDRAM however we were started
 *   the user section   the running task's coarse table of 4 KiB pages
 *   its alias          (ARM_USER_ALIAS_OFFSET up) the same memory as
 *                      linked, for the kernel: code and initial data
 *   the frame sections tasks' private pages and the page tables,
 *                      uncached
 * SDRAM is cached write-back; devices and flash are neither cached nor
 * buffered.  Every section but the user section is privileged only
 * (AP=1, one domain in client mode).
 *
 * Each task slot has a coarse table for the user section: the user
 * library and its program's code read-only, its data and stack
 * read/write, each data page open only as far as its 1 KiB subpages
 * hold data; the rest faults.  A switch points the user section at
 * another table and drops the TLBs (ARMv5 has no address space IDs).
 * The caches are virtually tagged, and a program's data has the same
 * address in each of its tasks: before the switch, the task left has
 * its data and the live part of its stack (all of it, once the task is
 * dead: its slot's next task gets the same stack) cleaned from the data
 * cache and dropped.  The caches never hold frame lines: the kernel writes
 * frames through their uncached sections.
 */
#include <string.h>
#include "arch.h"
#include "mm.h"

#define L1_ENTRIES	4096
#define L2_ENTRIES	256
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1u << PAGE_SHIFT)
#define SUBPAGE		0x400u
#define DLINE		32u

extern char arch_vectors[], arch_vectors_end[], __vector_page[];
extern char __sdram_start[], __sdram_end[];
extern char __user_start[], __mm_frames_start[], __mm_frames_end[];

static uint32_t l1_table[L1_ENTRIES] __attribute__((section(".mm.frames"), aligned(16384)));
static uint32_t l2_tables[ARCH_MM_SLOTS + 1][L2_ENTRIES]
	__attribute__((section(".mm.frames"), aligned(1024)));
/* before the first task: nothing, the kernel has no business there */
#define L2_BOOT		ARCH_MM_SLOTS

static uint32_t section(uint32_t pa, int cached)
{
	uint32_t d = (pa & ~((1u << SECT_SHIFT) - 1)) | SECT_TYPE | SECT_DOMAIN(0) | SECT_AP_PRIV;

	return cached ? d | SECT_C | SECT_B : d;
}

static int in(uint32_t pa, const char *lo, const char *hi)
{
	return pa >= (uint32_t)lo && pa - (uint32_t)lo < (uint32_t)(hi - lo);
}

static uint32_t user_section_index(void)
{
	return (uint32_t)__user_start >> SECT_SHIFT;
}

/* XScale applies a CP15 change only after CPWAIT: read CP15 back, use
 * the value, then flush the pipeline with a branch to the next insn. */
static inline void cpwait(void)
{
	uint32_t tmp;

	__asm__ volatile("mrc p15, 0, %0, c2, c0, 0\n\t"
			 "mov %0, %0\n\t"
			 "sub pc, pc, #4" : "=r"(tmp) : : "memory");
}

static inline void write_buffer_drain(void)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 4" : : "r"(0) : "memory");
}

static inline void tlb_flush(void)
{
	__asm__ volatile("mcr p15, 0, %0, c8, c7, 0" : : "r"(0) : "memory");
	cpwait();
}

/* Clean each line to memory and drop it. */
static void dcache_flush_range(uintptr_t lo, uintptr_t hi)
{
	for (uintptr_t a = lo & ~(DLINE - 1); a < hi; a += DLINE)
		__asm__ volatile("mcr p15, 0, %0, c7, c10, 1\n\t"
				 "mcr p15, 0, %0, c7, c6, 1" : : "r"(a) : "memory");
}

static uint32_t page_ap(const struct mm_region *r, uint32_t va)
{
	static const uint32_t ap[] = { [MM_USER_RO] = PTE_AP_RO, [MM_USER_RW] = PTE_AP_ALL,
				       [MM_KERNEL_RW] = PTE_AP_PRIV };
	uint32_t bits = 0;

	if (r->access != MM_USER_RW)
		return ap[r->access];
	for (uint32_t sub = 0; sub < PAGE_SIZE / SUBPAGE; sub++) {
		uint32_t open = va + sub * SUBPAGE < r->va + r->size;
		bits |= (open ? 3u : 1u) << PTE_AP_SHIFT(sub);
	}
	return bits;
}

/* The image's regions (code, kernel tasks' data) map as linked; private
 * ones map their frames. */
static void region_map(uint32_t *l2, const struct mm_region *r)
{
	int as_linked = r->kva == (uintptr_t)arch_kernel_alias(r->va);

	for (uint32_t off = 0; off < r->size; off += PAGE_SIZE) {
		uint32_t va = r->va + off, pa = as_linked ? va : r->kva + off;
		l2[(va >> PAGE_SHIFT) & (L2_ENTRIES - 1)] =
			(pa & ~(PAGE_SIZE - 1)) | PTE_SMALL | PTE_C | PTE_B | page_ap(r, va);
	}
}

static void l2_clear(uint32_t *l2)
{
	for (uint32_t i = 0; i < L2_ENTRIES; i++)
		l2[i] = 0;
}

static void l1_user_set(const uint32_t *l2)
{
	l1_table[user_section_index()] = (uint32_t)l2 | COARSE_TYPE | SECT_DOMAIN(0);
	write_buffer_drain();
	tlb_flush();
}

uint32_t arch_mm_private_size(uint32_t bytes)
{
	return bytes <= 0x10000 ? (bytes + SUBPAGE - 1) & ~(SUBPAGE - 1) : 0;
}

void arch_mm_init(struct task_mm *mm, int slot)
{
	mm->arch.l2 = l2_tables[slot];
	l2_clear(mm->arch.l2);
	for (int i = 0; i < mm->nregions; i++)
		region_map(mm->arch.l2, &mm->region[i]);
	write_buffer_drain();
	tlb_flush();
}

/* What of a task's private pages the data cache may hold: its data, and
 * of its stack (the last region, include/mm.h) the live part, or all of
 * it when the task will not run again (frame NULL) or its sp, which is
 * the task's to set, lies elsewhere. */
static void private_flush(const struct task_mm *mm, const struct arch_frame *frame)
{
	const struct mm_region *stack = &mm->region[mm->nregions - 1];
	uintptr_t live = frame ? frame->sp : stack->va;

	for (const struct mm_region *r = mm->region; r < stack; r++)
		if (!r->shared && r->access != MM_USER_RO)
			dcache_flush_range(r->va, r->va + r->size);
	if (live - stack->va > stack->size)
		live = stack->va;
	dcache_flush_range(live, stack->va + stack->size);
	write_buffer_drain();
}

void arch_mm_switch(const struct task_mm *prev, const struct arch_frame *prev_frame,
		    const struct task_mm *next)
{
	if (prev)
		private_flush(prev, prev_frame);
	l1_user_set(next->arch.l2);
}

/* Invalidate caches, BTB and TLBs, then load TTB and domains.  Nothing
 * is dirty yet: the caches have been off since reset. */
static void mmu_load(void)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c7, 0\n\t"	/* I, D, BTB */
			 "mcr p15, 0, %0, c8, c7, 0\n\t"	/* I and D TLBs */
			 "mcr p15, 0, %1, c2, c0, 0\n\t"
			 "mcr p15, 0, %2, c3, c0, 0"
			 : : "r"(0), "r"(l1_table), "r"(DACR_CLIENT(0)) : "memory");
}

static void mmu_enable(uint32_t bits)
{
	uint32_t ctrl;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(ctrl));
	ctrl = (ctrl | bits) & ~CTRL_V;
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0" : : "r"(ctrl) : "memory");
	cpwait();
}

static int sdram_cached(uint32_t pa)
{
	return in(pa, __sdram_start, __sdram_end) && !in(pa, __mm_frames_start, __mm_frames_end);
}

void arch_mmu_init(void)
{
	/* the MMU and caches are still off: no cleaning needed */
	memcpy(__vector_page, arch_vectors, (size_t)(arch_vectors_end - arch_vectors));
	for (uint32_t i = 0; i < L1_ENTRIES; i++) {
		uint32_t pa = i << SECT_SHIFT;
		l1_table[i] = section(pa, sdram_cached(pa));
	}
	l1_table[0] = section((uint32_t)__vector_page, 1);
	l1_table[(uint32_t)arch_kernel_alias((uintptr_t)__user_start) >> SECT_SHIFT] =
		section((uint32_t)__user_start, 1);
	l2_clear(l2_tables[L2_BOOT]);
	l1_table[user_section_index()] =
		(uint32_t)l2_tables[L2_BOOT] | COARSE_TYPE | SECT_DOMAIN(0);
	mmu_load();
	mmu_enable(CTRL_M | CTRL_C | CTRL_W | CTRL_Z | CTRL_I);
}
