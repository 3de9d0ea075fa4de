/*
 * polc_strings.c - prints the names, paths and file contents that a
 * generated mac_policy.c holds, one per line, contents in hex, so that
 * the host tests can hold them against what the manifest wrote.
 */
#include <stdio.h>

#include "mac.h"

static void put_hex(const char *s)
{
	if (!s) {
		printf(" -");
		return;
	}
	putchar(' ');
	for (; *s; s++)
		printf("%02x", (unsigned char)*s);
}

int main(void)
{
	const struct mac_init_object *o;
	const struct mac_init_task *t;
	const struct mac_init_channel *c;

	for (o = mac_init_objects; o->path; o++) {
		printf("object %s", o->path);
		put_hex(o->content);
		putchar('\n');
	}
	for (t = mac_init_tasks; t->name; t++)
		printf("task %s\n", t->name);
	for (c = mac_init_channels; c->name; c++)
		printf("channel %s\n", c->name);
	return 0;
}
