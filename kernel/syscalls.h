/*
 * The system-call handlers (sys_task.c, sys_fs.c, sys_chan.c) and the
 * access-check strategies.
 *
 * The handlers are compiled once per strategy, each time with that
 * strategy's check(), into one system-call table per strategy; a task
 * runs on one table.  So a strategy adds nothing to another's path:
 *   flat   the policy compiled into flat tables (monitor/mac.h)
 *   none   no check at all: the baseline the others are measured against
 */
#ifndef SYSCALLS_H
#define SYSCALLS_H

#include <stdint.h>
#include "kernel.h"

#ifdef STRATEGY_NONE
#define STRATEGY_FN(name) name##_none
#else
#define STRATEGY_FN(name) name##_flat
#endif

#define SYSCALL_ARGS uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3
/* a handler takes the four argument registers and uses what it needs */
#define UNUSED __attribute__((unused))
#define SYSCALL(name) \
	intptr_t STRATEGY_FN(name)(UNUSED uintptr_t a0, UNUSED uintptr_t a1, \
				   UNUSED uintptr_t a2, UNUSED uintptr_t a3)
typedef intptr_t (*syscall_fn)(SYSCALL_ARGS);

/* The monitor's check for the calling task on one object. */
static inline int check(unsigned int tclass, mac_col_t label, mac_vec_t perms)
{
#ifdef STRATEGY_NONE
	(void)tclass, (void)label, (void)perms;
	return 0;
#else
	struct task *t = sched_current;
	return mac_check(&t->mac, tclass, label, perms, &t->audit);
#endif
}

/* The check on an object used through a handle: the vector was read at
 * open (mac_fast_vector), the test is done at every use. */
static inline int check_handle(const struct handle *h, mac_vec_t perms)
{
#ifdef STRATEGY_NONE
	(void)h, (void)perms;
	return 0;
#else
	if (likely(mac_cached_ok(h->allowed, perms)))
		return 0;
	return check_handle_slow(h, perms);
#endif
}

/* The same, for a subject other than the caller (a spawn's new domain). */
static inline int check_as(const struct mac_subject *s, unsigned int tclass, mac_col_t label,
			   mac_vec_t perms)
{
#ifdef STRATEGY_NONE
	(void)s, (void)tclass, (void)label, (void)perms;
	return 0;
#else
	return mac_check(s, tclass, label, perms, &sched_current->audit);
#endif
}

/*
 * The table, read in one screen: number, handler, the object it touches,
 * and the check it needs ("-" with the reason when it touches none).
 * Path-based calls also check dir:search on every directory they pass.
 */
#define SYSCALLS(X) \
	X(SYS_NULL,	 sys_null,	"-",	   "- touches nothing") \
	X(SYS_EXIT,	 sys_exit,	"self",	   "- ends the caller") \
	X(SYS_YIELD,	 sys_yield,	"self",	   "- own time slice") \
	X(SYS_SLEEP,	 sys_sleep,	"self",	   "- own time slice") \
	X(SYS_TICKS,	 sys_ticks,	"clock",   "- public, read-only") \
	X(SYS_GETPID,	 sys_getpid,	"self",	   "- own identity") \
	X(SYS_SPAWN,	 sys_spawn,	"program", "file:execute, process:transition, file:entrypoint") \
	X(SYS_WAIT,	 sys_wait,	"child",   "- own child only") \
	X(SYS_OPEN,	 sys_open,	"node",	   "open+read/write/append; O_CREAT: dir:add_name+write, create") \
	X(SYS_CLOSE,	 sys_close,	"handle",  "- own handle") \
	X(SYS_READ,	 sys_read,	"node",	   "file|chr_file:read") \
	X(SYS_WRITE,	 sys_write,	"node",	   "file|chr_file:write, or append with O_APPEND") \
	X(SYS_STAT,	 sys_stat,	"node",	   "getattr") \
	X(SYS_FSTAT,	 sys_fstat,	"node",	   "getattr") \
	X(SYS_CREATE,	 sys_create,	"node",	   "dir:add_name+write, file:create") \
	X(SYS_MKDIR,	 sys_mkdir,	"node",	   "dir:add_name+write, dir:create") \
	X(SYS_UNLINK,	 sys_unlink,	"node",	   "dir:remove_name+write, file:unlink or dir:rmdir") \
	X(SYS_READDIR,	 sys_readdir,	"dir",	   "dir:read") \
	X(SYS_CHAN_OPEN, sys_chan_open,	"channel", "- checked at each send and recv") \
	X(SYS_SEND,	 sys_send,	"channel", "channel:send") \
	X(SYS_RECV,	 sys_recv,	"channel", "channel:recv") \
	X(SYS_TEST_REPORT, sys_test_report, "test log", "- test images only") \
	X(SYS_TEST_AUDITS, sys_test_audits, "test log", "- test images only")

struct syscall_entry {
	syscall_fn fn;
	const char *name;
	const char *object;	/* what it touches */
	const char *check;	/* class:permissions, or why none */
};

#define SYSCALL_DECLARE(nr, fn, obj, chk) \
	intptr_t fn##_flat(SYSCALL_ARGS); intptr_t fn##_none(SYSCALL_ARGS);
SYSCALLS(SYSCALL_DECLARE)
intptr_t fs_lookup_user_flat(uintptr_t upath, char *path, uint16_t *id);
intptr_t fs_lookup_user_none(uintptr_t upath, char *path, uint16_t *id);

extern const struct syscall_entry syscall_table_flat[SYS_COUNT];
extern const struct syscall_entry syscall_table_none[SYS_COUNT];

#endif
