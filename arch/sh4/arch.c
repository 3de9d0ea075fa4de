/* SH-4 port: vectors, task frames, trap decode. */
#include <stddef.h>
#include <string.h>
#include "arch.h"
#include "board.h"
#include "board_tick.h"

/* EXPEVT codes (SH-4 manual): a TLB miss, a protection violation, an
 * address error, each for a read or instruction fetch, then a write */
#define EXPEVT_TLB_READ		0x040u
#define EXPEVT_TLB_WRITE	0x060u
#define EXPEVT_PROT_READ	0x0A0u
#define EXPEVT_PROT_WRITE	0x0C0u
#define EXPEVT_ADDR_READ	0x0E0u
#define EXPEVT_ADDR_WRITE	0x100u
#define EXPEVT_TRAPA		0x160u	/* one that is no system call (entry.S) */
#define EVENT_IRQ	1u	/* entry.S tags INTEVT codes (multiples of 0x20) */
#define SH4_TEA		0xFF00000Cu

_Static_assert(offsetof(struct arch_frame, ssr) == F_SSR, "frame: ssr");
_Static_assert(offsetof(struct arch_frame, spc) == F_SPC, "frame: spc");
_Static_assert(offsetof(struct arch_frame, gbr) == F_GBR, "frame: gbr");
_Static_assert(offsetof(struct arch_frame, r) == F_R0, "frame: r0");
_Static_assert(offsetof(struct arch_frame, macl) == F_MACL, "frame: macl");
_Static_assert(offsetof(struct arch_frame, mach) == F_MACH, "frame: mach");
_Static_assert(offsetof(struct arch_frame, pr) == F_PR, "frame: pr");
_Static_assert(offsetof(struct arch_frame, sp) == F_R15, "frame: r15");
_Static_assert(offsetof(struct arch_frame, event) == F_EVENT, "frame: event");
_Static_assert(sizeof(struct arch_frame) == FRAME_SIZE, "frame: size");

/* The two copies of the vectors and exit (entry.S): the chip's, and
 * the one that looks at the tick before each rte. */
extern char arch_vectors[], arch_vectors_late[];
void arch_mmu_init(void);
static int sh4_exit_checks_tick;	/* 1: the exit that looks at the tick */

/* The exit a CPU needs, from how it takes a tick pending at the rte
 * (board_tick.h): a chip never pays for the emulator's check.  After
 * board_init, which tells QEMU from a chip. */
void arch_init(void)
{
#ifdef SH4_EXIT_CHIP
	sh4_exit_checks_tick = 0;	/* make SH4_EXIT=chip: its test under QEMU */
#else
	sh4_exit_checks_tick = !board_tick_taken_at_rte();
#endif
	/* TRA is undefined at reset, and a boot loader's trapa may have left
	 * the call's there, where the entry would take a fault for a call */
	sh4_write32(SH4_TRA, 0);
	__asm__ volatile("ldc %0, vbr" : : "r"(sh4_exit_checks_tick ? arch_vectors_late : arch_vectors));
	arch_mmu_init();
}

const char *arch_cpu_name(void) { return "SH-4 (SH7751R)"; }

const char *arch_boot_note(void)
{
	return sh4_exit_checks_tick ? "exit: the tick looked at before each rte (QEMU 7.2 "
				      "does not take it at the rte)"
				    : "exit: the chip's (a pending tick is taken at the rte)";
}

void arch_frame_init(struct arch_frame *f, uintptr_t entry, uintptr_t arg,
		     uintptr_t stack_top, int privileged)
{
	memset(f, 0, sizeof(*f));
	f->spc = entry;
	f->r[4] = arg;
	f->sp = stack_top;
	/* FD: tasks are integer-only, a stray FPU instruction traps.
	 * Privileged tasks run kernel code, whose variadic functions
	 * (printf) spill the FPU argument registers, like the kernel. */
	f->ssr = privileged ? SR_MD : SR_FD;
}

void arch_idle(void)
{
	__asm__ volatile("sleep");
}

/* A fetch and a read share their codes: the address tells them apart. */
const char *arch_fault_access(const struct arch_frame *f, uint32_t code, uintptr_t addr,
			      const struct task_mm *mm)
{
	(void)mm;
	switch (code) {
	case EXPEVT_TLB_READ: case EXPEVT_PROT_READ: case EXPEVT_ADDR_READ:
		return addr == f->spc ? "execute" : "read";
	case EXPEVT_TLB_WRITE: case EXPEVT_PROT_WRITE: case EXPEVT_ADDR_WRITE:
		return "write";
	case EXPEVT_TRAPA:
		return "breakpoint";	/* a debugger's trap: trapa #0xC3, #0x20, #0x3C... */
	default:
		return "instruction";
	}
}

/* TEA holds the address of a refused access; for an instruction the CPU
 * would not run, the address is the instruction's, and for a trapa SPC
 * is already past it. */
static uintptr_t fault_address(const struct arch_frame *f)
{
	if (f->event == EXPEVT_TRAPA)
		return f->spc - 2;
	return f->event <= EXPEVT_ADDR_WRITE ? sh4_read32(SH4_TEA) : f->spc;
}

/* Called from entry.S with the saved frame of an interrupt or a fault
 * (a trapa of another immediate is one); system calls are dispatched in
 * entry.S.  Returns the frame to resume. */
struct arch_frame *arch_trap(struct arch_frame *f)
{
	kernel_save_frame(f);
	if (f->event & EVENT_IRQ)
		board_irq(f->event & ~EVENT_IRQ);
	else
		kernel_fault(f, f->event, fault_address(f));
	return kernel_next_frame();
}
