/*
 * The victim of the hostile suite (uhostile.c): a task of another
 * program and domain, whose secret, code, constants and behaviour the
 * attacks must leave as they were.  It publishes only its stack's
 * address (on victim-addr); the rest the attacks find by symbol.
 */
#include "ulib.h"

char victim_secret[16] = "victim-secret-1";
const char victim_path[] = "/etc/motd";
#define VICTIM_DATA "precious"
#define VICTIM_FILE "/tmp/victim"

/* What the victim does with its constant path and function pointer. */
int victim_read_file(const char *path)
{
	char buf[8];
	int h = u_open(path, O_READ);
	int n = h < 0 ? h : (int)u_read(h, buf, sizeof(buf));

	u_close(h);
	return n == 6 && buf[0] == 'h' && buf[5] == '\n';
}

int (*victim_op)(const char *) = victim_read_file;

static int file_is(const char *path, const char *want)
{
	char buf[16] = { 0 };
	int h = u_open(path, O_READ);
	intptr_t n = h < 0 ? h : u_read(h, buf, sizeof(buf) - 1);

	u_close(h);
	return n == (intptr_t)u_strlen(want) && u_streq(buf, want);
}

static void wait_go(int go)
{
	char msg;

	u_recv(go, &msg, 1, K_FOREVER);
}

/* While the hostile domain holds all it may of every table. */
static void still_works(int addr)
{
	int h = u_open(VICTIM_FILE "2", O_WRITE | O_CREAT);

	u_check(h > 0 && u_write(h, "x", 1) == 1 && u_close(h) == 0 &&
		u_unlink(VICTIM_FILE "2") == 0,
		"hostile: the victim still creates, writes and removes a file");
	h = u_open("/dev/null", O_WRITE);
	u_check(h > 0 && u_close(h) == 0, "hostile: the victim still opens a handle");
	u_check(u_send(addr, "k", 1) == 1, "hostile: the victim still sends");
}

void victim_main(void)
{
	volatile char stack_secret[16] = "stack-secret-22";
	uintptr_t where = (uintptr_t)stack_secret;
	int addr = u_chan_open("victim-addr"), go = u_chan_open("victim-go");
	int h = u_open(VICTIM_FILE, O_WRITE | O_CREAT);

	u_check(h > 0 && u_write(h, VICTIM_DATA, sizeof(VICTIM_DATA) - 1) ==
		sizeof(VICTIM_DATA) - 1 && u_close(h) == 0, "hostile: the victim writes its file");
	u_send(addr, &where, sizeof(where));
	wait_go(go);
	still_works(addr);
	wait_go(go);
	u_check(u_streq(victim_secret, "victim-secret-1"), "hostile: the victim's secret is intact");
	u_check(u_streq((const char *)stack_secret, "stack-secret-22"),
		"hostile: the victim's stack is intact");
	u_check(victim_op == victim_read_file && u_streq(victim_path, "/etc/motd") &&
		victim_op(victim_path), "hostile: the victim does what its code says");
	u_check(file_is(VICTIM_FILE, VICTIM_DATA), "hostile: the victim's file reads back the same");
	u_unlink(VICTIM_FILE);
	u_exit(0);
}
