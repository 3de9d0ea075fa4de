/*
 * XScale exception vectors, entry and exit.
 *
 * The table is copied at boot to the first bytes of SDRAM (the image
 * itself starts 32 KiB higher, past what boot loaders write there), and
 * the MMU maps virtual 0 onto that section, so the CPU finds it there
 * (arch/arm/mmu.c).  Its entries load absolute addresses: a relative
 * branch would land wherever the copy put it.
 *
 * Every exception ends up in SVC mode and builds one struct arch_frame
 * on the SVC stack.  The last exit left that stack just above the frame
 * it restored, the top of the current task's kernel stack, so every task,
 * privileged (SYS mode) or not, traps onto its own kernel stack.  The
 * kernel itself runs masked and never traps but by a fault, which ends
 * the run; its frame then lands below the kernel's stack pointer, and
 * lr_svc and spsr_svc are lost, which is fine for the report.
 *
 * IRQ, abort and undefined entries pass their lr and spsr to SVC through
 * a three-word save area per mode.  arch_trap() returns the frame to
 * resume, which may be another task's: that is the context switch.
 */
#include "arm_regs.h"

#define F_EVENT		0
#define F_SPSR		4
#define F_R0		8
#define F_SP		60
#define F_PC		68
#define FRAME_SIZE	72	/* a multiple of 8: keeps the C stack aligned */

#define SVC_MASKED	(PSR_MODE_SVC | PSR_I | PSR_F)

	.section .text.vectors, "ax"
	.arm
	.global arch_vectors, arch_vectors_end
arch_vectors:
	ldr	pc, .Lreset		/* reset: start.S */
	ldr	pc, .Lund
	ldr	pc, .Lswi
	ldr	pc, .Lpabt
	ldr	pc, .Ldabt
	b	.			/* reserved */
	ldr	pc, .Lirq
	b	.			/* FIQ: never unmasked */
.Lreset: .word	_start
.Lund:	.word	vec_und
.Lswi:	.word	vec_swi
.Lpabt:	.word	vec_pabt
.Ldabt:	.word	vec_dabt
.Lirq:	.word	vec_irq
arch_vectors_end:

/* In SVC mode with lr = resume address and spsr = interrupted CPSR;
 * every other register still the interrupted code's. */
	.macro	SAVE_FRAME event
	sub	sp, sp, #FRAME_SIZE
	str	lr, [sp, #F_PC]
	add	lr, sp, #F_R0
	stmia	lr, {r0-r12}
	add	r0, sp, #F_SP
	stmia	r0, {sp, lr}^		/* USR/SYS sp and lr */
	nop
	mov	r0, #\event
	mrs	r1, spsr
	stmia	sp, {r0, r1}		/* event, spsr */
	b	trap_call
	.endm

/* In exception mode M: hand lr (already adjusted) and spsr over to SVC. */
	.macro	TO_SVC
	stmia	sp, {r0, lr}
	mrs	lr, spsr
	str	lr, [sp, #8]
	mov	r0, sp
	msr	cpsr_c, #SVC_MASKED
	ldr	lr, [r0, #8]
	msr	spsr_cxsf, lr
	ldr	lr, [r0, #4]
	ldr	r0, [r0]
	.endm

	.text
	.arm
vec_swi:
	SAVE_FRAME ARM_EV_SWI

vec_irq:
	sub	lr, lr, #4		/* the interrupted instruction */
	TO_SVC
	SAVE_FRAME ARM_EV_IRQ

vec_dabt:
	sub	lr, lr, #8		/* the aborted load or store */
	TO_SVC
	SAVE_FRAME ARM_EV_DABT

vec_pabt:
	sub	lr, lr, #4
	TO_SVC
	SAVE_FRAME ARM_EV_PABT

vec_und:
	sub	lr, lr, #4		/* the undefined instruction */
	TO_SVC
	SAVE_FRAME ARM_EV_UND

trap_call:
	mov	r0, sp
	bl	arch_trap
	/* fall through with the frame to resume */

/* Leave the kernel through frame r0; SVC sp ends just above it. */
	.global arch_frame_restore
arch_frame_restore:
	mov	sp, r0
	ldr	r1, [sp, #F_SPSR]
	msr	spsr_cxsf, r1
	add	r1, sp, #F_SP
	ldmia	r1, {sp, lr}^
	nop
	ldr	lr, [sp, #F_PC]
	add	sp, sp, #F_R0
	ldmia	sp!, {r0-r12}
	add	sp, sp, #(FRAME_SIZE - F_SP)
	movs	pc, lr

	.bss
	.balign	4
	.global arch_irq_save_area, arch_abt_save_area, arch_und_save_area
arch_irq_save_area:	.space	12
arch_abt_save_area:	.space	12
arch_und_save_area:	.space	12
