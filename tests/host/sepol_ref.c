/*
 * sepol_ref.c - the reference answer for the monitor's differential test.
 *
 * For every (source type, target type, class) of a binary policy, asks
 * libsepol's security server (sepol_compute_av, the public API) with the
 * contexts system_u:object_r:TYPE[:s0] and prints the same rules as
 * `mac-polc --dump`, unsorted (the test sorts). Types and classes are
 * enumerated from a policydb read separately; everything that decides
 * access comes from sepol_compute_av, and permission names from
 * sepol_av_perm_to_string, never from the compiler's code.
 *
 *   sepol_ref POLICY.bin    prints rules; the triple count on stderr
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/debug.h>
#include <sepol/policydb/policydb.h>
#include <sepol/policydb/services.h>
#include <sepol/sepol.h>

static policydb_t ref_db;

static int ref_load(const char *path)
{
	policy_file_t pf;
	FILE *fp = fopen(path, "rb");
	int rc;

	if (!fp)
		return -1;
	sepol_debug(0);
	policy_file_init(&pf);
	pf.type = PF_USE_STDIO;
	pf.fp = fp;
	rc = policydb_init(&ref_db) || policydb_read(&ref_db, &pf, 0);
	rewind(fp);
	if (!rc)
		rc = sepol_set_policydb_from_file(fp) != 0;
	fclose(fp);
	return rc ? -1 : 0;
}

static int ref_is_type(uint32_t v)
{
	type_datum_t *t = ref_db.type_val_to_struct[v - 1];

	return t && t->flavor == TYPE_TYPE && ref_db.p_type_val_to_name[v - 1];
}

/* The name of one permission bit, or NULL if the class has none there. */
static const char *ref_perm(uint32_t cls, unsigned int bit, char *buf, size_t len)
{
	const char *s = sepol_av_perm_to_string((sepol_security_class_t)cls,
						(sepol_access_vector_t)1 << bit);

	while (s && *s == ' ')
		s++;
	if (!s || !*s)
		return NULL;
	snprintf(buf, len, "%s", s);
	buf[strcspn(buf, " ")] = '\0';
	return buf;
}

static int ref_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void ref_rule(const char *kind, uint32_t s, uint32_t t, uint32_t c,
		     uint32_t av)
{
	char names[32][64];
	char *sorted[32];
	unsigned int bit, n = 0, i;

	for (bit = 0; bit < 32; bit++) {
		if ((av >> bit) & 1 && ref_perm(c, bit, names[n], sizeof(names[n]))) {
			sorted[n] = names[n];
			n++;
		}
	}
	if (!n)
		return;
	qsort(sorted, n, sizeof(sorted[0]), ref_cmp);
	printf("%s %s %s:%s {", kind, ref_db.p_type_val_to_name[s - 1],
	       ref_db.p_type_val_to_name[t - 1], ref_db.p_class_val_to_name[c - 1]);
	for (i = 0; i < n; i++)
		printf(" %s", sorted[i]);
	printf(" };\n");
}

static uint32_t ref_sid(uint32_t type)
{
	char context[512];
	sepol_security_id_t sid;

	snprintf(context, sizeof(context), "system_u:object_r:%s%s",
		 ref_db.p_type_val_to_name[type - 1], ref_db.mls ? ":s0" : "");
	if (sepol_context_to_sid(context, strlen(context) + 1, &sid) < 0) {
		fprintf(stderr, "sepol_ref: invalid context %s\n", context);
		exit(1);
	}
	return sid;
}

static uint32_t ref_valid(uint32_t c)
{
	char buf[64];
	uint32_t mask = 0;
	unsigned int bit;

	for (bit = 0; bit < 32; bit++)
		if (ref_perm(c, bit, buf, sizeof(buf)))
			mask |= 1u << bit;
	return mask;
}

static void ref_triple(uint32_t s, uint32_t t, uint32_t c)
{
	struct sepol_av_decision avd;

	if (sepol_compute_av(ref_sid(s), ref_sid(t), (sepol_security_class_t)c,
			     ~0u, &avd) < 0) {
		fprintf(stderr, "sepol_ref: compute_av failed\n");
		exit(1);
	}
	ref_rule("allow", s, t, c, avd.allowed);
	ref_rule("auditallow", s, t, c, avd.allowed & avd.auditallow);
	ref_rule("dontaudit", s, t, c, ref_valid(c) & ~avd.allowed & ~avd.auditdeny);
}

int main(int argc, char **argv)
{
	uint32_t s, t, c;
	unsigned long triples = 0;

	if (argc != 2 || ref_load(argv[1])) {
		fprintf(stderr, "usage: sepol_ref POLICY.bin\n");
		return 2;
	}
	for (s = 1; s <= ref_db.p_types.nprim; s++)
		for (t = 1; s <= ref_db.p_types.nprim && ref_is_type(s) &&
			    t <= ref_db.p_types.nprim; t++)
			for (c = 1; ref_is_type(t) && c <= ref_db.p_classes.nprim; c++) {
				ref_triple(s, t, c);
				triples++;
			}
	fprintf(stderr, "%lu\n", triples);
	return 0;
}
