/*
 * The system-call handlers (sys_task.c, sys_fs.c, sys_chan.c) and the
 * access-check strategies.
 *
 * The handlers are compiled once per strategy, each time with that
 * strategy's check(), into one system-call table per strategy; a task
 * runs on one table.  So a strategy adds nothing to another's path:
 *   flat   the policy compiled into flat tables (monitor/mac.h)
 *   none   no check at all: the baseline the others are measured against
 *   selinux07, selinux07tuned, smack, smackhash, smackfix: the
 *          comparison models (models.h)
 *   profile the flat checks, each timed where it is made, and every
 *          call timed (profile.c, profile_sites.h): the application's
 * The Makefile compiles the handlers with -DSTRATEGY=name and
 * -DSTRATEGY_KIND=STRATEGY_<NAME>; without them, flat.
 */
#ifndef SYSCALLS_H
#define SYSCALLS_H

#include <stdint.h>
#include "kernel.h"
#include "object.h"
#include "models.h"
#include "kernel_asm.h"

#define STRATEGY_FLAT		0
#define STRATEGY_NONE		1
#define STRATEGY_SELINUX07	2
#define STRATEGY_SELINUX07TUNED	3
#define STRATEGY_SMACK		4
#define STRATEGY_PROFILE	5
#define STRATEGY_SMACKHASH	6
#define STRATEGY_SMACKFIX	7
#ifndef STRATEGY
#define STRATEGY flat
#define STRATEGY_KIND STRATEGY_FLAT
#endif

/* the strategies that check through the flat tables */
#define STRATEGY_TABLES (STRATEGY_KIND == STRATEGY_FLAT || STRATEGY_KIND == STRATEGY_PROFILE)

#define STRATEGY_CAT2(a, b) a##_##b
#define STRATEGY_CAT(a, b) STRATEGY_CAT2(a, b)
#define STRATEGY_FN(name) STRATEGY_CAT(name, STRATEGY)

#if STRATEGY_KIND == STRATEGY_SELINUX07
#define MODEL_INODE sel07_security_ops->inode_permission
#define MODEL_FILE sel07_security_ops->file_permission
#elif STRATEGY_KIND == STRATEGY_SELINUX07TUNED
#define MODEL_INODE sel07tuned_security_ops->inode_permission
#define MODEL_FILE sel07tuned_security_ops->file_permission
#elif STRATEGY_KIND == STRATEGY_SMACK
#define MODEL_INODE smack_inode_perm
#define MODEL_FILE smack_file_perm
#elif STRATEGY_KIND == STRATEGY_SMACKHASH
#define MODEL_INODE smackhash_inode_perm
#define MODEL_FILE smack_file_perm
#elif STRATEGY_KIND == STRATEGY_SMACKFIX
#define MODEL_INODE smackfix_inode_perm
#define MODEL_FILE smack_file_perm
#endif

#define SYSCALL_ARGS uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3
/* a handler takes the four argument registers and uses what it needs */
#define UNUSED __attribute__((unused))
#define SYSCALL(name) \
	intptr_t STRATEGY_FN(name)(UNUSED uintptr_t a0, UNUSED uintptr_t a1, \
				   UNUSED uintptr_t a2, UNUSED uintptr_t a3)

/* The call is not over: the task makes it again when it next runs, its
 * registers as they were.  The result goes into the register of a0 on
 * ARM, so a0 is what comes back. */
static inline intptr_t syscall_restart(uintptr_t a0)
{
	arch_syscall_restart(sched_current->frame);
	return (intptr_t)a0;
}

/* The monitor's check for the calling task on one object: its label and
 * its column in tclass (the tables index by the column, the models and
 * the audit line name the label). */
static inline int check(unsigned int tclass, mac_col_t label, mac_ccol_t ccol, mac_vec_t perms)
{
	struct task *t = sched_current;
#if STRATEGY_KIND == STRATEGY_NONE
	(void)t, (void)tclass, (void)label, (void)ccol, (void)perms;
	return 0;
#elif defined(MODEL_INODE)
	(void)ccol;
	return MODEL_INODE(t->domain, label, tclass, perms, &t->audit);
#else
	return mac_check_obj(&t->mac, tclass, ccol, label, perms, &t->audit);
#endif
}

