/*
 * ARM: 2.6.22's asm-arm/string.h turned memset(p, 0, n) into a call of
 * its assembly __memzero (arch/arm/lib/memzero.S); ours is
 * arch/arm/sel07_string.S.  memcpy stayed GCC's builtin (ARM built
 * without -ffreestanding), which for an aligned copy of at most 64
 * bytes the ARM back end expands inline with ldm/stm.
 */
#ifndef ARCH_SEL07_STRING_H
#define ARCH_SEL07_STRING_H

#define SEL07_MEMZERO(p, n) sel07_memzero((p), (n))
#define SEL07_MEMCPY(d, s, n) __builtin_memcpy((d), (s), (n))

#endif
