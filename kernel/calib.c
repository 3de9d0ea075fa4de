/*
 * Calibration: the arch's sequences (calib.S), each held to the figure
 * its CPU's manual states for one body.  In insns (plain QEMU) the
 * figure is the body's instruction count, which proves the sequence is
 * what it says; in est-cycles (a timing model) or cycles (a board) it
 * is the manual's, within the entry's tolerance.  One CALIB line each.
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "counter_model.h"

/* Under a timing model, one body's est-cycles by cause, times 100. */
static uint32_t cause_short[COUNTER_MODEL_CAUSES], cause_long[COUNTER_MODEL_CAUSES];

static void causes_snap(uint32_t *into, int sign)
{
	counter_model.request = 1;
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		into[i] += (uint32_t)sign * counter_model.cause[i];
}

/* Interrupts masked: a tick inside a window would add its handler's
 * cost, cold, to one run and not the other. */
static uint32_t calib_run_noted(uint32_t (*run)(void), uint32_t *causes)
{
	uint32_t d, irq = arch_irq_save();

	memset(causes, 0, sizeof cause_short);
	causes_snap(causes, -1);
	d = run();
	causes_snap(causes, 1);
	arch_irq_restore(irq);
	return arch_counter_to_units(d);
}

/* One body, in units times 100: the second of two runs, caches as the
 * first left them. */
static uint32_t calib_body100(const struct arch_calib *c)
{
	uint32_t s, l;

	for (int i = 0; i < 2; i++) {
		s = calib_run_noted(c->run_short, cause_short);
		l = calib_run_noted(c->run_long, cause_long);
	}
	return l > s ? (uint32_t)(((uint64_t)(l - s) * 100 + c->copies / 2) / c->copies) : 0;
}

static void put100(const char *key, uint32_t v)
{
	printf(" %s=%lu.%02lu", key, (unsigned long)(v / 100), (unsigned long)(v % 100));
}

/*
 * One body's est-cycles by cause: the routine's causes (its every pass:
 * a sequence may run its bodies twice to keep the warm pass) in
 * proportion, scaled to the body's measured cost, the rounding given to
 * the largest so that the causes sum to it.
 */
static void calib_causes(uint32_t got100)
{
	static const char *const name[] = { COUNTER_MODEL_CAUSE_NAMES };
	uint32_t d[COUNTER_MODEL_CAUSES], v[COUNTER_MODEL_CAUSES], sum = 0, given = 0;
	int big = 0;

	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++) {
		int32_t x = (int32_t)(cause_long[i] - cause_short[i]);
		d[i] = x > 0 ? (uint32_t)x : 0;
		sum += d[i];
		big = d[i] > d[big] ? i : big;
	}
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++) {
		v[i] = sum ? (uint32_t)((uint64_t)d[i] * got100 / sum) : 0;
		given += v[i];
	}
	v[big] += sum ? got100 - given : 0;
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		put100(name[i], v[i]);
}

/* 1 within, 0 outside, -1 when the unit has no figure to hold it to. */
static int calib_one(const struct arch_calib *c, const char *unit)
{
	int insns = strcmp(unit, "insns") == 0;
	int timed = strcmp(unit, "est-cycles") == 0 || strcmp(unit, "cycles") == 0;
	uint32_t got = calib_body100(c);
	uint32_t want = insns ? c->insns * 100 : c->cycles100, tol = insns ? 0 : c->tol100;
	int ok = got + tol >= want && got <= want + tol;

	printf("CALIB board=%s name=%s unit=%s copies=%lu", board_name(), c->name, unit,
	       (unsigned long)c->copies);
	put100("got", got);
	put100("expect", want);
	put100("tol", tol);
	printf(" result=%s source=\"%s\"", !insns && !timed ? "skip" : ok ? "pass" : "fail",
	       c->source);
	if (strcmp(unit, "est-cycles") == 0)
		calib_causes(got);
	printf("\n");
	return !insns && !timed ? -1 : ok;
}

void calib_run(void)
{
	const char *unit = arch_counter_unit();
	int n = 0, pass = 0;

	for (const struct arch_calib *c = arch_calibs; c->name; c++) {
		int r = calib_one(c, unit);
		n += r >= 0;
		pass += r > 0;
	}
	printf("calib: %d of %d sequences within their figures (%s)\n", pass, n, unit);
}
