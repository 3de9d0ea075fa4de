/*
 * Host speed of the SH-4 model's exec(): a loop of the firmware's most
 * frequent kinds of instruction (loads, moves, adds, tests, conditional
 * and delayed branches, calls), with operand accesses, run 100 M times.
 * Prints ns per instruction; a boot of ~4 G instructions wants < 15.
 * sh4_bench [count]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "model.h"

struct sim_param *sim_param_find(struct sim_model *m, const char *name);
struct sim_param *sim_param_find(struct sim_model *m, const char *name)
{
	(void)m;
	(void)name;
	return NULL;
}

static const uint16_t body[] = {
	0xd103, 0x6212, 0x6323, 0x7304, 0x2238, 0x8b02, 0x6512, 0x2152,
	0x4f22, 0x6543, 0x3450, 0x8d01, 0x7601, 0x6612, 0xaff0, 0x0009,	/* bra back; slot */
};

int main(int argc, char **argv)
{
	struct sim_model *m = &sim_model_sh4;
	const void *dec[16];
	struct sim_access a = { 0x8c100000u, 0x0c100000u, 4, false, false };
	struct timespec t0, t1;
	uint64_t i, n = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000000ull;
	uint64_t pc = 0x8c000000u;
	double ns;

	m->reset();
	for (i = 0; i < 16; i++) {
		uint8_t b[2] = { (uint8_t)body[i], (uint8_t)(body[i] >> 8) };

		dec[i] = m->decode(b, 2, pc + 2 * i);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		unsigned k = i & 15;
		int mem = (body[k] & 0xf000) == 0x6000 || (body[k] & 0xf000) == 0x2000;

		a.vaddr = 0x8c100000u + ((i * 4) & 0x3fff);
		a.paddr = a.vaddr & 0x1fffffff;
		a.store = (body[k] & 0xf000) == 0x2000;
		m->exec(dec[k], pc + 2 * k, (pc + 2 * k) & 0x1fffffff, &a, mem);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / (double)n;
	printf("sim-sh4 bench: %.2f ns per instruction, %.3f est-cycles per instruction\n", ns,
	       (double)m->totals->cycles / (double)m->totals->insns);
	return 0;
}
