/*
 * SH-4 opcode decoder for the timing model: group, issue class and the
 * registers read and written, per the SH-4 Software Manual's instruction
 * tables (groups: section "Instruction groups"; issue and latency: the
 * "Execution cycles" table), cross-checked with GCC's sh4.md.  Numbers
 * live in sh4.c's parameter table; here only their classes.
 */
#include <string.h>
#include "sh4.h"

#define RN(op) (((op) >> 8) & 15)
#define RM(op) (((op) >> 4) & 15)

static void ins(struct sh4_insn *d, const char *m, int group, int issue)
{
	d->mnem = m;
	d->group = (uint8_t)group;
	d->issue = (uint8_t)issue;
	d->known = 1;
}

static void rd(struct sh4_insn *d, int reg)
{
	if (d->nsrc < SH4_MAX_SRC)
		d->src[d->nsrc++] = (uint8_t)reg;
}

static void wr(struct sh4_insn *d, int reg, int lat)
{
	if (d->ndst < SH4_MAX_DST) {
		d->dst[d->ndst] = (uint8_t)reg;
		d->dlat[d->ndst++] = (uint8_t)lat;
	}
}

/* Two-register ALU op Rm,Rn -> Rn (EX unless told). */
static void alu2(struct sh4_insn *d, uint16_t op, const char *m, int group, int t_in, int t_out)
{
	ins(d, m, group, ISS_ONE);
	rd(d, RM(op));
	rd(d, RN(op));
	if (t_in)
		rd(d, SH4_T);
	if (group != SH4_MT || !t_out)
		wr(d, RN(op), LAT_ALU);
	if (t_out)
		wr(d, SH4_T, LAT_ALU);
}

/* Compare/test Rm,Rn -> T (MT). */
static void cmp2(struct sh4_insn *d, uint16_t op, const char *m)
{
	ins(d, m, SH4_MT, ISS_ONE);
	rd(d, RM(op));
	rd(d, RN(op));
	wr(d, SH4_T, LAT_ALU);
}

/* One-register op on Rn. */
static void alu1(struct sh4_insn *d, uint16_t op, const char *m, int t_in, int t_out)
{
	ins(d, m, SH4_EX, ISS_ONE);
	rd(d, RN(op));
	if (t_in)
		rd(d, SH4_T);
	wr(d, RN(op), LAT_ALU);
	if (t_out)
		wr(d, SH4_T, LAT_ALU);
}

/* Load into dst through base (and index), post-increment when inc. */
static void load(struct sh4_insn *d, const char *m, int dst, int base, int index, int inc)
{
	ins(d, m, SH4_LS, ISS_ONE);
	rd(d, base);
	if (index >= 0)
		rd(d, index);
	if (inc && base != dst)
		wr(d, base, LAT_ALU);
	wr(d, dst, LAT_LOAD);
}

static void store(struct sh4_insn *d, const char *m, int val, int base, int index, int dec)
{
	ins(d, m, SH4_LS, ISS_ONE);
	rd(d, val);
	rd(d, base);
	if (index >= 0)
		rd(d, index);
	if (dec)
		wr(d, base, LAT_ALU);
}

/* sts/stc X,Rn and their @-Rn forms. */
static void from_sys(struct sh4_insn *d, uint16_t op, const char *m, int reg, int group,
		     int iss, int lat, int mem)
{
	ins(d, m, group, iss);
	rd(d, reg);
	if (mem) {
		rd(d, RN(op));
		wr(d, RN(op), LAT_ALU);
	} else {
		wr(d, RN(op), lat);
	}
}

/* lds/ldc Rm,X and their @Rm+ forms (the register field is bits 11:8). */
static void to_sys(struct sh4_insn *d, uint16_t op, const char *m, int reg, int group,
		   int iss, int lat, int mem)
{
	ins(d, m, group, iss);
	rd(d, RN(op));
	if (mem)
		wr(d, RN(op), LAT_ALU);
	wr(d, reg, lat);
	if (reg == SH4_SR)
		wr(d, SH4_T, lat);
}

