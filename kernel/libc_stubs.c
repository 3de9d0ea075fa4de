/* The system layer newlib expects, for kernel-side printf and malloc. */
#include <errno.h>
#include <sys/stat.h>
#include "kernel.h"

extern char __heap_start[], __heap_end[];
static char *heap_top = __heap_start;

int _write(int fd, const char *buf, int len)
{
	(void)fd;
	console_write(buf, (size_t)len);
	return len;
}

void *_sbrk(ptrdiff_t incr)
{
	char *old = heap_top;
	if (incr > __heap_end - heap_top) {
		errno = ENOMEM;
		return (void *)-1;
	}
	heap_top += incr;
	return old;
}

int _read(int fd, char *buf, int len) { (void)fd, (void)buf, (void)len; return 0; }
int _close(int fd) { (void)fd; return -1; }
int _lseek(int fd, int off, int whence) { (void)fd, (void)off, (void)whence; return 0; }
int _isatty(int fd) { (void)fd; return 1; }
int _getpid(void) { return 1; }
int _kill(int pid, int sig) { (void)pid, (void)sig; errno = EINVAL; return -1; }

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}

void _exit(int code)
{
	(void)code;
	board_poweroff();
}
