/* The firmware image: the demo tasks. */
#include <stdio.h>
#include "kernel.h"

void demo_task(uintptr_t arg);

void sched_all_exited(void)
{
	printf("all tasks have exited\n");
	board_poweroff();
}

void boot_main(void)
{
	sched_spawn("demo", demo_task, 0, 1);
}
