/* Boot: board and CPU up, banner, counter self-check, then the image's tasks. */
#include <stdio.h>
#include <string.h>
#include "kernel.h"

void kernel_panic(const char *why)
{
	printf("PANIC: %s\n", why);
	board_poweroff();
}

/* A task that faults is killed, with what it tried, where, and who it
 * was; a fault in the kernel stops the board. */
void kernel_fault(struct arch_frame *f, uint32_t code, uintptr_t addr)
{
	struct task *t = sched_current;
	int user = arch_frame_from_user(f);

	printf("%s %s (pid %d) domain=%s: %s at 0x%08lx (exception 0x%03lx)\n",
	       user ? "killed task" : "PANIC: fault in", t ? t->name : "boot", t ? t->pid : 0,
	       t ? mac_type_name[t->domain] : "kernel", arch_fault_access(f, code, addr),
	       (unsigned long)addr, (unsigned long)code);
	if (!t || !user)
		board_poweroff();
	sched_exit(-E_FAULT);
}

static void banner(void)
{
	printf("\nmac-fw: board=%s cpu=%s\n", board_name(), arch_cpu_name());
	printf("counter: %s, unit=%s (%s)\n", arch_counter_name(), arch_counter_unit(),
	       board_is_emulated() ? "QEMU" : "hardware");
}

/* The probes in counter.S run a loop of known length between two reads;
 * under QEMU -icount the difference must be exact. */
int kernel_counter_selfcheck(void)
{
	uint32_t empty = arch_counter_to_units(arch_counter_probe_empty());
	uint32_t seq = arch_counter_to_units(arch_counter_probe_seq()) - empty;
	int exact = seq == ARCH_PROBE_SEQ_INSNS;

	printf("counter self-check: read=%lu %s, known sequence=%lu %s (expected %u insns): %s\n",
	       (unsigned long)empty, arch_counter_unit(), (unsigned long)seq,
	       arch_counter_unit(), ARCH_PROBE_SEQ_INSNS,
	       exact ? "exact" : board_is_emulated() ? "MISMATCH" : "cycles differ from insns");
	return exact;
}

void kernel_main(void)
{
	board_init();
	setvbuf(stdout, NULL, _IONBF, 0);
	arch_init();
	banner();
	kernel_counter_selfcheck();
	boot_manifest();
	boot_main();
	boot_tasks();
	sched_start();
}
