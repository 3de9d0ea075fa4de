/*
 * SH-4 start-up, the image's first bytes.  QEMU's -kernel enters at P2
 * (0xAC800000) with SR.BL=1; U-Boot's go and bootm enter at P1, perhaps
 * with the caches on and our image still partly in dirty operand-cache
 * lines.  The cache control register may only be written from P2, so we
 * go there first, write back and drop every operand-cache line, turn
 * the caches on in enhanced mode (two-way, 32 KiB operand cache, as
 * Linux runs the SH7751R: arch/sh/kernel/cpu/init.c), then jump to the
 * P1 link address with a stack and a clean .bss.  U-Boot's bootm writes
 * the kernel command line 0x100 bytes in: this code must end before it
 * (linker/sh4-p1.ld).
 */
#include "sh4_regs.h"

	.section .text.start, "ax"
	.global _start
_start:
	mov.l	.Lsr_boot, r0
	ldc	r0, sr			/* MD=1 RB=0 BL=1 IMASK=15 */
	mova	.Lin_p2, r0
	mov.l	.Lphys_mask, r1
	and	r1, r0
	mov.l	.Lp2_base, r1
	or	r1, r0
	jmp	@r0
	nop

	.balign 4
.Lin_p2:
	mov.l	.Loc_addr, r1		/* write 0 to each line's address-array entry */
	mov.l	.Loc_lines, r2
	mov	#0, r0
1:	mov.l	r0, @r1
	dt	r2
	bf/s	1b
	add	#32, r1
	mov.l	.Lccr, r1
	mov.l	.Lccr_on, r0
	mov.l	r0, @r1
	/* CCR changes take effect after 8 instructions (SH-4 manual 4.3) */
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	mov.l	.Lstack_top, r15
	mov.l	.Lin_p1, r0
	jmp	@r0
	nop

	.balign 4
.Lsr_boot:	.long	SR_MD | SR_BL | SR_IMASK
.Lphys_mask:	.long	0x1FFFFFFF
.Lp2_base:	.long	0xA0000000
.Lccr:		.long	SH4_CCR
.Lccr_on:	.long	CCR_EMODE | CCR_ICI | CCR_ICE | CCR_OCI | CCR_CB | CCR_OCE
.Loc_addr:	.long	SH4_OC_ADDR
.Loc_lines:	.long	OC_LINES
.Lstack_top:	.long	__kernel_stack_top
.Lin_p1:	.long	start_p1

	.text
start_p1:
	/* clear .bss: both bounds are 4-byte aligned by the linker script */
	mov.l	.Lbss_start, r1
	mov.l	.Lbss_end, r2
	mov	#0, r0
1:	cmp/hs	r2, r1
	bt	2f
	mov.l	r0, @r1
	bra	1b
	add	#4, r1
2:	mov.l	.Lkernel_main, r0
	jsr	@r0
	nop
3:	bra	3b
	nop

	.balign 4
.Lbss_start:	.long	__bss_start
.Lbss_end:	.long	__bss_end
.Lkernel_main:	.long	kernel_main