static void branch(struct sh4_insn *d, const char *m, int group, int iss, int flow)
{
	ins(d, m, group, iss);
	d->flow = (uint8_t)flow;
	if (flow == FLOW_COND || flow == FLOW_COND_DELAYED)
		d->disp0 = (d->op & 0xff) == 0;
	else if (flow == FLOW_DELAYED)
		d->disp0 = (d->op & 0xfff) == 0;
}

static int dec_0_sys(uint16_t op, struct sh4_insn *d)
{
	static const struct { uint16_t lo; const char *m; int reg, group, iss, lat; } t[] = {
		{ 0x02, "stc sr", SH4_SR, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET },
		{ 0x12, "stc gbr", SH4_GBR, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET },
		{ 0x22, "stc vbr", SH4_VBR, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET },
		{ 0x32, "stc ssr", SH4_SSR, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET },
		{ 0x42, "stc spc", SH4_SPC, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET },
		{ 0x0a, "sts mach", SH4_MACH, SH4_CO, ISS_ONE, LAT_MAC_GP },
		{ 0x1a, "sts macl", SH4_MACL, SH4_CO, ISS_ONE, LAT_MAC_GP },
		{ 0x2a, "sts pr", SH4_PR, SH4_CO, ISS_PR, LAT_PR_GET },
		{ 0x3a, "stc sgr", SH4_SGR, SH4_CO, ISS_GBR_SET, LAT_GBR_SET },
		{ 0x5a, "sts fpul", SH4_FPUL, SH4_LS, ISS_ONE, LAT_FPUL_GP },
		{ 0x6a, "sts fpscr", SH4_FPSCR, SH4_CO, ISS_ONE, LAT_FPUL_GP },
		{ 0xfa, "stc dbr", SH4_DBR, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET },
	};
	unsigned i;

	if ((op & 0x8f) == 0x82) {
		from_sys(d, op, "stc rm_bank", SH4_BANK, SH4_CO, ISS_CTRL_GET, LAT_CTRL_GET, 0);
		return 1;
	}
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if ((op & 0xff) == t[i].lo) {
			from_sys(d, op, t[i].m, t[i].reg, t[i].group, t[i].iss, t[i].lat, 0);
			return 1;
		}
	return 0;
}

static void dec_0_misc(uint16_t op, struct sh4_insn *d)
{
	switch (op) {
	case 0x0008: ins(d, "clrt", SH4_MT, ISS_ONE); wr(d, SH4_T, LAT_ALU); return;
	case 0x0018: ins(d, "sett", SH4_MT, ISS_ONE); wr(d, SH4_T, LAT_ALU); return;
	case 0x0028:
		ins(d, "clrmac", SH4_CO, ISS_ONE);	/* sh_insns: CO, latency 3 */
		wr(d, SH4_MACH, LAT_GP_MAC);
		wr(d, SH4_MACL, LAT_GP_MAC);
		return;
	case 0x0038: ins(d, "ldtlb", SH4_CO, ISS_ONE); return;
	case 0x0048: ins(d, "clrs", SH4_CO, ISS_ONE); wr(d, SH4_SR, LAT_ALU); return;
	case 0x0058: ins(d, "sets", SH4_CO, ISS_ONE); wr(d, SH4_SR, LAT_ALU); return;
	case 0x0009: ins(d, "nop", SH4_MT, ISS_ONE); return;
	case 0x0019: ins(d, "div0u", SH4_EX, ISS_ONE); wr(d, SH4_T, LAT_ALU); return;
	case 0x000b: branch(d, "rts", SH4_CO, ISS_CO_BRANCH, FLOW_CO_DELAYED); rd(d, SH4_PR); return;
	case 0x001b: ins(d, "sleep", SH4_CO, ISS_SLEEP); return;
	case 0x002b:
		branch(d, "rte", SH4_CO, ISS_RTE, FLOW_RTE);
		rd(d, SH4_SSR);
		rd(d, SH4_SPC);
		wr(d, SH4_SR, LAT_SR_SET);
		wr(d, SH4_T, LAT_SR_SET);
		return;
	}
	if ((op & 0xf0ff) == 0x0029) {
		ins(d, "movt", SH4_EX, ISS_ONE);
		rd(d, SH4_T);
		wr(d, RN(op), LAT_ALU);
	}
}

