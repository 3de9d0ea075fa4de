/*
 * Host unit test of the console's output ring (kernel/console.c) and of
 * /dev/console's writes into it (kernel/device.c), and of the input
 * ring the receive interrupt fills, linked alone and run under
 * ASan/UBSan.  The board is a byte log: what the "UART" got,
 * polled (board_console_putc) or from the transmit interrupt
 * (console_tx_next), in one stream.  Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "console.h"

static int passed, failed;

static void check(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

/* The board: every byte the UART sends, in order. */
#define UART_MAX (64 * 1024)
static char uart[UART_MAX];
static size_t uart_len, uart_polled;
static int tx_starts, tx_stops, tx_irq_on;

void board_console_putc(char c)
{
	if (uart_len < UART_MAX)
		uart[uart_len++] = c;
	uart_polled++;
}

void board_console_tx_start(void) { tx_starts++; tx_irq_on = 1; }
void board_console_tx_stop(void) { tx_stops++; tx_irq_on = 0; }
void audit_flush(void) {}

/* The transmit interrupt: up to fifo bytes, off when the ring is empty. */
static void tx_irq(int fifo)
{
	for (int i = 0; i < fifo; i++) {
		int c = console_tx_next();
		if (c < 0) {
			tx_irq_on = 0;
			return;
		}
		if (uart_len < UART_MAX)
			uart[uart_len++] = (char)c;
	}
}

static void drain(void)
{
	while (tx_irq_on)
		tx_irq(16);
}

/* console_wait_idle's wait: an interrupt comes. */
void arch_idle(void) { tx_irq(16); }

static struct task task_a = { .pid = 3, .name = "alpha" };
static struct task task_b = { .pid = 4, .name = "beta" };
struct task *sched_current = &task_a;
volatile uint32_t sched_ticks;

static struct node console_node = { .kind = NODE_DEV, .dev = DEV_CONSOLE };

static intptr_t task_write(struct task *t, const char *s, size_t len)
{
	sched_current = t;
	return dev_write(&console_node, (const uint8_t *)s, len);
}

static void reset(void)
{
	console_flush();
	uart_len = uart_polled = 0;
	tx_starts = tx_stops = 0;
}

static int uart_is(const char *want)
{
	return uart_len == strlen(want) && memcmp(uart, want, uart_len) == 0;
}

/* Kernel lines and task lines in one stream, as written. */
static void test_order(void)
{
	reset();
	console_write("boot\n", 5);
	task_write(&task_a, "one", 3);
	task_write(&task_b, "two\n", 4);
	task_write(&task_a, " more\n", 6);
	console_write("avc: line\n", 10);
	check(uart_len == 0 && tx_starts == 1, "writes are queued, the interrupt turned on once");
	drain();
	check(uart_is("boot\r\n[pid 3 alpha] one\r\n[pid 4 beta] two\r\n"
		      "[pid 3 alpha]  more\r\navc: line\r\n"),
	      "the interrupt sends every line in order, prefixed and broken as before");
	check(console_tx_next() < 0 && console_idle() && uart_polled == 0,
	      "an empty ring turns the interrupt off, nothing was polled");
}

