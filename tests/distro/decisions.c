/*
 * decisions.c - every decision of a device's generated tables, read back
 * through mac.h's lookups as the firmware makes them, with the full
 * contexts of subject and target, for tests/distro/check-decisions.py to
 * hold against libsepol's sepol_compute_av on the same context strings.
 * Built on the host with monitor/mac.c, the image's mac_policy.c and
 * empty functions for its tasks' entries (tests/distro/host-check.sh).
 *
 * Prints
 *   context subject|object CONTEXT          one per column
 *   av SCONTEXT TCONTEXT CLASS allowed=P,... auditallow=P,... auditdeny=P,...
 * for every (domain column, column, class), in the tables' own class and
 * permission names ("-" for none). The fast row is checked against the
 * slow vectors on the way, as polc_dump.c does: a mismatch fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mac.h"

void mac_log_line(const char *line)
{
	fprintf(stderr, "%s\n", line);
}

static const char *dec_context(mac_col_t col)
{
	return mac_context_name[col];
}

static int dec_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void dec_perms(const char *kind, unsigned int c, mac_vec_t av)
{
	const char *names[32];
	size_t n = 0;

	for (unsigned int bit = 0; bit < 32; bit++)
		if ((av >> bit) & 1 && mac_perm_name[c][bit])
			names[n++] = mac_perm_name[c][bit];
	qsort(names, n, sizeof(names[0]), dec_cmp_str);
	printf(" %s=", kind);
	for (size_t i = 0; i < n; i++)
		printf("%s%s", i ? "," : "", names[i]);
	if (!n)
		printf("-");
}

static int dec_triple(mac_col_t s, mac_col_t t, unsigned int c)
{
	const struct mac_subject *subj = &mac_subjects[s];
	const struct mac_av *av = mac_lookup_av(subj, c, t);

	if (subj->fast[c][t] != (av->allowed & ~av->auditallow)) {
		fprintf(stderr, "decisions: fast row disagrees for %s %s:%s\n",
			dec_context(s), dec_context(t), mac_class_name[c]);
		return -1;
	}
	printf("av %s %s %s", dec_context(s), dec_context(t), mac_class_name[c]);
	dec_perms("allowed", c, av->allowed);
	dec_perms("auditallow", c, av->auditallow);
	dec_perms("auditdeny", c, av->auditdeny);
	printf("\n");
	return 0;
}

int main(void)
{
	for (unsigned int t = 0; t < MAC_NTYPES; t++)
		printf("context %s %s\n", t < MAC_NDOMAINS ? "subject" : "object",
		       dec_context((mac_col_t)t));
	for (unsigned int s = 0; s < MAC_NDOMAINS; s++)
		for (unsigned int t = 0; t < MAC_NTYPES; t++)
			for (unsigned int c = 0; c < MAC_NCLASSES; c++)
				if (dec_triple((mac_col_t)s, (mac_col_t)t, c))
					return 1;
	return 0;
}
