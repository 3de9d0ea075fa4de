/*
 * Counter self-check probes: written in assembly so that exactly the
 * instructions listed run between the two counter reads.  TMU1 counts
 * down: flipped, its delta is t1 - t0.  The counter is whichever
 * arch_counter_init() or arch_counter_use_model() chose (counter.c),
 * read as C reads it: its register from sh4_counter_reg, flipped by
 * sh4_counter_flip.
 */
#include "sh4_regs.h"

#define COUNTER_ADDR(lbl)	mov.l lbl, r1; mov.l @r1, r1
#define DELTA(t0, t1)	mov.l .Lflip, r5; mov.l @r5, r5; xor r5, t0; xor r5, t1; \
			sub t0, t1; mov t1, r0
#define COUNTER_WORD	sh4_counter_reg

	.text
	.balign 4
	.global arch_counter_probe_empty
arch_counter_probe_empty:
	COUNTER_ADDR(.Lreg1)
	mov.l	@r1, r2
	mov.l	@r1, r3
	DELTA(r2, r3)
	rts
	nop

	.balign 4
	.global arch_counter_probe_seq
arch_counter_probe_seq:
	COUNTER_ADDR(.Lreg2)
	mov.l	@r1, r2
	mov	#10, r4		/* the known sequence: 21 instructions */
1:	dt	r4
	bf	1b
	mov.l	@r1, r3
	DELTA(r2, r3)
	rts
	nop

	.balign 4
.Lreg1:	.long	COUNTER_WORD
.Lreg2:	.long	COUNTER_WORD
.Lflip:	.long	sh4_counter_flip
