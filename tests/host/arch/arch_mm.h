/* The arch's half of a task's memory, for host unit tests: none. */
#ifndef ARCH_MM_H
#define ARCH_MM_H

struct arch_mm {
	int unused;
};

#endif
