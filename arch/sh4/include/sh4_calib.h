/*
 * Timing-model calibration on the SH-4 (calib.S, calib.c): each long
 * routine runs CALIB_COPIES more bodies than its short twin, so the
 * difference of their counts over CALIB_COPIES is one body's.
 */
#ifndef SH4_CALIB_H
#define SH4_CALIB_H

#define CALIB_COPIES	64	/* the long routine's extra bodies */
#define CALIB_BASE	4	/* bodies in a short routine */
#define CALIB_IC_BASE	800	/* the I-cache chain's short path: 25 KiB, 3 lines a set */
#define CALIB_WALK_BYTES 65536	/* the operand-cache walk's buffer: twice the cache */
#define CALIB_STRIDE	32	/* one operand-cache line */

#endif
