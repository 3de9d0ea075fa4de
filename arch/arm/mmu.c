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
 *
 * Page tables, not domains: measured by the switch benchmark on verdex
 * (QEMU, medians), the page-table switch is 95 insns (91 with the
 * kernel-stack canary off the switch path), of which 7 are the view's:
 * the entry's address and value, the store, the TLB flush and CPWAIT's
 * read back and use.  A build that also makes a domain design's switch
 * (make ARM_MM_SWITCH=domains: the DACR load, write and CPWAIT) measures
 * 99 (95): 4 insns, so a switch by domains would be 92 (88), and 94
 * (90) with the write of the FCSE PID it needs (below), 1 insn under the
 * page tables.  They cannot keep tasks apart here: an ARMv5 domain tags
 * an L1 entry, 1 MiB, and every view lives in the one user section; two
 * tasks of one program have their data at the same address in different
 * frames, which only the FCSE's relocation of the low 32 MiB per process
 * could separate (the programs linked there, the vectors moved high, a
 * section and a domain per slot out of 16, domain 0 the kernel's).  That
 * insn is not worth the hole; on a chip domains would also save the TLB
 * refills after a switch, which the timing model could weigh.
 *
 * The data cache is virtually tagged, and write-back: a line goes back
 * to the physical address it was filled from, whichever view is current
 * then (as Linux's XScale cache clean, which allocates lines at an
 * address nothing maps, relies on).  So a task's lines may stay in the
 * cache after its view is left, as long as no other view can hit them:
 * the MMU checks every access, hits too, so only an address that
 * another view maps onto another frame can, and the lines at such an
 * address are cleaned and dropped before that view is current:
 *   - a stack window is its slot's alone, until the task dies: its
 *     slot's next task gets the same addresses, so a dead task's view
 *     is left with all of its private lines flushed;
 *   - a program's data window is the same in each of its tasks:
 *     arch_mm_init marks the views that share one (aliased), flushes
 *     what the others left there, and an aliased view is left with its
 *     data flushed;
 *   - a task blocked on a channel gets its message written through the
 *     kernel's (uncached) frame sections: the buffer it handed over is
 *     flushed as it blocks, its view still current (arch_mm_await_write),
 *     and it runs no more until the message is there; nothing else of
 *     its view needs to go.
 * The instruction cache and the branch target buffer are virtually
 * tagged too, and a task may run what it can write (its data and stack:
 * ARMv5 has no execute-never): where a view's data lines go because
 * another view maps the same addresses elsewhere, both are dropped whole
 * with them (no cheaper by line over a 64 KiB window), or the next task
 * there could run what the last one ran.
 * The caches never hold frame lines: the kernel writes frames through
 * their uncached sections.
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

uint32_t arm_l1_table[L1_ENTRIES] __attribute__((section(".mm.frames"), aligned(16384)));
#define l1_table arm_l1_table
static uint32_t l2_tables[ARCH_MM_SLOTS + 1][L2_ENTRIES]
	__attribute__((section(".mm.frames"), aligned(1024)));
static struct task_mm *slot_mm[ARCH_MM_SLOTS];	/* what each slot's table maps */
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

static inline void write_buffer_drain(void)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 4" : : "r"(0) : "memory");
}

/* Clean each line to memory and drop it. */
static inline void dcache_flush_line(uintptr_t a)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 1\n\t"
			 "mcr p15, 0, %0, c7, c6, 1" : : "r"(a) : "memory");
}

/* The I-cache and the BTB, whole.  The task that may hit them runs only
 * after an exception return, long after the pipeline has drained. */
static inline void icache_drop(void)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c5, 0" : : "r"(0) : "memory");
}

/* Four lines a turn: the kernel runs masked, and a flush of a task's
 * pages is the longest stretch of a switch (the tick's latency). */
static void dcache_flush_range(uintptr_t lo, uintptr_t hi)
{
	uintptr_t a = lo & ~(DLINE - 1);

	for (; a + 4 * DLINE <= hi; a += 4 * DLINE) {
		dcache_flush_line(a);
		dcache_flush_line(a + DLINE);
		dcache_flush_line(a + 2 * DLINE);
		dcache_flush_line(a + 3 * DLINE);
	}
	for (; a < hi; a += DLINE)
		dcache_flush_line(a);
}

