/*
 * memset(p, 0, n) for the selinux07 models as Linux 2.6.22 built them
 * (include/sel07_string.h): asm-arm/string.h made it a call of
 * __memzero (arch/arm/lib/memzero.S); this routine has its shape: align
 * the pointer, then four words per stm, 64 bytes an iteration, then what
 * the low bits of n leave.  Named apart from the kernel's own.
 */
	.text

/* void sel07_memzero(void *p, size_t n): r0, r1. */
	.balign	32
.Lmz_align:			@ r3: bytes p is past a word boundary
	subs	r1, r1, #4
	blt	.Lmz_bytes	@ too few to bother: bytes
	cmp	r3, #2
	strltb	r2, [r0], #1
	strleb	r2, [r0], #1
	strb	r2, [r0], #1
	add	r1, r1, r3	@ n less the (4 - r3) bytes stored
	.global	sel07_memzero
	.type	sel07_memzero, %function
sel07_memzero:
	mov	r2, #0
	ands	r3, r0, #3
	bne	.Lmz_align
	cmp	r1, #16
	blt	.Lmz_words
	str	lr, [sp, #-4]!	@ lr is the fourth zero register
	mov	ip, r2
	mov	lr, r2
.Lmz_64:
	subs	r1, r1, #64
	stmgeia	r0!, {r2, r3, ip, lr}
	stmgeia	r0!, {r2, r3, ip, lr}
	stmgeia	r0!, {r2, r3, ip, lr}
	stmgeia	r0!, {r2, r3, ip, lr}
	bgt	.Lmz_64
	ldmeqfd	sp!, {pc}	@ a multiple of 64: done
	tst	r1, #32		@ n's low bits survive the subtractions
	stmneia	r0!, {r2, r3, ip, lr}
	stmneia	r0!, {r2, r3, ip, lr}
	tst	r1, #16
	stmneia	r0!, {r2, r3, ip, lr}
	ldr	lr, [sp], #4
.Lmz_words:
	tst	r1, #8
	stmneia	r0!, {r2, r3}
	tst	r1, #4
	strne	r2, [r0], #4
.Lmz_bytes:
	tst	r1, #2
	strneb	r2, [r0], #1
	strneb	r2, [r0], #1
	tst	r1, #1
	strneb	r2, [r0], #1
	mov	pc, lr
	.size	sel07_memzero, . - sel07_memzero