static void dec_0(uint16_t op, struct sh4_insn *d)
{
	int n = RN(op), m = RM(op);

	switch (op & 0xf) {
	case 0x4: store(d, "mov.b rm,@(r0,rn)", m, n, 0, 0); return;
	case 0x5: store(d, "mov.w rm,@(r0,rn)", m, n, 0, 0); return;
	case 0x6: store(d, "mov.l rm,@(r0,rn)", m, n, 0, 0); return;
	case 0xc: load(d, "mov.b @(r0,rm),rn", n, m, 0, 0); return;
	case 0xd: load(d, "mov.w @(r0,rm),rn", n, m, 0, 0); return;
	case 0xe: load(d, "mov.l @(r0,rm),rn", n, m, 0, 0); return;
	case 0x7:
		ins(d, "mul.l", SH4_CO, ISS_MUL);
		rd(d, m);
		rd(d, n);
		wr(d, SH4_MACL, LAT_MUL);
		return;
	case 0xf:
		ins(d, "mac.l", SH4_CO, ISS_MAC);
		rd(d, m);
		rd(d, n);
		rd(d, SH4_MACL);
		wr(d, m, LAT_ALU);
		wr(d, n, LAT_ALU);
		wr(d, SH4_MACL, LAT_MAC_ACC);
		return;
	case 0x2: case 0xa:
		dec_0_sys(op, d);
		return;
	case 0x3:
		switch (op & 0xff) {
		case 0x03: branch(d, "bsrf", SH4_CO, ISS_CO_BRANCH, FLOW_CO_DELAYED);
			rd(d, n); wr(d, SH4_PR, LAT_ALU); return;
		case 0x23: branch(d, "braf", SH4_CO, ISS_CO_BRANCH, FLOW_CO_DELAYED);
			rd(d, n); return;
		case 0x83: ins(d, "pref", SH4_LS, ISS_ONE); rd(d, n); return;
		case 0x93: ins(d, "ocbi", SH4_LS, ISS_ONE); rd(d, n); return;
		case 0xa3: ins(d, "ocbp", SH4_LS, ISS_OCB); rd(d, n); return;	/* sh_insns: LS */
		case 0xb3: ins(d, "ocbwb", SH4_LS, ISS_OCB); rd(d, n); return;
		case 0xc3: store(d, "movca.l", 0, n, -1, 0); d->no_fill = 1; return;
		}
		return;
	default:
		dec_0_misc(op, d);
	}
}

static void dec_2(uint16_t op, struct sh4_insn *d)
{
	int n = RN(op), m = RM(op);

	switch (op & 0xf) {
	case 0x0: store(d, "mov.b rm,@rn", m, n, -1, 0); return;
	case 0x1: store(d, "mov.w rm,@rn", m, n, -1, 0); return;
	case 0x2: store(d, "mov.l rm,@rn", m, n, -1, 0); return;
	case 0x4: store(d, "mov.b rm,@-rn", m, n, -1, 1); return;
	case 0x5: store(d, "mov.w rm,@-rn", m, n, -1, 1); return;
	case 0x6: store(d, "mov.l rm,@-rn", m, n, -1, 1); return;
	case 0x7: ins(d, "div0s", SH4_EX, ISS_ONE); rd(d, m); rd(d, n);
		wr(d, SH4_T, LAT_ALU); return;
	case 0x8: cmp2(d, op, "tst"); return;
	case 0x9: alu2(d, op, "and", SH4_EX, 0, 0); return;
	case 0xa: alu2(d, op, "xor", SH4_EX, 0, 0); return;
	case 0xb: alu2(d, op, "or", SH4_EX, 0, 0); return;
	case 0xc: cmp2(d, op, "cmp/str"); return;
	case 0xd: alu2(d, op, "xtrct", SH4_EX, 0, 0); return;
	case 0xe: case 0xf:
		ins(d, (op & 1) ? "muls.w" : "mulu.w", SH4_CO, ISS_MUL);
		rd(d, m);
		rd(d, n);
		wr(d, SH4_MACL, LAT_MUL);
		return;
	}
}

