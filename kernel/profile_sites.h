/*
 * The profiling strategy's checks (included by syscalls.h into the
 * handlers compiled with -DSTRATEGY=profile only): each of the flat
 * strategy's checks above, read between two counter readings and noted
 * under the function that makes it, its class and its permissions.  The
 * flat handlers never see these macros.
 *
 * The class and permissions are evaluated before the first reading, as
 * the flat handler evaluates them before its check, and so are the
 * monitor's slow-path counters, for the site's mark; the empty asms keep
 * the check's loads between the readings.
 */
#ifndef PROFILE_SITES_H
#define PROFILE_SITES_H

#include "profile.h"

#define PROFILE_TIMED(call, note) ({					\
	struct profile_path profile_path_ = profile_path_now();	\
	uint32_t profile_t0_ = arch_counter_read();			\
	__asm__ volatile("" : : : "memory");				\
	int profile_r_ = (call);					\
	__asm__ volatile("" : : "r"(profile_r_) : "memory");		\
	uint32_t profile_t1_ = arch_counter_read();			\
	note;								\
	profile_r_; })

#define PROFILE_CHECK(tclass, perms, call) ({				\
	unsigned int profile_c_ = (tclass);				\
	mac_vec_t profile_p_ = (perms);					\
	PROFILE_TIMED(call, profile_note(__func__, profile_c_, profile_p_,	\
					 profile_t0_, profile_t1_, &profile_path_)); })

#define check(tclass, label, ccol, perms)				\
	PROFILE_CHECK(tclass, perms, (check)(profile_c_, label, ccol, profile_p_))

#define check_as(domain, tclass, label, ccol, perms)			\
	PROFILE_CHECK(tclass, perms, (check_as)(domain, profile_c_, label, ccol, profile_p_))

#define check_in_row(row, n, perms) ({					\
	const struct node *profile_n_ = (n);				\
	PROFILE_CHECK(profile_n_->tclass, perms, (check_in_row)(row, profile_n_, profile_p_)); })

#define check_node(n, perms) ({						\
	const struct node *profile_n_ = (n);				\
	PROFILE_CHECK(profile_n_->tclass, perms, (check_node)(profile_n_, profile_p_)); })

#define check_handle(h, perms) ({					\
	const struct handle *profile_h_ = (h);				\
	mac_vec_t profile_p_ = (perms);					\
	PROFILE_TIMED((check_handle)(profile_h_, profile_p_),		\
		      profile_note_handle(__func__, profile_h_, profile_p_,	\
					  profile_t0_, profile_t1_, &profile_path_)); })

#endif
