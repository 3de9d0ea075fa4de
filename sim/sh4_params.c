/*
 * The SH-4 model's figures, each with where it is read.  "sh_insns" is
 * the SH-4 columns (group, issue, latency) of the instruction table in
 * shared-ptr/sh_insns sh_insns.cpp, transcribed from the SH-4 Software
 * Manual / SH7750-SH7751 hardware manual's execution-cycles table
 * ("Manual" where the manual's text is read); "sh4.md" is GCC's pipeline
 * description gcc/config/sh/sh4.md; "flycast" the Dreamcast emulator's
 * per-opcode columns (core/hw/sh4/sh4_opcode_list.cpp), a second reading.
 * A figure no document states has a range (PR): make cycles-range runs
 * both ends.  sim/sh4-params.md prints this table; a host test keeps the
 * two equal.
 */
#include "sh4_params.h"

#define P(id, n, v, u, s) [id] = SIM_PARAM(n, v, u, s)
#define PR(id, n, v, u, lo, hi, s) [id] = SIM_PARAM_RANGE(n, v, u, lo, hi, s)

struct sim_param sh4_params[P_COUNT] = {
	P(P_LAT_MOV, "mov_latency", 0, "cycles", "sh_insns MOV Rm,Rn: MT, latency 0; sh4.md reg_mov 0"),
	P(P_LAT_ALU, "alu_latency", 1, "cycles", "sh_insns ADD Rm,Rn and the MT/EX group: latency 1; sh4.md mt, sh4_simple_arith 1"),
	P(P_LAT_LOAD, "load_latency", 2, "cycles", "sh_insns MOV.L @Rm,Rn: LS, latency 2; sh4.md sh4_load 2"),
	P(P_LAT_LOAD_CALL, "load_call_latency", 3, "cycles",
	  "A load feeding JSR/JMP's target register or SHAD/SHLD's shift count: sh4.md sh4_load_si 3 (two insns between the load of a function address and the call; a dynamic shift's count bumped back to 3)"),
	P(P_LAT_MUL, "mul_latency", 4, "cycles", "sh_insns MUL.L, DMULS.L, MULS.W: CO, issue 2, latency 4/4; sh4.md multi 4"),
	P(P_LAT_MAC_GP, "sts_mac_latency", 3, "cycles", "sh_insns STS MACL,Rn: CO, issue 1, latency 3; sh4.md sh4_mac_gp 3"),
	P(P_LAT_GP_MAC, "lds_mac_latency", 3, "cycles",
	  "sh_insns LDS Rm,MACL 3, LDS.L @Rm+,MACL 1/3, CLRMAC 3; sh4.md sh4_mac_gp 3"),
	PR(P_LAT_MAC_ACC, "mac_latency", 3, "cycles", 2, 4,
	   "MAC.L/MAC.W to MACH/MACL: sh_insns 2/4 (issue 2), flycast 3; which result the 2 and the 4 are is not stated: 3, range 2..4"),
	P(P_LAT_PR_SET, "lds_pr_latency", 3, "cycles",
	  "sh_insns LDS Rm,PR 3, LDS.L @Rm+,PR 2/3; sh4.md sh4_lds_to_pr, ldsmem_to_pr 3"),
	P(P_LAT_PR_GET, "sts_pr_latency", 2, "cycles", "sh_insns STS PR,Rn 2, STS.L PR,@-Rn 2/2; sh4.md sts_from_pr, sh4_prstore_mem 2"),
	P(P_LAT_CTRL_SET, "ldc_latency", 3, "cycles", "sh_insns LDC Rm,VBR (SSR, SPC, DBR, Rn_BANK): CO, issue 1, latency 3"),
	P(P_LAT_SR_SET, "ldc_sr_latency", 4, "cycles", "sh_insns LDC Rm,SR: CO, issue 4, latency 4"),
	P(P_LAT_GBR_SET, "ldc_gbr_latency", 3, "cycles", "sh_insns LDC Rm,GBR 3/3, LDC.L @Rm+,GBR 3/3"),
	P(P_LAT_CTRL_GET, "stc_latency", 2, "cycles", "sh_insns STC SR,Rn, STC GBR,Rn: CO, issue 2, latency 2"),
	P(P_LAT_FPUL_GP, "sts_fpul_latency", 3, "cycles", "sh_insns STS FPUL,Rn: LS, latency 3; sh4.md sh4_fpul_gp 3"),
	P(P_LAT_FP, "fp_latency", 3, "cycles", "sh_insns FADD FRm,FRn: FE, latency 3/4; sh4.md fp_arith 3"),
	P(P_LAT_FDIV, "fdiv_latency", 12, "cycles", "sh_insns FDIV FRm,FRn: latency 12/13; sh4.md fp_div 12"),
	P(P_LAT_FPSCR_SET, "lds_fpscr_latency", 4, "cycles", "sh_insns LDS Rm,FPSCR: CO, latency 4; sh4.md fpscr_load 4"),
	P(P_ISS_CO_BRANCH, "co_branch_issue", 2, "cycles", "sh_insns JMP, JSR, RTS, BRAF: CO, issue 2; sh4.md sh4_return d_lock*2"),
	P(P_ISS_PR, "pr_issue", 2, "cycles", "sh_insns LDS Rm,PR, LDS.L @Rm+,PR, STS PR,Rn, STS.L PR,@-Rn: issue 2; sh4.md d_lock*2"),
	P(P_ISS_MUL, "mul_issue", 2, "cycles", "sh_insns MUL.L, DMULS.L, MULS.W: issue 2; sh4.md multi d_lock,(d_lock+f1_1)"),
	P(P_ISS_MAC, "mac_issue", 2, "cycles", "sh_insns MAC.L, MAC.W: CO, issue 2"),
	P(P_ISS_SR_SET, "ldc_sr_issue", 4, "cycles", "sh_insns LDC Rm,SR: issue 4"),
	P(P_ISS_GBR_SET, "ldc_gbr_issue", 3, "cycles", "sh_insns LDC Rm,GBR, LDC.L @Rm+,GBR: issue 3"),
	P(P_ISS_CTRL_GET, "stc_issue", 2, "cycles", "sh_insns STC SR,Rn, STC GBR,Rn, STC.L GBR,@-Rn: issue 2"),
	P(P_ISS_RTE, "rte_issue", 5, "cycles", "sh_insns RTE: CO, issue 5, latency 5; sh4.md sh4_return_from_exp d_lock*5"),
	P(P_ISS_TRAPA, "trapa_issue", 7, "cycles", "sh_insns TRAPA #imm: CO, issue 7, latency 7 (the exception entry included)"),
	P(P_ISS_TAS, "tas_issue", 5, "cycles", "sh_insns TAS.B @Rn: CO, issue 5"),
	P(P_ISS_GBR_RMW, "gbr_rmw_issue", 4, "cycles", "sh_insns AND.B (OR.B, XOR.B) #imm,@(R0,GBR): CO, issue 4"),
	P(P_ISS_GBR_TST, "gbr_tst_issue", 3, "cycles", "sh_insns TST.B #imm,@(R0,GBR): CO, issue 3"),
	P(P_ISS_SLEEP, "sleep_issue", 4, "cycles", "sh_insns SLEEP: CO, issue 4 (the wait itself is not modelled)"),
	P(P_ISS_OCB, "ocb_issue", 1, "cycles", "sh_insns OCBP, OCBWB @Rn: LS, issue 1, latency 1-5 (the write-back is not modelled)"),
	P(P_BR_TAKEN, "br_taken_latency", 2, "cycles",
	  "sh_insns BRA: BR, latency 2; BT/BF latency 1/2 (not taken/taken); sh4.md sh4_branch comment: 2 (or 1)"),
	P(P_BR_DISP0, "br_disp0_latency", 1, "cycles", "sh4.md sh4_branch comment: latency 1 when the displacement is 0"),
	P(P_CO_BRANCH, "co_branch_latency", 3, "cycles", "sh_insns JMP, JSR, RTS, BRAF: latency 3; sh4.md sh4_return 3"),
	P(P_RTE_LAT, "rte_latency", 5, "cycles", "sh_insns RTE: latency 5; sh4.md sh4_return_from_exp 5"),
	PR(P_EXC_ENTRY, "exception_entry", 5, "cycles", 3, 7,
	   "Exception or interrupt entry (a flow change no branch made): the manuals give no figure; at least a CO branch's refill (3), at most TRAPA's 7 that includes one; 5"),
	P(P_IC_BYTES, "icache_bytes", 16384, "bytes",
	  "Manual: SH7751R instruction cache 16 KiB with CCR.EMODE (arch/sh4/start.S sets EMODE|ICE|OCE|CB; Linux arch/sh/kernel/cpu/sh4/probe.c reads the size from CVR)"),
	P(P_IC_WAYS, "icache_ways", 2, "ways",
	  "SH7751R: 2-way (Linux arch/sh/kernel/cpu/sh4/probe.c: PVR 0x500/0x501, PRR 0x11 is CPU_SH7751R, icache.ways = 2)"),
	P(P_OC_BYTES, "ocache_bytes", 32768, "bytes", "Manual: SH7751R operand cache 32 KiB with CCR.EMODE (Linux arch/sh/kernel/cpu/sh4/probe.c reads the size from CVR)"),
	P(P_OC_WAYS, "ocache_ways", 2, "ways", "SH7751R: 2-way (Linux arch/sh/kernel/cpu/sh4/probe.c, CPU_SH7751R: dcache.ways = 2)"),
	P(P_LINE, "line_bytes", 32, "bytes", "32-byte lines in both caches (Linux arch/sh/kernel/cpu/sh4/probe.c: entry_shift 5, linesz L1_CACHE_BYTES)"),
	PR(P_IC_MISS, "icache_miss", 30, "cycles", 24, 45,
	   "A 32-byte line fill from SDRAM at B-phi = I-phi/2 (U-Boot board/renesas/r2dplus/lowlevel_init.S: 32-bit SDRAM, CAS latency 3, RAS-CAS 3): command + 3 + 3 + 8 beats = 15 bus cycles; the BSC's synchronisation and precharge are not stated: 30, range 24..45"),
	PR(P_OC_MISS, "ocache_miss", 30, "cycles", 24, 45,
	   "An operand line fill to its last word: as icache_miss (the same bus and burst): 30, range 24..45"),
	PR(P_OC_FIRST, "ocache_first", 16, "cycles", 12, 30,
	   "An operand miss's missed longword, which the fill brings first (Manual: the operand cache fills critical word first and the CPU runs on): command + 3 + 3 + 1 beat = 8 bus cycles at I-phi/2; 16, range 12..30"),
	PR(P_WB_LINE, "writeback_line", 26, "cycles", 20, 40,
	   "A dirty line's write-back behind the fill: command + RAS-CAS 3 + 8 beats + write recovery, 13 bus cycles at I-phi/2; not stated: 26, range 20..40"),
	PR(P_UNC_READ, "uncached_read", 16, "cycles", 12, 24,
	   "A single uncached SDRAM read (P2): command + 3 + 3 + 1 beat = 8 bus cycles at I-phi/2; not stated: 16, range 12..24"),
	PR(P_UNC_WRITE, "uncached_write", 10, "cycles", 8, 16,
	   "A single uncached SDRAM write, posted in the write buffer: 5 bus cycles at I-phi/2; not stated: 10, range 8..16"),
	PR(P_IO_READ, "io_read", 30, "cycles", 10, 60,
	   "An external device register read (R2D+ FPGA, SM501, CF on the BSC areas) with the wait states U-Boot's WCR1/WCR2 give (0x33343333, 0xcff86fbf): 15 bus cycles; not stated per device: 30, range 10..60"),
	PR(P_IO_WRITE, "io_write", 18, "cycles", 6, 40,
	   "An external device register write, posted: 9 bus cycles at I-phi/2; not stated per device: 18, range 6..40"),
	PR(P_PERIPH_READ, "periph_read", 12, "cycles", 8, 24,
	   "An on-chip peripheral read (TMU, SCIF, INTC: P4/area 7) on the peripheral bus at P-phi 60 MHz = I-phi/4: 3 P-phi cycles; not stated: 12, range 8..24"),
	PR(P_PERIPH_WRITE, "periph_write", 8, "cycles", 4, 16,
	   "An on-chip peripheral write, posted: 2 P-phi cycles at I-phi/4; not stated: 8, range 4..16"),
	P(P_ITLB_ENTRIES, "itlb_entries", 4, "entries", "Manual: ITLB 4 entries, fully associative"),
	P(P_ITLB_PAGE, "itlb_page", 4096, "bytes",
	  "The ITLB granule the model keys on: the project's task pages are 1, 4 or 64 KiB (arch/sh4/mmu.c), one entry each; 4 KiB"),
	PR(P_ITLB_REFILL, "itlb_refill", 4, "cycles", 1, 8,
	   "An ITLB miss refilled from the UTLB by the hardware: the manuals give no figure; a UTLB search and an ITLB write: 4, range 1..8"),
};
