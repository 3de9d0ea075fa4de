/*
 * Counter self-check probes: written in assembly so that exactly the
 * instructions listed run between the two counter reads.  The counter
 * (TMU1 under QEMU) counts down; PMCTR1 (HW=1) counts up.
 */
#include "sh4_regs.h"

#ifdef ARCH_COUNTER_HW
#define COUNTER_REG	SH4_PMCTR1L
#define DELTA(t0, t1)	sub t0, t1; mov t1, r0
#else
#define COUNTER_REG	(SH4_TMU + 0x18)	/* TCNT1 */
#define DELTA(t0, t1)	sub t1, t0; mov t0, r0
#endif

	.text
	.balign 4
	.global arch_counter_probe_empty
arch_counter_probe_empty:
	mov.l	.Lreg1, r1
	mov.l	@r1, r2
	mov.l	@r1, r3
	DELTA(r2, r3)
	rts
	nop

	.balign 4
	.global arch_counter_probe_seq
arch_counter_probe_seq:
	mov.l	.Lreg2, r1
	mov.l	@r1, r2
	mov	#10, r4		/* the known sequence: 21 instructions */
1:	dt	r4
	bf	1b
	mov.l	@r1, r3
	DELTA(r2, r3)
	rts
	nop

	.balign 4
.Lreg1:	.long	COUNTER_REG
.Lreg2:	.long	COUNTER_REG
