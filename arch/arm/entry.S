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
 * a three-word save area per mode.  Each saves the whole frame
 * (struct arch_frame, arch_cpu.h) and calls arch_trap(), which returns
 * the frame to resume, which may be another task's: that is the context
 * switch.
 *
 * A system call (swi #ARCH_SYSCALL_SWI, in ARM state) saves r0-r3, r12
 * and its return address only, and calls its handler from the task's table with the
 * arguments still in r0-r3: the C ABI keeps r4-r11, and the task's sp
 * and lr are banked away.  Unless the handler leaves sched_need_resched
 * set, it returns at once; otherwise the rest of the frame is stored and
 * the call leaves through kernel_next_frame().  The kernel stack's
 * canary is checked on that way out only; a call that returns at once
 * leaves it to the next one (the tick at the latest).
 *
 * The immediate is the one word of task memory the entry reads, and it
 * reads it in kernel mode, outside the user-access path: only in ARM
 * state, where the swi was the 4-byte-aligned word at lr - 4, just
 * fetched through the task's own view with IRQs masked since.  A fetch
 * needs the task's read permission (ARMv5 has no execute-only page, and
 * AP is per 1 KiB subpage, which holds the whole word), so the kernel's
 * read of it cannot fault; nor can the data TLB see another picture
 * than the instruction TLB did, as every change of a view drops both
 * (arch/arm/mmu.c).  A task that rewrote the word, its data cache
 * holding what the instruction side never fetched, decides only its own
 * call: a system call or a kill.  A Thumb swi is 2 bytes at lr - 2: lr - 4
 * may be in the page below, unmapped (the guard under a stack), and
 * would decode another halfword, so SPSR.T alone sends it to swi_other,
 * and arch_trap kills the task as for any other swi.
 */
#include "arm_regs.h"
#include "arch_cpu.h"
#include "kernel_asm.h"

#define SVC_MASKED	(PSR_MODE_SVC | PSR_I | PSR_F)

#if ARCH_SYSCALL_SWI != 0
#error "vec_swi tests the immediate for zero"
#endif

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
	sub	sp, sp, #F_R0
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
	stmdb	sp!, {r0-r3, r12, lr}
	sub	sp, sp, #F_R0
	mrs	r12, spsr
	tst	r12, #PSR_T		/* Thumb: refused, never decoded */
	ldreq	r12, [lr, #-4]
	biceqs	r12, r12, #0xFF000000	/* the immediate */
	bne	swi_other
	ldr	r12, .Lsched_current
	ldr	r12, [r12]
	str	sp, [r12, #TASK_OFF_FRAME]	/* kernel_save_frame */
	ldr	r12, [r12, #TASK_OFF_SYSCALLS]
	cmp	r7, #SYSCALL_COUNT
	bhs	swi_nosys
	ldr	r12, [r12, r7, lsl #SYSCALL_ENTRY_SHIFT]
	blx	r12
swi_done:
	ldr	r1, .Lneed_resched
	ldr	r1, [r1]
	teq	r1, #0
	bne	swi_full
	add	sp, sp, #(F_R0 + 4)
	ldmia	sp!, {r1-r3, r12, pc}^

swi_nosys:
	mvn	r0, #(SYSCALL_E_NOSYS - 1)
	b	swi_done

/* The scheduler must pick a task: the result as the frame's r0, the
 * rest of the frame, then out through kernel_next_frame(). */
swi_full:
	str	r0, [sp, #F_R0]
	mov	r0, #ARM_EV_SWI
	ldr	r1, .Lnext_frame
	b	save_rest

swi_other:
	mov	r0, #ARM_EV_SWI
	ldr	r1, .Larch_trap
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

/* sp at the frame with r0-r3, r12 and pc stored, r0 the event, r1
 * the C function that takes the frame and returns the one to resume. */
save_rest:
	add	r2, sp, #F_R4
	stmia	r2, {r4-r11, sp, lr}^	/* sp and lr: USR/SYS */
	nop
	mrs	r2, spsr
	stmia	sp, {r0, r2}		/* event, spsr */
	mov	r0, sp
	blx	r1
	/* fall through with the frame to resume */

/* Leave the kernel through frame r0; SVC sp ends just above it. */
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
.Lnext_frame:	.word	kernel_next_frame
.Larch_trap:	.word	arch_trap

	.bss
	.balign	4
	.global arch_irq_save_area, arch_abt_save_area, arch_und_save_area
arch_irq_save_area:	.space	12
arch_abt_save_area:	.space	12
arch_und_save_area:	.space	12
