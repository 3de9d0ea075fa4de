/*
 * The models' host tests' tally: CHECK(cond, fmt, ...) counts a pass,
 * or prints the failure with the condition that failed.
 */
#ifndef SIM_TESTS_CHECK_H
#define SIM_TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int passed, failed;

#define CHECK(cond, ...) check_(!!(cond), #cond, __VA_ARGS__)

static void check_(int ok, const char *expr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void check_(int ok, const char *expr, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" (%s)\n", expr);
}

#endif