/* Checks in a loop (a path walk): the caller's row is read once, each
 * check_in_row then loads the object's index and its vector, tests and
 * branches. */
static inline const mac_fast_t *check_row(void)
{
#if STRATEGY_TABLES
	return sched_current->mac.fast;
#else
	return NULL;
#endif
}

/* A node's check that the fast test does not pass (handle.c): the node's
 * label and class are read there, off the fast path. */
int check_node_slow(const struct node *n, mac_vec_t perms);

static inline int check_in_row(const mac_fast_t *row, const struct node *n, mac_vec_t perms)
{
#if STRATEGY_TABLES
#if defined(MAC_STATS) && MAC_STATS
	mac_stats.lookups++;
#endif
	if (likely((mac_fast_at(row, n->ccol) & perms) == perms)) {
		if (MAC_GRANT_LOG)
			mac_grant_note(sched_current->domain, n->tclass, n->label, perms);
		return 0;
	}
	__asm__ volatile("");	/* as in check_handle */
	return check_node_slow(n, perms);
#else
	(void)row;
	return check(n->tclass, n->label, n->ccol, perms);
#endif
}

/* The caller's check on a node, its class the node's own. */
static inline int check_node(const struct node *n, mac_vec_t perms)
{
	return check_in_row(check_row(), n, perms);
}

/* A grant through a handle, for MAC_GRANT_LOG (handle.c). */
void check_handle_grant(const struct handle *h, mac_vec_t perms);
/* What a use of h asks for: a write on an O_APPEND handle is an append. */
mac_vec_t handle_real_perms(const struct handle *h, mac_vec_t perms);

/* The check on an object used through a handle: the vector was read at
 * open (mac_fast_vector), the test is done at every use. */
static inline int check_handle(const struct handle *h, mac_vec_t perms)
{
#if STRATEGY_KIND == STRATEGY_NONE
	(void)h, (void)perms;
	/* what the tables' slow call makes the compiler assume (memory may
	 * have changed), without the check: so that a handler's code
	 * without a check differs from the tables' by the check alone */
	__asm__ volatile("" : : : "memory");
	return 0;
#elif defined(MODEL_FILE)
	unsigned int tclass;
	mac_col_t label = handle_object(h, &tclass);
	return MODEL_FILE(sched_current->domain, label, tclass, perms, &sched_current->audit);
#else
	if (likely(mac_cached_ok(h->allowed, perms))) {
		if (MAC_GRANT_LOG)
			check_handle_grant(h, perms);
		return 0;
	}
	/* an empty asm first: the compiler does not set up the slow call's
	 * arguments in the delay slot of the fast test's branch (SH-4's bt.s),
	 * where the fast path would pay for them */
	__asm__ volatile("");
	return check_handle_slow(h, perms);
#endif
}

