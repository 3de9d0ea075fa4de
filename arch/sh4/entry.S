/*
 * SH-4 exception entry and exit.
 *
 * An exception switches to register bank 1 with SR.BL=1; bank 1's r0..r7
 * are our scratch registers here, bank 0's the interrupted code's.  The
 * frame (struct arch_frame, arch_cpu.h) is pushed on the current task's
 * kernel stack, from the top down.
 *
 * A system call is trapa #ARCH_SYSCALL_TRAP (arch_cpu.h), number in r3:
 * any other trapa is a debug trap, a fault (arch_trap reports it as a
 * breakpoint), and a number from SYSCALL_COUNT up, however large, is
 * -E_NOSYS with every other register kept, as on ARM and in Linux.  The
 * number is compared with the table's length, SYS_COUNT rounded up to a
 * multiple of 4 (its padding is -E_NOSYS, kernel_asm.h): a compare and a
 * branch where a mask to a power of two was one and, less the shift that
 * a table of bare handlers saves, one instruction in all.  The fast path
 * tells a call from any other general exception by TRA alone, for what
 * testing EXPEVT cost: TRA changes only at a trapa, so the entry
 * overwrites the call's TRA, and a later fault, which leaves TRA alone,
 * cannot look like a call.  What it stores is the table's length, in a
 * register for the compare anyway: a multiple of 4 below 0x400, it is
 * another trapa's immediate << 2 with TRA's reserved bits 0, as the
 * manual asks of a write.
 *
 * The fast path saves nothing and runs the handler in bank 1 with SR.BL
 * clear: the task's r0..r7 wait in bank 0, the C ABI keeps r8..r14, and
 * r15 waits in SGR, where the CPU saves it at every exception (the
 * kernel takes none while it runs), for the exit to take back; a call
 * that leaves through the scheduler stores it into the frame first.
 * pr, mach and macl are call-clobbered in GCC's SH ABI (sh.h's
 * CALL_REALLY_USED_REGISTERS) and the system-call ABI says the same
 * (arch_cpu.h; every stub, arch_syscall.h, declares them clobbered): a
 * call gives them back with pr the kernel's return address in this file
 * and mach, macl cleared (the clrmac in the rte's delay slot), so
 * nothing of a handler's reaches the task through them.  When the
 * handler leaves sched_need_resched set, the rest of the frame is filled
 * in (pr, mach and macl as they would come back) and the call leaves
 * through the scheduler, as every interrupt and fault does: arch_trap()
 * or kernel_pick_frame() returns the frame to resume, which may be
 * another task's: that is the context switch.
 *
 * The kernel runs in bank 1 from every entry to the exit (SR.BL clear,
 * masked), so no entry switches banks; kernel code that writes SR must
 * keep RB as it finds it (before the first task, the boot runs in bank
 * 0, and arch_frame_restore moves to bank 1 for the exit).  A
 * task's frame is the top of its kernel stack, so the entry finds the
 * stack from sched_current->frame and the exit has no stack top to
 * record.  The kernel stacks' canaries are checked at the tick and as a
 * task exits (kernel/sched.c), not on any exit here.
 *
 * Two copies of the vectors and the exit, from one macro: arch_vectors,
 * for a CPU that takes an interrupt that became pending while the kernel
 * ran masked right after the rte that unmasks it, as the SH7751R does;
 * and arch_vectors_late, which looks at the tick before each rte and
 * takes it there, for one that does not (QEMU 7.2, board_tick.h).  The
 * boot sets VBR to the copy the board says it needs (arch_init), so a
 * chip pays nothing for the emulator.
 */
#include "sh4_regs.h"
#include "arch_cpu.h"
#include "kernel_asm.h"
#include "board_tick.h"

#define SR_SYSCALL	(SR_MD | SR_RB | SR_IMASK)
#define SYSCALL_TRA	(ARCH_SYSCALL_TRAP << 2)

#if SYSCALL_ENTRY_SHIFT != 2
#error "the dispatch below scales the number by 4"
#endif
#if SYSCALL_TRA > 127 || SYSCALL_TABLE_SIZE > 127 || SYSCALL_E_NOSYS > 128
#error "cmp/eq #imm and mov #imm take 8 signed bits"
#endif
#if (SYSCALL_TABLE_SIZE & 3) || SYSCALL_TABLE_SIZE == SYSCALL_TRA
#error "the table's length, stored into TRA, must read as a trapa that is no call"
#endif
#if BOARD_TICK_TCR_IDLE > 127
#error "cmp/eq #imm takes 8 signed bits"
#endif

/* r8..r14, bank 0's r0..r7, gbr and spc below the frame's macl; ssr
 * last, left to the caller. */