static void dec_3(uint16_t op, struct sh4_insn *d)
{
	switch (op & 0xf) {
	case 0x0: cmp2(d, op, "cmp/eq"); return;
	case 0x2: cmp2(d, op, "cmp/hs"); return;
	case 0x3: cmp2(d, op, "cmp/ge"); return;
	case 0x6: cmp2(d, op, "cmp/hi"); return;
	case 0x7: cmp2(d, op, "cmp/gt"); return;
	case 0x4: alu2(d, op, "div1", SH4_EX, 1, 1); return;
	case 0x8: alu2(d, op, "sub", SH4_EX, 0, 0); return;
	case 0xa: alu2(d, op, "subc", SH4_EX, 1, 1); return;
	case 0xb: alu2(d, op, "subv", SH4_EX, 0, 1); return;
	case 0xc: alu2(d, op, "add", SH4_EX, 0, 0); return;
	case 0xe: alu2(d, op, "addc", SH4_EX, 1, 1); return;
	case 0xf: alu2(d, op, "addv", SH4_EX, 0, 1); return;
	case 0x5: case 0xd:
		ins(d, (op & 8) ? "dmuls.l" : "dmulu.l", SH4_CO, ISS_MUL);
		rd(d, RM(op));
		rd(d, RN(op));
		wr(d, SH4_MACH, LAT_MUL);
		wr(d, SH4_MACL, LAT_MUL);
		return;
	}
}

/* 4n.2 / 4n.3: sts.l, stc.l X,@-Rn. */
static void dec_4_push(uint16_t op, struct sh4_insn *d)
{
	static const struct { uint8_t lo; const char *m; int reg, iss; } t[] = {
		{ 0x02, "sts.l mach", SH4_MACH, ISS_ONE }, { 0x12, "sts.l macl", SH4_MACL, ISS_ONE },
		{ 0x22, "sts.l pr", SH4_PR, ISS_PR }, { 0x32, "stc.l sgr", SH4_SGR, ISS_GBR_SET },
		{ 0x52, "sts.l fpul", SH4_FPUL, ISS_ONE }, { 0x62, "sts.l fpscr", SH4_FPSCR, ISS_ONE },
		{ 0xf2, "stc.l dbr", SH4_DBR, ISS_CTRL_GET }, { 0x03, "stc.l sr", SH4_SR, ISS_CTRL_GET },
		{ 0x13, "stc.l gbr", SH4_GBR, ISS_CTRL_GET }, { 0x23, "stc.l vbr", SH4_VBR, ISS_CTRL_GET },
		{ 0x33, "stc.l ssr", SH4_SSR, ISS_CTRL_GET }, { 0x43, "stc.l spc", SH4_SPC, ISS_CTRL_GET },
	};
	unsigned i;

	if ((op & 0x8f) == 0x83) {
		from_sys(d, op, "stc.l rm_bank", SH4_BANK, SH4_CO, ISS_CTRL_GET, 0, 1);
		return;
	}
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if ((op & 0xff) == t[i].lo) {
			from_sys(d, op, t[i].m, t[i].reg, SH4_CO, t[i].iss, 0, 1);
			if (t[i].reg == SH4_SR)
				rd(d, SH4_T);
			return;
		}
}

