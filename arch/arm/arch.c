/* ARM (XScale) port: task frames, trap decode, the counter. */
#include <stddef.h>
#include <string.h>
#include "arch.h"
#include "board.h"
#include "arch_syscall.h"
#include "counter_model.h"
#include "mm.h"
#include "syscall_nr.h"

_Static_assert(offsetof(struct arch_frame, spsr) == F_SPSR, "frame: spsr");
_Static_assert(offsetof(struct arch_frame, v) == F_R4, "frame: r4");
_Static_assert(offsetof(struct arch_frame, sp) == F_SP, "frame: sp");
_Static_assert(offsetof(struct arch_frame, a) == F_R0, "frame: r0");
_Static_assert(offsetof(struct arch_frame, ip) == F_R12, "frame: r12");
_Static_assert(offsetof(struct arch_frame, pc) == F_PC, "frame: pc");
_Static_assert(offsetof(struct arch_frame, pad) == F_PAD, "frame: pad");
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

/*
 * ARMv5's FSR gives no direction for a data abort (WnR, FSR bit 11, came
 * with ARMv6; the XScale's FSR has status, domain and the debug and
 * extension bits only): the faulting load or store says it.  That
 * instruction is task memory, read as a system call's pointer would be:
 * only where the task itself may read (mm_user_ok on its view, which is
 * current), aligned for the state it ran in, ARM or Thumb.  A fetch
 * needs that permission too, so the read normally finds the instruction
 * that ran; a task that rewrote it since (the data cache holding a word
 * the instruction side never saw) makes only its own report lie.  Where
 * it cannot be read, or is no load or store, the report says "access".
 * mm is NULL for the kernel's own fault: its code, read as it is.
 */
static int insn_read(const struct task_mm *mm, uintptr_t pc, uintptr_t size, uint32_t *insn)
{
	if (pc & (size - 1))
		return 0;
	if (mm && !mm_user_ok(mm, pc, size, 0))
		return 0;
	*insn = size == 2 ? *(const volatile uint16_t *)pc : *(const volatile uint32_t *)pc;
	return 1;
}

/* ARM state: bit 20 (L) in every transfer but ldrd/strd (ARMv5TE's
 * extra load/store space, L = 0 for both: bit 5 tells them apart) and
 * swp (a read and a write: reported as the write). */
static const char *arm_access(uint32_t insn)
{
	if ((insn & 0x0E1000D0u) == 0x000000D0u)
		return (insn & 0x20u) ? "write" : "read";
	return (insn & (1u << 20)) ? "read" : "write";
}

/* Thumb: bit 11 (L) in every load and store form but the register
 * offset halfword and signed ones (0101 H S 1), where only strh (H = S
 * = 0) writes. */
static const char *thumb_access(uint32_t insn)
{
	if ((insn & 0xF200u) == 0x5200u)
		return (insn & 0x0C00u) ? "read" : "write";
	return (insn & (1u << 11)) ? "read" : "write";
}

static const char *dabt_access(const struct arch_frame *f, const struct task_mm *mm)
{
	uint32_t insn;

	if (f->spsr & PSR_T)
		return insn_read(mm, f->pc, 2, &insn) ? thumb_access(insn) : "access";
	return insn_read(mm, f->pc, 4, &insn) ? arm_access(insn) : "access";
}

/*
 * The breakpoints debuggers plant (docs/abi.md): bkpt, ARM (cond AL) and
 * Thumb, a prefetch abort where it traps, and the permanently undefined
 * encodings GDB and Linux use instead, because the XScale runs bkpt as a
 * nop unless debug is on: ARM 0xE7F...F. (0xE7F001F0, 0xE7FFDEFE) and
 * Thumb 0xDExx (0xDE01).  Read at the instruction's address as a data
 * abort's instruction is, a task's only (mm NULL: the kernel's fault,
 * whose fetch may have aborted anywhere): an aborted fetch of memory
 * the task may read can only have been a bkpt.
 */
static int is_breakpoint(const struct arch_frame *f, uintptr_t addr, const struct task_mm *mm)
{
	uint32_t insn;

	if (!mm)
		return 0;
	if (f->spsr & PSR_T)
		return insn_read(mm, addr, 2, &insn) &&
		       ((insn & 0xFF00u) == 0xDE00u || (insn & 0xFF00u) == 0xBE00u);
	return insn_read(mm, addr, 4, &insn) &&
	       ((insn & 0xFFF000F0u) == 0xE7F000F0u || (insn & 0xFFF000F0u) == 0xE1200070u);
}

const char *arch_fault_access(const struct arch_frame *f, uint32_t code, uintptr_t addr,
			      const struct task_mm *mm)
{
	switch (code & 0xFFu) {
	case ARM_EV_PABT:
		return is_breakpoint(f, addr, mm) ? "breakpoint" : "execute";
	case ARM_EV_DABT:
		return dabt_access(f, mm);
	default:
		return is_breakpoint(f, addr, mm) ? "breakpoint" : "instruction";
	}
}

/* Fault codes: the vector offset (ARM_EV_*), with FSR in bits 15:8 for
 * a data abort; the address is FAR, or the instruction's for the others:
 * entry.S took a word off the undefined one's lr, which in Thumb state
 * is 2 bytes past it.  A swi is never a fault: each is a system call,
 * whatever its immediate (the EABI's rule: the number is r7's). */
static void fault(struct arch_frame *f)
{
	if (f->event == ARM_EV_DABT)
		kernel_fault(f, f->event | (fault_status() & 0xFFu) << 8, fault_address());
	else
		kernel_fault(f, f->event,
			     f->pc + (f->event == ARM_EV_UND && (f->spsr & PSR_T) ? 2 : 0));
}

/* Called from entry.S with the saved frame of an interrupt or a fault;
 * system calls are dispatched in entry.S.  Returns the frame to resume. */
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

/* A timing model's est-cycles word (counter_model.h) while in use. */
volatile uint32_t *arm_counter_model_ptr;

int arch_counter_use_model(int on)
{
	if (!board_is_emulated() || counter_model.magic != COUNTER_MODEL_MAGIC)
		return 0;
	arm_counter_model_ptr = on ? &counter_model.cycles : NULL;
	return 1;
}

const char *arch_counter_name(void)
{
	return arm_counter_model_ptr ? "timing model (sim/xscale.c)" : "CCNT (core clock)";
}

/* QEMU's CCNT is virtual time in ns: with -icount shift=0 one per
 * instruction, so the raw delta is already in units either way. */
const char *arch_counter_unit(void)
{
	if (arm_counter_model_ptr)
		return "est-cycles";
	return board_is_emulated() ? "insns" : "cycles";
}
uint32_t arch_counter_to_units(uint32_t raw) { return raw; }

/* The XScale issues one instruction a cycle at most; a loop's first
 * fetches may miss the instruction cache and wait on SDRAM. */
#define XSCALE_CYCLES_PER_INSN_MAX	32

void arch_counter_expect(uint32_t insns, uint32_t *lo, uint32_t *hi)
{
	*lo = insns;
	*hi = board_is_emulated() && !arm_counter_model_ptr ? insns
							     : insns * XSCALE_CYCLES_PER_INSN_MAX;
}