.macro save_regs
	mov.l	r14, @-r15
	mov.l	r13, @-r15
	mov.l	r12, @-r15
	mov.l	r11, @-r15
	mov.l	r10, @-r15
	mov.l	r9, @-r15
	mov.l	r8, @-r15
	stc.l	r7_bank, @-r15
	stc.l	r6_bank, @-r15
	stc.l	r5_bank, @-r15
	stc.l	r4_bank, @-r15
	stc.l	r3_bank, @-r15
	stc.l	r2_bank, @-r15
	stc.l	r1_bank, @-r15
	stc.l	r0_bank, @-r15
	stc.l	gbr, @-r15
	stc.l	spc, @-r15
.endm

/* A system call's r15, from SGR, then its pr, mach and macl as the fast
 * exit gives them back: pr the kernel's return address, mach and macl
 * 0 (call-clobbered, and nothing of the kernel's in them), stored from
 * \zero, a register that holds 0. */
.macro save_call_top zero
	stc.l	sgr, @-r15
	sts.l	pr, @-r15
	mov.l	\zero, @-r15
	mov.l	\zero, @-r15
.endm

/* The tick expired while the kernel ran (TMU0's TCR is no longer
 * BOARD_TICK_TCR_IDLE): to \\late, which takes it as the chip would have
 * after the rte (board_tick.h).  In the late copy only. */
.macro tick_check late, s
	mov.l	.Ltick_tcr\s, r1
	mov.w	@r1, r0
	cmp/eq	#BOARD_TICK_TCR_IDLE, r0
	bf	\late
.endm

/*
 * One copy of the vectors and the exit: \name at VBR, \s the suffix of
 * its labels, \late 1 for the copy that takes a late tick itself.
 */
.macro vectors name, s, late
	.balign 4
	.global \name
\name:
	.org	\name + 0x100		/* general exceptions, trapa */
	mov.l	.Ltra\s, r1
	mov.l	@r1, r0
	cmp/eq	#SYSCALL_TRA, r0
	bf	not_syscall\s
	mov	#SYSCALL_TABLE_SIZE, r3
	mov.l	r3, @r1			/* TRA: no longer the call's */

	/* The task's r15 waits in SGR, where the CPU saved it, and the
	 * handler's stack starts below the frame's event word: only
	 * arch_trap reads it, of the frame it is given. */
	mov.l	.Lsched_current\s, r1
	mov.l	@r1, r1
	mov.l	@(TASK_OFF_FRAME, r1), r15
	add	#F_EVENT, r15
	mov.l	.Lsr_syscall\s, r2
	ldc	r2, sr			/* SR.BL clear: a kernel fault is reported */
	stc	r3_bank, r0		/* the number */
	cmp/hs	r3, r0
	bt	syscall_nosys\s
	mov.l	@(TASK_OFF_SYSCALLS, r1), r1
	shll2	r0
	mov.l	@(r0, r1), r1
	stc	r4_bank, r4
	stc	r5_bank, r5
	stc	r6_bank, r6
	jsr	@r1
	stc	r7_bank, r7
syscall_done\s:
	mov.l	.Lneed_resched\s, r1
	mov.l	@r1, r2
	tst	r2, r2
	bf/s	syscall_pick\s
	ldc	r0, r0_bank
.if \late
	tick_check syscall_late\s, \s
.endif
	stc	sgr, r15
	rte
	clrmac				/* in either SR: no memory, unprivileged */

/* Any other general exception, or a trapa of another number: a fault,
 * its event EXPEVT. */
not_syscall\s:
	mov.l	.Lexpevt\s, r1
	bra	save_frame\s
	mov.l	@r1, r0

syscall_nosys\s:
	bra	syscall_done\s
	mov	#-SYSCALL_E_NOSYS, r0

.if \late
/* The task goes on, unless the tick says otherwise on its way out. */
syscall_late\s:
	mov	#0, r2
	save_call_top r2
	save_regs
	mov.l	.Lnext_frame\s, r1
	jsr	@r1
	stc.l	ssr, @-r15
	bra	frame_resume\s
	mov	r0, r15
.endif

/* The scheduler must pick a task (r1: sched_need_resched, cleared for
 * it): the rest of the frame (the result is bank 0's r0 already), then
 * out through kernel_pick_frame(), into the exit below. */
syscall_pick\s:
	mov	#0, r2
	mov.l	r2, @r1
	save_call_top r2
	mov.l	.Lpick_frame\s, r1
	save_regs
	jsr	@r1
	stc.l	ssr, @-r15
	mov	r0, r15
/*
 * In bank 1: r15 the frame to resume.  SR.BL stays clear, as in the
 * rest of the kernel: interrupts are masked and nothing here can fault,
 * so ssr and spc keep what is loaded into them until the rte.
 */
	.global	frame_resume\s
frame_resume\s:
.if \late
	tick_check exit_tick_late\s, \s
