/* The system-call handlers, by file: sys_task.c, sys_fs.c, sys_chan.c. */
#ifndef SYSCALLS_H
#define SYSCALLS_H

#include <stdint.h>

typedef intptr_t (*syscall_fn)(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3);

#define SYSCALL(name) intptr_t name(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3)

SYSCALL(sys_null);
SYSCALL(sys_exit);
SYSCALL(sys_yield);
SYSCALL(sys_sleep);
SYSCALL(sys_ticks);
SYSCALL(sys_getpid);
SYSCALL(sys_spawn);
SYSCALL(sys_wait);
SYSCALL(sys_open);
SYSCALL(sys_close);
SYSCALL(sys_read);
SYSCALL(sys_write);
SYSCALL(sys_stat);
SYSCALL(sys_fstat);
SYSCALL(sys_create);
SYSCALL(sys_mkdir);
SYSCALL(sys_unlink);
SYSCALL(sys_readdir);
SYSCALL(sys_chan_open);
SYSCALL(sys_send);
SYSCALL(sys_recv);
SYSCALL(sys_test_report);
SYSCALL(sys_test_audits);

const char *syscall_check_of(unsigned int nr);

#endif
