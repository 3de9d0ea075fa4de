/*
 * The boot's closing summary: one table and one SUMMARY line per unit
 * measured, made of the boot's own figures by the definitions every
 * table shares (medians per call; for statn the means per stat, whose
 * AVC misses a median would hide).  A pass of the benchmarks takes it
 * at its end, since a timing model's pass replaces the figures of the
 * pass before; the end of the boot prints what was taken.
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "summary.h"

#define SUMMARY_UNITS 2		/* insns, then a timing model's est-cycles */

/* How a key is made of the figures: MEDIAN the figure itself; ADDED,
 * PCT and SHARE the strategy against none at the same argument (added,
 * over none, over the strategy's); ROUND a round of N stats against a
 * round of 500; LEVEL what the strategy adds per path component. */
enum summary_how { HOW_MEDIAN, HOW_ADDED, HOW_PCT, HOW_SHARE, HOW_ROUND, HOW_LEVEL };

struct summary_def {
	const char *name;
	uint8_t how;
	const char *bench, *strategy;
	uint32_t arg;
};

static const struct summary_def defs[SUMMARY_NKEYS] = {
#define SUMMARY_DEF(name, how, bench, strategy, arg) { #name, HOW_##how, bench, strategy, arg },
	SUMMARY_KEYS(SUMMARY_DEF)
#undef SUMMARY_DEF
};

struct summary {
	const char *unit;	/* NULL: not taken */
	uint32_t has;		/* bit k: key k was measured */
	int64_t v[SUMMARY_NKEYS];	/* two decimals as v / 100 */
};

_Static_assert(SUMMARY_NKEYS <= 32, "summary: has holds a bit per key");

static struct summary taken[SUMMARY_UNITS];

int64_t summary_div(int64_t num, int64_t den)
{
	int64_t q = (2 * (num < 0 ? -num : num) + den) / (2 * den);

	return num < 0 ? -q : q;
}

int64_t summary_percent100(int64_t a, int64_t b, int64_t of)
{
	return summary_div((a - b) * 10000, of);
}

int64_t summary_round100(uint32_t n, int64_t m100, int64_t base100)
{
	return summary_div((int64_t)n * m100 * 100, SUMMARY_STATN_BASE * base100);
}

char *summary_fix2(char *out, size_t size, int64_t v)
{
	uint64_t a = (uint64_t)(v < 0 ? -v : v);

	snprintf(out, size, "%s%lu.%02lu", v < 0 ? "-" : "", (unsigned long)(a / 100),
		 (unsigned long)(a % 100));
	return out;
}

/* The strategy's median m against none's at the same argument. */
static int summary_against(const struct summary_def *d, summary_figure_fn figure, int64_t m,
			   int64_t none, int64_t *out)
{
	int64_t m1, none1;

	switch (d->how) {
	case HOW_ADDED:
		*out = m - none;
		return 1;
	case HOW_PCT:
		if (none <= 0)
			return 0;
		*out = summary_percent100(m, none, none);
		return 1;
	case HOW_SHARE:
		if (m <= 0)
			return 0;
		*out = summary_percent100(m, none, m);
		return 1;
	default:	/* LEVEL: the deepest walk's added less the shallowest's */
		if (!figure(d->bench, d->strategy, 1, 0, &m1) ||
		    !figure(d->bench, "none", 1, 0, &none1))
			return 0;
		*out = summary_div((m - none) - (m1 - none1), (int64_t)d->arg - 1);
		return 1;
	}
}

static int summary_value(const struct summary_def *d, summary_figure_fn figure, int64_t *out)
{
	int64_t m, base;

	if (!figure(d->bench, d->strategy, d->arg, d->how == HOW_ROUND, &m))
		return 0;
	if (d->how == HOW_MEDIAN) {
		*out = m;
		return 1;
	}
	if (d->how == HOW_ROUND) {
		if (!figure(d->bench, d->strategy, SUMMARY_STATN_BASE, 1, &base) || base <= 0)
			return 0;
		*out = summary_round100(d->arg, m, base);
		return 1;
	}
	return figure(d->bench, "none", d->arg, 0, &base) &&
	       summary_against(d, figure, m, base, out);
}

static struct summary *summary_slot(const char *unit)
{
	for (int i = 0; i < SUMMARY_UNITS; i++)
		if (!taken[i].unit || strcmp(taken[i].unit, unit) == 0)
			return &taken[i];
	return &taken[SUMMARY_UNITS - 1];
}

void summary_take(summary_figure_fn figure)
{
	struct summary *s = summary_slot(arch_counter_unit());

	s->unit = arch_counter_unit();
	s->has = 0;
	for (int k = 0; k < SUMMARY_NKEYS; k++)
		if (summary_value(&defs[k], figure, &s->v[k]))
			s->has |= (uint32_t)1 << k;
}

/* ---- the table and the line */

