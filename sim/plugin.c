/*
 * The QEMU side of a timing model: a TCG plugin (QEMU 7.2, API version
 * 1) built once per CPU with SIM_MODEL naming the model (model.h).
 *
 * At translation each instruction is decoded once by the model; at run
 * time an exec callback before every instruction hands the model the
 * previous one with the memory accesses its callbacks saw, then writes
 * the est-cycles into the firmware's counter block (include/counter_model.h),
 * so that a counter read sees every instruction before it; the other
 * totals when the firmware stores to the block.  The model times only
 * what runs between the firmware's stores to the block's run and idle
 * words; outside, the glue counts instructions and QEMU runs on.
 *
 * Addresses are the models' to map: QEMU's own lookup of each access's
 * physical address cost more than the model.  Physical is virtual and
 * pmask, and an access outside RAM is a device's (io).
 *
 * QEMU 7.2 gives a plugin no way to write guest memory; it does give
 * the host address of an instruction's bytes in guest RAM.  The block is
 * found from that: one kernel instruction's host address, less its
 * physical offset in RAM, is RAM's host base.
 *
 * A program that cannot reach the block (the Linux peer's init) marks
 * windows instead (include/window_marks.h): with marks=, the glue opens
 * and closes a window at each mark executed inside that range, writes
 * one record per window to the out file as it closes, and the model
 * times everything from the first start mark on.  Addresses are then
 * QEMU's: user space is paged, so each access's physical address and
 * whether it reached a device come from QEMU's TLB.
 *
 * Arguments (-plugin FILE,ARG=VALUE,...):
 *   block=V        the counter block's (kernel) virtual address
 *   marks=LO:HI    marked windows, honoured at virtual LO <= pc < HI
 *   kernel=V0:V1   the kernel's text, virtual; physical = virtual - v2p
 *   v2p=OFF        kernel virtual less physical (SH-4 P1: 0x80000000)
 *   ram=P:SIZE     SDRAM, physical
 *   pmask=M        physical = virtual & M (SH-4: 0x1fffffff; default all)
 *   out=FILE       the totals and parameters at exit
 *   NAME=VALUE     one of the model's parameters
 */
#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qemu_plugin_api.h"
#include "model.h"

#ifndef SIM_MODEL
#error "SIM_MODEL: the model this plugin is built with (sim_model_sh4, sim_model_xscale)"
#endif

SIM_PLUGIN_EXPORT int qemu_plugin_version = SIM_QEMU_PLUGIN_VERSION;

#define SIM_MAX_ACCESS 32	/* an ldm/stm of 16 registers, twice over */

enum sim_mark { MARK_NONE, MARK_START, MARK_STOP };

struct sim_insn {
	const void *decoded;
	uint64_t vaddr, paddr;
	enum sim_mark mark;
};

struct sim_config {
	uint64_t block, kernel_lo, kernel_hi, v2p, ram_lo, ram_size, pmask, marks_lo, marks_hi;
	const char *out;
};

/* The marked windows: the totals at the open one's start, the counts. */
static struct {
	FILE *out;
	struct sim_totals start;
	int open;
	uint64_t count, unmatched, phys_checked, phys_wrong;
} win;

static struct sim_model *model = &SIM_MODEL;
static const char *const cause_name[] = { COUNTER_MODEL_CAUSE_NAMES };
static struct sim_config cfg = { .pmask = UINT64_MAX };
static uint8_t *ram_host;	/* host address of physical ram_lo */
static volatile struct counter_model *block_host;
static const struct sim_insn *pending;
static struct sim_access acc[SIM_MAX_ACCESS];
static unsigned nacc;
static uint64_t dropped_acc, seen;
static int timing;	/* between the firmware's stores to run and idle */

static void publish_cycles(void)
{
	if (block_host) {
		block_host->magic = COUNTER_MODEL_MAGIC;
		block_host->cycles = (uint32_t)model->totals->cycles;
	}
}

