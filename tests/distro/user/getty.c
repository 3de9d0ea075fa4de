/*
 * agetty (getty_t): opens the serial line and the console, shows the
 * device's name and a login prompt, and logs that it is waiting.  A
 * getty has no business with the password file: login reads it.
 */
#include "access.h"

void getty_main(uintptr_t arg)
{
	int ch = u_chan_open("log");
	char name[32] = { 0 };
	int h;

	(void)arg;
	u_close(access_open("rdwr", "/dev/ttyS0", O_READ | O_WRITE));
	u_close(access_open("rdwr", "/dev/console", O_READ | O_WRITE));
	h = access_open("read", "/etc/hostname", O_READ);
	if (h >= 0 && u_read(h, name, sizeof(name) - 1) > 0)
		access_say("getty: login prompt: ", name);
	u_close(h);
	u_close(access_open("read", "/etc/shadow", O_READ));
	u_close(access_open("append", "/var/log/messages", O_WRITE | O_APPEND));
	access_syslog(ch, "agetty: ttyS0 ready");
	u_exit(0);
}
