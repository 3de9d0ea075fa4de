/*
 * XScale start-up.  The image is linked to run from SDRAM at 0xA0000000
 * and begins with the vector table, whose reset entry branches here.
 * Two ways in, both in SVC mode with the MMU and caches off:
 *   - reset from flash at 0x0 (Verdex; Mainstone with a flash bank):
 *     this code runs position-independent until it has copied the whole
 *     image to SDRAM, then jumps to its link address;
 *   - QEMU -kernel X.elf (Mainstone): already in place, nothing to copy.
 */
#include "arm_regs.h"

#define MODE(m)	((m) | PSR_I | PSR_F)

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
	bl	board_lowlevel_init
	adr	r0, _start		/* where we run */
	ldr	r1, =_start		/* where we are linked */
	subs	r2, r1, r0
	beq	2f
	ldr	r1, =arch_vectors	/* the image's first byte: copy to here */
	sub	r0, r1, r2		/* from its run address */
	ldr	r2, =__image_load_end	/* 32-byte aligned by the linker script */
1:	ldmia	r0!, {r3-r10}
	stmia	r1!, {r3-r10}
	cmp	r1, r2
	blo	1b
2:	ldr	pc, =in_sdram
	.ltorg

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
