/*
 * What the kernel takes from the image it is linked into (the firmware's
 * app/, a device's device/, the test and distro images): the one header
 * through which kernel/ reaches the image.  The kernel declares, the
 * image defines; kernel/ includes no header of an image's own
 * (tools/check-kernel-includes.sh).
 */
#ifndef IMAGE_H
#define IMAGE_H

#include <stdint.h>

/* A system call's handler (kernel/syscalls.h): a table of them is a
 * strategy's, indexed by the number. */
typedef intptr_t (*syscall_fn)(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t a3);

/* The image's own start (firmware or test suite), in kernel mode, once
 * the kernel's tables are set up and before the manifest's tasks run
 * (kernel/main.c). */
void boot_main(void);

/* Every task has exited: the image decides what happens then
 * (kernel/sched.c), unless a task asked to be woken instead
 * (sched_set_last_waiter). */
void sched_all_exited(void);

/* The manifest's console task, where the image's manifest names one:
 * the generated task table points at it. */
void console_main(void);

/* Programs a task may spawn: an entry function behind a namespace path
 * whose label is the program's exec type.  Each is bound at boot to the
 * node the manifest made at its path (struct node's program): a node put
 * at that path later, by an unlink and a create, is no program. */
struct program {
	const char *path;
	void (*entry)(uintptr_t arg);
};
extern const struct program image_programs[];	/* ends with a NULL path */

/* The system-call table of the image's unprivileged tasks (syscalls.h);
 * the flat one unless the image says otherwise (a weak default,
 * kernel/sched.c). */
extern const syscall_fn *image_task_syscalls;

#endif
