/*
 * GCC PR target/106609: sh4-linux-gnu-gcc 12.2 at -O1+ drops the `tst` that sets T for
 * `if (p)` after the call, leaving `bt` to test whatever T g() left behind.
 */
extern void g(void);
extern int *gp;

int f(void)
{
	g();
	int *p = gp;
	if (p)
		return *p;
	return -1;
}
