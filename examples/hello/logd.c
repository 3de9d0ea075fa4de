/*
 * logd: appends every line init sends on the "log" channel to
 * /var/log/messages, until no line has come for a while.
 */
#include "ulib.h"

#define LOGD_IDLE_TICKS 20

void logd_main(uintptr_t arg)
{
	int ch = u_chan_open("log");
	int log = u_open("/var/log/messages", O_WRITE | O_APPEND);
	char msg[64], num[12];
	unsigned n = 0;
	int r;

	(void)arg;
	while ((r = u_recv(ch, msg, sizeof(msg) - 1, LOGD_IDLE_TICKS)) >= 0) {
		msg[r] = '\n';
		if (log >= 0 && u_write(log, msg, (size_t)r + 1) == r + 1)
			n++;
	}
	u_close(log);
	u_puts("logd: lines logged: ");
	u_puts(u_utoa(n, num));
	u_puts("\n");
	u_exit(0);
}
