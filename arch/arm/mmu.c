/*
 * XScale MMU and caches: one L1 table of 1 MiB sections.  Everything is
 * identity-mapped, except virtual 0, which maps the SDRAM section that
 * starts with the vector table, so exceptions reach the copy in SDRAM
 * whether we booted from flash or were loaded there.
 *
 * SDRAM (bounds from the linker script) is cached write-back; the rest,
 * devices and flash, is neither cached nor buffered.
 *
 * Memory protection: only the user region (.user.*, which the linker
 * script starts on a section boundary and ends the image with) is open
 * to user mode (AP=3).  Every other section is privileged-only (AP=1),
 * so a task touching the kernel, the vectors or a device takes a data
 * abort (FSR 0xD), while the kernel and privileged tasks see everything.
 */
#include <stdint.h>
#include "arm_regs.h"

#define L1_ENTRIES	4096

extern char arch_vectors[], __sdram_start[], __sdram_end[];
extern char __user_start[], __user_end[];

static uint32_t l1_table[L1_ENTRIES] __attribute__((aligned(16384)));

static uint32_t section(uint32_t pa, int cached, int user)
{
	uint32_t attr = SECT_TYPE | SECT_DOMAIN(0);

	attr |= user ? SECT_AP_ALL : SECT_AP_PRIV;
	if (cached)
		attr |= SECT_C | SECT_B;
	return (pa & ~((1u << SECT_SHIFT) - 1)) | attr;
}

static int in(uint32_t pa, const char *lo, const char *hi)
{
	return pa >= (uint32_t)lo && pa - (uint32_t)lo < (uint32_t)(hi - lo);
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

void arm_mmu_init(void)
{
	for (uint32_t i = 0; i < L1_ENTRIES; i++) {
		uint32_t pa = i << SECT_SHIFT;
		l1_table[i] = section(pa, in(pa, __sdram_start, __sdram_end),
				      in(pa, __user_start, __user_end));
	}
	l1_table[0] = section((uint32_t)arch_vectors, 1, 0);
	mmu_load();
	mmu_enable(CTRL_M | CTRL_C | CTRL_W | CTRL_Z | CTRL_I);
}
