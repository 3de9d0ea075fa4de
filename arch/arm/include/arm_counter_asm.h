/*
 * The counter in assembly, read as arch_counter_read() reads it
 * (arch_cpu.h): a timing model's est-cycles word when
 * arm_counter_model_ptr is set, CCNT otherwise, in the same
 * instructions either way.  rd = the counter; clobbers the flags.
 */
#ifndef ARM_COUNTER_ASM_H
#define ARM_COUNTER_ASM_H

.macro	COUNT rd
	ldr	\rd, =arm_counter_model_ptr
	ldr	\rd, [\rd]
	cmp	\rd, #0
	ldrne	\rd, [\rd]
	mrceq	p14, 0, \rd, c1, c1, 0
.endm

#endif
