/*
 * A guest for the marked windows' test (tests/marks-test.py): on QEMU's
 * r2d, loaded by -kernel at physical 0x0c800000 and started in P2.  It
 * runs its windows from P1 at marks_lo (the test's marks= range), with
 * the windows' instructions counted by hand beside each, then powers
 * the board off.  Marks before marks_lo are outside the range and must
 * open nothing; a stray stop and a start inside a window are unmatched.
 */
#include "window_marks.h"

	.text
	.global	_start
_start:
	mov.l	.Lp1, r0
	jmp	@r0		/* on in P1, cached */
	nop
	.balign	4
.Lp1:	.long	outside

outside:
	WINDOW_MARK_SH4_START_INSN	/* outside the range: nothing */
	nop
	WINDOW_MARK_SH4_STOP_INSN
	mov.l	.Lin, r0
	jmp	@r0
	nop
	.balign	4
.Lin:	.long	marks_lo

	.org	0x1000
	.global	marks_lo
marks_lo:
	/* window 0: the mark and 8 nops = 9 */
	WINDOW_MARK_SH4_START_INSN
	.rept	8
	nop
	.endr
	WINDOW_MARK_SH4_STOP_INSN

	/* window 1: the mark and 100 turns of dt, bf = 201 */
	mov	#100, r2
	WINDOW_MARK_SH4_START_INSN
1:	dt	r2
	bf	1b
	WINDOW_MARK_SH4_STOP_INSN

	/* window 2: the mark and 4 loads of RAM through P1 = 5 */
	mov.l	.Ldata, r4
	WINDOW_MARK_SH4_START_INSN
	mov.l	@r4, r5
	mov.l	@(4, r4), r5
	mov.l	@(32, r4), r5
	mov.l	@(60, r4), r5
	WINDOW_MARK_SH4_STOP_INSN

	WINDOW_MARK_SH4_STOP_INSN	/* unmatched: no window open */

	/* window 3: the mark and a start inside it (unmatched) = 2 */
	WINDOW_MARK_SH4_START_INSN
	WINDOW_MARK_SH4_START_INSN
	WINDOW_MARK_SH4_STOP_INSN

	/* the R2D FPGA's power-off register: QEMU exits with status 0 */
	mov.l	.Loff, r1
	mov	#1, r0
	mov.w	r0, @r1
2:	bra	2b
	nop
	.balign	4
.Ldata:	.long	data
.Loff:	.long	0xa4000030
	.balign	32
data:	.fill	32, 4, 0x5a5a5a5a
	.global	marks_hi
marks_hi:
