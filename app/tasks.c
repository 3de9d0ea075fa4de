/* Demo task code (user mode). */
#include "ulib.h"

void demo_task(uintptr_t arg)
{
	(void)arg;
	u_puts("hello from user mode\n");
	u_exit(0);
}
