/*
 * SH-4 core control registers in the P4 area (fixed on the SH7750 family,
 * SH7751R included).  Widths: L = 32-bit, W = 16-bit, B = 8-bit.
 *
 *   0xF2000000  ITLB address array  L  entry n at +(n << 8): VPN, V, ASID
 *   0xF4000000  OC address array    L  line n at +(n << 5): a write of 0
 *                                      writes the line back if dirty and
 *                                      invalidates it (P2 only)
 *   0xFF000000  PTEH     L  TLB entry high: VPN 31:10, ASID 7:0
 *   0xFF000004  PTEL     L  TLB entry low: PPN 28:10 and flags
 *   0xFF000010  MMUCR    L  MMU control
 *   0xFF00001C  CCR      L  cache control
 *   0xFF000020  TRA      L  trapa immediate << 2
 *   0xFF000024  EXPEVT   L  exception event code
 *   0xFF000028  INTEVT   L  interrupt event code
 *   0xFF000030  PVR      L  processor version
 *   0xFF000044  PRR      L  product revision
 *   0xFF000084  PMCR1    W  performance counter control (aborts QEMU)
 *   0xFF100004  PMCTR1H  L  counter 1, bits 47:32
 *   0xFF100008  PMCTR1L  L  counter 1, bits 31:0
 *   0xFFD80000  TMU      -  timer unit: the instruction counter under QEMU
 */
#ifndef SH4_REGS_H
#define SH4_REGS_H

#ifndef __ASSEMBLER__
#include <stdint.h>
#endif

#define SH4_PTEH	0xFF000000
#define SH4_PTEL	0xFF000004
#define  PTEL_V		 0x100		/* valid */
#define  PTEL_SZ_1K	 0x000		/* size: SZ1 (bit 7), SZ0 (bit 4) */
#define  PTEL_SZ_4K	 0x010
#define  PTEL_SZ_64K	 0x080
#define  PTEL_PR_PRIV_RW 0x020		/* privileged read/write, user none */
#define  PTEL_PR_USER_RO 0x040		/* user and privileged read only */
#define  PTEL_PR_USER_RW 0x060		/* user and privileged read/write */
#define  PTEL_C		 0x008		/* cacheable */
#define  PTEL_D		 0x004		/* dirty: writes allowed without a trap */
#define  PTEL_SH	 0x002		/* shared: matches every ASID */
#define SH4_MMUCR	0xFF000010
#define  MMUCR_AT	 0x001		/* translation on */
#define  MMUCR_TI	 0x004		/* invalidate all TLB entries */
#define  MMUCR_SQMD	 0x200		/* store queues privileged only */
#define  MMUCR_URC_SHIFT 10		/* 6 bits: entry ldtlb writes */
#define  MMUCR_URB_SHIFT 18		/* 6 bits: replacement boundary */
#define SH4_ITLB_ADDR	0xF2000000
#define  ITLB_ENTRIES	 4
#define SH4_CCR		0xFF00001C
#define  CCR_OCE	 0x0001	/* operand cache enable */
#define  CCR_CB		 0x0004	/* copy-back in P1 */
#define  CCR_OCI	 0x0008	/* operand cache invalidate */
#define  CCR_ICE	 0x0100	/* instruction cache enable */
#define  CCR_ICI	 0x0800	/* instruction cache invalidate */
#define  CCR_EMODE	 0x80000000	/* SH7751R: 2-way caches, 32 KiB OC, 16 KiB IC */
#define SH4_OC_ADDR	0xF4000000
#define  OC_LINES	 1024		/* 32 KiB of 32-byte lines in EMODE, half before */
#define SH4_TRA		0xFF000020
#define SH4_EXPEVT	0xFF000024
#define SH4_INTEVT	0xFF000028
#define SH4_PVR		0xFF000030
#define SH4_PRR		0xFF000044

#define SH4_PMCR1	0xFF000084	/* W */
#define  PMCR_PMEN	 0x8000
#define  PMCR_PMST	 0x4000
#define  PMCR_PMCLR	 0x2000
#define  PMCR_PMM_CYCLES 0x0023	/* elapsed core cycles */
#define SH4_PMCTR1L	0xFF100008

#define SH4_TMU		0xFFD80000
#define  TMU_TSTR	 0x04		/* B: bit n starts channel n */
#define  TMU_TCOR(n)	 (0x08 + 12 * (n))	/* L: reload value */
#define  TMU_TCNT(n)	 (0x0C + 12 * (n))	/* L: counts down */
#define  TMU_TCR(n)	 (0x10 + 12 * (n))	/* W */
#define   TCR_TPSC_4	  0x0000	/* Pphi / 4 */
#define   TCR_UNIE	  0x0020	/* underflow interrupt enable */
#define   TCR_UNF	  0x0100	/* underflow flag */

/* SR bits */
#define SR_MD		0x40000000
#define SR_RB		0x20000000
#define SR_BL		0x10000000
#define SR_FD		0x00008000
#define SR_IMASK	0x000000F0

#ifndef __ASSEMBLER__
static inline uint32_t sh4_read32(uint32_t a) { return *(volatile uint32_t *)a; }
static inline uint16_t sh4_read16(uint32_t a) { return *(volatile uint16_t *)a; }
static inline uint8_t sh4_read8(uint32_t a) { return *(volatile uint8_t *)a; }
static inline void sh4_write32(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline void sh4_write16(uint32_t a, uint16_t v) { *(volatile uint16_t *)a = v; }
static inline void sh4_write8(uint32_t a, uint8_t v) { *(volatile uint8_t *)a = v; }

#endif /* __ASSEMBLER__ */

#endif
