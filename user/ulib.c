/* Task-side helpers; compiled into the user region. */
#include "ulib.h"

size_t u_strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int u_streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

void u_puts(const char *s)
{
	u_write(U_CONSOLE, s, u_strlen(s));
}

/* By subtracting powers of ten: SH-4 task code cannot reach libgcc's
 * divide helpers. */
char *u_utoa(uint32_t v, char *buf)
{
	static const uint32_t pow10[] = { 1000000000, 100000000, 10000000, 1000000,
					  100000, 10000, 1000, 100, 10, 1 };
	char *p = buf;
	for (int i = 0; i < 10; i++) {
		char d = '0';
		while (v >= pow10[i])
			v -= pow10[i], d++;
		if (d != '0' || p != buf || i == 9)
			*p++ = d;
	}
	*p = 0;
	return buf;
}

void u_check(int ok, const char *name)
{
	sys2(SYS_TEST_REPORT, (uintptr_t)ok, (uintptr_t)name);
}
