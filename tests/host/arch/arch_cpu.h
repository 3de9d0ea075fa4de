/* The arch contract's inline half for host unit tests of kernel modules:
 * enough to compile them, nothing that runs a task. */
#ifndef ARCH_CPU_H
#define ARCH_CPU_H

#include <stdint.h>

struct arch_frame { uintptr_t r[8]; };

static inline uint32_t arch_syscall_nr(const struct arch_frame *f) { return (uint32_t)f->r[0]; }
static inline uintptr_t arch_syscall_arg(const struct arch_frame *f, int i) { return f->r[1 + i]; }
static inline void arch_syscall_ret(struct arch_frame *f, intptr_t v) { f->r[0] = (uintptr_t)v; }
static inline void arch_syscall_restart(struct arch_frame *f) { (void)f; }
static inline int arch_frame_from_user(const struct arch_frame *f) { (void)f; return 1; }
static inline void *arch_kernel_alias(uintptr_t a) { return (void *)a; }
static inline uint32_t arch_counter_read(void) { return 0; }
static inline uint32_t arch_irq_save(void) { return 0; }
static inline void arch_irq_restore(uint32_t s) { (void)s; }
static inline unsigned arch_bit_high(uint32_t x) { return 31u - (unsigned)__builtin_clz(x); }
static inline unsigned arch_bit_low(uint32_t x) { return (unsigned)__builtin_ctz(x); }

#endif
