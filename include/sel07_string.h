/*
 * memset and memcpy as Linux 2.6.22 compiled them into the selinux07
 * models (monitor/sel07/).  Each CPU's arch_sel07_string.h says what its
 * asm/string.h and its compiler flags made of them:
 *
 *   SEL07_MEMZERO(p, n)     memset(p, 0, n)
 *   SEL07_MEMCPY(d, s, n)   memcpy(d, s, n), d and s of one structure type
 *
 * The out-of-line routines are named apart from the kernel's own memset
 * and memcpy, which stay the C library's.  SEL07_STRCALLS=0 (make) gives
 * GCC 12's inline builtins instead, to measure what the calls cost.
 */
#ifndef SEL07_STRING_H
#define SEL07_STRING_H

#include <stddef.h>

void *sel07_memset(void *s, int c, size_t n);
void *sel07_memcpy(void *dst, const void *src, size_t n);
void sel07_memzero(void *p, size_t n);

#ifndef SEL07_STRCALLS
#define SEL07_STRCALLS 1
#endif

#if SEL07_STRCALLS
#include "arch_sel07_string.h"
#else
/* GCC 12's own: its builtin memset (inline on the SH-4; a call of the C
 * library's at the ARM's -Os and -O2 alike), and the copy as an
 * assignment, which it expands inline from the structure's alignment */
#define SEL07_MEMZERO(p, n) __builtin_memset((p), 0, (n))
#define SEL07_MEMCPY(d, s, n) ((void)(n), *(d) = *(s))
#endif

#endif
