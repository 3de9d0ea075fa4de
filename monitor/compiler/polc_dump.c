/*
 * polc_dump.c - host program built by `mac-polc --dump` against the
 * tables of a chunk of source domains (polc_chunk.c): the domains are the
 * first MAC_NDOMAINS columns, the targets the rest. It reads the vectors
 * back through mac.h, the same lookups the firmware makes, and prints
 * them as policy rules:
 *
 *   allow S T:C { perms };       allowed
 *   auditallow S T:C { perms };  allowed and logged
 *   dontaudit S T:C { perms };   denied and not logged
 *
 * permissions sorted by name, lines sorted bytewise. The fast rows are
 * checked against the slow vectors on the way: a mismatch fails the run.
 *
 *   dump [AUDITALLOW DONTAUDIT]
 *
 * With two files, the allow lines go to stdout and the others are
 * appended to the files, so that mac-polc can put the chunks' lines in
 * order without holding them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mac.h"

struct dump_lines {
	char **line;
	size_t n, cap;
};

void mac_log_line(const char *line)
{
	fprintf(stderr, "%s\n", line);
}

static int dump_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void dump_add(struct dump_lines *l, const char *text)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 1024;
		l->line = realloc(l->line, l->cap * sizeof(*l->line));
		if (!l->line)
			abort();
	}
	l->line[l->n] = malloc(strlen(text) + 1);
	if (!l->line[l->n])
		abort();
	strcpy(l->line[l->n++], text);
}

static void dump_rule(struct dump_lines *l, const char *kind, mac_col_t s,
		      mac_col_t t, unsigned int c, mac_vec_t av)
{
	const char *names[32];
	char text[4096];
	size_t n = 0, i, len;
	unsigned int bit;

	if (!av)
		return;
	for (bit = 0; bit < 32; bit++)
		if ((av >> bit) & 1 && mac_perm_name[c][bit])
			names[n++] = mac_perm_name[c][bit];
	qsort(names, n, sizeof(names[0]), dump_cmp_str);
	len = (size_t)snprintf(text, sizeof(text), "%s %s %s:%s {", kind,
			       mac_type_name[s], mac_type_name[t], mac_class_name[c]);
	for (i = 0; i < n && len < sizeof(text); i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len, " %s", names[i]);
	if (len < sizeof(text))
		snprintf(text + len, sizeof(text) - len, " };");
	dump_add(l, text);
}

static mac_vec_t dump_valid(unsigned int c)
{
	mac_vec_t mask = 0;
	unsigned int bit;

	for (bit = 0; bit < 32; bit++)
		if (mac_perm_name[c][bit])
			mask |= (mac_vec_t)1 << bit;
	return mask;
}

static int dump_triple(struct dump_lines *l, mac_col_t s, mac_col_t t,
		       unsigned int c)
{
	const struct mac_subject *subj = &mac_subjects[s];
	const struct mac_av v = mac_lookup_av(subj, c, t), *av = &v;

	if (mac_fast_vector(subj, mac_ccol(c, t)) != (av->allowed & ~av->auditallow & mac_kernel_bits[c])) {
		fprintf(stderr, "dump: fast row disagrees for %s %s:%s\n",
			mac_type_name[s], mac_type_name[t], mac_class_name[c]);
		return -1;
	}
	dump_rule(l, "allow", s, t, c, av->allowed);
	dump_rule(l, "auditallow", s, t, c, av->allowed & av->auditallow);
	dump_rule(l, "dontaudit", s, t, c,
		  dump_valid(c) & ~av->allowed & ~av->auditdeny);
	return 0;
}

/* Where a line goes: stdout, or the file of its kind. */
static FILE *dump_out(const char *line, FILE *auditallow, FILE *dontaudit)
{
	if (auditallow && !strncmp(line, "auditallow ", 11))
		return auditallow;
	if (dontaudit && !strncmp(line, "dontaudit ", 10))
		return dontaudit;
	return stdout;
}

static int dump_write(const struct dump_lines *l, FILE *auditallow, FILE *dontaudit)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (fprintf(dump_out(l->line[i], auditallow, dontaudit), "%s\n",
			    l->line[i]) < 0)
			return -1;
	return 0;
}

int main(int argc, char **argv)
{
	struct dump_lines l = { NULL, 0, 0 };
	FILE *aa = argc == 3 ? fopen(argv[1], "a") : NULL;
	FILE *da = argc == 3 ? fopen(argv[2], "a") : NULL;
	unsigned int s, t, c;

	if (argc == 3 && (!aa || !da)) {
		perror("dump");
		return 1;
	}
	for (s = 0; s < MAC_NDOMAINS; s++)
		for (t = MAC_NDOMAINS; t < MAC_NTYPES; t++)
			for (c = 0; c < MAC_NCLASSES; c++)
				if (dump_triple(&l, (mac_col_t)s, (mac_col_t)t, c))
					return 1;
	qsort(l.line, l.n, sizeof(l.line[0]), dump_cmp_str);
	if (dump_write(&l, aa, da) || (aa && fclose(aa)) || (da && fclose(da)) ||
	    fflush(stdout)) {
		perror("dump");
		return 1;
	}
	return 0;
}
