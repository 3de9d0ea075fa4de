/*
 * The timing model's window into the firmware (sim/, DESIGN.md).  Under
 * QEMU with a timing model loaded (make cycles), the model writes its
 * running estimate of the core's cycles into this block of RAM before
 * every instruction, so the firmware reads it as it reads a cycle
 * counter; the rest (instructions, causes) when the firmware stores to
 * `request`, which costs the counter nothing.  The model times only what
 * runs between a store to `run` and one to `idle`: the firmware's
 * est-cycles pass, so that the insns pass runs at QEMU's pace.  No model, no magic: the block stays as the
 * start-up left it and the counter is the board's own.
 *
 * Little-endian words; the model finds the block by its symbol
 * (counter_model) and never writes anywhere else.
 */
#ifndef COUNTER_MODEL_H
#define COUNTER_MODEL_H

#include <stdint.h>

#define COUNTER_MODEL_MAGIC 0x43545345u	/* "ESTC" in memory */

/* Where est-cycles go, one counter each; the names in this order. */
enum counter_model_cause {
	CAUSE_ISSUE,	/* cycles in which instructions issue */
	CAUSE_OPERAND,	/* waiting for an operand: load-use, multiply, ... */
	CAUSE_SERIAL,	/* serialising: PR, SR, control and MAC registers */
	CAUSE_BRANCH,	/* branch penalties: taken, mispredicted, slots */
	CAUSE_IMISS,	/* instruction-cache misses */
	CAUSE_DMISS,	/* operand/data-cache misses and uncached access */
	CAUSE_WBUF,	/* a full write buffer */
	CAUSE_TLB,	/* TLB misses the hardware refills */
	COUNTER_MODEL_CAUSES
};
#define COUNTER_MODEL_CAUSE_NAMES \
	"issue", "operand", "serial", "branch", "imiss", "dmiss", "wbuf", "tlb"

struct counter_model {
	uint32_t magic;		/* COUNTER_MODEL_MAGIC once a model runs */
	uint32_t cycles;	/* est-cycles so far, low 32 bits */
	uint32_t insns;		/* instructions so far, low 32 bits */
	uint32_t cause[COUNTER_MODEL_CAUSES];	/* sum == cycles */
	uint32_t request;	/* a store here: insns and cause[] now */
	uint32_t run;		/* a store here: the model times what follows */
	uint32_t idle;		/* a store here: it stops, its caches kept */
};

extern volatile struct counter_model counter_model;

#endif
