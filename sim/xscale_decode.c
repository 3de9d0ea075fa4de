/*
 * ARMv5TE decoding for the XScale model: the instruction's timing class
 * and the registers it reads and writes, from the encoding alone (ARM
 * Architecture Reference Manual, ARMv5TE encodings).  Thumb, which only
 * hostile user code runs here, is a one-issue instruction.
 */
#include "xscale.h"

#define R(n)		((uint16_t)(1u << ((n) & 15)))
#define FIELD(w, lo)	(((w) >> (lo)) & 15u)
#define BIT(w, n)	(((w) >> (n)) & 1u)
#define PC_BIT		R(15)

static const char *const class_names[XS_CLASSES] = {
	"unknown", "alu", "alu-rs", "alu-pc", "mul", "mull", "load", "load-pc",
	"store", "ldrd", "strd", "ldm", "ldm-pc", "stm", "swp", "pld", "b", "bx",
	"blx-imm", "swi", "msr", "cp15-mcr", "cp15-mrc", "cp14", "cop", "mrs", "thumb",
};

const char *xs_class_name(unsigned cls)
{
	return cls < XS_CLASSES ? class_names[cls] : "?";
}

static unsigned popcount16(uint16_t v)
{
	return (unsigned)__builtin_popcount(v);
}

/* Data processing: opcode 8-11 (TST..CMN) write no Rd; 13, 15 (MOV, MVN)
 * read no Rn. */
static void dp(struct xs_insn *d, uint32_t w, int imm)
{
	unsigned op = (w >> 21) & 15u;

	d->cls = XS_ALU;
	if (op != 13 && op != 15)
		d->src |= R(FIELD(w, 16));
	if (op < 8 || op > 11)
		d->dst |= R(FIELD(w, 12));
	if (!imm) {
		d->src |= R(FIELD(w, 0));
		if (BIT(w, 4)) {
			d->src |= R(FIELD(w, 8));
			d->cls = XS_ALU_RS;
			d->nregs = 1;
		} else if (((w >> 5) & 3u) == 3u && ((w >> 7) & 31u) == 0) {
			d->cls = XS_ALU_RS;	/* RRX */
			d->nregs = 1;
		} else if (w & 0xFE0u) {
			d->shift_src = R(FIELD(w, 0));	/* LSL #0 is no shift */
		}
	}
	if (d->dst & PC_BIT) {
		d->cls = XS_ALU_PC;
		d->dst &= (uint16_t)~PC_BIT;
	}
	/* a flag-setting compare or ADC/SBC/RSC/MOVS reads nothing more here:
	 * the XScale forwards the flags with no result latency of their own */
}

static void mul(struct xs_insn *d, uint32_t w)
{
	d->cls = XS_MUL;
	d->setflags = (uint8_t)BIT(w, 20);
	d->src = R(FIELD(w, 0)) | R(FIELD(w, 8));
	if (BIT(w, 21))
		d->src |= R(FIELD(w, 12));
	d->dst = R(FIELD(w, 16));
}

static void mull(struct xs_insn *d, uint32_t w)
{
	d->cls = XS_MULL;
	d->setflags = (uint8_t)BIT(w, 20);
	d->src = R(FIELD(w, 0)) | R(FIELD(w, 8));
	d->accum = (uint8_t)BIT(w, 21);
	if (d->accum)
		d->src |= R(FIELD(w, 12)) | R(FIELD(w, 16));
	d->dst = R(FIELD(w, 12));
	d->dst_late = R(FIELD(w, 16));
}

/* The base register and its write-back: pre-indexed with W, or
 * post-indexed. */
static void addressing(struct xs_insn *d, uint32_t w, int reg_offset)
{
	d->src |= R(FIELD(w, 16));
	if (reg_offset)
		d->src |= R(FIELD(w, 0));
	if (!BIT(w, 24) || BIT(w, 21))
		d->dst_wb = R(FIELD(w, 16));
}

static void load_dest(struct xs_insn *d, unsigned rd)
{
	if (rd == 15) {
		d->cls = XS_LOAD_PC;
		return;
	}
	d->dst = R(rd);
}

/* LDRH, STRH, LDRSB, LDRSH, LDRD, STRD */
static void extra_ldst(struct xs_insn *d, uint32_t w)
{
	unsigned sh = (w >> 5) & 3u, rd = FIELD(w, 12);

	addressing(d, w, !BIT(w, 22));
	if (BIT(w, 20)) {
		d->cls = XS_LOAD;
		load_dest(d, rd);
	} else if (sh == 1) {
		d->cls = XS_STORE;
		d->src |= R(rd);
	} else if (sh == 2) {
		d->cls = XS_LDRD;
		d->dst = R(rd);
		d->dst_late = R(rd + 1);
	} else {
		d->cls = XS_STRD;
		d->src |= R(rd) | R(rd + 1);
	}
}

