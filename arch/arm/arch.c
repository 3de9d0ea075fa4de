/* ARM (XScale) port: task frames, trap decode, the counter. */
#include <stddef.h>
#include <string.h>
#include "arch.h"
#include "board.h"
#include "arch_syscall.h"
#include "syscall_nr.h"

_Static_assert(offsetof(struct arch_frame, spsr) == F_SPSR, "frame: spsr");
_Static_assert(offsetof(struct arch_frame, v) == F_R4, "frame: r4");
_Static_assert(offsetof(struct arch_frame, sp) == F_SP, "frame: sp");
_Static_assert(offsetof(struct arch_frame, a) == F_R0, "frame: r0");
_Static_assert(offsetof(struct arch_frame, ip) == F_R12, "frame: r12");
_Static_assert(offsetof(struct arch_frame, pc) == F_PC, "frame: pc");
_Static_assert(sizeof(struct arch_frame) == FRAME_SIZE, "frame: size");

void arch_mmu_init(void);

void arch_init(void)
{
	arch_mmu_init();
}

const char *arch_cpu_name(void) { return "XScale (PXA270)"; }

/* Where a task's entry function returns to: exit(0), from user text, so
 * that returning never runs into the vector page at 0. */
__attribute__((section(".user.lib.text.arch_task_return"), noreturn))
static void arch_task_return(void)
{
	for (;;)
		arch_syscall(SYS_EXIT, 0, 0, 0, 0);
}

void arch_frame_init(struct arch_frame *f, uintptr_t entry, uintptr_t arg,
		     uintptr_t stack_top, int privileged)
{
	memset(f, 0, sizeof(*f));
	f->pc = entry;
	f->a[0] = arg;
	f->sp = stack_top;
	f->lr = (uint32_t)arch_task_return;
	/* IRQs on; FIQ stays masked as nothing drives it */
	f->spsr = (privileged ? PSR_MODE_SYS : PSR_MODE_USR) | PSR_F;
}

/* XScale idles through CP14 PWRMODE: 1 is IDLE, left at the next
 * interrupt (as Linux's cpu_xscale_do_idle; QEMU's PXA2xx models it). */
void arch_idle(void)
{
	__asm__ volatile("mcr p14, 0, %0, c7, c0, 0" : : "r"(1) : "memory");
}

static inline uint32_t fault_status(void)
{
	uint32_t v;
	__asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(v));
	return v;
}

static inline uint32_t fault_address(void)
{
	uint32_t v;
	__asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(v));
	return v;
}

/* ARMv5 reports no direction for a data abort: the faulting load or
 * store says it, bit 20 (L) in every form of transfer. */
const char *arch_fault_access(const struct arch_frame *f, uint32_t code, uintptr_t addr)
{
	(void)addr;
	switch (code & 0xFFu) {
	case ARM_EV_PABT:
		return "execute";
	case ARM_EV_DABT:
		return (*(const uint32_t *)f->pc & (1u << 20)) ? "read" : "write";
	default:
		return "instruction";
	}
}

/* Fault codes: the vector offset (ARM_EV_*), with FSR in bits 15:8 for
 * a data abort; the address is FAR, or the instruction's for the others. */
static void fault(struct arch_frame *f)
{
	if (f->event == ARM_EV_DABT)
		kernel_fault(f, f->event | (fault_status() & 0xFFu) << 8, fault_address());
	else
		kernel_fault(f, f->event, f->event == ARM_EV_SWI ? f->pc - 4 : f->pc);
}

/* Called from entry.S with the saved frame of an interrupt or a fault
 * (a swi of another number is one); system calls are dispatched in
 * entry.S.  Returns the frame to resume. */
struct arch_frame *arch_trap(struct arch_frame *f)
{
	kernel_save_frame(f);
	if (f->event == ARM_EV_IRQ)
		board_irq(f->event);
	else
		fault(f);
	return kernel_next_frame();
}

const char *arch_counter_init(void)
{
	uint32_t pmnc = PMNC_E | PMNC_C | PMNC_P;
	__asm__ volatile("mcr p14, 0, %0, c0, c1, 0" : : "r"(pmnc));
	return NULL;
}

const char *arch_counter_name(void) { return "CCNT (core clock)"; }

/* QEMU's CCNT is virtual time in ns: with -icount shift=0 one per
 * instruction, so the raw delta is already in units either way. */
const char *arch_counter_unit(void) { return board_is_emulated() ? "insns" : "cycles"; }
uint32_t arch_counter_to_units(uint32_t raw) { return raw; }

/* The XScale issues one instruction a cycle at most; a loop's first
 * fetches may miss the instruction cache and wait on SDRAM. */
#define XSCALE_CYCLES_PER_INSN_MAX	32

void arch_counter_expect(uint32_t insns, uint32_t *lo, uint32_t *hi)
{
	*lo = insns;
	*hi = board_is_emulated() ? insns : insns * XSCALE_CYCLES_PER_INSN_MAX;
}