/* Many times round the ring, in pieces that do not divide its size. */
static void test_wrap(void)
{
	static char want[UART_MAX];
	size_t n = 0;
	int ok = 1;

	reset();
	for (int round = 0; n + 200 < UART_MAX / 2; round++) {
		char line[64];
		int len = snprintf(line, sizeof(line), "line %d of the wrap test, %.*s\n", round,
				   round % 23, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
		console_write(line, (size_t)len);
		for (int i = 0; i < len; i++) {
			if (line[i] == '\n')
				want[n++] = '\r';
			want[n++] = line[i];
		}
		tx_irq(round % 2 ? 16 : 96);	/* behind one line, ahead the next */
	}
	drain();
	ok = uart_len == n && memcmp(uart, want, n) == 0;
	check(ok && n > 4 * CONSOLE_RING_SIZE, "past the ring's end many times, every byte in order");
	check(uart_polled == 0, "a ring that keeps up never waits for the UART");
}

/* A full ring: the kernel's line sends its oldest bytes itself, polled,
 * only as many as it needs; the order does not change. */
static void test_full_kernel(void)
{
	static char big[CONSOLE_RING_SIZE + 100];

	reset();
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (char)('a' + i % 26);
	console_write(big, sizeof(big));
	check(uart_polled == 100 && uart_len == 100 && console_room() == 0,
	      "a kernel line past a full ring waits for exactly what does not fit");
	drain();
	check(uart_len == sizeof(big) && memcmp(uart, big, sizeof(big)) == 0,
	      "and every byte comes out once, in order");
}

/* A task's write takes 64 bytes at most (it is copied masked); on a
 * full ring it stops short, but takes one byte at least. */
static void test_full_task(void)
{
	static char big[2 * CONSOLE_RING_SIZE];
	intptr_t first = 0, second, third, n;
	unsigned int writes = 0;

	console_write("\n", 1);	/* the last test's line ends */
	reset();
	memset(big, 'z', sizeof(big));
	check(task_write(&task_a, big, 0) == 0, "a write of nothing writes nothing");
	check((first = n = task_write(&task_a, big, sizeof(big))) == 64,
	      "a task's long write takes 64 bytes");
	while (n == 64 && writes++ < CONSOLE_RING_SIZE)
		first += n = task_write(&task_a, big, sizeof(big));
	check(n > 0 && n < 64 && console_room() < 64 && uart_polled == 0,
	      "writes fill the ring to (nearly) full, the last short, without waiting");
	second = task_write(&task_a, big, sizeof(big));
	check(second >= 1 && second < 64 && uart_polled > 0 && uart_polled < 64,
	      "on a full ring it writes at least one byte, waiting for a few only");
	drain();
	third = task_write(&task_a, "!\n", 2);
	drain();
	size_t prefix = strlen("[pid 3 alpha] ");
	int ok = uart_len == prefix + (size_t)(first + second) + 3 &&
		 memcmp(uart, "[pid 3 alpha] ", prefix) == 0 &&
		 memcmp(uart + uart_len - 3, "!\r\n", 3) == 0;
	for (size_t i = prefix; ok && i < uart_len - 3; i++)
		ok = uart[i] == 'z';
	check(third == 2 && ok, "what it returned is exactly what went out, in order");
}

/* Power-off and boot: everything sent polled, the interrupt off. */
static void test_flush(void)
{
	reset();
	console_write("last words\n", 11);
	console_flush();
	check(uart_is("last words\r\n") && uart_polled == 12 && !tx_irq_on && tx_stops == 1,
	      "flush sends what is queued, polled, and turns the interrupt off");
	check(console_idle() && console_tx_next() < 0, "and leaves the console idle");
	console_write("x\n", 2);
	console_wait_idle();
	check(console_idle() && uart_len == 15, "a privileged task waits for the interrupt to empty it");
}

/* The receive interrupt's bytes come out in order, many times round. */
static void test_rx_order(void)
{
	int ok = console_getc() == -1;
	uint32_t got = 0;

	for (uint32_t i = 0; i < 5 * CONSOLE_RX_SIZE; i++) {
		console_rx_put((uint8_t)(i * 7));
		if (i % 3 == 2)		/* the reader behind, then catching up */
			for (int c; (c = console_getc()) >= 0; got++)
				ok &= c == (uint8_t)(got * 7);
	}
	for (int c; (c = console_getc()) >= 0; got++)
		ok &= c == (uint8_t)(got * 7);
	check(ok && got == 5 * CONSOLE_RX_SIZE && console_rx_lost() == 0,
	      "input: every byte once, in order, past the ring's end, none lost");
}

/* A full ring drops and counts; the first byte after the gap is marked,
 * and only that one. */
static void test_rx_full(void)
{
	uint32_t before = console_rx_stats.full, received = console_rx_stats.received;
	int ok = 1, c;

	for (uint32_t i = 0; i < CONSOLE_RX_SIZE + 10; i++)
		console_rx_put('a');
	check(console_rx_stats.full - before == 10 &&
	      console_rx_stats.received - received == CONSOLE_RX_SIZE,
	      "input: a full ring keeps what it holds and counts the 10 it drops");
	for (uint32_t i = 0; i < CONSOLE_RX_SIZE; i++)
		ok &= console_getc() == 'a';
	console_rx_put('b');
	console_rx_put('c');
	c = console_getc();
	check(ok && c == ('b' | CONSOLE_RX_GAP) && console_getc() == 'c' && console_getc() == -1,
	      "input: the byte after the drops carries the gap's mark, the next does not");
}

/* The UART's own overrun: counted with the ring's, the next byte marked. */
static void test_rx_overrun(void)
{
	uint32_t lost = console_rx_lost();

	console_rx_put('x');
	console_rx_overrun(1);
	console_rx_put('y');
	check(console_rx_lost() == lost + 1 && console_rx_stats.overrun == 1 &&
	      console_getc() == 'x' && console_getc() == ('y' | CONSOLE_RX_GAP),
	      "input: an overrun is counted and marks the byte after it");
}

/* /dev/console's read: the bytes typed, without the gap's mark. */
static void test_rx_dev_read(void)
{
	uint8_t buf[8];
	intptr_t n;

	console_rx_overrun(1);
	console_rx_put('o');
	console_rx_put('k');
	n = dev_read(&console_node, buf, sizeof(buf));
	check(n == 2 && buf[0] == 'o' && buf[1] == 'k' && dev_read(&console_node, buf, 8) == 0,
	      "input: a read of /dev/console takes what waits, the bytes alone");
}

int main(void)
{
	test_order();
	test_wrap();
	test_full_kernel();
	test_full_task();
	test_flush();
	test_rx_order();
	test_rx_full();
	test_rx_overrun();
	test_rx_dev_read();
	printf("kernel console: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
