/* Helpers of the on-target test programs (compiled into each: programs
 * share no code but the user library). */
#ifndef UTEST_H
#define UTEST_H

#include "ulib.h"

/* Calls call() until it fails or has passed max times: how many passed,
 * and the failure in *err (0 if none). */
#define COUNT_UNTIL_ERROR(call, max, err) ({			\
	int n_ = 0;						\
	intptr_t r_ = 0;					\
	while (n_ < (max) && (r_ = (call)) >= 0)		\
		n_++;						\
	*(err) = n_ < (max) ? r_ : 0;				\
	n_;							\
})

/* Writes one byte to an existing file: it needs a data block. */
static inline intptr_t utest_write_byte(const char *path)
{
	int h = u_open(path, O_WRITE);
	intptr_t r = h < 0 ? h : u_write(h, "x", 1);

	u_close(h);
	return r;
}

#endif
