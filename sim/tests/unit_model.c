/*
 * A model that costs every instruction one est-cycle: the glue's own
 * test (make test-sim-glue, tests/cycles-test.py glue), whose counter
 * then reads as the instruction count does.
 */
#include "model.h"

static struct sim_totals totals;
static struct sim_param params[] = {
	SIM_PARAM("cycles_per_insn", 1, "est-cycles", "the glue's test: one per instruction"),
	/* the window marks of the CPU it runs on (include/window_marks.h) */
	SIM_PARAM("mark_start", 0, "word", "the test's command line"),
	SIM_PARAM("mark_stop", 0, "word", "the test's command line"),
	SIM_PARAM("mark_bytes", 0, "bytes", "the test's command line: 0, no marks"),
};
static long per_insn;

static void unit_reset(void)
{
	per_insn = params[0].value;
	sim_model_unit.mark_start = (uint32_t)params[1].value;
	sim_model_unit.mark_stop = (uint32_t)params[2].value;
	sim_model_unit.mark_bytes = (unsigned)params[3].value;
	totals = (struct sim_totals){ 0 };
}

static const void *unit_decode(const uint8_t *bytes, size_t len, uint64_t vaddr)
{
	(void)bytes, (void)len, (void)vaddr;
	return params;
}

static void unit_exec(const void *insn, uint64_t vaddr, uint64_t paddr,
		      const struct sim_access *acc, unsigned nacc)
{
	(void)insn, (void)vaddr, (void)paddr, (void)acc, (void)nacc;
	totals.insns++;
	totals.cycles += per_insn;
	totals.cause[CAUSE_ISSUE] += per_insn;
}

struct sim_model sim_model_unit = {
	.name = "unit",
	.params = params,
	.nparams = sizeof params / sizeof params[0],
	.reset = unit_reset,
	.decode = unit_decode,
	.exec = unit_exec,
	.totals = &totals,
};
