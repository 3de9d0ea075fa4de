/*
 * On-target tests of the per-domain limits.  hog_t's shares are small
 * (test.manifest); hog uses each one up and gets -E_DQUOT.  While it holds
 * them all, utest (utest_t) still creates, opens, spawns and sends; then
 * hog gives them back and may take them again.
 */
#include "utest.h"

/* hog and utest take turns through two channels, hogup (hog's phases:
 * it holds all its shares, it gave them back) and hogdown (utest has
 * checked): each task has its own data. */
#define PHASE_TICKS 200

#define HOG_FILES 4
static const char *const hog_file[HOG_FILES] = { "/tmp/h0", "/tmp/h1", "/tmp/h2", "/tmp/h3" };

/* Until the other side waits, a message is queued, which hog's used-up
 * share refuses; one handed to a waiting receiver is not charged. */
static void phase_signal(int ch)
{
	for (int i = 0; i < PHASE_TICKS && u_send(ch, "p", 1) == -E_DQUOT; i++)
		u_sleep(1);
}

static int phase_wait(int ch)
{
	char msg;

	return u_recv(ch, &msg, 1, PHASE_TICKS) == 1;
}

static int hog_take_all(int *null_h, int *child)
{
	intptr_t err;
	int n, i = 0, ch = u_chan_open("hogq");

	n = COUNT_UNTIL_ERROR(u_create(hog_file[i++]), HOG_FILES, &err);
	u_check(n == 3 && err == -E_DQUOT, "quota: hog_t's 4th node is -EDQUOT");
	i = 0;
	n = COUNT_UNTIL_ERROR(utest_write_byte(hog_file[i++]), 3, &err);
	u_check(n == 2 && err == -E_DQUOT, "quota: hog_t's 3rd file block is -EDQUOT");
	n = COUNT_UNTIL_ERROR(u_send(ch, "h", 1), 8, &err);
	u_check(n == 2 && err == -E_DQUOT, "quota: hog_t's 3rd queued message is -EDQUOT");
	*child = u_spawn("/bin/worker", 1, 'q');
	u_check(*child > 0 && u_spawn("/bin/worker", 1, 'q') == -E_DQUOT,
		"quota: hog_t's 3rd task is -EDQUOT");
	/* console, three channels and the child's console: one handle left */
	*null_h = u_open("/dev/null", O_READ);
	u_check(*null_h > 0 && u_open("/dev/null", O_READ) == -E_DQUOT,
		"quota: hog_t's 7th handle is -EDQUOT, with 11 free in its task");
	return ch;
}

/* The child first: until it exits, its console handle is hog_t's too. */
static void hog_give_back(int ch, int null_h, int child)
{
	u_check(u_wait(child) == 'q' && (child = u_spawn("/bin/worker", 1, 'q')) > 0 &&
		u_wait(child) == 'q', "quota: a reaped child gives back its task slot");
	u_check(u_close(null_h) == 0 && (null_h = u_open("/dev/null", O_READ)) > 0 &&
		u_close(null_h) == 0, "quota: a close gives back the handle");
	u_check(u_unlink(hog_file[0]) == 0 && u_create(hog_file[3]) == 0 &&
		utest_write_byte(hog_file[2]) == 1, "quota: an unlink gives back the node and its block");
	u_check(u_send(ch, "h", 1) == 1, "quota: a receive gives back the queued message");
	for (int i = 1; i < HOG_FILES; i++)
		u_unlink(hog_file[i]);
}

void hog_main(void)
{
	int up = u_chan_open("hogup"), down = u_chan_open("hogdown");
	int null_h, child, ch = hog_take_all(&null_h, &child);

	phase_signal(up);
	phase_wait(down);
	hog_give_back(ch, null_h, child);
	phase_signal(up);
	u_exit(0);
}

/* utest_t, while hog_t holds every share it has. */
void quota_others(void)
{
	char msg[4];
	intptr_t err;
	int h, pid, ch, up = u_chan_open("hogup"), down = u_chan_open("hogdown");

	u_check(phase_wait(up), "quota: hog_t has used up its shares");
	h = u_open("/tmp/o", O_WRITE | O_CREAT);
	u_check(h > 0 && u_write(h, "o", 1) == 1 && u_close(h) == 0 && u_unlink("/tmp/o") == 0,
		"quota: another domain still creates and writes files");
	pid = u_spawn("/bin/worker", 5, 'q');
	u_check(pid > 0 && u_wait(pid) == 'q', "quota: another domain still spawns");
	ch = u_chan_open("hogq");
	u_check(ch > 0 && u_send(ch, "u", 1) == 1, "quota: another domain still opens and sends");
	u_check(COUNT_UNTIL_ERROR(u_recv(ch, msg, sizeof(msg), 0), 8, &err) == 3 &&
		err == -E_AGAIN, "quota: the queue held hog_t's 2 messages and ours");
	u_close(ch);
	phase_signal(down);
	u_check(phase_wait(up), "quota: hog_t gave its shares back");
	u_close(up);
	u_close(down);
}
