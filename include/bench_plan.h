/*
 * The boot benchmarks' objects, one definition for the firmware
 * (app/bench.c) and for the Linux peer's init (peer/init/init.c), so
 * that both time the same calls on the same paths, name for name.
 */
#ifndef BENCH_PLAN_H
#define BENCH_PLAN_H

/* seed 003's walk: stat of /bench, /bench/d1, ... up to depth 8 */
#define BENCH_WALK_PATH "/bench/d1/d2/d3/d4/d5/d6/d7"
#define BENCH_WALK_DEPTH 8

/* seed 002's statn: N files of N labels, /statn/f0000 on, for each N of
 * the list not over STATN_N; each stat'ed STATN_ROUNDS times */
#define BENCH_STATN_PATH "/statn/f0000"
#define BENCH_STATN_SIZE_LIST 100, 200, 300, 400, 500, 600, 700, 800, 1600
#define BENCH_STATN_SIZES 9
#define STATN_ROUNDS 2

#endif
