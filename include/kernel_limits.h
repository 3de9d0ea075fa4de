/* The sizes of the kernel's shared tables.  The manifest's limit
 * statements give each domain a share of them; mac-polc includes this
 * file too, to refuse a limit larger than the table it divides, and a
 * name, path or content longer than the kernel stores. */
#ifndef KERNEL_LIMITS_H
#define KERNEL_LIMITS_H

#define TASK_MAX	16
#define HANDLE_MAX	16	/* per task */
#define NODE_MAX	1700	/* enough for stat over 1600 labelled files */
#define FILE_BLOCKS	64	/* files that hold data at once */
#define CHAN_MAX	16
#define CHAN_DEPTH	8	/* messages queued per channel */
/* A node names its program by number in a byte, 0 for none: the
 * manifest's program statements, or the image's table, at most this. */
#define PROGRAM_MAX	254

/* A task's priority is 0..TASK_PRIO_MAX: it indexes the scheduler's
 * ready masks and is a bit of their 16-bit summary.  The level above,
 * TASK_PRIO_MAX + 1, is the kernel's audit task's, which no task may
 * take. */
#define TASK_PRIO_MAX	15

/* Sizes of names, with their NUL. */
#define TASK_NAME_MAX	16
#define CHAN_NAME_MAX	24	/* what chan_open copies from a task */
#define NODE_NAME_MAX	28	/* one path component */
/* A path a task passes: the walk's work per byte (the copy, the scan
 * for '/', the hash, the compare: some 22 instructions on the SH-4),
 * masked, is bounded by it. */
#define PATH_MAX_LEN	64
/* Names in a path a task passes, the last included: each costs the walk
 * some 200 to 260 instructions (a lookup and a check), masked, so the
 * depth bounds the walk's share of the tick's latency (docs/kernel.md, "The
 * latency bound").  A deeper path is -E_NAMETOOLONG. */
#define PATH_DEPTH_MAX	8
#define FILE_DATA_MAX	512	/* bytes per file */

#endif
