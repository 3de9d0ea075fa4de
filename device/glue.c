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

const struct syscall_entry *image_task_syscalls = syscall_table_profile;

/* The tasks the manifest starts in domain d. */
static unsigned device_tasks_in(mac_col_t d)
{
	unsigned n = 0;

	for (const struct mac_init_task *t = mac_init_tasks; t->name; t++)
		n += t->domain == d;
	return n;
}

/* The report task is charged to a domain of the manifest's, the first
 * whose task limit leaves a slot beside its own tasks. */
static int device_report_domain(mac_col_t *d)
{
	for (const struct mac_init_task *t = mac_init_tasks; t->name; t++)
		if (device_tasks_in(t->domain) < mac_domain_limits[t->domain][MAC_LIMIT_TASKS]) {
			*d = t->domain;
			return 1;
		}
	return 0;
}

void boot_main(void)
{
	mac_col_t d;

	printf("device: %s: %u tasks at boot, %u programs, %u domains, %u types, %u classes, %s\n",
	       DEVICE_NAME, (unsigned)MAC_NTASKS, (unsigned)MAC_NPROGRAMS, (unsigned)MAC_NDOMAINS,
	       (unsigned)MAC_NTYPES, (unsigned)MAC_NCLASSES,
	       mac_enforcing ? "enforcing" : "permissive");
	if (!device_report_domain(&d))
		kernel_panic("device: every domain of the manifest is at its task limit: the "
			     "report task needs one slot more in one of them");
	if (sched_spawn("report", (uintptr_t)device_report_main, 0, 0, d, 0) < 0)
		kernel_panic("device: the report task cannot start");
	latency_start();
}

void sched_all_exited(void)
{
	board_poweroff();
}