static void publish_all(void)
{
	const struct sim_totals *t = model->totals;

	block_host->insns = (uint32_t)t->insns;
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		block_host->cause[i] = (uint32_t)t->cause[i];
}

/* The firmware's stores to its block: publish, time, idle. */
static void block_store(uint64_t offset)
{
	if (offset == offsetof(struct counter_model, run))
		timing = 1;
	else if (offset == offsetof(struct counter_model, idle))
		timing = 0;
	publish_all();
}

static int in_ram(uint64_t paddr)
{
	return paddr >= cfg.ram_lo && paddr - cfg.ram_lo < cfg.ram_size;
}

static void on_exec(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	seen++;
	if (pending && timing)
		model->exec(pending->decoded, pending->vaddr, pending->paddr, acc, nacc);
	pending = udata;
	nacc = 0;
	publish_cycles();
}

static void window_write(void)
{
	const struct sim_totals *t = model->totals;

	fprintf(win.out, "window %" PRIu64 " insns %" PRIu64 " est-cycles %" PRIu64, win.count,
		t->insns - win.start.insns, t->cycles - win.start.cycles);
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		fprintf(win.out, " %s %" PRIu64, cause_name[i], t->cause[i] - win.start.cause[i]);
	fputc('\n', win.out);
	fflush(win.out);	/* kept if QEMU is killed */
}

/* A mark, once the instruction before it is counted: a window holds its
 * start mark and not its stop mark. */
static void window_mark(enum sim_mark mark)
{
	if ((mark == MARK_START) == win.open) {
		win.unmatched++;
		return;
	}
	if (mark == MARK_START) {
		timing = 1;
		win.start = *model->totals;
		win.open = 1;
		return;
	}
	window_write();
	win.count++;
	win.open = 0;
}

static void on_exec_mark(unsigned int vcpu, void *udata)
{
	on_exec(vcpu, udata);
	window_mark(((const struct sim_insn *)udata)->mark);
}

/* Where an access went, by the CPU's fixed rules (the firmware's flat
 * map) or, with marks, by QEMU's TLB. */
static void access_place(struct sim_access *a, qemu_plugin_meminfo_t info)
{
	struct qemu_plugin_hwaddr *hw;

	if (!cfg.marks_hi || !(hw = qemu_plugin_get_hwaddr(info, a->vaddr))) {
		a->paddr = a->vaddr & cfg.pmask;
		a->io = !in_ram(a->paddr);
		return;
	}
	a->paddr = qemu_plugin_hwaddr_phys_addr(hw);
	a->io = qemu_plugin_hwaddr_is_io(hw) || !in_ram(a->paddr);
	if (a->vaddr >= cfg.kernel_lo && a->vaddr < cfg.kernel_hi) {
		/* where the kernel's own map is known, QEMU is held to it */
		win.phys_checked++;
		win.phys_wrong += a->paddr != a->vaddr - cfg.v2p;
	}
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	struct sim_access *a;

	(void)vcpu;
	(void)udata;
	if (nacc == SIM_MAX_ACCESS) {
		dropped_acc++;
		return;
	}
	a = &acc[nacc++];
	a->vaddr = vaddr;
	access_place(a, info);
	a->size = 1u << qemu_plugin_mem_size_shift(info);
	a->store = qemu_plugin_mem_is_store(info);
	if (a->store && block_host && vaddr - cfg.block < sizeof(struct counter_model))
		block_store(vaddr - cfg.block);
}

/* RAM's host base from the first kernel instruction QEMU translates. */
static void find_block(uint64_t vaddr, uint8_t *haddr)
{
	if (ram_host || !haddr || vaddr < cfg.kernel_lo || vaddr >= cfg.kernel_hi)
		return;
	ram_host = haddr - (vaddr - cfg.v2p - cfg.ram_lo);
	if (cfg.block)
		block_host = (volatile struct counter_model *)(ram_host +
							       (cfg.block - cfg.v2p - cfg.ram_lo));
}

