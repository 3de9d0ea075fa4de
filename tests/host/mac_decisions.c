/*
 * mac_decisions.c - every decision of a manifest's generated tables, read
 * back through mac.h's lookups (what the firmware decides), one line per
 * (subject context, target context, class):
 *
 *   SCONTEXT TCONTEXT CLASS allowed=0x.. auditallow=0x.. auditdeny=0x..
 *
 * sepol_ctx.c prints libsepol's answer for the same contexts in the same
 * form; the test compares the two. Built against one generated
 * mac_policy.c: cc -Imonitor -IGEN mac_decisions.c monitor/mac.c GEN/mac_policy.c
 *
 *   mac_decisions            the decisions
 *   mac_decisions --contexts the column contexts, "S " before each domain's
 */
#include <stdio.h>
#include <string.h>

#include "mac.h"

void mac_log_line(const char *line)
{
	fprintf(stderr, "%s\n", line);
}

static int dec_contexts(void)
{
	for (unsigned int t = 0; t < MAC_NTYPES; t++)
		printf("%s %s\n", t < MAC_NDOMAINS ? "S" : "T", mac_context_name[t]);
	return 0;
}

static int dec_pair(unsigned int s, unsigned int t, unsigned int c)
{
	const struct mac_subject *subj = &mac_subjects[s];
	const struct mac_av *av = mac_lookup_av(subj, c, (mac_col_t)t);

	if (subj->fast[c][t] != (av->allowed & ~av->auditallow)) {
		fprintf(stderr, "mac_decisions: fast row disagrees for %s %s %s\n",
			mac_context_name[s], mac_context_name[t], mac_class_name[c]);
		return -1;
	}
	printf("%s %s %s allowed=0x%x auditallow=0x%x auditdeny=0x%x\n",
	       mac_context_name[s], mac_context_name[t], mac_class_name[c],
	       av->allowed, av->auditallow, av->auditdeny);
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
