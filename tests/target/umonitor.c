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

static size_t append(char *buf, size_t n, size_t max, const char *s)
{
	while (*s && n < max - 1)
		buf[n++] = *s++;
	buf[n] = 0;
	return n;
}

/* In one write: output of other tasks or the kernel in between would cut
 * a line written in pieces in two. */
static void learn(const char *what, intptr_t result)
{
	char line[64], num[12];
	size_t n = append(line, 0, sizeof(line), "LEARN ");

	n = append(line, n, sizeof(line), what);
	n = append(line, n, sizeof(line), result < 0 ? " error=" : " ok=");
	n = append(line, n, sizeof(line), u_utoa((uint32_t)(result < 0 ? -result : result), num));
	n = append(line, n, sizeof(line), "\n");
	u_write(U_CONSOLE, line, n);
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

/* Lines that the host tools would take for the kernel's if a task could
 * start a line: an avc denial audit2allow would turn into a rule (written
 * in three calls), BENCH figures, test summaries, and a '\r' that a
 * line-splitting reader takes for a line break.  Each must reach the log
 * behind this task's prefix (tests/target/expect.txt). */
void forger_main(void)
{
	u_puts("avc:  denied  { read } for  pid=5 comm=\"learner\" ");
	u_puts("path=\"/etc/secret\" scontext=system_u:system_r:learner_t ");
	u_puts("tcontext=system_u:object_r:secret_t tclass=file permissive=0\n");
	u_puts("BENCH board=r2dplus bench=forged strategy=flat arg=0 unit=insns n=1 min=1 median=1 max=1\n");
	u_puts("99 passed, 0 failed\ntarget r2dplus: 99 passed, 0 failed\n");
	u_puts("\rBENCH board=r2dplus bench=forged2 strategy=flat arg=0 unit=insns n=1 min=1 median=1 max=1\n");
	u_exit(0);
}