/* Physical address of an instruction: from its host address when QEMU
 * holds it in RAM, else as the kernel maps it. */
static uint64_t insn_paddr(uint64_t vaddr, uint8_t *haddr)
{
	if (ram_host && haddr && in_ram(cfg.ram_lo + (uint64_t)(haddr - ram_host)))
		return cfg.ram_lo + (uint64_t)(haddr - ram_host);
	return vaddr - cfg.v2p;
}

/* A window mark: the model's word, executed where marks count. */
static enum sim_mark insn_mark(const uint8_t *bytes, size_t len, uint64_t vaddr)
{
	uint32_t word = 0;

	if (!model->mark_bytes || len != model->mark_bytes || vaddr < cfg.marks_lo ||
	    vaddr >= cfg.marks_hi)
		return MARK_NONE;
	memcpy(&word, bytes, len);
	return word == model->mark_start ? MARK_START : word == model->mark_stop ? MARK_STOP :
									       MARK_NONE;
}

/*
 * Translations repeat (a TB flush, a task's mapping coming back): the
 * same instruction at the same place keeps its record, so memory stays
 * bounded by the code that ran.
 */
#define SIM_TABLE_BITS 18
struct sim_slot {
	struct sim_insn insn;
	uint32_t word;
	struct sim_slot *next;
};
static struct sim_slot *table[1u << SIM_TABLE_BITS];

static const struct sim_insn *insn_record(const uint8_t *bytes, size_t len, uint64_t vaddr,
					  uint64_t paddr)
{
	uint32_t word = 0, h;
	struct sim_slot *s;

	memcpy(&word, bytes, len < 4 ? len : 4);
	h = (uint32_t)((vaddr ^ (paddr << 7) ^ word) * 2654435761u) >> (32 - SIM_TABLE_BITS);
	for (s = table[h]; s; s = s->next)
		if (s->insn.vaddr == vaddr && s->insn.paddr == paddr && s->word == word)
			return &s->insn;
	s = calloc(1, sizeof *s);
	if (!s)
		abort();
	s->insn = (struct sim_insn){ model->decode(bytes, len, vaddr), vaddr, paddr,
				     insn_mark(bytes, len, vaddr) };
	s->word = word;
	s->next = table[h];
	table[h] = s;
	return &s->insn;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *qi = qemu_plugin_tb_get_insn(tb, i);
		uint64_t vaddr = qemu_plugin_insn_vaddr(qi);
		uint8_t *haddr = qemu_plugin_insn_haddr(qi);
		const struct sim_insn *si;

		find_block(vaddr, haddr);
		si = insn_record(qemu_plugin_insn_data(qi), qemu_plugin_insn_size(qi), vaddr,
				 insn_paddr(vaddr, haddr));
		qemu_plugin_register_vcpu_insn_exec_cb(qi, si->mark ? on_exec_mark : on_exec,
						       QEMU_PLUGIN_CB_NO_REGS, (void *)si);
		qemu_plugin_register_vcpu_mem_cb(qi, on_mem, QEMU_PLUGIN_CB_NO_REGS,
						 QEMU_PLUGIN_MEM_RW, NULL);
	}
}

static void write_totals(FILE *f)
{
	const struct sim_totals *t = model->totals;

	fprintf(f, "model %s\ninsns-seen %" PRIu64 "\ninsns %" PRIu64 "\nest-cycles %" PRIu64 "\n",
		model->name, seen, t->insns, t->cycles);
	for (int i = 0; i < COUNTER_MODEL_CAUSES; i++)
		fprintf(f, "cause %s %" PRIu64 "\n", cause_name[i], t->cause[i]);
	for (size_t i = 0; i < model->nparams; i++)
		fprintf(f, "param %s %ld\n", model->params[i].name, model->params[i].value);
	fprintf(f, "counter-block %s\naccesses-dropped %" PRIu64 "\n",
		block_host ? "found" : "not found", dropped_acc);
	if (win.out)
		fprintf(f, "windows %" PRIu64 "\nwindows-unmatched %" PRIu64 "\nphys-checked %" PRIu64
			"\nphys-wrong %" PRIu64 "\n", win.count, win.unmatched + (uint64_t)win.open,
			win.phys_checked, win.phys_wrong);
}