static int key_percent(int k)
{
	return defs[k].how == HOW_PCT || defs[k].how == HOW_SHARE;
}

static char *summary_text(const struct summary *s, int k, char *out, size_t size)
{
	if (key_percent(k) || defs[k].how == HOW_ROUND)
		return summary_fix2(out, size, s->v[k]);
	snprintf(out, size, "%ld", (long)s->v[k]);
	return out;
}

/* A row of the table: what it answers, its keys (up to four, each with
 * the name it goes by in the row), the seed's question or -1. */
#define ROW_KEYS 4
struct summary_row {
	const char *what;
	uint8_t keys[ROW_KEYS];
	const char *names[ROW_KEYS];
	int8_t seed;
};

#define K(name) SUMMARY_##name
#define ROW_END SUMMARY_NKEYS
/* seed 000's two rows of one call, read or write */
#define RW_ROWS(op, question) \
	{ "seed 000 " #op ", median per call", { K(op##_none), K(op##_flat), K(op##_added), \
	  ROW_END }, { "none", "flat", "flat - none" }, -1 }, \
	{ "  its overhead against none", { K(op##_pct), K(op##_selinux07_pct), \
	  K(op##_selinux07tuned_pct), ROW_END }, { "flat", "selinux07", "selinux07tuned" }, \
	  question },
static const struct summary_row rows[] = {
	RW_ROWS(read, SUMMARY_Q_READ)
	RW_ROWS(write, SUMMARY_Q_WRITE)
	{ "seed 002 stat: round of 600 / round of 500", { K(statn600_flat_round),
	  K(statn600_selinux07_round), K(statn600_selinux07tuned_round), ROW_END },
	  { "flat", "selinux07", "selinux07tuned" }, SUMMARY_Q_STATN },
	{ "seed 003 walk of depth 8: monitor's share", { K(walk8_flat_share),
	  K(walk8_selinux07_share), ROW_END, ROW_END }, { "flat", "selinux07" }, SUMMARY_Q_WALK },
	{ "seed 004 label lookup among 600, median", { K(label600_smack), K(label600_smackhash),
	  K(label600_smackfix), K(label600_flat) }, { "smack", "smackhash", "smackfix", "flat" },
	  SUMMARY_Q_LABEL },
	{ "check_read_site: added at the read site", { K(check_read_site), ROW_END },
	  { "read(flat) - read(none) =" }, -1 },
	{ "check_walk_level: added per path component", { K(check_walk_level), ROW_END },
	  { "(walk8 - walk1 of flat less none's) / 7 =" }, -1 },
	{ "check_loop: check-file-read at its site", { K(check_loop), ROW_END },
	  { "flat, the read site's handle test =" }, -1 },
};
#undef RW_ROWS
#undef K

static int row_has(const struct summary *s, const struct summary_row *r)
{
	for (int i = 0; i < ROW_KEYS && r->keys[i] != ROW_END; i++)
		if (s->has >> r->keys[i] & 1)
			return 1;
	return 0;
}

#define SUMMARY_LABEL_WIDTH 45

/* A row's figures, then on a line of its own what the seed said. */
static void summary_row(const struct summary *s, const struct summary_row *r,
			const char *const *seeds)
{
	const char *sep = "";
	char buf[24];

	if (!row_has(s, r))
		return;
	printf("%-*s", SUMMARY_LABEL_WIDTH, r->what);
	for (int i = 0; i < ROW_KEYS && r->keys[i] != ROW_END; i++) {
		int k = r->keys[i];
		if (!(s->has >> k & 1))
			continue;
		printf("%s%s %s%s", sep, r->names[i], summary_text(s, k, buf, sizeof(buf)),
		       key_percent(k) ? "%" : "");
		sep = ", ";
	}
	if (seeds && r->seed >= 0 && seeds[r->seed])
		printf("\n%-*s%s", SUMMARY_LABEL_WIDTH, "  the seed's", seeds[r->seed]);
	printf("\n");
}

static void summary_line(const struct summary *s)
{
	char buf[24];

	printf("SUMMARY board=%s unit=%s", board_name(), s->unit);
	for (int k = 0; k < SUMMARY_NKEYS; k++)
		if (s->has >> k & 1)
			printf(" %s=%s", defs[k].name, summary_text(s, k, buf, sizeof(buf)));
	printf("\n");
}

void summary_print(const char *const *seeds)
{
	for (int i = 0; i < SUMMARY_UNITS && taken[i].unit; i++) {
		const struct summary *s = &taken[i];

		printf("\n-- table summary: the answer at a glance (%s) --\n", s->unit);
		printf("(medians per call, statn's means per stat; overheads over none's, shares "
		       "over the strategy's own)\n");
		for (unsigned r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
			summary_row(s, &rows[r], seeds);
		summary_line(s);
	}
	if (!taken[0].unit)
		printf("\nsummary: no benchmark has run yet\n");
}