static void ldst(struct xs_insn *d, uint32_t w)
{
	unsigned rd = FIELD(w, 12);

	addressing(d, w, BIT(w, 25));
	if (BIT(w, 20)) {
		d->cls = XS_LOAD;
		load_dest(d, rd);
	} else {
		d->cls = XS_STORE;
		d->src |= R(rd);
	}
}

static void ldstm(struct xs_insn *d, uint32_t w)
{
	uint16_t list = (uint16_t)(w & 0xFFFFu);

	d->nregs = (uint8_t)popcount16(list);
	d->src = R(FIELD(w, 16));
	if (BIT(w, 21))
		d->dst_wb = R(FIELD(w, 16));
	if (BIT(w, 20)) {
		d->cls = (list & PC_BIT) ? XS_LDM_PC : XS_LDM;
		d->dst = list & (uint16_t)~PC_BIT;
	} else {
		d->cls = XS_STM;
		d->src |= list;
	}
}

static uint64_t branch_target(uint32_t w, uint64_t vaddr)
{
	int32_t off = (int32_t)(w << 8) >> 6;

	return (uint64_t)((int64_t)vaddr + 8 + off) & 0xFFFFFFFFu;
}

static enum xs_cp15_op cp15_op(uint32_t w)
{
	unsigned crn = FIELD(w, 16), crm = FIELD(w, 0), op2 = (w >> 5) & 7u;

	if (crn == 1 && crm == 0 && op2 == 0)
		return CP15_CTRL;
	if (crn == 7) {
		if (crm == 5 && op2 == 0)
			return CP15_I_BTB;
		if (crm == 5 && op2 == 6)
			return CP15_BTB;
		if (crm == 6 && op2 == 0)
			return CP15_D_ALL;
		if (crm == 7 && op2 == 0)
			return CP15_ID_ALL;
		if (crm == 10 && op2 == 4)
			return CP15_DRAIN;
	}
	if (crn == 8 && op2 == 0)
		return crm == 5 ? CP15_TLB_I : crm == 6 ? CP15_TLB_D : crm == 7 ? CP15_TLB_ALL
			: CP15_NONE;
	return CP15_NONE;
}

/* MCR, MRC: CP15 the system, CP14 the clock, counters and debug. */
static void coproc_reg(struct xs_insn *d, uint32_t w)
{
	unsigned cp = FIELD(w, 8), rd = FIELD(w, 12), load = BIT(w, 20);

	if (cp == 15 || cp == 14) {
		d->cls = cp == 14 ? XS_CP14 : load ? XS_CP15_MRC : XS_CP15_MCR;
		if (load && rd != 15)
			d->dst = R(rd);
		else if (!load)
			d->src = R(rd);
		if (cp == 15 && !load)
			d->cp15 = (uint8_t)cp15_op(w);
		return;
	}
	d->cls = XS_COP;
	if (load && rd != 15)
		d->dst = R(rd);
	else if (!load)
		d->src = R(rd);
}

/* The miscellaneous space: bits 27-23 00010, bit 20 clear. */
static int misc(struct xs_insn *d, uint32_t w)
{
	if ((w & 0x0FBF0FFFu) == 0x010F0000u) {		/* MRS */
		d->cls = XS_MRS;
		d->dst = R(FIELD(w, 12));
	} else if ((w & 0x0FB0FFF0u) == 0x0120F000u) {	/* MSR, register */
		d->cls = XS_MSR;
		d->src = R(FIELD(w, 0));
		d->msr_c = (uint8_t)BIT(w, 16);
	} else if ((w & 0x0FFFFFD0u) == 0x012FFF10u) {	/* BX, BLX */
		d->cls = XS_BX;
		d->src = R(FIELD(w, 0));
		if (BIT(w, 5))
			d->dst = R(14);		/* BLX writes LR */
	} else if ((w & 0x0FFF0FF0u) == 0x016F0F10u) {	/* CLZ */
		d->cls = XS_ALU;
		d->src = R(FIELD(w, 0));
		d->dst = R(FIELD(w, 12));
	} else if ((w & 0x0F900FF0u) == 0x01000050u) {	/* QADD, QSUB, QDADD, QDSUB */
		d->cls = XS_MUL;	/* two-cycle result, as the multiplier's */
		d->src = R(FIELD(w, 0)) | R(FIELD(w, 16));
		d->dst = R(FIELD(w, 12));
	} else if ((w & 0x0FF000F0u) == 0x01200070u) {	/* BKPT */
		d->cls = XS_SWI;
	} else if ((w & 0x0F900090u) == 0x01000080u) {	/* SMLAxy, SMULWy, SMLALxy, SMULxy */
		unsigned op = (w >> 21) & 3u;
		d->src = R(FIELD(w, 0)) | R(FIELD(w, 8));
		if (op == 2) {
			d->cls = XS_MULL;
			d->accum = 1;
			d->src |= R(FIELD(w, 12)) | R(FIELD(w, 16));
			d->dst = R(FIELD(w, 12));
			d->dst_late = R(FIELD(w, 16));
		} else {
			d->cls = XS_MUL;
			if (op == 0 || (op == 1 && !BIT(w, 5)))
				d->src |= R(FIELD(w, 12));
			d->dst = R(FIELD(w, 16));
		}
	} else {
		return 0;
	}
	return 1;
}

