/*
 * polc_limit_test.c - mac-polc's limit on the columns (polc_limit.c),
 * linked alone: a manifest's columns are 16-bit (mac_col_t) and the two
 * highest values mark every domain and no label, so 0xFFFE columns are
 * the most, and one more is refused with a message, not numbered onto
 * a mark.  Built against a generated mac_policy.h for monitor/mac.h's
 * marks.  Ends with "N passed, N failed".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "polc.h"
#include "mac.h"

_Static_assert(POLC_MAX_COLUMNS == MAC_ANY_DOMAIN && POLC_MAX_COLUMNS + 1 == MAC_NO_LABEL,
	       "mac-polc's limit is not below mac.h's marks");
_Static_assert((mac_col_t)POLC_MAX_COLUMNS == POLC_MAX_COLUMNS, "a column is a mac_col_t");

static char said[512];
static int passed, failed;

void polc_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(said, sizeof(said), fmt, ap);
	va_end(ap);
}

void polc_error_at(const char *file, int line, const char *fmt, ...)
{
	(void)file, (void)line, (void)fmt;
}

int polc_compute(uint32_t ssid, uint32_t tsid, uint32_t cls, struct polc_av *av)
{
	(void)ssid, (void)tsid, (void)cls, (void)av;
	return 0;
}

static void expect(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

static int refused(uint32_t ncols)
{
	said[0] = '\0';
	return polc_limit_columns("x.manifest", ncols) != 0;
}

int main(void)
{
	expect(!refused(1) && !refused(1000) && !said[0], "a few columns pass, silently");
	expect(!refused(POLC_MAX_COLUMNS) && !said[0], "0xFFFE columns (the last 0xFFFD) pass");
	expect(refused(0xFFFF) && strstr(said, "x.manifest: 65535 columns") &&
	       strstr(said, "fewer distinct contexts"),
	       "0xFFFF columns (the last MAC_NO_LABEL) are refused, with the count and the fix");
	printf("     %s\n", said);
	expect(refused(0x10000) && refused(70000) && refused(UINT32_MAX),
	       "65536 and more (past 16 bits) are refused");
	printf("polc_limit: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
