/*
 * XScale MMU and caches.  One L1 table of 1 MiB sections identity-maps
 * the address space, except virtual 0, which maps the SDRAM section that
 * starts with the vector table, so exceptions reach the copy in SDRAM
 * whether we booted from flash or were loaded there.  SDRAM (bounds from
 * the linker script) is cached write-back; devices and flash are neither
 * cached nor buffered.
 *
 * Memory protection, with one domain in client mode (AP bits checked):
 *
 *   every section but the user region    AP=1: privileged only
 *   user region: task image pages         AP=3: every task
 *                task stack pages         AP=1, AP=3 for the running task
 *                the rest of the section  unmapped
 *
 * The user region is one section (the linker script asserts it) seen
 * through a coarse table of 4 KiB small pages.  So a task reaches the
 * task image and its own stack, nothing else: not the kernel, nor its
 * alias at virtual 0, nor a device, nor another task's stack, while the
 * kernel and the privileged tasks reach everything at its own address.
 */
#include "arch.h"

#define L1_ENTRIES	4096
#define L2_ENTRIES	256
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1u << PAGE_SHIFT)

extern char arch_vectors[], __sdram_start[], __sdram_end[];
extern char __user_start[], __user_shared_end[], __user_stacks_start[], __user_stacks_end[];

static uint32_t l1_table[L1_ENTRIES] __attribute__((aligned(16384)));
static uint32_t l2_user[L2_ENTRIES] __attribute__((aligned(1024)));
static int mapped_slot = -1;

static uint32_t section(uint32_t pa, int cached)
{
	uint32_t d = (pa & ~((1u << SECT_SHIFT) - 1)) | SECT_TYPE | SECT_DOMAIN(0) | SECT_AP_PRIV;

	return cached ? d | SECT_C | SECT_B : d;
}

static uint32_t small_page(uint32_t pa, uint32_t ap)
{
	return (pa & ~(PAGE_SIZE - 1)) | PTE_SMALL | PTE_C | PTE_B | ap;
}

static int in(uint32_t pa, const char *lo, const char *hi)
{
	return pa >= (uint32_t)lo && pa - (uint32_t)lo < (uint32_t)(hi - lo);
}

static void user_region_init(void)
{
	uint32_t base = (uint32_t)__user_start;

	for (uint32_t i = 0; i < L2_ENTRIES; i++) {
		uint32_t pa = base + (i << PAGE_SHIFT);
		if (in(pa, __user_start, __user_shared_end))
			l2_user[i] = small_page(pa, PTE_AP_ALL);
		else if (in(pa, __user_stacks_start, __user_stacks_end))
			l2_user[i] = small_page(pa, PTE_AP_PRIV);
		else
			l2_user[i] = 0;		/* fault */
	}
	l1_table[base >> SECT_SHIFT] = (uint32_t)l2_user | COARSE_TYPE | SECT_DOMAIN(0);
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

/* XScale applies a CP15 change only after CPWAIT: read CP15 back, use
 * the value, then flush the pipeline with a branch to the next insn. */
static void mmu_enable(uint32_t bits)
{
	uint32_t ctrl, tmp;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(ctrl));
	ctrl = (ctrl | bits) & ~CTRL_V;
	__asm__ volatile("mcr p15, 0, %1, c1, c0, 0\n\t"
			 "mrc p15, 0, %0, c2, c0, 0\n\t"
			 "mov %0, %0\n\t"
			 "sub pc, pc, #4"
			 : "=r"(tmp) : "r"(ctrl) : "memory");
}

void arch_mmu_init(void)
{
	for (uint32_t i = 0; i < L1_ENTRIES; i++) {
		uint32_t pa = i << SECT_SHIFT;
		l1_table[i] = section(pa, in(pa, __sdram_start, __sdram_end));
	}
	l1_table[0] = section((uint32_t)arch_vectors, 1);
	user_region_init();
	mmu_load();
	mmu_enable(CTRL_M | CTRL_C | CTRL_W | CTRL_Z | CTRL_I);
}

/* The table walk reads memory, not the data cache: clean the entry's line
 * and drain the write buffer, then drop the page's stale translation. */
static void stack_page_set(int slot, uint32_t ap)
{
	uint32_t va = (uint32_t)__user_stacks_start + ((uint32_t)slot << PAGE_SHIFT);
	uint32_t *pte = &l2_user[(va >> PAGE_SHIFT) & (L2_ENTRIES - 1)];

	*pte = small_page(va, ap);
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 1\n\t"	/* clean D line */
			 "mcr p15, 0, %1, c7, c10, 4\n\t"	/* drain write buffer */
			 "mcr p15, 0, %2, c8, c6, 1"		/* invalidate D TLB entry */
			 : : "r"(pte), "r"(0), "r"(va) : "memory");
}

/* Only the running task's stack page is open to user mode (slot -1: the
 * idle task, which has none). */
void arch_mmu_switch(int slot)
{
	if (slot == mapped_slot)
		return;
	if (mapped_slot >= 0)
		stack_page_set(mapped_slot, PTE_AP_PRIV);
	if (slot >= 0)
		stack_page_set(slot, PTE_AP_ALL);
	mapped_slot = slot;
}