/* 4m.6/7/a/e: lds, ldc (and .l @Rm+). */
static void dec_4_load(uint16_t op, struct sh4_insn *d)
{
	static const struct { uint8_t lo; const char *m; int reg, group, iss, lat; } t[] = {
		{ 0x0a, "lds mach", SH4_MACH, SH4_CO, ISS_ONE, LAT_GP_MAC },
		{ 0x1a, "lds macl", SH4_MACL, SH4_CO, ISS_ONE, LAT_GP_MAC },
		{ 0x2a, "lds pr", SH4_PR, SH4_CO, ISS_PR, LAT_PR_SET },
		{ 0x3a, "ldc sgr", SH4_SGR, SH4_CO, ISS_GBR_SET, LAT_GBR_SET },
		{ 0x5a, "lds fpul", SH4_FPUL, SH4_LS, ISS_ONE, LAT_ALU },
		{ 0x6a, "lds fpscr", SH4_FPSCR, SH4_CO, ISS_ONE, LAT_FPSCR_SET },
		{ 0xfa, "ldc dbr", SH4_DBR, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x0e, "ldc sr", SH4_SR, SH4_CO, ISS_SR_SET, LAT_SR_SET },
		{ 0x1e, "ldc gbr", SH4_GBR, SH4_CO, ISS_GBR_SET, LAT_GBR_SET },
		{ 0x2e, "ldc vbr", SH4_VBR, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x3e, "ldc ssr", SH4_SSR, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x4e, "ldc spc", SH4_SPC, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x06, "lds.l mach", SH4_MACH, SH4_CO, ISS_ONE, LAT_GP_MAC },
		{ 0x16, "lds.l macl", SH4_MACL, SH4_CO, ISS_ONE, LAT_GP_MAC },
		{ 0x26, "lds.l pr", SH4_PR, SH4_CO, ISS_PR, LAT_PR_SET },
		{ 0x36, "ldc.l sgr", SH4_SGR, SH4_CO, ISS_GBR_SET, LAT_GBR_SET },
		{ 0x56, "lds.l fpul", SH4_FPUL, SH4_LS, ISS_ONE, LAT_LOAD },	/* sh_insns: LS */
		{ 0x66, "lds.l fpscr", SH4_FPSCR, SH4_CO, ISS_ONE, LAT_FPSCR_SET },
		{ 0xf6, "ldc.l dbr", SH4_DBR, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x07, "ldc.l sr", SH4_SR, SH4_CO, ISS_SR_SET, LAT_SR_SET },
		{ 0x17, "ldc.l gbr", SH4_GBR, SH4_CO, ISS_GBR_SET, LAT_GBR_SET },
		{ 0x27, "ldc.l vbr", SH4_VBR, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x37, "ldc.l ssr", SH4_SSR, SH4_CO, ISS_ONE, LAT_CTRL_SET },
		{ 0x47, "ldc.l spc", SH4_SPC, SH4_CO, ISS_ONE, LAT_CTRL_SET },
	};
	unsigned i, lo = op & 0xff;

	if ((op & 0x8f) == 0x8e || (op & 0x8f) == 0x87) {
		to_sys(d, op, "ldc rm_bank", SH4_BANK, SH4_CO, ISS_ONE, LAT_CTRL_SET,
		       (op & 0xf) == 7);
		return;
	}
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (lo == t[i].lo) {
			to_sys(d, op, t[i].m, t[i].reg, t[i].group, t[i].iss, t[i].lat,
			       (lo & 0xf) == 6 || (lo & 0xf) == 7);
			return;
		}
}

static void dec_4_shift(uint16_t op, struct sh4_insn *d)
{
	static const struct { uint8_t lo; const char *m; uint8_t t_in, t_out; } t[] = {
		{ 0x00, "shll", 0, 1 }, { 0x10, "dt", 0, 1 }, { 0x20, "shal", 0, 1 },
		{ 0x01, "shlr", 0, 1 }, { 0x21, "shar", 0, 1 }, { 0x04, "rotl", 0, 1 },
		{ 0x24, "rotcl", 1, 1 }, { 0x05, "rotr", 0, 1 }, { 0x25, "rotcr", 1, 1 },
		{ 0x08, "shll2", 0, 0 }, { 0x18, "shll8", 0, 0 }, { 0x28, "shll16", 0, 0 },
		{ 0x09, "shlr2", 0, 0 }, { 0x19, "shlr8", 0, 0 }, { 0x29, "shlr16", 0, 0 },
	};
	unsigned i;

	if ((op & 0xff) == 0x11 || (op & 0xff) == 0x15) {
		ins(d, (op & 4) ? "cmp/pl" : "cmp/pz", SH4_MT, ISS_ONE);
		rd(d, RN(op));
		wr(d, SH4_T, LAT_ALU);
		return;
	}
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if ((op & 0xff) == t[i].lo) {
			alu1(d, op, t[i].m, t[i].t_in, t[i].t_out);
			return;
		}
}

