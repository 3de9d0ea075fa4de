/*
 * A user's own device (make DEVICE=DIR): the kernel side of the image,
 * the same for every device.  Its manifest says the rest: the tasks it
 * starts, the objects they find, and, in its program statements, the
 * entry behind each executable (MAC_PROGRAMS, mac_policy.h).  Its tasks
 * run on the profiling table; when they have all exited, the report
 * task measures what the checks they made cost (device/bench.c).
 */
#include <stdio.h>
#include "kernel.h"
#include "image.h"
#include "mac_policy.h"
#include "syscalls.h"
#include "latency.h"
#include "device.h"

#define DEVICE_PROGRAM_DECL(path, entry) void entry(uintptr_t arg);
MAC_PROGRAMS(DEVICE_PROGRAM_DECL)
#define DEVICE_PROGRAM_ENTRY(path, entry) { path, entry },
const struct program image_programs[] = {
	MAC_PROGRAMS(DEVICE_PROGRAM_ENTRY)
	{ NULL, NULL },
};

const syscall_fn *image_task_syscalls = syscall_table_profile;

void boot_main(void)
{
	printf("device: %s: %u tasks at boot, %u programs, %u domains, %u types, %u classes, %s\n",
	       DEVICE_NAME, (unsigned)MAC_NTASKS, (unsigned)MAC_NPROGRAMS, (unsigned)MAC_NDOMAINS,
	       (unsigned)MAC_NTYPES, (unsigned)MAC_NCLASSES,
	       mac_enforcing ? "enforcing" : "permissive");
	/* privileged: it pays no domain's share; its domain is the first
	 * task's until the benchmarks take the ones they need */
	if (sched_spawn("report", (uintptr_t)device_report_main, 0, 0, mac_init_tasks[0].domain,
			0) < 0)
		kernel_panic("device: the report task cannot start");
	latency_start();
}

void sched_all_exited(void)
{
	board_poweroff();
}
