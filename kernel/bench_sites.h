/*
 * The check-* benchmarks' flat figure: each class:permission timed as
 * the kernel's own site makes it, so that the benchmark's figure is the
 * site's (make check-disasm reads the same sites in the disassembly).
 *
 *   handle  read, write, readdir, send, recv (check_handle): the handle at
 *           hand; its vector loaded, one bit tested, a branch
 *   row     the walk's dir:search (check_in_row): the task's row read
 *           once per walk, the directory at hand; its index loaded, the
 *           vector loaded from the row, tested, a branch
 *   node    every other check (check, check_node): the task and the node
 *           at hand; the row, the index and the vector loaded, tested, a
 *           branch
 *
 * The permission is a compile-time constant, as at every site (SH-4's
 * tst #imm): one timed loop per site and permission bit.  What is at
 * hand is in registers, every load of the site inside the interval; the
 * test's result decides a branch, as the site's does.
 *
 * The loops are generated in the file that times them
 * (BENCH_SITE_TIMER): a call to another file would put the call into
 * every measured interval.
 */
#ifndef BENCH_SITES_H
#define BENCH_SITES_H

#include "kernel.h"
#include "syscalls.h"

enum bench_site { BENCH_SITE_HANDLE, BENCH_SITE_ROW, BENCH_SITE_NODE };

/* The site the kernel checks cls:perm at (kernel/bench.c). */
enum bench_site bench_site_of(const char *cls, const char *perm);
const char *bench_site_name(enum bench_site site);

/* Takes the loop's own cost, harness, off each of n samples. */
static inline void bench_site_less(uint32_t *s, int n, uint32_t harness)
{
	for (int i = 0; i < n; i++)
		s[i] = s[i] > harness ? s[i] - harness : 0;
}

/* the permission bits a kernel check may test with an immediate */
#define BENCH_SITE_BITS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) \
	X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)

/* What is at hand comes in registers, the function's arguments; what
 * it points to is loaded again in every interval, past the calls that
 * record a sample.  A volatile asm that takes the first counter read's
 * value keeps the site's loads after the read is complete (on SH-4 its
 * xor with the counter's flip; the compiler schedules nothing across
 * one); the test's outcome is used by another, before the second read.
 * The loop without a test (bench_site_harness_) has the same first
 * read and barriers: its least interval is taken off each sample. */
#define BENCH_SITE_LOOP(refused, test) do {			\
	for (int i_ = 0; i_ < BENCH_SITE_N_; i_++) {			\
		uint32_t t0_ = arch_counter_read();			\
		__asm__ volatile("" : : "r"(t0_));			\
		if (unlikely(test))					\
			(refused)++;					\
		__asm__ volatile("" : "+r"(refused));			\
		samples[i_] = since(t0_);				\
	}								\
	bench_site_less(samples, BENCH_SITE_N_, bench_site_harness_());	\
} while (0)

#define BENCH_SITE_HANDLE_CASE(b)					\
	case (mac_vec_t)1 << (b):					\
		BENCH_SITE_LOOP(refused, check_handle(h, (mac_vec_t)1 << (b)));	\
		return refused;
#define BENCH_SITE_ROW_CASE(b)						\
	case (mac_vec_t)1 << (b):					\
		BENCH_SITE_LOOP(refused, check_in_row(row, n, (mac_vec_t)1 << (b)));	\
		return refused;
#define BENCH_SITE_NODE_CASE(b)						\
	case (mac_vec_t)1 << (b):					\
		BENCH_SITE_LOOP(refused, mac_check_obj(&t->mac, tclass, n->ccol, n->label,	\
						       (mac_vec_t)1 << (b), &t->audit));	\
		return refused;

/*
 * Defines static int FN(site, h, n, tclass, perm): BENCH_SITE_N_ = N
 * samples of perm's check at site, each since(t0) into samples[] (the
 * includer's own, by those names), the calling task the subject, h a
 * handle holding its vector on n (handle sites), n the object; returns
 * how many were refused (0 for a pair the tables allow), or -1 for a
 * permission that is not one bit of BENCH_SITE_BITS.  Each site's loops
 * are a function of their own: only what the site has at hand is live.
 */
#define BENCH_SITE_TIMER(FN, N)						\
enum { BENCH_SITE_N_ = (N) };						\
static __attribute__((noinline)) uint32_t bench_site_harness_(void)	\
{									\
	uint32_t least = UINT32_MAX;					\
	int refused = 0;						\
									\
	for (int i_ = 0; i_ < BENCH_SITE_N_; i_++) {			\
		uint32_t t0_ = arch_counter_read();			\
		__asm__ volatile("" : : "r"(t0_));			\
		__asm__ volatile("" : "+r"(refused));			\
		uint32_t d_ = since(t0_);				\
		least = d_ < least ? d_ : least;			\
	}								\
	return least;							\
}									\
static __attribute__((noinline)) int FN##_handle(const struct handle *h, mac_vec_t perm)	\
{									\
	int refused = 0;						\
									\
	switch (perm) { BENCH_SITE_BITS(BENCH_SITE_HANDLE_CASE) }	\
	return -1;							\
}									\
static __attribute__((noinline)) int FN##_row(const mac_fast_t *row, const struct node *n,	\
					      mac_vec_t perm)		\
{									\
	int refused = 0;						\
									\
	switch (perm) { BENCH_SITE_BITS(BENCH_SITE_ROW_CASE) }		\
	return -1;							\
}									\
static __attribute__((noinline)) int FN##_node(struct task *t, const struct node *n,	\
					       unsigned int tclass, mac_vec_t perm)	\
{									\
	int refused = 0;						\
									\
	switch (perm) { BENCH_SITE_BITS(BENCH_SITE_NODE_CASE) }		\
	return -1;							\
}									\
static int FN(enum bench_site site, const struct handle *h, const struct node *n,	\
	      unsigned int tclass, mac_vec_t perm)			\
{									\
	if (site == BENCH_SITE_HANDLE)					\
		return FN##_handle(h, perm);				\
	if (site == BENCH_SITE_ROW)					\
		return FN##_row(check_row(), n, perm);			\
	return FN##_node(sched_current, n, tclass, perm);		\
}

#endif
