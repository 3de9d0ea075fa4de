/* Host tests: the C library's memset and memcpy stand in for the
 * target's out-of-line routines (arch/<cpu>/sel07_string.S). */
#ifndef ARCH_SEL07_STRING_H
#define ARCH_SEL07_STRING_H

#include <string.h>

#define SEL07_MEMZERO(p, n) memset((p), 0, (n))
#define SEL07_MEMCPY(d, s, n) memcpy((d), (s), (n))

#endif
