/*
 * Calibration bodies for the timing model and the board (include/arch.h,
 * struct arch_calib): each pair of routines runs the same code around
 * two counter reads, the long one `copies` bodies more, so that
 * (long - short) / copies is one body's cost, the reads and the rest of
 * the frame cancelled.
 *
 * The counter: the timing model's est-cycles word when a model runs
 * (arm_counter_model_ptr set), else CCNT (which QEMU counts in
 * instructions).  Both reads take the same instructions either way.
 *
 * Most routines run their bodies twice and keep the second pass: the
 * first brings the code into the I-cache, the data into the D-cache and
 * the branches into the BTB (whose 128 entries, one a word of address,
 * the branch routines stay within).
 */
#include "arm_counter_asm.h"

	.text
	.arm

/* name: the routine; n: its bodies; body, setup, pass: macros run once
 * a body, once before the passes, once a pass after the counter read */
.macro	CALIB name, n, body, setup, pass
	.global	\name
	.balign	32
\name:
	stmfd	sp!, {r4-r11, lr}
	\setup
	mov	r10, #2
1:	COUNT	r11
	\pass
	.rept	\n
	\body
	.endr
	subs	r10, r10, #1
	bne	1b
	COUNT	r0
	sub	r0, r0, r11
	ldmfd	sp!, {r4-r11, pc}
	.ltorg
.endm

.macro	CALIB_PAIR name, short, copies, body, setup=nothing, pass=nothing
	CALIB	calib_\name\()_short, \short, \body, \setup, \pass
	CALIB	calib_\name\()_long, (\short + \copies), \body, \setup, \pass
.endm

.macro	nothing
.endm

/* 1 insn, 1 cycle: a dependent chain */
.macro	b_alu
	add	r1, r1, r1
.endm

/* 2 insns: LDR's result 3 cycles on, so the use stalls 2 */
.macro	b_load_use
	ldr	r1, [r0]
	add	r2, r1, r1
.endm
.macro	s_words
	ldr	r0, =calib_words
	ldr	r1, [r0]
.endm

/* pass 1 falls through (2 insns a body), pass 2 branches (1 insn):
 * each time against the BTB's last outcome */
.macro	p_eq_on_second
	cmp	r10, #1
.endm
.macro	b_mispredict
	beq	2f
	mov	r1, r1
2:
.endm

/* 1 insn: taken, in the BTB from the first pass */
.macro	b_taken
	b	2f
2:
.endm

/* 2 insns: BL predicted, BX never */
.macro	b_leaf
	bl	calib_leaf
.endm

/* 3 insns: GCC's frame around a call, LDM loading the PC */
.macro	b_nonleaf
	bl	calib_nonleaf
.endm

.macro	b_ldm1
	ldmia	r0, {r1}
.endm
.macro	b_ldm4
	ldmia	r0, {r1-r4}
.endm
.macro	b_ldm8
	ldmia	r0, {r1-r8}
.endm
.macro	b_stm1
	stmia	r0, {r1}
.endm
.macro	b_stm4
	stmia	r0, {r1-r4}
.endm
.macro	b_stm8
	stmia	r0, {r1-r8}
.endm

/* 2 insns: Rs = 3 terminates the multiply early (result 2) */
.macro	s_mul
	mov	r2, #3
	mov	r3, #3
.endm
.macro	b_mul_use
	mul	r1, r2, r3
	add	r4, r1, r1
.endm

	CALIB_PAIR alu, 16, 64, b_alu
	CALIB_PAIR load_use, 8, 64, b_load_use, s_words
	CALIB_PAIR mispredict, 8, 48, b_mispredict, nothing, p_eq_on_second
	CALIB_PAIR taken, 8, 64, b_taken
	CALIB_PAIR leaf, 8, 64, b_leaf
	CALIB_PAIR nonleaf, 8, 64, b_nonleaf
	CALIB_PAIR ldm1, 8, 64, b_ldm1, s_words
	CALIB_PAIR ldm4, 8, 64, b_ldm4, s_words
	CALIB_PAIR ldm8, 8, 64, b_ldm8, s_words
	CALIB_PAIR stm1, 8, 64, b_stm1, s_words
	CALIB_PAIR stm4, 8, 64, b_stm4, s_words
	CALIB_PAIR stm8, 8, 64, b_stm8, s_words
	CALIB_PAIR mul_use, 8, 64, b_mul_use, s_mul

	.balign	32
calib_leaf:
	bx	lr
calib_nonleaf:
	stmfd	sp!, {r4, lr}
	ldmfd	sp!, {r4, pc}

/*
 * The data cache: the whole 64 KiB buffer read first leaves its second
 * half in the 32 KiB cache (round-robin per set, nothing else between),
 * so each body, a load 32 bytes on from the buffer's start, misses.
 * 1 insn a body; at most 1024 of them.
 */
.macro	DWALK name, n
	.global	\name
	.balign	32
\name:
	stmfd	sp!, {r4-r11, lr}
	ldr	r0, =calib_buf
	add	r1, r0, #0x10000
1:	ldr	r2, [r0], #32
	cmp	r0, r1
	blo	1b
	ldr	r0, =calib_buf
	COUNT	r11
	.rept	\n
	ldr	r2, [r0], #32
	.endr
	COUNT	r0
	sub	r0, r0, r11
	ldmfd	sp!, {r4-r11, pc}
	.ltorg
.endm

	DWALK	calib_dmiss_short, 32
	DWALK	calib_dmiss_long, (32 + 512)

/*
 * The instruction cache: dropped (with the BTB) before the first read,
 * then straight-line code a line a body (8 insns), the long routine's
 * 33 KiB more than the cache holds.  Privileged: CP15.
 */
.macro	IWALK name, n
	.global	\name
	.balign	32
\name:
	stmfd	sp!, {r4-r11, lr}
	mov	r1, #0
	mcr	p15, 0, r1, c7, c5, 0
	COUNT	r11
	b	3f
	.ltorg			/* the first read's pointer, in reach */
3:	.balign	32
	.rept	\n
	.rept	8
	mov	r1, r1
	.endr
	.endr
	COUNT	r0
	sub	r0, r0, r11
	ldmfd	sp!, {r4-r11, pc}
	.ltorg
.endm

/* arch_icache_evict: the I-cache and the BTB dropped (include/arch.h). */
	.global	arch_icache_evict
arch_icache_evict:
	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0
	bx	lr

	IWALK	calib_imiss_short, 16
	IWALK	calib_imiss_long, (16 + 1040)
