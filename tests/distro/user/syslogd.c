/*
 * rsyslogd (syslogd_t): takes the lines the other tasks send on the "log"
 * channel (their /dev/log) and appends them to /var/log/messages, until
 * no line has come for a while; then tries a file that is not its own.
 */
#include "access.h"

#define SYSLOG_IDLE_TICKS 50	/* no line for this long: the device is up */

/* Receives until the channel stays quiet; the first receive's verdict
 * is the one the policy gives (the others repeat the same check). */
static unsigned int syslogd_loop(int ch, int log)
{
	char msg[64];
	unsigned int n = 0;
	int r;

	while ((r = u_recv(ch, msg, sizeof(msg) - 1, SYSLOG_IDLE_TICKS)) >= 0) {
		if (n++ == 0)
			access_report("recv", "log", r);
		msg[r] = '\n';
		if (log >= 0)
			u_write(log, msg, (size_t)r + 1);
	}
	if (r != -E_TIMEDOUT && r != -E_AGAIN)
		access_report("recv", "log", r);
	return n;
}

void syslogd_main(uintptr_t arg)
{
	int ch = u_chan_open("log");
	int log = access_open("append", "/var/log/messages", O_WRITE | O_CREAT | O_APPEND);
	char num[12];

	(void)arg;
	access_say("syslogd: lines logged: ", u_utoa(syslogd_loop(ch, log), num));
	u_close(log);
	/* another daemon's state: the policy keeps syslogd out of it */
	u_close(access_open("write", "/var/lib/dhcp/dhclient.leases", O_WRITE));
	u_close(access_open("rdwr", "/dev/kmsg", O_READ | O_WRITE));
	u_exit(0);
}
