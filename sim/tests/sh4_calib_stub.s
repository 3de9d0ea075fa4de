/* The two words calib.S reads the counter through, for the host run of
 * the calibration routines (sh4_test --calib): the TMU1 count, flipped. */
	.data
	.balign	4
	.global	sh4_counter_reg, sh4_counter_flip
sh4_counter_reg:	.long	0xffd8002c
sh4_counter_flip:	.long	0xffffffff
	.section .note.GNU-stack, "", %progbits
