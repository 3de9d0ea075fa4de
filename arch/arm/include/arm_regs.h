/*
 * XScale (PXA270, ARMv5TE) core registers.  The core has no memory-mapped
 * registers of its own: everything below is a program status register bit
 * or a coprocessor register, reached with mrs/msr or mrc/mcr.
 *
 *   CPSR/SPSR              mode and interrupt masks
 *   CP15 c1,c0,0  CTRL     control: MMU, caches, write buffer, vectors
 *   CP15 c2,c0,0  TTB      translation table base (16 KiB aligned)
 *   CP15 c3,c0,0  DACR     domain access control
 *   CP15 c5,c0,0  FSR      fault status of the last data abort
 *   CP15 c6,c0,0  FAR      fault address of the last data abort
 *   CP15 c7       cache and write buffer operations, wait for interrupt
 *   CP15 c8       TLB operations
 *   CP15 c15,c1,0 CPAR     XScale coprocessor access: bit n opens CPn (0..13)
 *   memory        L1 table (4096 sections), L2 coarse tables (256 pages)
 *   CP14 c0,c1,0  PMNC     performance monitor control (privileged)
 *   CP14 c1,c1,0  CCNT     clock counter (privileged)
 *   CP14 c7,c0,0  PWRMODE  XScale power modes (1 = idle)
 */
#ifndef ARM_REGS_H
#define ARM_REGS_H

/* CPSR/SPSR, 32-bit */
#define PSR_MODE		0x1F
#define  PSR_MODE_USR		 0x10
#define  PSR_MODE_FIQ		 0x11
#define  PSR_MODE_IRQ		 0x12
#define  PSR_MODE_SVC		 0x13
#define  PSR_MODE_ABT		 0x17
#define  PSR_MODE_UND		 0x1B
#define  PSR_MODE_SYS		 0x1F
#define PSR_T			0x20	/* Thumb state */
#define PSR_F			0x40	/* FIQ masked: nothing uses FIQ */
#define PSR_I			0x80	/* IRQ masked */

/* CP15 CTRL, 32-bit */
#define CTRL_M			0x0001	/* MMU */
#define CTRL_C			0x0004	/* data cache */
#define CTRL_W			0x0008	/* write buffer */
#define CTRL_Z			0x0800	/* branch target buffer */
#define CTRL_I			0x1000	/* instruction cache */
#define CTRL_V			0x2000	/* high vectors at 0xFFFF0000: left off */

/* L1 section descriptor (1 MiB), 32-bit */
#define SECT_TYPE		0x002
#define SECT_B			0x004	/* bufferable */
#define SECT_C			0x008	/* cacheable: with B, write-back */
/* bit 4 must stay 0 on XScale (it is the P bit there, not "should be 1") */
#define SECT_DOMAIN(d)		((d) << 5)
#define SECT_AP_PRIV		(1u << 10)	/* kernel only: user access aborts */
#define SECT_AP_ALL		(3u << 10)	/* kernel and user, read/write */
#define SECT_SHIFT		20

/* L1 coarse table descriptor: 256 small pages, table 1 KiB aligned */
#define COARSE_TYPE		0x001	/* bit 4 must stay 0 here too */

/* L2 small page descriptor (4 KiB), 32-bit: AP for each 1 KiB subpage */
#define PTE_SMALL		0x002
#define PTE_B			0x004
#define PTE_C			0x008
#define PTE_AP_PRIV		0x550	/* kernel only */
#define PTE_AP_RO		0xAA0	/* kernel read/write, user read only */
#define PTE_AP_ALL		0xFF0	/* kernel and user, read/write */
#define PTE_AP_SHIFT(sub)	(4 + 2 * (sub))	/* one AP per 1 KiB subpage */

/* CP15 DACR, 32-bit: two bits per domain */
#define DACR_CLIENT(d)		(1u << (2 * (d)))	/* AP bits are checked */

/* CP15 CPAR (XScale), 32-bit: what reset leaves, every coprocessor shut */
#define CPAR_NONE		0

/* CP14 PMNC, 32-bit */
#define PMNC_E			0x01	/* counters enabled */
#define PMNC_P			0x02	/* reset the event counters */
#define PMNC_C			0x04	/* reset CCNT */
#define PMNC_D			0x08	/* CCNT counts every 64th cycle: left off */

/*
 * Exception events, as struct arch_frame.event: the vector's offset in
 * the table, so a fault report names the vector it came through.
 */
#define ARM_EV_UND		0x04
#define ARM_EV_SWI		0x08
#define ARM_EV_PABT		0x0C
#define ARM_EV_DABT		0x10
#define ARM_EV_IRQ		0x18

#endif
