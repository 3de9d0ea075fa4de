/*
 * The contract between the QEMU glue (plugin.c) and one CPU's timing
 * model (sh4.c, xscale.c).  The glue decodes each instruction once, at
 * translation, through the model; at run time it hands the model every
 * executed instruction in program order with the memory accesses it
 * made, and the model adds the cycles it cost, by cause, to its totals.
 * Nothing here knows QEMU: the host unit tests drive a model directly.
 */
#ifndef SIM_MODEL_H
#define SIM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "counter_model.h"

/* One tunable figure of a model, with where it comes from. */
struct sim_param {
	const char *name;	/* as given on the plugin's command line */
	long value;		/* the default, replaced by name=value */
	const char *unit;	/* "cycles", "bytes", "entries", ... */
	const char *source;	/* the manual, GCC file or emulator it is read from */
	/* No document states the figure: the bounds it may take, lo < hi
	 * (both 0: a cited figure).  make cycles-range runs both ends. */
	long lo, hi;
};

struct sim_access {
	uint64_t vaddr, paddr;
	unsigned size;		/* bytes */
	bool store;
	bool io;		/* a device register: uncached, on the bus */
};

struct sim_totals {
	uint64_t cycles, insns;
	uint64_t cause[COUNTER_MODEL_CAUSES];
};

struct sim_model {
	const char *name;	/* "sh4", "xscale" */
	struct sim_param *params;
	size_t nparams;
	/* After the parameters are set, before the first instruction. */
	void (*reset)(void);
	/* A decoded form of the instruction at vaddr (its bytes as in
	 * memory, little-endian); the pointer stays valid to the end. */
	const void *(*decode)(const uint8_t *bytes, size_t len, uint64_t vaddr);
	/* One executed instruction: its decoded form, where it was fetched
	 * from (paddr: physical, for the caches), the accesses it made. */
	void (*exec)(const void *insn, uint64_t vaddr, uint64_t paddr,
		     const struct sim_access *acc, unsigned nacc);
	struct sim_totals *totals;
	/* The CPU's window marks (include/window_marks.h): an instruction
	 * of mark_bytes bytes equal to one of these words; 0 bytes: none. */
	uint32_t mark_start, mark_stop;
	unsigned mark_bytes;
};

extern struct sim_model sim_model_sh4, sim_model_xscale, sim_model_unit;

/* A parameter table's row: a cited figure, or one no document states,
 * with the range it may take. */
#define SIM_PARAM(name, value, unit, source) { name, value, unit, source, 0, 0 }
#define SIM_PARAM_RANGE(name, value, unit, lo, hi, source) { name, value, unit, source, lo, hi }

/* A parameter by name, or NULL (plugin.c, the tests). */
struct sim_param *sim_param_find(struct sim_model *m, const char *name);

/* Whether a parameter has a range (lo < hi, its value inside). */
bool sim_param_ranged(const struct sim_param *p);
/* NULL when the parameter is cited (its source names one of cites[],
 * a NULL-ended list of documents, and says nothing of a guess) or
 * ranged; else why not. */
const char *sim_param_unsourced(const struct sim_param *p, const char *const *cites);
/* Its range cell in a parameter document: "lo..hi", or "-". */
void sim_param_range_cell(const struct sim_param *p, char *buf, size_t len);

#endif
