/* Where the monitor's audit lines go: the console, as the kernel log. */
#include <stdio.h>
#include "mac.h"

void mac_log_line(const char *line)
{
	printf("%s\n", line);
}
