/*
 * The firmware image: a small device.  init reads the board's name and
 * runs the updater; logger keeps a log; sensor reads a device and sends
 * readings to control over a channel.  Their domains and the objects'
 * labels come from monitor/policy/device.manifest.
 */
#include <stdio.h>
#include "kernel.h"
#include "image.h"
#include "arch_syscall.h"
#include "mac_policy.h"
#include "latency.h"
#include "syscalls.h"
#include "profile.h"
#include "shell.h"
#include "report.h"

void updater_main(uintptr_t arg);
void hook_main(uintptr_t arg);

const struct program image_programs[] = {
	{ "/sbin/updater", updater_main },
	{ "/sbin/update-hook", hook_main },
	{ NULL, NULL },
};

/* The application pays for its profile (kernel/profile.c); the
 * benchmarks, privileged, choose their tables themselves. */
const syscall_fn *image_task_syscalls = syscall_table_profile;

void boot_main(void)
{
	printf("policy: %u domains, %u types, %s, tables %lu bytes\n", (unsigned)MAC_NDOMAINS,
	       (unsigned)MAC_NTYPES, mac_enforcing ? "enforcing" : "permissive",
	       (unsigned long)mac_table_bytes);
}

static void boot_report_end(void)
{
	latency_report("app", "profile");
	profile_print();
	bench_monitor_stats();
	report_print("summary");	/* the report's last lines */
	printf("all tasks have exited\n");
}

void sched_all_exited(void)
{
	boot_report_end();
	board_poweroff();
}

/* The manifest's console task: at the lowest priority, asleep until
 * every other task has exited, then the report's end and the prompt;
 * gone at once when there is to be no prompt (make run), so that the
 * boot ends as it always has. */
void console_main(void)
{
	if (!shell_wanted())
		arch_syscall(SYS_EXIT, 0, 0, 0, 0);
	sched_set_last_waiter();
	arch_syscall(SYS_SLEEP, K_FOREVER, 0, 0, 0);
	boot_report_end();
	shell_run(MAC_TYPE_SECURITY_T);
}
