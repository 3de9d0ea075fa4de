/*
 * The distro image's programs report every access they make through the
 * monitor, one line each, for tests/distro/check-access.py to hold
 * against libsepol's answer for the task's context and the object's:
 *
 *   ACCESS OP OBJECT ok|error=N
 *
 * OP names the checks the call makes (read: open+read, write:
 * open+write, append: open+append, rdwr: open+read+write on a file or
 * device; exec: spawn; send, recv: on a channel); the task is the
 * console's "[pid N name]" prefix, which only the kernel writes.  A line
 * is written in one call, so that no other task's text splits it.
 */
#ifndef DISTRO_ACCESS_H
#define DISTRO_ACCESS_H

#include "ulib.h"

static inline void access_report(const char *op, const char *object, intptr_t rc)
{
	char line[96] = "ACCESS ", num[12];

	u_strlcat(line, op, sizeof(line));
	u_strlcat(line, " ", sizeof(line));
	u_strlcat(line, object, sizeof(line));
	if (rc >= 0) {
		u_strlcat(line, " ok\n", sizeof(line));
	} else {
		u_strlcat(line, " error=", sizeof(line));
		u_strlcat(line, u_utoa((uint32_t)-rc, num), sizeof(line));
		u_strlcat(line, "\n", sizeof(line));
	}
	u_puts(line);
}

/* "a b" on one line; b's own line end (a file's text) is dropped. */
static inline void access_say(const char *a, const char *b)
{
	char line[96] = "";
	size_t n;

	u_strlcat(line, a, sizeof(line));
	u_strlcat(line, b, sizeof(line));
	n = u_strlen(line);
	if (n && line[n - 1] == '\n')
		line[--n] = '\0';
	u_strlcat(line, "\n", sizeof(line));
	u_puts(line);
}

/* The check is made at open; the handle's reads and writes repeat it on
 * the vector the open read.  Returns the handle or the error. */
static inline int access_open(const char *op, const char *path, int flags)
{
	int h = u_open(path, flags);

	access_report(op, path, h);
	return h;
}

/* A line to the syslog daemon over the "log" channel, as syslog(3)
 * writes to /dev/log. */
static inline void access_syslog(int ch, const char *msg)
{
	access_report("send", "log", u_send(ch, msg, u_strlen(msg)));
}

#endif
