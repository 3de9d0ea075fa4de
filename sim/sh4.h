/*
 * SH-4 (SH7751R) timing model internals shared by the decoder
 * (sh4_decode.c), the model (sh4.c) and its host tests.  An instruction
 * is decoded once into what the pipeline needs: its issue group, how
 * many cycles it holds the issue stage, the registers it reads and the
 * ones it writes with the latency class of each result.  Latencies and
 * issue counts are classes, not numbers, so that a parameter set at
 * plugin load (sh4.c's table) reaches instructions decoded before it.
 */
#ifndef SIM_SH4_H
#define SIM_SH4_H

#include <stdint.h>
#include "model.h"

enum sh4_group { SH4_MT, SH4_EX, SH4_BR, SH4_LS, SH4_FE, SH4_CO, SH4_GROUPS };

/* Register tokens for the ready-time scoreboard. */
enum sh4_reg {
	SH4_R0 = 0, SH4_T = 16, SH4_PR, SH4_MACH, SH4_MACL, SH4_SR, SH4_GBR, SH4_VBR,
	SH4_SSR, SH4_SPC, SH4_FPUL, SH4_FPSCR, SH4_DBR, SH4_SGR, SH4_BANK,
	SH4_FR0 = 32, SH4_NREGS = 48
};
/* Registers whose wait counts as serialising, not as an operand wait. */
#define SH4_SERIAL_REGS ((1ull << SH4_PR) | (1ull << SH4_SR) | (1ull << SH4_GBR) | \
			 (1ull << SH4_VBR) | (1ull << SH4_SSR) | (1ull << SH4_SPC) | \
			 (1ull << SH4_FPSCR) | (1ull << SH4_DBR) | (1ull << SH4_SGR) | \
			 (1ull << SH4_BANK))

/* Latency classes: index into the model's latency table (sh4.c). */
enum sh4_lat {
	LAT_MOV, LAT_ALU, LAT_LOAD, LAT_MUL, LAT_MAC_GP, LAT_GP_MAC, LAT_PR_SET,
	LAT_PR_GET, LAT_CTRL_SET, LAT_SR_SET, LAT_GBR_SET, LAT_CTRL_GET, LAT_FPUL_GP,
	LAT_FP, LAT_FDIV, LAT_FPSCR_SET, LAT_MAC_ACC, LAT_CLASSES
};
/* Issue classes: cycles the instruction holds the issue stage. */
enum sh4_iss {
	ISS_ONE, ISS_CO_BRANCH, ISS_PR, ISS_MUL, ISS_MAC, ISS_SR_SET, ISS_GBR_SET,
	ISS_CTRL_GET, ISS_RTE, ISS_TRAPA, ISS_TAS, ISS_GBR_RMW, ISS_GBR_TST, ISS_SLEEP,
	ISS_OCB, ISS_CLASSES
};
/* How an instruction changes the flow. */
enum sh4_flow {
	FLOW_NONE,
	FLOW_COND,		/* bt, bf: no slot */
	FLOW_COND_DELAYED,	/* bt/s, bf/s */
	FLOW_DELAYED,		/* bra, bsr: BR group */
	FLOW_CO_DELAYED,	/* jmp, jsr, rts, braf, bsrf */
	FLOW_RTE,		/* rte: delayed, CO */
	FLOW_TRAP		/* trapa: the exception is its issue cycles */
};

#define SH4_MAX_SRC 4
#define SH4_MAX_DST 3

struct sh4_insn {
	uint16_t op;
	uint8_t group, issue, flow;
	uint8_t nsrc, ndst;
	uint8_t src[SH4_MAX_SRC];
	uint8_t dst[SH4_MAX_DST], dlat[SH4_MAX_DST];
	/* The classes' figures as reset() read them (sh4.c). */
	uint8_t issue_n, dlat_n[SH4_MAX_DST], dload_mask;
	uint8_t early_mask;	/* src[i] read a stage early: a load's result
				 * reaches it at load_call_latency */
	uint8_t disp0;		/* a branch to the instruction after its slot */
	uint8_t no_fill;	/* movca.l: a store miss allocates without a fill */
	uint8_t known;		/* 0: an opcode the decoder does not know */
	const char *mnem;	/* for tests and reports */
};

/* Fills *d from the 16-bit opcode; returns d->known. */
int sh4_decode_op(uint16_t op, struct sh4_insn *d);

extern struct sim_param sh4_params[];

#endif
