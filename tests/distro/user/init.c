/*
 * init (init_t): reads the device's name, writes the kernel log, starts
 * the daemons through their executables, as systemd does, so that each
 * runs in the domain the policy's transition gives it, and waits for
 * them.
 */
#include "access.h"

static const char *const daemons[] = {
	"/usr/sbin/rsyslogd", "/sbin/dhclient", "/sbin/agetty",
};
#define NDAEMONS (sizeof(daemons) / sizeof(daemons[0]))

static void init_files(void)
{
	char name[32] = { 0 };
	int h = access_open("read", "/etc/hostname", O_READ);

	if (h >= 0 && u_read(h, name, sizeof(name) - 1) > 0)
		access_say("init: hostname ", name);
	u_close(h);
	u_close(access_open("rdwr", "/dev/console", O_READ | O_WRITE));
	u_close(access_open("write", "/dev/kmsg", O_WRITE));
	u_close(access_open("read", "/etc/shadow", O_READ));
}

void init_main(void)
{
	int pids[NDAEMONS];
	int ch = u_chan_open("log");

	init_files();
	/* the daemons at the priority below init's: each starts once init
	 * waits, syslogd first */
	for (unsigned int i = 0; i < NDAEMONS; i++) {
		pids[i] = u_spawn(daemons[i], 4, 0);
		access_report("exec", daemons[i], pids[i]);
	}
	access_syslog(ch, "init: started the daemons");
	for (unsigned int i = 0; i < NDAEMONS; i++)
		if (pids[i] >= 0)
			access_say(daemons[i], u_wait(pids[i]) == 0 ? " exited"
						: " failed");
	u_exit(0);
}
