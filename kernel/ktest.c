/* On-target test bookkeeping: every check prints a line, the summary ends the run. */
#include <stdio.h>
#include "kernel.h"

static unsigned passed, failed;
int ktest_enabled;	/* set by test images: enables the test system calls */

void ktest_result(int ok, const char *name)
{
	if (ok)
		passed++;
	else
		failed++;
	printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
}

void ktest_summary(void)
{
	printf("target %s: %u passed, %u failed\n", board_name(), passed, failed);
	printf("TEST-END\n");
	board_poweroff();
}