.endif
	ldc.l	@r15+, ssr
	ldc.l	@r15+, spc
	ldc.l	@r15+, gbr
	ldc.l	@r15+, r0_bank
	ldc.l	@r15+, r1_bank
	ldc.l	@r15+, r2_bank
	ldc.l	@r15+, r3_bank
	ldc.l	@r15+, r4_bank
	ldc.l	@r15+, r5_bank
	ldc.l	@r15+, r6_bank
	ldc.l	@r15+, r7_bank
	mov.l	@r15+, r8
	mov.l	@r15+, r9
	mov.l	@r15+, r10
	mov.l	@r15+, r11
	mov.l	@r15+, r12
	mov.l	@r15+, r13
	mov.l	@r15+, r14
	lds.l	@r15+, macl
	lds.l	@r15+, mach
	lds.l	@r15+, pr
	mov.l	@r15, r15
	rte
	nop

.if \late
/* The tick expired while the kernel ran: taken here, as an interrupt
 * (board_tick.h), the frame's event word its INTEVT; the scheduler may
 * then resume another frame, whose exit looks at the tick again. */
exit_tick_late\s:
	mov.l	.Ltick_event\s, r0
	mov	r15, r4
	mov	r15, r1
	add	#F_EVENT, r1
	mov.l	.Larch_trap2\s, r2
	jsr	@r2
	mov.l	r0, @r1
	bra	frame_resume\s
	mov	r0, r15
.endif

	.balign 4
.Ltra\s:	.long	SH4_TRA
.Lexpevt\s:	.long	SH4_EXPEVT
.Lsr_syscall\s:	.long	SR_SYSCALL
.Lsched_current\s: .long	sched_current
.Lneed_resched\s: .long	sched_need_resched
.Lpick_frame\s:	.long	kernel_pick_frame
.if \late
.Ltick_tcr\s:	.long	BOARD_TICK_TCR
.Lnext_frame\s:	.long	kernel_next_frame
.Larch_trap2\s:	.long	arch_trap
.Ltick_event\s:	.long	BOARD_TICK_EVENT | 1	/* INTEVT, tagged as at 0x600 */
.endif

	.org	\name + 0x400		/* TLB miss */
	mov.l	2f, r0
	bra	save_frame\s
	mov.l	@r0, r0
	.balign 4
2:	.long	SH4_EXPEVT

	.org	\name + 0x600		/* interrupts: INTEVT, tagged with bit 0 */
	mov.l	3f, r0
	mov.l	@r0, r0
	bra	save_frame\s
	or	#1, r0
	.balign 4
3:	.long	SH4_INTEVT

/* r0 (bank 1) holds the event code: EXPEVT, or INTEVT | 1. */
save_frame\s:
	/* Every task, the privileged ones too, traps onto its kernel stack,
	 * so all take the same path.  The kernel itself never traps: it
	 * runs masked, and a fault in it ends the run.  r15 from SGR, where
	 * the CPU saved it. */
	mov.l	.Lsched_current1\s, r1
	mov.l	@r1, r1
	mov.l	@(TASK_OFF_FRAME, r1), r4
	mov	r4, r15
	add	#FRAME_SIZE, r15
	mov.l	r0, @-r15
	stc.l	sgr, @-r15
	sts.l	pr, @-r15
	sts.l	mach, @-r15
	sts.l	macl, @-r15
	save_regs
	stc.l	ssr, @-r15
	mov.l	.Lsr_syscall1\s, r1
	ldc	r1, sr			/* SR.BL clear, still in bank 1 */
	mov.l	.Larch_trap\s, r1
	jsr	@r1			/* r4: the frame */
	nop
	bra	frame_resume\s
	mov	r0, r15

	.balign 4
.Lsched_current1\s: .long	sched_current
.Lsr_syscall1\s:	.long	SR_SYSCALL
.Larch_trap\s:	.long	arch_trap
.endm

	.section .text.vectors, "ax"
	vectors arch_vectors, _chip, 0
	vectors arch_vectors_late, _late, 1

	.text
/* From C (sched_start), in either bank: r4 the frame to resume, through
 * the exit of the copy VBR holds. */
	.global arch_frame_restore
arch_frame_restore:
	mov	r4, r15
	mov.l	.Lsr_boot, r1
	ldc	r1, sr			/* in bank 1, as every other way in */
	stc	vbr, r0
	mov.l	.Lvectors_late, r1
	cmp/eq	r0, r1
	mov.l	.Lresume_chip, r1
	bf	1f
	mov.l	.Lresume_late, r1
1:	jmp	@r1
	nop

	.balign 4
.Lsr_boot:	.long	SR_SYSCALL
.Lvectors_late:	.long	arch_vectors_late
.Lresume_chip:	.long	frame_resume_chip
.Lresume_late:	.long	frame_resume_late
