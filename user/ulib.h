/*
 * The tasks' side of the system-call interface.  Task code is linked
 * into the user region (.user.*) and may call only what is in user/:
 * the kernel's newlib and libgcc are out of its reach.
 */
#ifndef ULIB_H
#define ULIB_H

#include <stdint.h>
#include <stddef.h>
#include "arch_syscall.h"
#include "syscall_nr.h"

static inline intptr_t sys0(uint32_t nr) { return arch_syscall(nr, 0, 0, 0, 0); }
static inline intptr_t sys1(uint32_t nr, uintptr_t a) { return arch_syscall(nr, a, 0, 0, 0); }
static inline intptr_t sys2(uint32_t nr, uintptr_t a, uintptr_t b) { return arch_syscall(nr, a, b, 0, 0); }

static inline void u_exit(int code) { sys1(SYS_EXIT, (uintptr_t)code); }
static inline void u_yield(void) { sys0(SYS_YIELD); }
static inline void u_sleep(uint32_t ticks) { sys1(SYS_SLEEP, ticks); }
static inline uint32_t u_ticks(void) { return (uint32_t)sys0(SYS_TICKS); }
static inline int u_getpid(void) { return (int)sys0(SYS_GETPID); }

size_t u_strlen(const char *s);
void u_puts(const char *s);			/* to the console */
void u_check(int ok, const char *name);		/* on-target test result */

#endif
