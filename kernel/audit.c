/* Where the monitor's audit lines go: the console, as the kernel log. */
#include <stdio.h>
#include "kernel.h"

uint32_t audit_lines;

void mac_log_line(const char *line)
{
	audit_lines++;
	printf("%s\n", line);
}
