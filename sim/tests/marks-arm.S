/*
 * A guest for the marked windows' test (tests/marks-test.py): on QEMU's
 * mainstone, loaded by -kernel (an ELF) at its link address in SDRAM,
 * MMU off.  It runs its windows at marks_lo (the test's marks= range),
 * with the windows' instructions counted by hand beside each, then ends
 * QEMU through semihosting.  Marks before marks_lo are outside the
 * range and must open nothing; a stray stop and a start inside a window
 * are unmatched.
 */
#include "window_marks.h"

	.text
	.arm
	.global	_start
_start:
	WINDOW_MARK_ARM_START_INSN	/* outside the range: nothing */
	nop
	WINDOW_MARK_ARM_STOP_INSN
	b	marks_lo

	.org	0x1000
	.global	marks_lo
marks_lo:
	/* window 0: the mark and 8 nops = 9 */
	WINDOW_MARK_ARM_START_INSN
	.rept	8
	nop
	.endr
	WINDOW_MARK_ARM_STOP_INSN

	/* window 1: the mark and 100 turns of subs, bne = 201 */
	mov	r2, #100
	WINDOW_MARK_ARM_START_INSN
1:	subs	r2, r2, #1
	bne	1b
	WINDOW_MARK_ARM_STOP_INSN

	/* window 2: the mark and 4 loads of RAM = 5 */
	ldr	r4, =data
	WINDOW_MARK_ARM_START_INSN
	ldr	r5, [r4]
	ldr	r5, [r4, #4]
	ldr	r5, [r4, #32]
	ldr	r5, [r4, #60]
	WINDOW_MARK_ARM_STOP_INSN

	WINDOW_MARK_ARM_STOP_INSN	/* unmatched: no window open */

	/* window 3: the mark and a start inside it (unmatched) = 2 */
	WINDOW_MARK_ARM_START_INSN
	WINDOW_MARK_ARM_START_INSN
	WINDOW_MARK_ARM_STOP_INSN

	/* semihosting SYS_EXIT, ADP_Stopped_ApplicationExit: status 0 */
	mov	r0, #0x18
	ldr	r1, =0x20026
	svc	0x123456
2:	b	2b
	.ltorg
	.balign	32
data:	.fill	32, 4, 0x5a5a5a5a
	.global	marks_hi
marks_hi:
