/*
 * The XScale model's decoded instruction, shared by its decoder
 * (xscale_decode.c) and its timing (xscale.c).  Everything exec() needs
 * is worked out here once, at translation.
 */
#ifndef SIM_XSCALE_H
#define SIM_XSCALE_H

#include <stddef.h>
#include <stdint.h>

enum xs_class {
	XS_UNKNOWN,
	XS_ALU,		/* data processing, CLZ, MRS, Q*, misc. one-issue */
	XS_ALU_RS,	/* data processing, shift by register or RRX */
	XS_ALU_PC,	/* data processing writing the PC */
	XS_MUL,		/* MUL, MLA, SMULxy, SMLAxy, SMULWy, SMLAWy */
	XS_MULL,	/* UMULL, SMULL, UMLAL, SMLAL, SMLALxy */
	XS_LOAD,	/* LDR, LDRB, LDRH, LDRSB, LDRSH */
	XS_LOAD_PC,	/* LDR into the PC */
	XS_STORE,	/* STR, STRB, STRH */
	XS_LDRD,
	XS_STRD,
	XS_LDM,
	XS_LDM_PC,
	XS_STM,
	XS_SWP,
	XS_PLD,
	XS_B,		/* B, BL: the BTB predicts these */
	XS_BX,		/* BX, BLX (register) */
	XS_BLX_IMM,
	XS_SWI,
	XS_MSR,
	XS_CP15_MCR,
	XS_CP15_MRC,
	XS_CP14,	/* MRC, MCR to the performance monitor, clock, debug */
	XS_COP,		/* any other coprocessor instruction (CP0's acc0, ...) */
	XS_MRS,
	XS_THUMB,	/* a 2-byte instruction: one issue, no dependences */
	XS_CLASSES
};

/* What a CP15 write does to the model's state. */
enum xs_cp15_op {
	CP15_NONE,
	CP15_CTRL,	/* c1: the MMU and caches on */
	CP15_I_BTB,	/* c7,c5,0: I-cache and BTB */
	CP15_BTB,	/* c7,c5,6 */
	CP15_D_ALL,	/* c7,c6,0 */
	CP15_ID_ALL,	/* c7,c7,0 */
	CP15_DRAIN,	/* c7,c10,4 */
	CP15_TLB_I,	/* c8,c5,0 */
	CP15_TLB_D,	/* c8,c6,0 */
	CP15_TLB_ALL,	/* c8,c7,0 */
};

struct xs_insn {
	uint64_t fall;		/* the next address in sequence */
	uint64_t target;	/* B, BL, BLX(1): where it goes */
	uint16_t src;		/* registers read (mask) */
	uint16_t dst;		/* written at the result latency */
	uint16_t dst_late;	/* written one cycle later: RdHi, LDRD's Rd+1 */
	uint16_t dst_wb;	/* base write-back: ALU latency */
	uint16_t shift_src;	/* data processing: Rm, shifted by an immediate */
	uint8_t cls;		/* enum xs_class */
	uint8_t nregs;		/* LDM/STM: registers in the list; ALU: 1 if
				 * the shift is by a register (or RRX) */
	uint8_t always;		/* condition AL */
	uint8_t setflags;	/* S bit: multiplies issue longer */
	uint8_t cp15;		/* enum xs_cp15_op */
	uint8_t msr_c;		/* MSR writing the control field (mode bits) */
	uint8_t accum;		/* a long multiply that accumulates */
	uint8_t mem;		/* a load, store or preload: waits on LDRD */
	uint8_t flow;		/* it may change the flow: resolved at the next */
};

void xs_decode_arm(struct xs_insn *d, uint32_t w, uint64_t vaddr);
void xs_decode_thumb(struct xs_insn *d, uint64_t vaddr, size_t len);
const char *xs_class_name(unsigned cls);

#endif
