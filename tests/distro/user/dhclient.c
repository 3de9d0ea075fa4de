/*
 * dhclient (dhcpc_t): reads its configuration, writes the lease it got
 * and the host name the server gave, and logs it.
 */
#include "access.h"

static void dhclient_write(const char *path, const char *text)
{
	int h = access_open("write", path, O_WRITE | O_TRUNC);

	if (h >= 0)
		u_write(h, text, u_strlen(text));
	u_close(h);
}

void dhclient_main(uintptr_t arg)
{
	int ch = u_chan_open("log");
	char conf[64] = { 0 };
	int h;

	(void)arg;
	h = access_open("read", "/etc/dhcp/dhclient.conf", O_READ);
	if (h >= 0 && u_read(h, conf, sizeof(conf) - 1) > 0)
		access_say("dhclient: conf: ", conf);
	u_close(h);
	dhclient_write("/var/lib/dhcp/dhclient.leases", "lease { fixed-address 10.0.2.15; }\n");
	dhclient_write("/etc/hostname", "device\n");
	u_close(access_open("read", "/etc/shadow", O_READ));
	u_close(access_open("append", "/var/log/messages", O_WRITE | O_APPEND));
	access_syslog(ch, "dhclient: bound to 10.0.2.15");
	u_exit(0);
}
