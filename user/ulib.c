/* Task-side helpers; compiled into the user region. */
#include "ulib.h"

size_t u_strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

void u_puts(const char *s)
{
	sys2(SYS_CONSOLE_WRITE, (uintptr_t)s, u_strlen(s));
}

void u_check(int ok, const char *name)
{
	sys2(SYS_TEST_REPORT, (uintptr_t)ok, (uintptr_t)name);
}
