/* The sizes of the kernel's shared tables.  The manifest's limit
 * statements give each domain a share of them; mac-polc includes this
 * file too, to refuse a limit larger than the table it divides. */
#ifndef KERNEL_LIMITS_H
#define KERNEL_LIMITS_H

#define TASK_MAX	16
#define HANDLE_MAX	16	/* per task */
#define NODE_MAX	1100	/* enough for stat over 1000 labelled files */
#define FILE_BLOCKS	64	/* files that hold data at once */
#define CHAN_MAX	16
#define CHAN_DEPTH	8	/* messages queued per channel */

#endif