static void dec_4(uint16_t op, struct sh4_insn *d)
{
	int n = RN(op);

	switch (op & 0xf) {
	/* the shift count (Rm, src[0]) is read a stage early (sh4.md) */
	case 0xc: alu2(d, op, "shad", SH4_EX, 0, 0); d->early_mask = 1; return;
	case 0xd: alu2(d, op, "shld", SH4_EX, 0, 0); d->early_mask = 1; return;
	case 0xf:
		ins(d, "mac.w", SH4_CO, ISS_MAC);
		rd(d, RM(op));
		rd(d, n);
		rd(d, SH4_MACL);
		wr(d, RM(op), LAT_ALU);
		wr(d, n, LAT_ALU);
		wr(d, SH4_MACL, LAT_MAC_ACC);
		return;
	case 0x2: case 0x3:
		dec_4_push(op, d);
		return;
	case 0x6: case 0x7: case 0xa: case 0xe:
		dec_4_load(op, d);
		return;
	case 0xb:
		switch (op & 0xff) {
		/* the target register (src[0]) is read a stage early (sh4.md) */
		case 0x0b: branch(d, "jsr", SH4_CO, ISS_CO_BRANCH, FLOW_CO_DELAYED);
			rd(d, n); wr(d, SH4_PR, LAT_ALU); d->early_mask = 1; return;
		case 0x2b: branch(d, "jmp", SH4_CO, ISS_CO_BRANCH, FLOW_CO_DELAYED);
			rd(d, n); d->early_mask = 1; return;
		case 0x1b: ins(d, "tas.b", SH4_CO, ISS_TAS); rd(d, n);
			wr(d, SH4_T, LAT_ALU); return;
		}
		return;
	default:
		dec_4_shift(op, d);
	}
}

static void dec_6(uint16_t op, struct sh4_insn *d)
{
	static const char *const alu[16] = {
		[7] = "not", [8] = "swap.b", [9] = "swap.w", [0xa] = "negc", [0xb] = "neg",
		[0xc] = "extu.b", [0xd] = "extu.w", [0xe] = "exts.b", [0xf] = "exts.w",
	};
	int n = RN(op), m = RM(op), lo = op & 0xf;

	if (lo == 3) {
		ins(d, "mov rm,rn", SH4_MT, ISS_ONE);
		rd(d, m);
		wr(d, n, LAT_MOV);
	} else if (lo < 3 || (lo >= 4 && lo <= 6)) {
		load(d, "mov.x @rm(+),rn", n, m, -1, lo >= 4);
	} else {
		ins(d, alu[lo], SH4_EX, ISS_ONE);
		rd(d, m);
		if (lo == 0xa) {
			rd(d, SH4_T);
			wr(d, SH4_T, LAT_ALU);
		}
		wr(d, n, LAT_ALU);
	}
}

static void dec_8(uint16_t op, struct sh4_insn *d)
{
	int m = RM(op);

	switch ((op >> 8) & 0xf) {
	case 0x0: store(d, "mov.b r0,@(d,rn)", 0, m, -1, 0); return;
	case 0x1: store(d, "mov.w r0,@(d,rn)", 0, m, -1, 0); return;
	case 0x4: load(d, "mov.b @(d,rm),r0", 0, m, -1, 0); return;
	case 0x5: load(d, "mov.w @(d,rm),r0", 0, m, -1, 0); return;
	case 0x8: ins(d, "cmp/eq #imm,r0", SH4_MT, ISS_ONE); rd(d, 0);
		wr(d, SH4_T, LAT_ALU); return;
	case 0x9: branch(d, "bt", SH4_BR, ISS_ONE, FLOW_COND); rd(d, SH4_T); return;
	case 0xb: branch(d, "bf", SH4_BR, ISS_ONE, FLOW_COND); rd(d, SH4_T); return;
	case 0xd: branch(d, "bt/s", SH4_BR, ISS_ONE, FLOW_COND_DELAYED); rd(d, SH4_T); return;
	case 0xf: branch(d, "bf/s", SH4_BR, ISS_ONE, FLOW_COND_DELAYED); rd(d, SH4_T); return;
	}
}

