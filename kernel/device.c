/* Device nodes: /dev/null, /dev/zero, /dev/console and a sensor. */
#include <string.h>
#include "kernel.h"
#include "object.h"

static const char *const dev_names[DEV_COUNT] = {
	[DEV_NULL] = "null", [DEV_ZERO] = "zero", [DEV_CONSOLE] = "console",
	[DEV_SENSOR] = "sensor0",
};

int dev_by_name(const char *name)
{
	for (int i = 0; i < DEV_COUNT; i++)
		if (strcmp(dev_names[i], name) == 0)
			return i;
	return -1;
}

/* A reading that changes with time, like a temperature in milli-degrees. */
static intptr_t sensor_read(uint8_t *buf, size_t len)
{
	uint32_t v = 21000 + (sched_ticks * 37u) % 2000u;
	if (len < sizeof(v))
		return -E_INVAL;
	memcpy(buf, &v, sizeof(v));
	return sizeof(v);
}

intptr_t dev_read(struct node *n, uint8_t *buf, size_t len)
{
	switch (n->dev) {
	case DEV_NULL:
		return 0;
	case DEV_ZERO:
		memset(buf, 0, len);
		return (intptr_t)len;
	case DEV_CONSOLE: {
		size_t i = 0;
		int c;
		while (i < len && (c = board_console_getc()) >= 0)
			buf[i++] = (uint8_t)c;
		return (intptr_t)i;
	}
	case DEV_SENSOR:
		return sensor_read(buf, len);
	}
	return -E_INVAL;
}

/* The console, for tasks and for the kernel's printf: LF becomes CR LF. */
void console_write(const char *buf, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\n')
			board_console_putc('\r');
		board_console_putc(buf[i]);
	}
}

intptr_t dev_write(struct node *n, const uint8_t *buf, size_t len)
{
	switch (n->dev) {
	case DEV_NULL:
	case DEV_ZERO:
		return (intptr_t)len;
	case DEV_CONSOLE:
		console_write((const char *)buf, len);
		return (intptr_t)len;
	}
	return -E_INVAL;
}
