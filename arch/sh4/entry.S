/*
 * SH-4 exception entry and exit.
 *
 * An exception switches to register bank 1 with SR.BL=1; bank 1's r0..r7
 * are our scratch registers here, bank 0's the interrupted code's.  The
 * frame (struct arch_frame, arch_cpu.h) is pushed on the current task's
 * kernel stack, from the top down.
 *
 * A system call (trapa #ARCH_SYSCALL_TRAP) saves r15, pr, mach and macl
 * only, and runs its handler in bank 1 with SR.BL clear: the task's
 * r0..r7 wait in bank 0 and the C ABI keeps r8..r14, so nothing else
 * needs saving.  When the handler leaves sched_need_resched set, the
 * rest of the frame is filled in and the call leaves through the
 * scheduler, as every interrupt and fault does: arch_trap() or
 * kernel_pick_frame() returns the frame to resume, which may be another
 * task's: that is the context switch.
 *
 * The kernel runs in bank 1 from every entry to the exit (SR.BL clear,
 * masked), so no entry switches banks; kernel code that writes SR must
 * keep RB as it finds it (before the first task, the boot runs in bank
 * 0, and arch_frame_restore moves to bank 1 for the exit).  A
 * task's frame is the top of its kernel stack, so the entry finds the
 * stack from sched_current->frame and the exit has no stack top to
 * record.  The kernel stack's canary is checked on the way out through
 * the scheduler only; a call that returns at once leaves it to the next
 * one (the tick at the latest).
 */
#include "sh4_regs.h"
#include "arch_cpu.h"
#include "kernel_asm.h"
#include "board_tick.h"

#define SR_SYSCALL	(SR_MD | SR_RB | SR_IMASK)
#define EXPEVT_TRAPA	0x160

#if SYSCALL_ENTRY_SHIFT != 4
#error "the dispatch below scales the number by 16"
#endif
#if SYSCALL_COUNT > 127 || SYSCALL_E_NOSYS > 128 || BOARD_TICK_TCR_IDLE > 127
#error "mov #imm takes 8 signed bits"
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

/* From the frame's macl up: what every entry saves first, then back to
 * the task. */
.macro restore_call_regs_rte
	lds.l	@r15+, macl
	lds.l	@r15+, mach
	lds.l	@r15+, pr
	mov.l	@r15, r15
	rte
	nop
.endm

	.section .text.vectors, "ax"
	.balign 4
	.global arch_vectors
arch_vectors:
	.org	0x100			/* general exceptions, trapa */
	mov.l	.Ltra, r1
	mov.l	@(4, r1), r0		/* EXPEVT, just above TRA */
	mov.w	.Lexpevt_trapa, r2
	cmp/eq	r2, r0
	bf	not_syscall
	mov.l	@r1, r2			/* TRA: the immediate << 2 */
	mov.w	.Ltra_syscall, r3
	cmp/eq	r3, r2
	bf	not_syscall		/* another number: a fault for arch_trap */

	/* No event: only arch_trap reads it, of the frame it is given. */
	mov	r15, r2
	mov.l	.Lsched_current, r1
	mov.l	@r1, r1
	mov.l	@(TASK_OFF_FRAME, r1), r15
	add	#F_EVENT, r15
	mov.l	r2, @-r15
	sts.l	pr, @-r15
	sts.l	mach, @-r15
	sts.l	macl, @-r15		/* the handler's stack goes on from here */
	mov.l	.Lsr_syscall, r2
	ldc	r2, sr			/* SR.BL clear: a kernel fault is reported */
	stc	r3_bank, r0		/* the number */
	mov	#SYSCALL_COUNT, r2
	cmp/hs	r2, r0
	bt	syscall_nosys
	mov.l	@(TASK_OFF_SYSCALLS, r1), r1
	shll2	r0
	shll2	r0
	mov.l	@(r0, r1), r1
	stc	r4_bank, r4
	stc	r5_bank, r5
	stc	r6_bank, r6
	jsr	@r1
	stc	r7_bank, r7
syscall_done:
	mov.l	.Lneed_resched, r1
	mov.l	@r1, r2
	tst	r2, r2
	bf/s	syscall_pick
	ldc	r0, r0_bank
	mov.l	.Ltick_tcr, r1		/* a tick that expired meanwhile: the */
	mov.w	@r1, r0			/* scheduler's exit takes it, where */
	cmp/eq	#BOARD_TICK_TCR_IDLE, r0	/* the chip would (board_tick.h) */
	bf	syscall_late
	restore_call_regs_rte

