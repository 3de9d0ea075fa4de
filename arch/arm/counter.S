/*
 * Counter self-check probes: written in assembly so that exactly the
 * instructions listed run between the two counter reads.  CCNT counts
 * up; under QEMU -icount shift=0 one per instruction.
 */
	.text
	.arm
	.balign	4
	.global arch_counter_probe_empty
arch_counter_probe_empty:
	mrc	p14, 0, r2, c1, c1, 0
	mrc	p14, 0, r3, c1, c1, 0
	sub	r0, r3, r2
	bx	lr

	.global arch_counter_probe_seq
arch_counter_probe_seq:
	mrc	p14, 0, r2, c1, c1, 0
	mov	r1, #10			/* the known sequence: 21 instructions */
1:	subs	r1, r1, #1
	bne	1b
	mrc	p14, 0, r3, c1, c1, 0
	sub	r0, r3, r2
	bx	lr
