/* The sample application's tasks (user mode). */
#include "ulib.h"

static void say(const char *who, const char *what)
{
	u_puts(who);
	u_puts(": ");
	u_puts(what);
	u_puts("\n");
}

static void say_num(const char *who, const char *what, uint32_t v)
{
	char num[12];
	u_puts(who);
	u_puts(": ");
	u_puts(what);
	u_puts(u_utoa(v, num));
	u_puts("\n");
}

void init_main(void)
{
	char name[16] = { 0 };
	int h = u_open("/etc/hostname", O_READ);

	if (h >= 0 && u_read(h, name, sizeof(name) - 1) > 0)
		say("init", name[0] ? "hostname read" : "empty hostname");
	u_close(h);
	int pid = u_spawn("/sbin/updater", 1, 0);
	if (pid < 0)
		say("init", "cannot start the updater");
	else
		say_num("init", "updater exited with ", (uint32_t)u_wait(pid));
	u_exit(0);
}

void logger_main(void)
{
	int h = u_open("/var/log/messages", O_WRITE | O_CREAT | O_APPEND);
	char key[8];

	for (int i = 0; h >= 0 && i < 3; i++) {
		u_write(h, "tick\n", 5);
		u_sleep(2);
	}
	struct k_stat st;
	if (u_fstat(h, &st) == 0)
		say_num("logger", "log size ", st.size);
	/* the policy hides this denial (dontaudit): no avc line */
	if (u_open("/etc/key", O_READ) < 0)
		say("logger", "the key is out of reach");
	(void)key;
	u_exit(0);
}

void sensor_main(void)
{
	int dev = u_open("/dev/sensor0", O_READ);
	int ch = u_chan_open("readings");
	uint32_t v;

	for (int i = 0; i < 3; i++) {
		if (u_read(dev, &v, sizeof(v)) == sizeof(v))
			u_send(ch, &v, sizeof(v));
		u_sleep(3);
	}
	u_exit(0);
}

void control_main(void)
{
	int ch = u_chan_open("readings");
	uint32_t v;
	int n;

	while ((n = u_recv(ch, &v, sizeof(v), 20)) == sizeof(v))
		say_num("control", "reading ", v);
	say("control", n == -E_TIMEDOUT ? "no more readings" : "receive failed");
	u_exit(0);
}

void updater_main(uintptr_t arg)
{
	(void)arg;
	if (u_unlink("/etc/fw/image") == 0) {
		int h = u_open("/etc/fw/image", O_WRITE | O_CREAT);
		u_write(h, "v2", 2);
		u_close(h);
		say("updater", "firmware image replaced");
	}
	int pid = u_spawn("/sbin/update-hook", 1, 0);
	u_exit(pid < 0 ? 1 : u_wait(pid));
}

void hook_main(uintptr_t arg)
{
	char v[4] = { 0 };
	int h = u_open("/etc/fw/image", O_READ);

	(void)arg;
	if (h >= 0 && u_read(h, v, 3) > 0)
		say("update-hook", v);
	/* bounded by updater_t, which may never write the key: denied */
	if (u_open("/etc/key", O_WRITE) == -E_ACCES)
		say("update-hook", "may not rewrite the key");
	u_exit(0);
}
