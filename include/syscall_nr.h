/* System-call numbers and error codes shared by the kernel and tasks. */
#ifndef SYSCALL_NR_H
#define SYSCALL_NR_H

enum {
	SYS_NULL,		/* does nothing: the cost of a trap */
	SYS_EXIT,
	SYS_YIELD,
	SYS_SLEEP,		/* ticks */
	SYS_TICKS,		/* ticks since boot */
	SYS_GETPID,
	SYS_CONSOLE_WRITE,	/* buf, len */
	SYS_TEST_REPORT,	/* passed, name: on-target test results */
	SYS_COUNT
};

#define E_PERM		1
#define E_NOENT		2
#define E_BADF		9
#define E_ACCES		13
#define E_FAULT		14
#define E_INVAL		22
#define E_NOSYS		38

#endif
