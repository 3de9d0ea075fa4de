/*
 * The distro image, kernel side: a small device on a distribution's own
 * SELinux policy (Debian's selinux-policy-default or -mls, binary as
 * installed), labelled by tests/distro/DISTRO.manifest.  init starts the
 * daemons through their executables; each task reports its accesses
 * (tests/distro/user/access.h) and the run ends when all have exited.
 */
#include <stdio.h>
#include "kernel.h"
#include "image.h"
#include "mac_policy.h"

void syslogd_main(uintptr_t arg);
void dhclient_main(uintptr_t arg);
void getty_main(uintptr_t arg);

/* the executables' paths, as file_contexts labels them */
const struct program image_programs[] = {
	{ "/usr/sbin/rsyslogd", syslogd_main },
	{ "/sbin/dhclient", dhclient_main },
	{ "/sbin/agetty", getty_main },
	{ NULL, NULL },
};

void boot_main(void)
{
	printf("distro: policy %s, %s, %u contexts (%u of tasks), %u classes, %s\n",
	       DISTRO_NAME, mac_policy_mls ? "MLS" : "no MLS", (unsigned)MAC_NTYPES,
	       (unsigned)MAC_NDOMAINS, (unsigned)MAC_NCLASSES,
	       mac_enforcing ? "enforcing" : "permissive");
	printf("distro: models: selinux07 and selinux07tuned not built in this image "
	       "(they hold a policy's whole avtab, and no MLS); smack built, not measured; "
	       "no benchmark runs\n");
}

void sched_all_exited(void)
{
	bench_monitor_stats();
	printf("all tasks have exited\n");
	board_poweroff();
}
