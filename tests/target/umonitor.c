/*
 * On-target tests of the reference monitor, in user mode: what each
 * domain of tests/target/test.conf may do, and how many audit lines each
 * decision writes (the log itself is checked by tests/target/expect.txt).
 */
#include "ulib.h"

/* tells utest_main that a suite is over (each task has its own data) */
static void suite_done(void) { u_send(u_chan_open("done"), "d", 1); }

static uint32_t audits(void) { return (uint32_t)sys0(SYS_TEST_AUDITS); }

/* Runs one system call; checks its result and the audit lines it wrote. */
#define EXPECT(call, result, lines, name) do {			\
	uint32_t a0_ = audits();				\
	intptr_t r_ = (intptr_t)(call);				\
	u_check(r_ == (result) && audits() - a0_ == (lines), name);	\
} while (0)

void limited_main(void)
{
	struct k_stat st;
	int ch;

	EXPECT(u_stat("/etc", &st), 0, 0, "monitor: allowed, no audit line");
	EXPECT(u_open("/etc/motd", O_READ), -E_ACCES, 1, "monitor: denied read logs one line");
	EXPECT(u_stat("/etc/motd", &st), 0, 1, "monitor: auditallow logs a granted line");
	EXPECT(u_open("/etc/secret", O_READ), -E_ACCES, 0, "monitor: dontaudit denies silently");
	ch = u_chan_open("test");
	EXPECT(u_recv(ch, &st, 4, 0), -E_ACCES, 1, "monitor: channel recv denied");
	ch = u_chan_open("closed");
	EXPECT(u_send(ch, "x", 1), -E_ACCES, 1, "monitor: channel send denied");
	EXPECT(u_spawn("/bin/worker", 3, 0), -E_ACCES, 1, "monitor: spawn without execute denied");
	EXPECT(u_create("/tmp/l"), -E_ACCES, 1, "monitor: create denied on the directory");
	suite_done();
	u_exit(0);
}

void loose_main(void)
{
	char buf[8] = { 0 };
	int h;

	EXPECT((h = u_open("/etc/secret", O_READ)) > 0, 1, 1, "permissive domain: logs and allows open");
	EXPECT(u_read(h, buf, 6), 6, 1, "permissive domain: logs and allows read");
	u_check(u_streq(buf, "s3cret"), "permissive domain: the read returns the data");
	suite_done();
	u_exit(0);
}

static void learn(const char *what, intptr_t result)
{
	char num[12];

	u_puts("LEARN ");
	u_puts(what);
	u_puts(result < 0 ? " error=" : " ok=");
	u_puts(u_utoa((uint32_t)(result < 0 ? -result : result), num));
	u_puts("\n");
}

/* Accesses learner_t is not granted by test.conf; the round trip adds
 * audit2allow's rules for their denials and expects them all to pass. */
void learner_main(void)
{
	struct k_stat st;
	char buf[4];
	int h = u_open("/etc/motd", O_READ);

	learn("open-read /etc/motd", h);
	learn("read /etc/motd", u_read(h, buf, sizeof(buf)));
	learn("stat /etc/secret", u_stat("/etc/secret", &st));
	learn("send test", u_send(u_chan_open("closed"), "x", 1));
	u_exit(0);
}
