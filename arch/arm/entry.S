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
 * on the SVC stack.  The last exit left that stack on the pad word of
 * the frame it restored, at the top of the current task's kernel stack,
 * so every task,
 * privileged (SYS mode) or not, traps onto its own kernel stack.  The
 * kernel itself runs masked and never traps but by a fault, which ends
 * the run; its frame then lands below the kernel's stack pointer, and
 * lr_svc and spsr_svc are lost, which is fine for the report.
 *
 * IRQ, abort and undefined entries pass their lr and spsr to SVC through
 * a three-word save area per mode.  Each saves the whole frame
 * (struct arch_frame, arch_cpu.h) and calls arch_trap(), which returns
 * the frame to resume, which may be another task's: that is the context
 * switch.
 *
 * A system call is any swi, ARM or Thumb, whatever its immediate: the
 * number is in r7 (arch_cpu.h), so the entry never reads task memory
 * for it, and a number past the table is -E_NOSYS.  It saves r1-r3, r12
 * and the return address only, the five words under the frame's pad,
 * and calls its handler from the task's table with the arguments still
 * in r0-r3: the C ABI keeps r4-r11, the task's sp and lr are banked
 * away, and r0 comes back as the result.  The frame needs no recording:
 * it is always the top of the task's kernel stack, where
 * sched_current->frame already points.  Unless the handler leaves
 * sched_need_resched set, it returns at once; otherwise the result goes
 * into the frame's r0, the rest of the frame is stored and the call
 * leaves through kernel_pick_frame(), the flag cleared.  A restart
 * (arch_syscall_restart) needs nothing of r0 but what the handler
 * returns.
 *
 * The frame's last word is a pad (arch_cpu.h): between traps SVC sp
 * rests on it, 4 below the stack's top, so that the five words the
 * system call pushes leave sp 8-aligned for the handler; the other ways
 * in push six and step 4 further down, below the frame, for C.
 */
#include "arm_regs.h"
#include "arch_cpu.h"
#include "kernel_asm.h"

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
	stmdb	sp!, {r0-r3, r12, lr}
	sub	sp, sp, #(F_R0 + 4)
	mov	r0, #\event
	ldr	r1, .Larch_trap
	b	save_rest
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
	stmdb	sp!, {r1-r3, r12, lr}	/* the frame's r1..pc */
	ldr	r12, .Lsched_current
	ldr	r12, [r12]
	ldr	r12, [r12, #TASK_OFF_SYSCALLS]
	cmp	r7, #SYSCALL_COUNT
	bhs	swi_nosys
	ldr	r12, [r12, r7, lsl #SYSCALL_ENTRY_SHIFT]
	blx	r12
swi_done:
	ldr	r2, .Lneed_resched
	ldr	r1, [r2]
	teq	r1, #0
	bne	swi_full
	ldmia	sp!, {r1-r3, r12, pc}^

swi_nosys:
	mvn	r0, #(SYSCALL_E_NOSYS - 1)
	b	swi_done

/* The scheduler must pick a task: sched_need_resched cleared here (r2
 * its address), the result as the frame's r0, the rest of the frame,
 * then out through kernel_pick_frame(). */
swi_full:
	mov	r1, #0
	str	r1, [r2]
	str	r0, [sp, #-4]!
	sub	sp, sp, #(F_R0 + 4)
	mov	r0, #ARM_EV_SWI
	ldr	r1, .Lpick_frame
	b	save_rest

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

/* sp a word below the frame, with r0-r3, r12 and pc stored, r0 the
 * event, r1 the C function that takes the frame and returns the one to
 * resume. */
save_rest:
	add	r2, sp, #(F_R4 + 4)
	stmia	r2, {r4-r11, sp, lr}^	/* sp and lr: USR/SYS */
	nop
	mrs	r2, spsr
	stmib	sp, {r0, r2}		/* event, spsr */
	add	r0, sp, #4
	blx	r1
	/* fall through with the frame to resume */

/* Leave the kernel through frame r0; SVC sp ends on its pad word. */
	.global arch_frame_restore
arch_frame_restore:
	mov	sp, r0
	ldr	r1, [sp, #F_SPSR]
	msr	spsr_cxsf, r1
	add	r1, sp, #F_R4
	ldmia	r1, {r4-r11, sp, lr}^
	nop
	add	sp, sp, #F_R0
	ldmia	sp!, {r0-r3, r12, pc}^

.Lsched_current: .word	sched_current
.Lneed_resched:	.word	sched_need_resched
.Lpick_frame:	.word	kernel_pick_frame
.Larch_trap:	.word	arch_trap

	.bss
	.balign	4
	.global arch_irq_save_area, arch_abt_save_area, arch_und_save_area
arch_irq_save_area:	.space	12
arch_abt_save_area:	.space	12
arch_und_save_area:	.space	12
