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
 *   sepol_ref [--domain TYPE,...] [--target TYPE,...] [--class CLASS,...] POLICY.bin
 *
 * prints rules; the triple count on stderr. The options, repeatable,
 * keep to the sources, targets and classes named, as mac-polc's do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/debug.h>
#include <sepol/policydb/policydb.h>
#include <sepol/policydb/services.h>
#include <sepol/sepol.h>

static policydb_t ref_db;

/* The options before the policy is read, and what they name after. */
struct ref_set {
	const char *opt;
	char *names[64];
	int n;
	char *want;		/* [value]: 1 if named; NULL: all */
};

static struct ref_set ref_src = { .opt = "--domain" },
		      ref_tgt = { .opt = "--target" },
		      ref_cls = { .opt = "--class" };

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

/* A type's value as a symbol table gives it, aliases to their type. */
static uint32_t ref_lookup(struct ref_set *set, const char *name)
{
	symtab_datum_t *d;

	if (set == &ref_cls) {
		d = hashtab_search(ref_db.p_classes.table, name);
		return d ? d->value : 0;
	}
	d = hashtab_search(ref_db.p_types.table, name);
	return d && ref_is_type(d->value) ? d->value : 0;
}

static int ref_resolve(struct ref_set *set, uint32_t nprim)
{
	char *name, *save;
	uint32_t v;
	int i;

	if (!set->n)
		return 0;
	set->want = calloc(nprim + 1, 1);
	for (i = 0; set->want && i < set->n; i++) {
		for (name = strtok_r(set->names[i], ",", &save); name;
		     name = strtok_r(NULL, ",", &save)) {
			v = ref_lookup(set, name);
			if (!v) {
				fprintf(stderr, "sepol_ref: %s %s: not in the policy\n",
					set->opt, name);
				return -1;
			}
			set->want[v] = 1;
		}
	}
	return set->want ? 0 : -1;
}

static int ref_wanted(const struct ref_set *set, uint32_t v)
{
	return !set->want || set->want[v];
}

static int ref_options(int argc, char **argv)
{
	struct ref_set *sets[] = { &ref_src, &ref_tgt, &ref_cls };
	int i = 1;
	size_t k;

	for (; i + 1 < argc; i += 2) {
		for (k = 0; k < 3 && strcmp(argv[i], sets[k]->opt); k++)
			;
		if (k == 3 || sets[k]->n == 64)
			return -1;
		sets[k]->names[sets[k]->n++] = argv[i + 1];
	}
	return i == argc - 1 ? i : -1;
}

int main(int argc, char **argv)
{
	uint32_t s, t, c, nt, nc;
	unsigned long triples = 0;
	int i = ref_options(argc, argv);

	if (i < 0 || ref_load(argv[i])) {
		fprintf(stderr, "usage: sepol_ref [--domain TYPE,...] [--target TYPE,...] "
				"[--class CLASS,...] POLICY.bin\n");
		return 2;
	}
	nt = ref_db.p_types.nprim;
	nc = ref_db.p_classes.nprim;
	if (ref_resolve(&ref_src, nt) || ref_resolve(&ref_tgt, nt) ||
	    ref_resolve(&ref_cls, nc))
		return 2;
	for (s = 1; s <= nt; s++)
		for (t = 1; ref_is_type(s) && ref_wanted(&ref_src, s) && t <= nt; t++)
			for (c = 1; ref_is_type(t) && ref_wanted(&ref_tgt, t) && c <= nc; c++) {
				if (!ref_wanted(&ref_cls, c))
					continue;
				ref_triple(s, t, c);
				triples++;
			}
	fprintf(stderr, "%lu\n", triples);
	return 0;
}
