/*
 * mac_decisions.c - every decision of a manifest's generated tables, read
 * back through mac.h's lookups (what the firmware decides), one line per
 * (subject context, target context, class):
 *
 *   av SCONTEXT TCONTEXT CLASS allowed=P,... auditallow=P,... auditdeny=P,...
 *
 * permissions sorted by name, "-" for none: the form in which
 * `sepol_ref --contexts` prints libsepol's answer for the same contexts;
 * the test compares the two. Built against one generated mac_policy.c:
 * cc -Imonitor -IGEN mac_decisions.c monitor/mac.c GEN/mac_policy.c
 *
 *   mac_decisions            the decisions
 *   mac_decisions --contexts sepol_ref's question: "subject CONTEXT" for
 *                            each domain, "object CONTEXT", "class NAME"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mac.h"

void mac_log_line(const char *line)
{
	fprintf(stderr, "%s\n", line);
}

static int dec_contexts(void)
{
	for (unsigned int t = 0; t < MAC_NTYPES; t++)
		printf("%s %s\n", t < MAC_NDOMAINS ? "subject" : "object", mac_context_name[t]);
	for (unsigned int c = 0; c < MAC_NCLASSES; c++)
		printf("class %s\n", mac_class_name[c]);
	return 0;
}

static int dec_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void dec_perms(const char *what, unsigned int c, mac_vec_t av)
{
	const char *names[32];
	unsigned int n = 0;

	for (unsigned int bit = 0; bit < 32; bit++)
		if ((av >> bit) & 1 && mac_perm_name[c][bit])
			names[n++] = mac_perm_name[c][bit];
	qsort(names, n, sizeof(names[0]), dec_cmp);
	printf(" %s=", what);
	for (unsigned int i = 0; i < n; i++)
		printf("%s%s", i ? "," : "", names[i]);
	if (!n)
		printf("-");
}

static int dec_pair(unsigned int s, unsigned int t, unsigned int c)
{
	const struct mac_subject *subj = &mac_subjects[s];
	const struct mac_av v = mac_lookup_av(subj, c, (mac_col_t)t), *av = &v;

	if (mac_fast_vector(subj, mac_ccol(c, (mac_col_t)t)) !=
	    (av->allowed & ~av->auditallow & mac_kernel_bits[c])) {
		fprintf(stderr, "mac_decisions: fast row disagrees for %s %s %s\n",
			mac_context_name[s], mac_context_name[t], mac_class_name[c]);
		return -1;
	}
	printf("av %s %s %s", mac_context_name[s], mac_context_name[t], mac_class_name[c]);
	dec_perms("allowed", c, av->allowed);
	dec_perms("auditallow", c, av->auditallow);
	dec_perms("auditdeny", c, av->auditdeny);
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--contexts"))
		return dec_contexts();
	for (unsigned int s = 0; s < MAC_NDOMAINS; s++)
		for (unsigned int t = 0; t < MAC_NTYPES; t++)
			for (unsigned int c = 0; c < MAC_NCLASSES; c++)
				if (dec_pair(s, t, c))
					return 1;
	return 0;
}