/* The same, for a subject other than the caller (a spawn's new domain). */
static inline int check_as(mac_col_t domain, unsigned int tclass, mac_col_t label,
			   mac_ccol_t ccol, mac_vec_t perms)
{
#if STRATEGY_KIND == STRATEGY_NONE
	(void)domain, (void)tclass, (void)label, (void)ccol, (void)perms;
	return 0;
#elif defined(MODEL_INODE)
	(void)ccol;
	return MODEL_INODE(domain, label, tclass, perms, &sched_current->audit);
#else
	return mac_check_obj(&mac_subjects[domain], tclass, ccol, label, perms,
			     &sched_current->audit);
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
	X(SYS_TEST_AUDITS, sys_test_audits, "test log", "- test images only") \
	X(SYS_TEST_CLOCK, sys_test_clock, "clock",    "- test images only") \
	X(SYS_TEST_LATENCY, sys_test_latency, "test log", "- test images only")

/*
 * The checks each call above makes, one (class, permission) pair a line,
 * as its handler names them (the report's SYSCHECK lines and checks
 * table; tests/host/syscall_checks.sh fails when a pair the handlers
 * check is missing).  A path also takes dir:search on each directory.
 * Open, read, write, stat and unlink check a node of any kind with the
 * file class's constants, in its own class's table (their bits are the
 * same: MAC_KERNEL_FILE_BIT_CHECKS); sock_file and fifo_file nodes are
 * not listed apart.
 */
#define SYSCALL_CHECKS(X) \
	X(spawn, dir, search) X(spawn, file, execute) X(spawn, file, execute_no_trans) \
	X(spawn, process, transition) X(spawn, file, entrypoint) \
	X(open, dir, search) X(open, file, open) X(open, file, read) X(open, file, write) \
	X(open, file, append) X(open, chr_file, open) X(open, chr_file, read) \
	X(open, chr_file, write) X(open, chr_file, append) X(open, dir, open) \
	X(open, dir, read) X(open, dir, add_name) X(open, dir, write) X(open, file, create) \
	X(read, file, read) X(read, chr_file, read) \
	X(write, file, write) X(write, file, append) X(write, chr_file, write) \
	X(write, chr_file, append) \
	X(stat, dir, search) X(stat, file, getattr) X(stat, dir, getattr) \
	X(stat, chr_file, getattr) \
	X(fstat, file, getattr) X(fstat, dir, getattr) X(fstat, chr_file, getattr) \
	X(create, dir, search) X(create, dir, add_name) X(create, dir, write) \
	X(create, file, create) \
	X(mkdir, dir, search) X(mkdir, dir, add_name) X(mkdir, dir, write) \
	X(mkdir, dir, create) \
	X(unlink, dir, search) X(unlink, dir, remove_name) X(unlink, dir, write) \
	X(unlink, file, unlink) X(unlink, chr_file, unlink) X(unlink, dir, rmdir) \
	X(readdir, dir, read) \
	X(send, channel, send) X(recv, channel, recv)

/* A strategy's table is its handlers only, indexed by the number, which
 * the arch's entry has bounded: a word an entry, so the dispatch scales
 * the number by one shift.  What each call is called and checks lives
 * once, in SYSCALLS above and syscall_names.  The padding, from SYS_COUNT
 * to SYSCALL_TABLE_SIZE (kernel_asm.h): a number there is no call. */
extern const char *const syscall_names[SYS_COUNT];
intptr_t syscall_nosys(SYSCALL_ARGS);
#define SYSCALL_PADDING [SYS_COUNT ... SYSCALL_TABLE_SIZE - 1] = syscall_nosys

/* Every strategy, for the declarations and the tables (syscall.c). */
#define STRATEGIES(X) X(none) X(flat) X(selinux07) X(selinux07tuned) X(smack) X(smackhash) \
	X(smackfix)

#define SYSCALL_DECLARE_ONE(fn, s) intptr_t fn##_##s(SYSCALL_ARGS);
#define SYSCALL_DECLARE_S(s) \
	extern const syscall_fn syscall_table_##s[SYSCALL_TABLE_SIZE]; \
	intptr_t fs_lookup_user_##s(uintptr_t upath, char *path, uint16_t *id);
STRATEGIES(SYSCALL_DECLARE_S)
#define SYSCALL_DECLARE(nr, fn, obj, chk) \
	SYSCALL_DECLARE_ONE(fn, none) SYSCALL_DECLARE_ONE(fn, flat) \
	SYSCALL_DECLARE_ONE(fn, selinux07) SYSCALL_DECLARE_ONE(fn, selinux07tuned) \
	SYSCALL_DECLARE_ONE(fn, smack) SYSCALL_DECLARE_ONE(fn, smackhash) \
	SYSCALL_DECLARE_ONE(fn, smackfix)
SYSCALLS(SYSCALL_DECLARE)

/* The profiling strategy: not in STRATEGIES, since the benchmarks do
 * not measure it; the application runs on it (profile.c). */
#define SYSCALL_DECLARE_PROFILE(nr, fn, obj, chk) SYSCALL_DECLARE_ONE(fn, profile)
SYSCALLS(SYSCALL_DECLARE_PROFILE)
SYSCALL_DECLARE_S(profile)

struct strategy {
	const char *name;
	const syscall_fn *table;
};
extern const struct strategy strategies[];	/* ends with a NULL name */

#if STRATEGY_KIND == STRATEGY_PROFILE
#include "profile_sites.h"	/* each check above, timed where it is called */
#endif

#endif
