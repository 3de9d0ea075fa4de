/*
 * The kernel's string compare on this CPU, for the models that measure
 * a kernel's label search: ARM Linux has no strcmp of its own and links
 * lib/string.c's, a function that compares a byte from each string a
 * turn; the libc's would compare words and so be no model of it.
 */
#ifndef ARCH_STRING_H
#define ARCH_STRING_H

static __attribute__((noinline, unused)) int arch_kernel_strcmp(const char *cs, const char *ct)
{
	unsigned char c1, c2;

	for (;;) {
		c1 = (unsigned char)*cs++;
		c2 = (unsigned char)*ct++;
		if (c1 != c2)
			return c1 < c2 ? -1 : 1;
		if (!c1)
			return 0;
	}
}

#endif
