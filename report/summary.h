/*
 * The boot's closing summary (summary.c): the seeds' questions answered
 * in one table and one SUMMARY line, taken from the boot's figures at
 * the end of each pass of the benchmarks (one per unit: insns, then a
 * timing model's est-cycles) and printed at the end of the boot.  The
 * firmware's and a device's images share it; each hands it its figures.
 */
#ifndef SUMMARY_H
#define SUMMARY_H

#include <stddef.h>
#include <stdint.h>

/*
 * The SUMMARY line's keys, in its order: the name, how the value is
 * made of the figures (summary.c), the benchmark, the strategy and the
 * argument it is made of.  Medians per call, but for ROUND (means).
 */
#define SUMMARY_KEYS(X) \
	X(read_none, MEDIAN, "read", "none", 0) \
	X(read_flat, MEDIAN, "read", "flat", 0) \
	X(read_added, ADDED, "read", "flat", 0) \
	X(read_pct, PCT, "read", "flat", 0) \
	X(write_none, MEDIAN, "write", "none", 0) \
	X(write_flat, MEDIAN, "write", "flat", 0) \
	X(write_added, ADDED, "write", "flat", 0) \
	X(write_pct, PCT, "write", "flat", 0) \
	X(read_selinux07_pct, PCT, "read", "selinux07", 0) \
	X(read_selinux07tuned_pct, PCT, "read", "selinux07tuned", 0) \
	X(write_selinux07_pct, PCT, "write", "selinux07", 0) \
	X(write_selinux07tuned_pct, PCT, "write", "selinux07tuned", 0) \
	X(statn600_flat_round, ROUND, "statn", "flat", 600) \
	X(statn600_selinux07_round, ROUND, "statn", "selinux07", 600) \
	X(statn600_selinux07tuned_round, ROUND, "statn", "selinux07tuned", 600) \
	X(walk8_flat_share, SHARE, "walk", "flat", 8) \
	X(walk8_selinux07_share, SHARE, "walk", "selinux07", 8) \
	X(label600_smack, MEDIAN, "label", "smack", 600) \
	X(label600_smackhash, MEDIAN, "label", "smackhash", 600) \
	X(label600_smackfix, MEDIAN, "label", "smackfix", 600) \
	X(label600_flat, MEDIAN, "label", "flat", 600) \
	X(check_read_site, ADDED, "read", "flat", 0) \
	X(check_walk_level, LEVEL, "walk", "flat", 8) \
	X(check_loop, MEDIAN, "check-file-read", "flat", 0)

enum summary_key {
#define SUMMARY_ENUM(name, how, bench, strategy, arg) SUMMARY_##name,
	SUMMARY_KEYS(SUMMARY_ENUM)
#undef SUMMARY_ENUM
	SUMMARY_NKEYS
};

/* The seeds' questions, for the figures the image quotes beside ours. */
enum summary_question { SUMMARY_Q_READ, SUMMARY_Q_WRITE, SUMMARY_Q_STATN, SUMMARY_Q_WALK,
			SUMMARY_Q_LABEL, SUMMARY_NQ };

/* One of the boot's figures: the median of a benchmark's BENCH line, or
 * with mean set its mean times 100; 0 when it was not measured. */
typedef int (*summary_figure_fn)(const char *bench, const char *strategy, uint32_t arg,
				 int mean, int64_t *out);

/* Takes the summary of the figures of now, in the counter's unit, in
 * place of one taken before in that unit. */
void summary_take(summary_figure_fn figure);

/* Every summary taken, its table and its SUMMARY line; seeds[q] is
 * what the seed of question q said (NULL, or an entry NULL: none). */
void summary_print(const char *const *seeds);

/* The seed 002's rounds are against the round of 500. */
#define SUMMARY_STATN_BASE 500

/* num / den, rounded half away from zero (den > 0). */
int64_t summary_div(int64_t num, int64_t den);
/* a against b in percent, times 100: (a - b) / of (b for an overhead, a
 * for a share; of > 0). */
int64_t summary_percent100(int64_t a, int64_t b, int64_t of);
/* The round of n stats of mean m100 against the round of 500 of mean
 * base100 (means times 100; base100 > 0), times 100. */
int64_t summary_round100(uint32_t n, int64_t m100, int64_t base100);

/* v / 100 with two decimals ("-1.05"), into out. */
char *summary_fix2(char *out, size_t size, int64_t v);

#endif
