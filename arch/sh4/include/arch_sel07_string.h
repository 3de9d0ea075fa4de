/*
 * SH-4: 2.6.22's arch/sh/Makefile compiles with -ffreestanding and
 * asm-sh/string.h declares memset and memcpy extern, implemented in
 * assembly (arch/sh/lib/memset.S, memcpy-sh4.S): both were calls, even
 * for a 20-byte struct copy.  Ours: arch/sh4/sel07_string.S.
 */
#ifndef ARCH_SEL07_STRING_H
#define ARCH_SEL07_STRING_H

#define SEL07_MEMZERO(p, n) sel07_memset((p), 0, (n))
#define SEL07_MEMCPY(d, s, n) sel07_memcpy((d), (s), (n))

#endif