static void dec_c(uint16_t op, struct sh4_insn *d)
{
	switch ((op >> 8) & 0xf) {
	case 0x0: case 0x1: case 0x2:
		store(d, "mov.x r0,@(d,gbr)", 0, SH4_GBR, -1, 0);
		return;
	case 0x4: case 0x5: case 0x6:
		load(d, "mov.x @(d,gbr),r0", 0, SH4_GBR, -1, 0);
		return;
	case 0x3: branch(d, "trapa", SH4_CO, ISS_TRAPA, FLOW_TRAP); return;
	case 0x7: ins(d, "mova", SH4_EX, ISS_ONE); wr(d, 0, LAT_ALU); return;
	case 0x8: ins(d, "tst #imm,r0", SH4_MT, ISS_ONE); rd(d, 0);
		wr(d, SH4_T, LAT_ALU); return;
	case 0x9: case 0xa: case 0xb:
		ins(d, "and/xor/or #imm,r0", SH4_EX, ISS_ONE);
		rd(d, 0);
		wr(d, 0, LAT_ALU);
		return;
	case 0xc:
		ins(d, "tst.b #imm,@(r0,gbr)", SH4_CO, ISS_GBR_TST);
		rd(d, 0);
		rd(d, SH4_GBR);
		wr(d, SH4_T, LAT_ALU);
		return;
	default:
		ins(d, "and/xor/or.b #imm,@(r0,gbr)", SH4_CO, ISS_GBR_RMW);
		rd(d, 0);
		rd(d, SH4_GBR);
	}
}

/* F-group: FPU.  The firmware uses none; single-precision figures. */
static void fp_arith(struct sh4_insn *d, const char *m, int n, int m_reg, int lat, int t_out)
{
	ins(d, m, SH4_FE, ISS_ONE);
	rd(d, SH4_FR0 + n);
	if (m_reg >= 0)
		rd(d, SH4_FR0 + m_reg);
	rd(d, SH4_FPSCR);
	if (t_out)
		wr(d, SH4_T, lat);
	else
		wr(d, SH4_FR0 + n, lat);
}

static void dec_f_d(uint16_t op, struct sh4_insn *d)
{
	int n = RN(op);

	switch (op & 0xff) {
	case 0x0d: ins(d, "fsts", SH4_LS, ISS_ONE); rd(d, SH4_FPUL);
		wr(d, SH4_FR0 + n, LAT_MOV); return;
	case 0x1d: ins(d, "flds", SH4_LS, ISS_ONE); rd(d, SH4_FR0 + n);
		wr(d, SH4_FPUL, LAT_MOV); return;
	case 0x2d: fp_arith(d, "float", n, -1, LAT_FP, 0); rd(d, SH4_FPUL); return;
	case 0x3d: ins(d, "ftrc", SH4_FE, ISS_ONE); rd(d, SH4_FR0 + n);
		wr(d, SH4_FPUL, LAT_FP); return;
	case 0x4d: case 0x5d: case 0x8d: case 0x9d:
		ins(d, "fneg/fabs/fldi", SH4_LS, ISS_ONE);
		rd(d, SH4_FR0 + n);
		wr(d, SH4_FR0 + n, LAT_MOV);
		return;
	case 0x6d: fp_arith(d, "fsqrt", n, -1, LAT_FDIV, 0); return;
	case 0x7d: fp_arith(d, "fsrra", n, -1, LAT_FP, 0); return;
	case 0xad: fp_arith(d, "fcnvsd", n, -1, LAT_FP, 0); rd(d, SH4_FPUL); return;
	case 0xbd: ins(d, "fcnvds", SH4_FE, ISS_ONE); rd(d, SH4_FR0 + n);
		wr(d, SH4_FPUL, LAT_FP); return;
	case 0xed: fp_arith(d, "fipr", n, -1, LAT_FP, 0); return;
	case 0xfd:
		if (op == 0xfbfd || op == 0xf3fd) {
			ins(d, op == 0xfbfd ? "frchg" : "fschg", SH4_FE, ISS_ONE);
			rd(d, SH4_FPSCR);
			wr(d, SH4_FPSCR, LAT_ALU);
		} else if ((op & 0x0100) == 0) {
			fp_arith(d, "fsca", n & 0xe, -1, LAT_FP, 0);
			rd(d, SH4_FPUL);
		} else if ((op & 0x0300) == 0x0100) {
			fp_arith(d, "ftrv", n & 0xc, -1, LAT_FP, 0);
		}
		return;
	}
}

