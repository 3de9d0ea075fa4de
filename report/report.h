/*
 * The report: what the image provides for the boot's report and for
 * the serial console (report/shell.c) to ask for again.  Table names
 * are short words ("bench", "rw", "statn", "walk", "label", "checks",
 * "profile", "summary"); a benchmark's name is its BENCH line's bench= word.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdint.h>

/* Defined by the image (app/, device/); the kernel knows none of them. */
extern const char *const report_table_names[];	/* ends with NULL */
extern const char *const bench_names[];		/* ends with NULL */

/* Prints one table, or every table for NULL; -1 when there is no such table. */
int report_print(const char *table);

/* Runs one benchmark now, from a privileged task, and prints its BENCH
 * lines; has_arg 0 runs it at every argument the boot uses.  -1 when
 * there is no such benchmark or argument. */
int bench_run(const char *name, uint32_t arg, int has_arg);

/* The arguments bench_run takes for a benchmark, as the console says
 * them when one is refused ("1..8"); NULL when it takes none (the
 * default, report/shell.c's). */
const char *bench_arg_range(const char *name);

/* The sample application's profile, where an image has one. */
void profile_print(void) __attribute__((weak));

#endif
