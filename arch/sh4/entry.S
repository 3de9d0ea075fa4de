/*
 * SH-4 exception entry and exit.
 *
 * An exception switches to register bank 1 with SR.BL=1; bank 1's r0..r7
 * are our scratch registers here.  The frame (struct arch_frame) is
 * pushed on the current task's kernel stack.  arch_trap() returns the frame to
 * resume, which may be another task's: that is the context switch.
 */
#include "sh4_regs.h"

#define FRAME_SIZE	(23 * 4)
#define SR_KERNEL	(SR_MD | SR_IMASK)
#define SR_EXCEPT	(SR_MD | SR_RB | SR_BL | SR_IMASK)

	.section .text.vectors, "ax"
	.balign 4
	.global arch_vectors
arch_vectors:
	.org	0x100			/* general exceptions, trapa */
	mov.l	1f, r0
	bra	save_frame
	mov.l	@r0, r0
	.balign 4
1:	.long	SH4_EXPEVT

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
	mov.l	.Lkstack_top, r1
	mov.l	@r1, r15
	mov.l	r2, @-r15
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
	sts.l	pr, @-r15
	stc.l	gbr, @-r15
	sts.l	mach, @-r15
	sts.l	macl, @-r15
	stc.l	spc, @-r15
	stc.l	ssr, @-r15
	mov.l	r0, @-r15
	mov.l	.Lsr_kernel, r1
	ldc	r1, sr			/* back to bank 0, still masked */
	mov.l	.Larch_trap, r1
	jsr	@r1
	mov	r15, r4
	mov.l	.Lrestore, r1
	jmp	@r1
	mov	r0, r4

	.text
	.global arch_frame_restore
arch_frame_restore:
	mov	r4, r15
	/* the next entry from user mode lands just above this frame */
	mov	r15, r0
	add	#FRAME_SIZE, r0
	mov.l	.Lkstack_top2, r1
	mov.l	r0, @r1
	mov.l	.Lsr_except, r1
	ldc	r1, sr
	add	#4, r15			/* event */
	ldc.l	@r15+, ssr
	ldc.l	@r15+, spc
	lds.l	@r15+, macl
	lds.l	@r15+, mach
	ldc.l	@r15+, gbr
	lds.l	@r15+, pr
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
	mov.l	@r15, r15
	rte
	nop

	.balign 4
.Lkstack_top2:	.long	arch_kstack_top
.Lsr_except:	.long	SR_EXCEPT

	.section .text.vectors, "ax"
	.balign 4
.Lkstack_top:	.long	arch_kstack_top
.Lsr_kernel:	.long	SR_KERNEL
.Larch_trap:	.long	arch_trap
.Lrestore:	.long	arch_frame_restore

	.bss
	.balign 4
	.global arch_kstack_top
arch_kstack_top:
	.space	4
