/*
 * The kernel's string compare on this CPU, for the models that measure
 * a kernel's label search: Linux's SH strcmp (arch/sh/include/asm/
 * string_32.h) is inline, a loop of a byte from each string a turn; the
 * libc's would compare words and so be no model of it.
 */
#ifndef ARCH_STRING_H
#define ARCH_STRING_H

static inline int arch_kernel_strcmp(const char *cs, const char *ct)
{
	int res;
	unsigned long c;

	__asm__ __volatile__(
		"mov.b	@%1+, %3\n"
		"1:\n\t"
		"mov.b	@%0+, %2\n\t"
		"cmp/eq	#0, %3\n\t"
		"bt	2f\n\t"
		"cmp/eq	%2, %3\n\t"
		"bt/s	1b\n\t"
		" mov.b	@%1+, %3\n\t"
		"add	#-2, %1\n\t"
		"mov.b	@%1, %3\n\t"
		"sub	%3, %2\n"
		"2:"
		: "+r"(cs), "+r"(ct), "=&r"(res), "=&z"(c)
		:
		: "t", "memory");
	return res;
}

#endif
