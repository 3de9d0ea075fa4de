/*
 * init: reads the device's name, starts the logging daemon through its
 * executable, sends it a few lines over the "log" channel, tries a file
 * the policy keeps from it, and waits for the daemon.
 */
#include "ulib.h"

#define INIT_LINES 3

static void say(const char *what, intptr_t rc)
{
	char line[80] = "init: ", num[12];

	u_strlcat(line, what, sizeof(line));
	u_strlcat(line, rc >= 0 ? ": ok\n" : ": error ", sizeof(line));
	if (rc < 0) {
		u_strlcat(line, u_utoa((uint32_t)-rc, num), sizeof(line));
		u_strlcat(line, "\n", sizeof(line));
	}
	u_puts(line);
}

static void init_read(const char *path)
{
	char buf[32] = { 0 };
	int h = u_open(path, O_READ);

	say(path, h >= 0 ? u_read(h, buf, sizeof(buf) - 1) : h);
	u_close(h);
}

void init_main(void)
{
	int ch = u_chan_open("log");
	int pid;

	init_read("/etc/hostname");
	pid = u_spawn("/usr/sbin/rsyslogd", 4, 0);
	say("start /usr/sbin/rsyslogd", pid);
	for (int i = 0; i < INIT_LINES; i++)
		say("send a line", u_send(ch, "init: hello", 11));
	init_read("/etc/shadow");	/* denied: the policy gives init no shadow_t */
	if (pid >= 0)
		say("logd exited", u_wait(pid));
	u_exit(0);
}
