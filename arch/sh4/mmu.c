/*
 * SH-4 memory protection.  Kernel code and data are in P1, which user
 * mode cannot address.  Task memory is reached through U0, and with
 * MMUCR.AT on, U0 goes through the UTLB, whose entries we load ourselves
 * and pin: nothing refills it, so a miss is a fault.
 *
 *   UTLB 0        user library code     SH=1, user read-only
 *   UTLB 1        kernel tasks' data    SH=1, privileged only
 *   UTLB 2+3n..   task slot n's code, data and stack, ASID n + 1
 *
 * One page per region (1, 4 or 64 KiB: the linker gives each region a
 * 64 KiB-aligned window of its own).  A switch is one write of PTEH's
 * ASID: the entries of every task stay loaded.  Code pages are read-only
 * for user and kernel alike, data pages read/write; the SH-4 has no
 * execute permission, so a task may run what it can write (its data and
 * stack) but never write what it runs.
 */
#include "arch.h"
#include "mm.h"

#define UTLB_ENTRIES	64
#define UTLB_SHARED	2
#define UTLB_PER_SLOT	3
#define P1_TO_PHYS	0x1FFFFFFFu
#define P2_BASE		0xA0000000u

_Static_assert(UTLB_SHARED + UTLB_PER_SLOT * ARCH_MM_SLOTS <= UTLB_ENTRIES, "UTLB too small");

static void utlb_load(unsigned entry, uint32_t vpn_asid, uint32_t ptel)
{
	uint32_t mmucr = sh4_read32(SH4_MMUCR) & ~(0x3Fu << MMUCR_URC_SHIFT);

	sh4_write32(SH4_MMUCR, mmucr | (entry << MMUCR_URC_SHIFT));
	sh4_write32(SH4_PTEH, vpn_asid);
	sh4_write32(SH4_PTEL, ptel);
	__asm__ volatile("ldtlb; nop" : : : "memory");
}

/* The page sizes a region may take, one TLB entry each (1 MiB pages
 * would not fit the regions' 64 KiB windows). */
static const struct { uint32_t size, bits; } page_sizes[] = {
	{ 0x400, PTEL_SZ_1K }, { 0x1000, PTEL_SZ_4K }, { 0x10000, PTEL_SZ_64K },
};
#define NPAGE_SIZES (sizeof(page_sizes) / sizeof(page_sizes[0]))

/* The smallest page that holds size bytes, or NPAGE_SIZES. */
static unsigned page_for(uint32_t size)
{
	unsigned i = 0;

	while (i < NPAGE_SIZES && size > page_sizes[i].size)
		i++;
	return i;
}

uint32_t arch_mm_private_size(uint32_t bytes)
{
	unsigned i = page_for(bytes);

	return i < NPAGE_SIZES ? page_sizes[i].size : 0;
}

static uint32_t region_ptel(const struct mm_region *r)
{
	static const uint32_t pr[] = { [MM_USER_RO] = PTEL_PR_USER_RO,
				       [MM_USER_RW] = PTEL_PR_USER_RW | PTEL_D,
				       [MM_KERNEL_RW] = PTEL_PR_PRIV_RW | PTEL_D };

	return (r->kva & P1_TO_PHYS) | PTEL_V | PTEL_C | page_sizes[page_for(r->size)].bits |
	       pr[r->access] | (r->shared ? PTEL_SH : 0);
}

/* The ITLB keeps copies of UTLB entries: once a slot's entries change,
 * drop them all.  Its address array is written from P2, uncached, as
 * the manual asks of code that changes the ITLB. */
static void __attribute__((noinline)) itlb_flush_p2(void)
{
	for (uint32_t i = 0; i < ITLB_ENTRIES; i++)
		sh4_write32(SH4_ITLB_ADDR + (i << 8), 0);
}

static void itlb_flush(void)
{
	void (*in_p2)(void) = (void (*)(void))(((uintptr_t)itlb_flush_p2 & P1_TO_PHYS) | P2_BASE);
	in_p2();
}

void arch_mm_init(struct task_mm *mm, int slot)
{
	unsigned entry = UTLB_SHARED + UTLB_PER_SLOT * (unsigned)slot, last = entry + UTLB_PER_SLOT;
	/* ldtlb takes the ASID from PTEH, which also holds the running task's */
	uint32_t running = sh4_read32(SH4_PTEH), asid = sh4_asid_of((unsigned)slot);

	for (int i = 0; i < mm->nregions; i++) {
		const struct mm_region *r = &mm->region[i];
		if (r->shared)	/* UTLB 0: the user library, 1: the kernel tasks' data */
			utlb_load(r->access == MM_KERNEL_RW, r->va, region_ptel(r));
		else if (entry < last)
			utlb_load(entry++, r->va | asid, region_ptel(r));
		else
			kernel_panic("a task with more regions than its UTLB entries");
	}
	while (entry < last)
		utlb_load(entry++, 0, 0);
	sh4_write32(SH4_PTEH, running);
	itlb_flush();
}

/* SQMD: the store queues (0xE0000000..0xE3FFFFFF, written by a store
 * and sent by pref) would let user mode write any physical address; with
 * SQMD a user access there is an address error.  utlb_load keeps the bit.
 * QEMU 7.2 lets user mode reach them whatever SQMD says, and its pref
 * does nothing: only the register's value can be tested there. */
void arch_mmu_init(void)
{
	sh4_write32(SH4_MMUCR, MMUCR_TI);
	sh4_write32(SH4_MMUCR, MMUCR_AT | MMUCR_SQMD);
}

const char *arch_protection_check(void)
{
	uint32_t mmucr = sh4_read32(SH4_MMUCR);

	if (!(mmucr & MMUCR_AT))
		return "MMUCR.AT clear: no translation";
	if (!(mmucr & MMUCR_SQMD))
		return "MMUCR.SQMD clear: store queues open to user mode";
	return NULL;
}
