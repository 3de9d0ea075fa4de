/*
 * Counter self-check probes: written in assembly so that exactly the
 * instructions listed run between the two counter reads.  CCNT counts
 * up; under QEMU -icount shift=0 one per instruction.  Read as C reads
 * it (arch_cpu.h): a timing model's word when arm_counter_model_ptr is
 * set, CCNT otherwise.
 */
#include "arm_counter_asm.h"

	.text
	.arm
	.balign	4
	.global arch_counter_probe_empty
arch_counter_probe_empty:
	COUNT	r2
	COUNT	r3
	sub	r0, r3, r2
	bx	lr

	.global arch_counter_probe_seq
arch_counter_probe_seq:
	COUNT	r2
	mov	r1, #10			/* the known sequence: 21 instructions */
1:	subs	r1, r1, #1
	bne	1b
	COUNT	r3
	sub	r0, r3, r2
	bx	lr
	.ltorg
