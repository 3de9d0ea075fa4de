/*
 * The tasks' side of the system-call interface.  Task code is linked
 * into the user region (.user.*) and may call only what is in user/:
 * the kernel's newlib and libgcc are out of its reach (no division on
 * SH-4, whose divide helpers are in libgcc).
 */
#ifndef ULIB_H
#define ULIB_H

#include <stdint.h>
#include <stddef.h>
#include "arch_syscall.h"
#include "syscall_nr.h"

#define U_CONSOLE 0	/* every task starts with /dev/console here */

static inline intptr_t sys0(uint32_t nr) { return arch_syscall(nr, 0, 0, 0, 0); }
static inline intptr_t sys1(uint32_t nr, uintptr_t a) { return arch_syscall(nr, a, 0, 0, 0); }
static inline intptr_t sys2(uint32_t nr, uintptr_t a, uintptr_t b) { return arch_syscall(nr, a, b, 0, 0); }
static inline intptr_t sys3(uint32_t nr, uintptr_t a, uintptr_t b, uintptr_t c)
{
	return arch_syscall(nr, a, b, c, 0);
}

static inline void u_exit(int code) { sys1(SYS_EXIT, (uintptr_t)code); }
static inline void u_yield(void) { sys0(SYS_YIELD); }
static inline void u_sleep(uint32_t ticks) { sys1(SYS_SLEEP, ticks); }
static inline uint32_t u_ticks(void) { return (uint32_t)sys0(SYS_TICKS); }
static inline int u_getpid(void) { return (int)sys0(SYS_GETPID); }
static inline int u_spawn(const char *path, int prio, uintptr_t arg)
{
	return (int)sys3(SYS_SPAWN, (uintptr_t)path, (uintptr_t)prio, arg);
}
static inline int u_wait(int pid) { return (int)sys1(SYS_WAIT, (uintptr_t)pid); }
static inline int u_open(const char *path, int flags)
{
	return (int)sys2(SYS_OPEN, (uintptr_t)path, (uintptr_t)flags);
}
static inline int u_close(int h) { return (int)sys1(SYS_CLOSE, (uintptr_t)h); }
static inline intptr_t u_read(int h, void *buf, size_t len)
{
	return sys3(SYS_READ, (uintptr_t)h, (uintptr_t)buf, len);
}
static inline intptr_t u_write(int h, const void *buf, size_t len)
{
	return sys3(SYS_WRITE, (uintptr_t)h, (uintptr_t)buf, len);
}
static inline int u_stat(const char *path, struct k_stat *st)
{
	return (int)sys2(SYS_STAT, (uintptr_t)path, (uintptr_t)st);
}
static inline int u_fstat(int h, struct k_stat *st)
{
	return (int)sys2(SYS_FSTAT, (uintptr_t)h, (uintptr_t)st);
}
static inline int u_create(const char *path) { return (int)sys1(SYS_CREATE, (uintptr_t)path); }
static inline int u_mkdir(const char *path) { return (int)sys1(SYS_MKDIR, (uintptr_t)path); }
static inline int u_unlink(const char *path) { return (int)sys1(SYS_UNLINK, (uintptr_t)path); }
static inline int u_readdir(int h, uint32_t i, char *name /* K_NAME_MAX bytes */)
{
	return (int)sys3(SYS_READDIR, (uintptr_t)h, i, (uintptr_t)name);
}
static inline int u_chan_open(const char *name) { return (int)sys1(SYS_CHAN_OPEN, (uintptr_t)name); }
static inline int u_send(int h, const void *msg, size_t len)
{
	return (int)sys3(SYS_SEND, (uintptr_t)h, (uintptr_t)msg, len);
}
static inline int u_recv(int h, void *buf, size_t len, uint32_t timeout)
{
	return (int)arch_syscall(SYS_RECV, (uintptr_t)h, (uintptr_t)buf, len, timeout);
}

void *u_memcpy(void *dst, const void *src, size_t n);
void *u_memmove(void *dst, const void *src, size_t n);
void *u_memset(void *dst, int c, size_t n);
size_t u_strlen(const char *s);
char *u_strlcat(char *dst, const char *src, size_t size);	/* appends, truncating */
int u_streq(const char *a, const char *b);
void u_puts(const char *s);			/* to handle 0, the console */
char *u_utoa(uint32_t v, char *buf);		/* decimal, no division */
char *u_xtoa(uint32_t v, char *buf);		/* 0x and 8 hex digits: 11 bytes */
void u_check(int ok, const char *name);		/* on-target test result */

#endif
