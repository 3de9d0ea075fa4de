/* Boot: board and CPU up, banner, counter self-check, then the image's tasks. */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "image.h"

void kernel_panic(const char *why)
{
	printf("PANIC: %s\n", why);
	board_poweroff();
}

/* A task that faults is killed, with what it tried, where, and who it
 * was; a fault in the kernel stops the board.  The kill's line is put
 * together as the monitor's are, not by printf: it is written with
 * interrupts masked. */
void kernel_fault(struct arch_frame *f, uint32_t code, uintptr_t addr)
{
	struct task *t = sched_current;
	struct mac_buf b = { .len = 0 };

	if (!t || !arch_frame_from_user(f)) {
		printf("PANIC: fault in %s (pid %d) domain=%s: %s at 0x%08lx (exception 0x%03lx)\n",
		       t ? t->name : "boot", t ? t->pid : 0, t ? mac_type_name[t->domain] : "kernel",
		       arch_fault_access(f, code, addr, NULL), (unsigned long)addr,
		       (unsigned long)code);
		board_poweroff();
	}
	mac_put(&b, "killed task ");
	mac_put(&b, t->name);
	mac_put(&b, " (pid ");
	mac_put_uint(&b, (uint32_t)t->pid);
	mac_put(&b, ") domain=");
	mac_put(&b, mac_type_name[t->domain]);
	mac_put(&b, ": ");
	mac_put(&b, arch_fault_access(f, code, addr, &t->mm));
	mac_put(&b, " at 0x");
	mac_put_hex(&b, (uint32_t)addr, 8);
	mac_put(&b, " (exception 0x");
	mac_put_hex(&b, code, 3);
	mac_put(&b, ")");
	console_write_line(b.text, b.len);
	sched_exit(-E_FAULT);
}

/* What the arch chose at boot from what it found (none by default). */
__attribute__((weak)) const char *arch_boot_note(void) { return NULL; }

static void banner(void)
{
	const char *note = arch_boot_note();

	printf("\nmac-fw: board=%s cpu=%s on %s\n", board_name(), arch_cpu_name(),
	       board_is_emulated() ? "QEMU" : "hardware");
	if (note)
		printf("arch: %s\n", note);
}

/* After the banner, so that a board whose counter misbehaves has said
 * what it is first. */
static void counter_start(void)
{
	const char *note = arch_counter_init();

	printf("counter: %s, unit=%s\n", arch_counter_name(), arch_counter_unit());
	if (note)
		printf("counter: %s\n", note);
}

/* The probes in counter.S run a loop of known length between two reads:
 * under QEMU -icount the count must be exact, on hardware within what
 * the CPU can do in its unit. */
int kernel_counter_selfcheck(void)
{
	uint32_t empty = arch_counter_to_units(arch_counter_probe_empty());
	uint32_t seq = arch_counter_to_units(arch_counter_probe_seq()) - empty;
	const char *unit = arch_counter_unit();
	uint32_t lo, hi;

	arch_counter_expect(ARCH_PROBE_SEQ_INSNS, &lo, &hi);
	printf("counter self-check: read=%lu %s, loop of %u insns=%lu %s", (unsigned long)empty,
	       unit, ARCH_PROBE_SEQ_INSNS, (unsigned long)seq, unit);
	if (lo == hi) {
		printf(", expected %lu %s: %s\n", (unsigned long)lo, unit,
		       seq == lo ? "exact" : "MISMATCH");
		return seq == lo;
	}
	printf(", expected %lu..%lu %s: %s\n", (unsigned long)lo, (unsigned long)hi, unit,
	       seq >= lo && seq <= hi ? "in range" : "OUT OF RANGE");
	return seq >= lo && seq <= hi;
}

void kernel_main(void)
{
	board_init();
	setvbuf(stdout, NULL, _IONBF, 0);
	arch_init();
	banner();
	counter_start();
	kernel_counter_selfcheck();
	boot_manifest();
	boot_main();
	boot_tasks();
	sched_start();
}
