/*
 * ARM: 2.6.22's asm-arm/string.h turned memset(p, 0, n) into a call of
 * its assembly __memzero (arch/arm/lib/memzero.S); ours is
 * arch/arm/sel07_string.S.  memcpy stayed GCC's builtin (ARM built
 * without -ffreestanding): GCC 3.4 took the alignment from the
 * pointers' type and its ARM back end copied an aligned block of at most
 * 64 bytes inline with ldm/stm (arm_gen_movstrqi).  GCC 12 takes no
 * alignment from a pointer's type and calls memcpy instead; it copies
 * inline for an assignment, which is what this is.
 */
#ifndef ARCH_SEL07_STRING_H
#define ARCH_SEL07_STRING_H

#define SEL07_MEMZERO(p, n) sel07_memzero((p), (n))
#define SEL07_MEMCPY(d, s, n) ((void)(n), *(d) = *(s))

#endif