void arm_dcache_flush(uintptr_t lo, uintptr_t hi)
{
	dcache_flush_range(lo, hi);
	write_buffer_drain();
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

static uint32_t l1_user_entry(const uint32_t *l2)
{
	return (uint32_t)l2 | COARSE_TYPE | SECT_DOMAIN(0);
}

static void l1_user_set(uint32_t entry)
{
	*arm_l1_user = entry;
	arm_tlb_flush();
}

uint32_t arch_mm_private_size(uint32_t bytes)
{
	return bytes <= 0x10000 ? (bytes + SUBPAGE - 1) & ~(SUBPAGE - 1) : 0;
}

static const struct mm_region *stack_region(const struct task_mm *mm)
{
	return &mm->region[mm->nregions - 1];
}

static int private_rw(const struct mm_region *r)
{
	return !r->shared && r->access != MM_USER_RO;
}

/* A task's data (its private regions but the stack), its view current. */
static void data_flush(const struct task_mm *mm)
{
	for (const struct mm_region *r = mm->region; r < stack_region(mm); r++)
		if (private_rw(r))
			dcache_flush_range(r->va, r->va + r->size);
}

static void stack_flush(const struct task_mm *mm)
{
	const struct mm_region *stack = stack_region(mm);

	dcache_flush_range(stack->va, stack->va + stack->size);
}

static int data_overlap(const struct task_mm *a, const struct task_mm *b)
{
	for (const struct mm_region *r = a->region; r < stack_region(a); r++)
		for (const struct mm_region *q = b->region; q < stack_region(b); q++)
			if (private_rw(r) && private_rw(q) && r->va < q->va + q->size &&
			    q->va < r->va + r->size)
				return 1;
	return 0;
}

/* Two views map the same data addresses onto their own frames: from now
 * on each is left with its data flushed, and what other left in the
 * cache goes now, through its own view.  The current view's lines go
 * when it is left, before any other runs. */
static void data_aliased(struct task_mm *mm, struct task_mm *other)
{
	uint32_t current = *arm_l1_user;

	mm->arch.aliased = other->arch.aliased = 1;
	if (other->arch.l1 == current)
		return;
	l1_user_set(other->arch.l1);
	data_flush(other);
	write_buffer_drain();
	icache_drop();
	l1_user_set(current);
}

void arch_mm_init(struct task_mm *mm, int slot)
{
	mm->arch.l2 = l2_tables[slot];
	mm->arch.l1 = l1_user_entry(mm->arch.l2);
	mm->arch.aliased = 0;
#ifdef ARM_MM_SWITCH_DOMAINS
	mm->arch.dacr = DACR_CLIENT(0);
#endif
	l2_clear(mm->arch.l2);
	for (int i = 0; i < mm->nregions; i++)
		region_map(mm->arch.l2, &mm->region[i]);
	write_buffer_drain();
	arm_tlb_flush();
	slot_mm[slot] = mm;
	for (int s = 0; s < ARCH_MM_SLOTS; s++)
		if (s != slot && slot_mm[s] && data_overlap(mm, slot_mm[s]))
			data_aliased(mm, slot_mm[s]);
}

/* What of the view left another view could hit, flushed while it is
 * current. */
void arm_mm_leave(const struct arch_mm *prev, enum arch_mm_left left)
{
	const struct task_mm *mm =
		(const struct task_mm *)((const char *)prev - offsetof(struct task_mm, arch));

	data_flush(mm);
	if (left == ARCH_MM_DEAD)
		stack_flush(mm);
	write_buffer_drain();
	icache_drop();
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
	arm_cpwait();
}

static int sdram_cached(uint32_t pa)
{
	return in(pa, __sdram_start, __sdram_end) && !in(pa, __mm_frames_start, __mm_frames_end);
}

/* CP0 is the XScale's 40-bit multiply accumulator (acc0), state that
 * no switch saves: open, it would carry data from task to task, past
 * the policy.  Reset shuts every coprocessor (CPAR 0); a boot loader
 * may have opened some (Linux opens CP0 and switches acc0 with each
 * task), so the kernel shuts them again.  QEMU models CPAR. */
static void coprocessors_shut(void)
{
	__asm__ volatile("mcr p15, 0, %0, c15, c1, 0" : : "r"(CPAR_NONE) : "memory");
	arm_cpwait();
}

const char *arch_protection_check(void)
{
	uint32_t ctrl, dacr, cpar;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0\n\t"
			 "mrc p15, 0, %1, c3, c0, 0\n\t"
			 "mrc p15, 0, %2, c15, c1, 0" : "=r"(ctrl), "=r"(dacr), "=r"(cpar));
	if (cpar != CPAR_NONE)
		return "CPAR: a coprocessor open (acc0, which no switch saves)";
	if ((ctrl & (CTRL_M | CTRL_C | CTRL_I)) != (CTRL_M | CTRL_C | CTRL_I))
		return "CTRL: MMU or a cache off";
	if (ctrl & CTRL_V)
		return "CTRL.V: vectors high, unmapped";
	if (dacr != DACR_CLIENT(0))
		return "DACR: a domain other than client 0";
	return NULL;
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
	if (arm_l1_user != &l1_table[user_section_index()])
		kernel_panic("arm_l1_user: not the user section's entry (linker script)");
	*arm_l1_user = l1_user_entry(l2_tables[L2_BOOT]);
	mmu_load();
	mmu_enable(CTRL_M | CTRL_C | CTRL_W | CTRL_Z | CTRL_I);
	coprocessors_shut();
}
