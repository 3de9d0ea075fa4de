/* System-call numbers, flags, structures and error codes shared by the
 * kernel and tasks.  Errors come back negated (-E_ACCES).
 *
 * Paths are absolute; repeated '/' count as one.  A trailing '/' names a
 * directory: on anything else -E_NOTDIR, on a new name only mkdir may
 * create it (a file: -E_ISDIR).  "." and ".." are never resolved and
 * never created: a path holding one is -E_INVAL. */
#ifndef SYSCALL_NR_H
#define SYSCALL_NR_H

#include <stdint.h>
#include "kernel_limits.h"

enum {
	SYS_NULL,		/* does nothing: the cost of a trap */
	SYS_EXIT,		/* code */
	SYS_YIELD,
	SYS_SLEEP,		/* ticks: 0 waits for the next tick, K_FOREVER for ever */
	SYS_TICKS,		/* ticks since boot */
	SYS_GETPID,
	SYS_SPAWN,		/* path, priority (at most the caller's, else -E_PERM), arg:
				 * run a program, returns its pid */
	SYS_WAIT,		/* pid: wait for a child, returns its exit code */
	SYS_OPEN,		/* path, O_* flags: returns a handle */
	SYS_CLOSE,		/* handle */
	SYS_READ,		/* handle, buf, len */
	SYS_WRITE,		/* handle, buf, len: returns what it took (the console: 64 at most) */
	SYS_STAT,		/* path, struct k_stat * (no links: nothing to follow) */
	SYS_FSTAT,		/* handle, struct k_stat * */
	SYS_CREATE,		/* path: a new empty file */
	SYS_MKDIR,		/* path */
	SYS_UNLINK,		/* path: a file, or an empty directory */
	SYS_READDIR,		/* handle, index, char name[K_NAME_MAX] */
	SYS_CHAN_OPEN,		/* name: returns a handle */
	SYS_SEND,		/* handle, buf, len */
	SYS_RECV,		/* handle, buf, len, timeout: ticks, 0 polls, K_FOREVER */
	SYS_TEST_REPORT,	/* passed, name: on-target test images only */
	SYS_TEST_AUDITS,	/* audit lines logged since boot: test images only */
	SYS_TEST_CLOCK,		/* ticks: move the clock on by that many: test images only */
	SYS_TEST_LATENCY,	/* call: the samples from here on are that call's, or a
				 * fault's (SYS_LAT_FAULT), or none's (SYS_LAT_END):
				 * test images only */
	SYS_COUNT
};
#define SYS_LAT_FAULT	SYS_COUNT
#define SYS_LAT_END	(SYS_COUNT + 1)

#define O_READ		0x01
#define O_WRITE		0x02
#define O_CREAT		0x04
#define O_TRUNC		0x08	/* only with O_WRITE, not O_APPEND (else -E_INVAL) */
#define O_APPEND	0x10

#define K_NAME_MAX	28
#define K_MSG_MAX	32
/* A wait (sleep, recv) of any other number of ticks lasts that long, also
 * 2^31 and more and across the tick counter's wrap; this one never ends. */
#define K_FOREVER	0xFFFFFFFFu
#define K_PRIO_MAX	TASK_PRIO_MAX	/* the highest priority a task may have */

/* K_SOCK and K_FIFO: socket and FIFO nodes the manifest makes (sock_file,
 * fifo_file), checked in their own classes.  With no sockets or pipes in
 * the kernel, their data reads and writes as a small file's. */
enum { K_DIR = 1, K_FILE = 2, K_DEV = 3, K_SOCK = 4, K_FIFO = 5 };

struct k_stat {
	uint32_t ino;
	uint32_t kind;		/* K_DIR, K_FILE, K_DEV, K_SOCK, K_FIFO */
	uint32_t size;
};

#define E_PERM		1
#define E_NOENT		2
#define E_SRCH		3
#define E_NOEXEC	8	/* not a program a task can run */
#define E_BADF		9
#define E_CHILD		10
#define E_AGAIN		11
#define E_ACCES		13
#define E_FAULT		14
#define E_EXIST		17
#define E_NOTDIR	20
#define E_ISDIR		21
#define E_INVAL		22
#define E_MFILE		24
#define E_FBIG		27
#define E_NOSPC		28
#define E_NAMETOOLONG	36
#define E_NOSYS		38
#define E_NOTEMPTY	39
#define E_TIMEDOUT	110
#define E_DQUOT		122	/* the domain's share of a kernel table is used up */

#endif