static void space0(struct xs_insn *d, uint32_t w)
{
	if ((w & 0x0FC000F0u) == 0x00000090u)
		mul(d, w);
	else if ((w & 0x0F8000F0u) == 0x00800090u)
		mull(d, w);
	else if ((w & 0x0FB00FF0u) == 0x01000090u) {
		d->cls = XS_SWP;
		d->src = R(FIELD(w, 0)) | R(FIELD(w, 16));
		d->dst = R(FIELD(w, 12));
	} else if ((w & 0x0E000090u) == 0x00000090u && (w & 0x60u))
		extra_ldst(d, w);
	else if ((w & 0x0F900000u) == 0x01000000u) {
		if (!misc(d, w))
			d->cls = XS_UNKNOWN;
	} else
		dp(d, w, 0);
}

static void space1(struct xs_insn *d, uint32_t w)
{
	if ((w & 0x0FB0F000u) == 0x0320F000u) {		/* MSR, immediate */
		d->cls = XS_MSR;
		d->msr_c = (uint8_t)BIT(w, 16);
	} else if ((w & 0x0FB00000u) == 0x03000000u) {
		d->cls = XS_UNKNOWN;
	} else {
		dp(d, w, 1);
	}
}

/* cond 1111: ARMv5's BLX(1) and PLD; the rest is not the XScale's. */
static void unconditional(struct xs_insn *d, uint32_t w, uint64_t vaddr)
{
	if ((w & 0x0E000000u) == 0x0A000000u) {
		d->cls = XS_BLX_IMM;
		d->dst = R(14);
		d->target = (branch_target(w, vaddr) | (BIT(w, 24) << 1)) & 0xFFFFFFFFu;
	} else if ((w & 0x0D70F000u) == 0x0550F000u) {
		d->cls = XS_PLD;
		d->src = R(FIELD(w, 16));
		if (BIT(w, 25))
			d->src |= R(FIELD(w, 0));
	} else {
		d->cls = XS_UNKNOWN;
	}
}

static void by_space(struct xs_insn *d, uint32_t w, uint64_t vaddr)
{
	switch ((w >> 25) & 7u) {
	case 0: space0(d, w); break;
	case 1: space1(d, w); break;
	case 2: ldst(d, w); break;
	case 3:
		if (BIT(w, 4))
			d->cls = XS_UNKNOWN;	/* architecturally undefined */
		else
			ldst(d, w);
		break;
	case 4: ldstm(d, w); break;
	case 5:
		d->cls = XS_B;
		if (BIT(w, 24))
			d->dst = R(14);		/* BL */
		d->target = branch_target(w, vaddr);
		break;
	case 6: d->cls = XS_COP; d->src = R(FIELD(w, 16)); break;	/* LDC, STC */
	default:
		if (BIT(w, 24))
			d->cls = XS_SWI;
		else if (BIT(w, 4))
			coproc_reg(d, w);
		else
			d->cls = XS_COP;	/* CDP, and CP0's MIA */
	}
}

void xs_decode_arm(struct xs_insn *d, uint32_t w, uint64_t vaddr)
{
	*d = (struct xs_insn){ .fall = vaddr + 4 };
	d->always = (uint8_t)((w >> 28) == 14u);
	if ((w >> 28) == 15u)
		unconditional(d, w, vaddr);
	else
		by_space(d, w, vaddr);
	d->mem = (uint8_t)((d->cls >= XS_LOAD && d->cls <= XS_PLD) ? 1 : 0);
	d->flow = (uint8_t)(d->cls == XS_B || d->cls == XS_BX || d->cls == XS_BLX_IMM ||
			    d->cls == XS_ALU_PC || d->cls == XS_LOAD_PC || d->cls == XS_LDM_PC ||
			    d->cls == XS_SWI);
	/* the PC as an operand is the instruction's address: no dependence */
	d->src &= (uint16_t)~PC_BIT;
	d->shift_src &= (uint16_t)~PC_BIT;
	d->dst_late &= (uint16_t)~PC_BIT;
	d->dst_wb &= (uint16_t)~PC_BIT;
}

void xs_decode_thumb(struct xs_insn *d, uint64_t vaddr, size_t len)
{
	*d = (struct xs_insn){ .fall = vaddr + len, .cls = XS_THUMB };
}