syscall_nosys:
	bra	syscall_done
	mov	#-SYSCALL_E_NOSYS, r0

not_syscall:
	bra	save_frame
	nop

/* From C (sched_start), in either bank: r4 the frame to resume. */
	.global arch_frame_restore
arch_frame_restore:
	mov	r4, r15
	mov.l	.Lsr_syscall, r1
	ldc	r1, sr			/* in bank 1, as every other way in */
	bra	frame_resume
	nop

/* The task goes on, unless the tick says otherwise on its way out. */
syscall_late:
	save_regs
	mov.l	.Lnext_frame, r1
	jsr	@r1
	stc.l	ssr, @-r15
	bra	frame_resume
	mov	r0, r15

/* The scheduler must pick a task (r1: sched_need_resched, cleared for
 * it): the rest of the frame (the result is bank 0's r0 already), then
 * out through kernel_pick_frame(), into the exit below. */
syscall_pick:
	mov	#0, r2
	mov.l	r2, @r1
	mov.l	.Lpick_frame, r1
	save_regs
	jsr	@r1
	stc.l	ssr, @-r15
	mov	r0, r15
/*
 * In bank 1: r15 the frame to resume.  SR.BL stays clear, as in the
 * rest of the kernel: interrupts are masked and nothing here can fault,
 * so ssr and spc keep what is loaded into them until the rte.
 */
frame_resume:
	mov.l	.Ltick_tcr, r1		/* a tick that expired while the kernel */
	mov.w	@r1, r0			/* ran: taken here, where the chip */
	cmp/eq	#BOARD_TICK_TCR_IDLE, r0	/* takes it (board_tick.h) */
	bf	exit_tick_late
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
	restore_call_regs_rte

/* The tick expired while the kernel ran: taken here, as an interrupt
 * (board_tick.h), the frame's event word its INTEVT; the scheduler may
 * then resume another frame, whose exit looks at the tick again. */
exit_tick_late:
	mov.l	.Ltick_event, r0
	mov	r15, r4
	mov	r15, r1
	add	#F_EVENT, r1
	mov.l	.Larch_trap2, r2
	jsr	@r2
	mov.l	r0, @r1
	bra	frame_resume
	mov	r0, r15

	.balign 4
.Ltra:		.long	SH4_TRA
.Lsr_syscall:	.long	SR_SYSCALL
.Lsched_current: .long	sched_current
.Lneed_resched:	.long	sched_need_resched
.Ltick_tcr:	.long	BOARD_TICK_TCR
.Lpick_frame:	.long	kernel_pick_frame
.Lnext_frame:	.long	kernel_next_frame
.Larch_trap2:	.long	arch_trap
.Ltick_event:	.long	BOARD_TICK_EVENT | 1	/* INTEVT, tagged as at 0x600 */
.Lexpevt_trapa:	.word	EXPEVT_TRAPA
.Ltra_syscall:	.word	ARCH_SYSCALL_TRAP << 2

	.org	0x400			/* TLB miss */
	mov.l	2f, r0
	bra	save_frame
	mov.l	@r0, r0
	.balign 4
2:	.long	SH4_EXPEVT

	.org	0x600			/* interrupts: INTEVT, tagged with bit 0 */
	mov.l	3f, r0
	mov.l	@r0, r0
	bra	save_frame
	or	#1, r0
	.balign 4
3:	.long	SH4_INTEVT

/* r0 (bank 1) holds the event code: EXPEVT, or INTEVT | 1. */
save_frame:
	/* Every task, the privileged ones too, traps onto its kernel stack,
	 * so all take the same path.  The kernel itself never traps: it
	 * runs masked, and a fault in it ends the run. */
	mov	r15, r2
	mov.l	.Lsched_current1, r1
	mov.l	@r1, r1
	mov.l	@(TASK_OFF_FRAME, r1), r4
	mov	r4, r15
	add	#FRAME_SIZE, r15
	mov.l	r0, @-r15
	mov.l	r2, @-r15
	sts.l	pr, @-r15
	sts.l	mach, @-r15
	sts.l	macl, @-r15
	save_regs
	stc.l	ssr, @-r15
	mov.l	.Lsr_syscall1, r1
	ldc	r1, sr			/* SR.BL clear, still in bank 1 */
	mov.l	.Larch_trap, r1
	jsr	@r1			/* r4: the frame */
	nop
	bra	frame_resume
	mov	r0, r15

	.balign 4
.Lsched_current1: .long	sched_current
.Lsr_syscall1:	.long	SR_SYSCALL
.Larch_trap:	.long	arch_trap