static void dec_f(uint16_t op, struct sh4_insn *d)
{
	int n = RN(op), m = RM(op);

	switch (op & 0xf) {
	case 0x0: fp_arith(d, "fadd", n, m, LAT_FP, 0); return;
	case 0x1: fp_arith(d, "fsub", n, m, LAT_FP, 0); return;
	case 0x2: fp_arith(d, "fmul", n, m, LAT_FP, 0); return;
	case 0x3: fp_arith(d, "fdiv", n, m, LAT_FDIV, 0); return;
	case 0x4: fp_arith(d, "fcmp/eq", n, m, LAT_ALU, 1); return;
	case 0x5: fp_arith(d, "fcmp/gt", n, m, LAT_ALU, 1); return;
	case 0xe: fp_arith(d, "fmac", n, m, LAT_FP, 0); rd(d, SH4_FR0); return;
	case 0x6: load(d, "fmov.s @(r0,rm),frn", SH4_FR0 + n, m, 0, 0); return;
	case 0x8: load(d, "fmov.s @rm,frn", SH4_FR0 + n, m, -1, 0); return;
	case 0x9: load(d, "fmov.s @rm+,frn", SH4_FR0 + n, m, -1, 1); return;
	case 0x7: store(d, "fmov.s frm,@(r0,rn)", SH4_FR0 + m, n, 0, 0); return;
	case 0xa: store(d, "fmov.s frm,@rn", SH4_FR0 + m, n, -1, 0); return;
	case 0xb: store(d, "fmov.s frm,@-rn", SH4_FR0 + m, n, -1, 1); return;
	case 0xc: ins(d, "fmov", SH4_LS, ISS_ONE); rd(d, SH4_FR0 + m);
		wr(d, SH4_FR0 + n, LAT_MOV); return;
	case 0xd: dec_f_d(op, d); return;
	}
}

int sh4_decode_op(uint16_t op, struct sh4_insn *d)
{
	int n = RN(op), m = RM(op);

	memset(d, 0, sizeof(*d));
	d->op = op;
	d->mnem = "unknown";
	d->group = SH4_CO;	/* an unknown opcode: serialise, one cycle */
	switch (op >> 12) {
	case 0x0: dec_0(op, d); break;
	case 0x1: store(d, "mov.l rm,@(d,rn)", m, n, -1, 0); break;
	case 0x2: dec_2(op, d); break;
	case 0x3: dec_3(op, d); break;
	case 0x4: dec_4(op, d); break;
	case 0x5: load(d, "mov.l @(d,rm),rn", n, m, -1, 0); break;
	case 0x6: dec_6(op, d); break;
	case 0x7: ins(d, "add #imm,rn", SH4_EX, ISS_ONE); rd(d, n); wr(d, n, LAT_ALU); break;
	case 0x8: dec_8(op, d); break;
	case 0x9: case 0xd:
		ins(d, (op >> 12) == 9 ? "mov.w @(d,pc),rn" : "mov.l @(d,pc),rn", SH4_LS, ISS_ONE);
		wr(d, n, LAT_LOAD);
		break;
	case 0xa: branch(d, "bra", SH4_BR, ISS_ONE, FLOW_DELAYED); break;
	case 0xb: branch(d, "bsr", SH4_BR, ISS_ONE, FLOW_DELAYED); wr(d, SH4_PR, LAT_ALU); break;
	case 0xc: dec_c(op, d); break;
	case 0xe: ins(d, "mov #imm,rn", SH4_EX, ISS_ONE); wr(d, n, LAT_ALU); break;
	case 0xf: dec_f(op, d); break;
	}
	return d->known;
}