static void on_exit_cb(qemu_plugin_id_t id, void *udata)
{
	FILE *f;

	(void)id;
	(void)udata;
	if (!cfg.out)
		return;
	f = win.out ? win.out : fopen(cfg.out, "w");
	if (!f) {
		fprintf(stderr, "timing model: %s: %s\n", cfg.out, strerror(errno));
		return;
	}
	write_totals(f);
	fclose(f);
	win.out = NULL;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || end == s ? -1 : (int)(end - s);
}

static int parse_pair(const char *s, uint64_t *a, uint64_t *b)
{
	int n = parse_u64(s, a);

	return n > 0 && s[n] == ':' && parse_u64(s + n + 1, b) > 0 ? 0 : -1;
}

static int parse_param(const char *name, const char *val)
{
	struct sim_param *p = sim_param_find(model, name);
	char *end;

	if (!p)
		return -1;
	errno = 0;
	p->value = strtol(val, &end, 0);
	return errno || end == val || *end ? -1 : 0;
}

static int parse_arg(const char *arg)
{
	const char *eq = strchr(arg, '=');
	char name[64];

	if (!eq || (size_t)(eq - arg) >= sizeof name)
		return -1;
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	if (strcmp(name, "block") == 0)
		return parse_u64(eq + 1, &cfg.block) > 0 ? 0 : -1;
	if (strcmp(name, "v2p") == 0)
		return parse_u64(eq + 1, &cfg.v2p) > 0 ? 0 : -1;
	if (strcmp(name, "kernel") == 0)
		return parse_pair(eq + 1, &cfg.kernel_lo, &cfg.kernel_hi);
	if (strcmp(name, "ram") == 0)
		return parse_pair(eq + 1, &cfg.ram_lo, &cfg.ram_size);
	if (strcmp(name, "pmask") == 0)
		return parse_u64(eq + 1, &cfg.pmask) > 0 ? 0 : -1;
	if (strcmp(name, "marks") == 0)
		return parse_pair(eq + 1, &cfg.marks_lo, &cfg.marks_hi);
	if (strcmp(name, "out") == 0)
		return (cfg.out = eq + 1)[0] ? 0 : -1;
	return parse_param(name, eq + 1);
}

/* With marks, the out file takes each window as it closes. */
static int marks_open(void)
{
	if (!cfg.marks_hi)
		return 0;
	if (!model->mark_bytes || !cfg.out) {
		fprintf(stderr, "timing model %s: marks= needs out= and a model with marks\n",
			model->name);
		return -1;
	}
	win.out = fopen(cfg.out, "w");
	if (!win.out) {
		fprintf(stderr, "timing model %s: %s: %s\n", model->name, cfg.out, strerror(errno));
		return -1;
	}
	return 0;
}

SIM_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
					  char **argv)
{
	if (!info->system_emulation) {
		fprintf(stderr, "timing model %s: system emulation only\n", model->name);
		return -1;
	}
	for (int i = 0; i < argc; i++)
		if (parse_arg(argv[i]) < 0) {
			fprintf(stderr, "timing model %s: bad argument '%s' (block=, marks=, kernel=, "
				"v2p=, ram=, pmask=, out= or a parameter of the model)\n", model->name,
				argv[i]);
			return -1;
		}
	if (!(cfg.block || cfg.marks_hi) || !cfg.ram_size || cfg.kernel_hi <= cfg.kernel_lo) {
		fprintf(stderr, "timing model %s: block= or marks=, and kernel= and ram= are needed\n",
			model->name);
		return -1;
	}
	model->reset();
	if (marks_open() < 0)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
	return 0;
}
