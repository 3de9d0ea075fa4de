/*
 * What the boot benchmarks (bench.c) keep for the report's tables
 * (report.c): every figure by benchmark, strategy and argument, the AVC
 * model's counters of the statn rounds, the label list's tries, the
 * pairs the per-check benchmarks measured.
 */
#ifndef APP_BENCH_H
#define APP_BENCH_H

#include <stdint.h>
#include "kernel.h"
#include "models.h"
#include "bench_plan.h"

#define BENCH_LABEL_SIZES 10	/* 100..1000 */
#define BENCH_CHECKS_MAX 40
#define BENCH_PLAN_SHORT 0x54524853u	/* "SHRT" in memory: the short plan */

extern uint32_t bench_plan;

extern const uint32_t bench_statn_sizes[BENCH_STATN_SIZES];
/* the strategies of the tables, smack-worst (on smack's) after smack; ends with NULL */
extern const char *const bench_strategy_names[];

struct bench_result {
	const char *name, *strategy;
	uint32_t arg;
	struct bench_stats s;
};

/* The AVC model's counters over one N's timed rounds. */
struct bench_avc {
	const char *bench, *strategy;
	uint32_t arg;
	struct sel07_stats st;
};

/* One class:permission pair of the kernel's, measured as check-CLASS-PERM. */
struct bench_check_pair {
	const char *cls, *perm;
	char name[40];		/* check-CLASS-PERM */
	int measured;
};

const struct bench_result *bench_find(const char *name, const char *strategy, uint32_t arg);
const struct bench_result *bench_result_at(int i);	/* NULL past the last */
const struct bench_avc *bench_avc_find(const char *bench, const char *strategy, uint32_t arg);
uint32_t bench_label_tries(uint32_t n);
/* The same among the package names (label-app), and how many they are
 * (*n); both 0 before it ran. */
uint32_t bench_label_app_tries(uint32_t *n);
const struct bench_check_pair *bench_check_find(const char *cls, const char *perm);

#endif
