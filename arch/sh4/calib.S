/*
 * Timing-model calibration routines (calib.c lists them).  Each returns
 * the counter's advance over a window of bodies, read as counter.S reads
 * it: the register from sh4_counter_reg, flipped by sh4_counter_flip.
 * The window runs twice and the second pass is the one kept, so that
 * the caches hold its code and data; the long routine of a pair has
 * CALIB_COPIES more bodies than the short one and nothing else differs.
 * Bodies use r0 and r3-r7 only; r1 holds the counter, r2 the start.
 */
#include "sh4_calib.h"

	.text

.macro CALIB_ENTER name
	.balign 4
	.global \name
\name:
	sts.l	pr, @-r15
	mov.l	.Lreg_\name, r1
	mov.l	@r1, r1
.endm

/* The delta of the window that ended with r3, then the literal pool. */
.macro CALIB_DONE name, arg
	mov.l	.Lflip_\name, r5
	mov.l	@r5, r5
	xor	r5, r2
	xor	r5, r3
	sub	r2, r3
	mov	r3, r0
	lds.l	@r15+, pr
	rts
	nop
	.balign 4
.Lreg_\name:	.long	sh4_counter_reg
.Lflip_\name:	.long	sh4_counter_flip
.Larg_\name:	.long	\arg
.endm

/* setup and body name macros: each pair defines <name>_setup, <name>_body. */
.macro CALIB_ROUTINE name, reps, arg, setup, body
	CALIB_ENTER \name
	\setup \name
	mov	#2, r7
1:	mov.l	@r1, r2
	.rept	\reps
	\body
	.endr
	mov.l	@r1, r3
	dt	r7
	bt	2f
	bra	1b
	nop
2:	CALIB_DONE \name, \arg
.endm

.macro CALIB_PAIR name, arg
	CALIB_ROUTINE \name\()_short, CALIB_BASE, \arg, \name\()_setup, \name\()_body
	CALIB_ROUTINE \name\()_long, (CALIB_BASE + CALIB_COPIES), \arg, \name\()_setup, \name\()_body
.endm

.macro arg_setup routine
	mov.l	.Larg_\routine, r4
.endm

/* A dependent chain: each add waits for the one before (EX, latency 1). */
.macro calib_alu_setup routine
	mov #1, r4
.endm
.macro calib_alu_body
	add r4, r4
.endm
	CALIB_PAIR calib_alu, 0

/* MT + EX: a pair issues in one cycle. */
.macro calib_dual_setup routine
	mov #1, r4
	mov #0, r6
.endm
.macro calib_dual_body
	mov r4, r5
	add #1, r6
.endm
	CALIB_PAIR calib_dual, 0

/* A pointer chase: each load's address is the load before it. */
.macro calib_load_setup routine
	arg_setup \routine
.endm
.macro calib_load_body
	mov.l @r4, r4
.endm
	CALIB_PAIR calib_load, calib_self

/* T producer, consumer, taken: cmp/eq sets T, bt skips two nops (a
 * displacement of 0 would be the short case sh4.md notes). */
.macro calib_tbit_setup routine
	mov #1, r4
.endm
.macro calib_tbit_body
	cmp/eq r4, r4
	bt 3f
	nop
	nop
3:
.endm
	CALIB_PAIR calib_tbit, 0

/* A multiply and the read of its result. */
.macro calib_mul_setup routine
	mov #3, r4
	mov #5, r5
.endm
.macro calib_mul_body
	mul.l r4, r5
	sts macl, r6
.endm
	CALIB_PAIR calib_mul, 0

/* Calls: a leaf, and a non-leaf's prologue and epilogue as GCC emits them. */
	.balign 4
calib_leaf:
	rts
	nop
calib_nonleaf:
	sts.l	pr, @-r15
	lds.l	@r15+, pr
	rts
	nop

.macro calib_bsr_setup routine
.endm
.macro calib_bsr_body
	bsr calib_leaf
	nop
.endm
	CALIB_PAIR calib_bsr, 0
.macro calib_bsr_frame_setup routine
.endm
.macro calib_bsr_frame_body
	bsr calib_nonleaf
	nop
.endm
	CALIB_PAIR calib_bsr_frame, 0
.macro calib_jsr_setup routine
	arg_setup \routine
.endm
.macro calib_jsr_body
	jsr @r4
	nop
.endm
	CALIB_PAIR calib_jsr, calib_leaf

/* The operand-cache walk: r4 (the argument) walks at one line a body;
 * calib.c moves the start on so that every line is cold. */
.macro calib_stride_setup routine
	mov #CALIB_STRIDE, r6
.endm
.macro calib_stride_body
	mov.l @r4, r5
	add r6, r4
.endm
	CALIB_PAIR calib_stride, 0

/* The I-cache chain: one branch a line, longer than three ways' worth
 * of the cache on the short path, so that LRU keeps none of it.  One
 * pass only: a second would find it no warmer. */
.macro CALIB_IC name, entry
	CALIB_ENTER \name
	mova	8f, r0
	mov	r0, r6
	mov.l	.Larg_\name, r5
	mov.l	@r1, r2
	jmp	@r5
	nop
	.balign 4
8:	mov.l	@r1, r3
	CALIB_DONE \name, \entry
.endm

	CALIB_IC calib_icache_short, (calib_ic_chain + CALIB_COPIES * 32)
	CALIB_IC calib_icache_long, calib_ic_chain

	.balign 32
calib_ic_chain:
	.rept	CALIB_COPIES + CALIB_IC_BASE
9:	bra	9f
	nop
	.skip	28
	.endr
9:	jmp	@r6
	nop

/* arch_icache_evict: the chain from its start, which evicts every line
 * of the I-cache (include/arch.h). */
	.global	arch_icache_evict
	.balign	4
arch_icache_evict:
	mova	1f, r0
	mov	r0, r6
	mov.l	.Lchain_start, r5
	jmp	@r5
	nop
	.balign	4
1:	rts
	nop
	.balign	4
.Lchain_start:
	.long	calib_ic_chain

