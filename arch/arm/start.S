/*
 * XScale start-up, the image's first byte (linker/arm-pxa270-sdram.ld).
 * Every way in is in SVC mode with the MMU and data cache off, as reset,
 * U-Boot's go and bootm and QEMU leave them:
 *   - reset from flash at 0x0, or a boot loader's go to a copy in flash,
 *     or the image loaded elsewhere in SDRAM: this code runs
 *     position-independent until it has copied the whole image to its
 *     link address, then jumps there;
 *   - loaded at its link address (loadb, loads, bootm, QEMU -kernel):
 *     nothing to copy.
 */
#include "arm_regs.h"

#define MODE(m)	((m) | PSR_I | PSR_F)
/* what a relocating copy moves first: this code and its literals */
#define START_HEAD	256

	.section .text.start, "ax"
	.arm
	.global _start
_start:
	msr	cpsr_c, #MODE(PSR_MODE_SVC)
	/*
	 * A real board arrives here from reset with the core clock at its
	 * power-on default and SDRAM unconfigured: before the copy it must
	 * set the clocks (CCCR, then CLKCFG through CP14) and the SDRAM
	 * (MDCNFG, MDREFR, MDMRS in the memory controller, see
	 * boards/pxa270/pxa270.h) with the board's timings, as U-Boot's
	 * lowlevel_init does: a position-independent board hook called
	 * from here, with no stack.  QEMU's SDRAM needs none of it.
	 */
	mov	r3, #0
	mcr	p15, 0, r3, c7, c5, 0	/* I-cache and BTB: a boot loader may leave them on */
	adr	r0, _start		/* where we run */
	ldr	r1, =__image_start	/* where we are linked */
	ldr	r2, =__image_load_end	/* both 32-byte aligned by the linker script */
	cmp	r0, r1
	beq	in_place
	bhi	above
	/*
	 * Below the link address (flash, or a low load): copy backward, so
	 * an overlap reads every word before it is overwritten.  This code
	 * is never overwritten: the copy lands at least START_HEAD above it.
	 */
	sub	r11, r2, r1
	add	r0, r0, r11
1:	ldmdb	r0!, {r3-r10}
	stmdb	r2!, {r3-r10}
	cmp	r2, r1
	bhi	1b
	b	in_place
	/*
	 * Above it (QEMU's raw -kernel, a load at a higher address): copy
	 * forward, but first this head, then carry on from the head's copy,
	 * which the rest of the copy never reaches.  A load less than a head
	 * above the link address would overwrite this loop as it runs.
	 */
above:	sub	r11, r0, r1
	cmp	r11, #START_HEAD
	blo	.
	add	r11, r1, #START_HEAD
2:	ldmia	r0!, {r3-r10}
	stmia	r1!, {r3-r10}
	cmp	r1, r11
	blo	2b
	mcr	p15, 0, r3, c7, c5, 0	/* the head's copy is new code */
	sub	r11, r1, r0
	add	pc, pc, r11		/* on in the copy, at the next instruction but one */
	nop
3:	ldmia	r0!, {r3-r10}
	stmia	r1!, {r3-r10}
	cmp	r1, r2
	blo	3b
in_place:
	mcr	p15, 0, r3, c7, c5, 0	/* the image's code is new */
	ldr	pc, =in_sdram
	.ltorg
	.org	START_HEAD		/* fails to assemble if the head outgrows it */

	.text
in_sdram:
	/* one small save area per exception mode: entry.S moves to SVC at once */
	msr	cpsr_c, #MODE(PSR_MODE_IRQ)
	ldr	sp, =arch_irq_save_area
	msr	cpsr_c, #MODE(PSR_MODE_ABT)
	ldr	sp, =arch_abt_save_area
	msr	cpsr_c, #MODE(PSR_MODE_UND)
	ldr	sp, =arch_und_save_area
	msr	cpsr_c, #MODE(PSR_MODE_SVC)
	ldr	sp, =__kernel_stack_top

	/* clear .bss: both bounds are 4-byte aligned by the linker script */
	ldr	r1, =__bss_start
	ldr	r2, =__bss_end
	mov	r0, #0
3:	cmp	r1, r2
	strlo	r0, [r1], #4
	blo	3b
	bl	kernel_main
4:	b	4b
