/* SH7751R chip drivers shared by SH7751R boards: SCIF console, TMU0 tick. */
#include "sh7751r.h"

static inline uint16_t scif_r16(uint32_t off) { return sh4_read16(SH7751R_SCIF + off); }
static inline void scif_w16(uint32_t off, uint16_t v) { sh4_write16(SH7751R_SCIF + off, v); }

void sh7751r_scif_init(uint8_t brr)
{
	scif_w16(SCSCR2, 0);
	scif_w16(SCFCR2, SCFCR_RFRST | SCFCR_TFRST);
	scif_w16(SCSMR2, 0);
	sh4_write8(SH7751R_SCIF + SCBRR2, brr);
	scif_w16(SCFCR2, 0);
	scif_w16(SCSCR2, SCSCR_TE | SCSCR_RE);
}

/* QEMU does not keep SCBRR2: it reads back 0 where a chip returns the
 * value written, so this tells an emulator from a board. */
int sh7751r_scif_is_emulated(void)
{
	return sh4_read8(SH7751R_SCIF + SCBRR2) == 0;
}

void sh7751r_scif_putc(char c)
{
	while (!(scif_r16(SCFSR2) & SCFSR_TDFE))
		;
	sh4_write8(SH7751R_SCIF + SCFTDR2, (uint8_t)c);
	scif_w16(SCFSR2, scif_r16(SCFSR2) & ~(SCFSR_TDFE | SCFSR_TEND));
}

int sh7751r_scif_getc(void)
{
	if (!(scif_r16(SCFDR2) & 0x1F))
		return -1;
	int c = sh4_read8(SH7751R_SCIF + SCFRDR2);
	scif_w16(SCFSR2, scif_r16(SCFSR2) & ~(SCFSR_RDF | SCFSR_DR));
	return c;
}

void sh7751r_tmu0_start(uint32_t hz, uint32_t pphi_hz)
{
	uint32_t count = pphi_hz / 4 / hz;

	sh4_write8(SH4_TMU + TMU_TSTR, sh4_read8(SH4_TMU + TMU_TSTR) & ~0x01);
	sh4_write32(SH4_TMU + TMU_TCOR(0), count - 1);
	sh4_write32(SH4_TMU + TMU_TCNT(0), count - 1);
	sh4_write16(SH4_TMU + TMU_TCR(0), TCR_TPSC_4 | TCR_UNIE);
	sh4_write16(SH7751R_IPRA, (sh4_read16(SH7751R_IPRA) & ~(0xFu << IPRA_TMU0_SHIFT)) |
				  (8u << IPRA_TMU0_SHIFT));
	sh4_write8(SH4_TMU + TMU_TSTR, sh4_read8(SH4_TMU + TMU_TSTR) | 0x01);
}

/* Writing TCR without UNF clears the underflow flag. */
void sh7751r_tmu0_ack(void)
{
	sh4_write16(SH4_TMU + TMU_TCR(0), TCR_TPSC_4 | TCR_UNIE);
}
