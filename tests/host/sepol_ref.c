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
 *                           prints rules; the triple count on stderr. The
 *                           options, repeatable, keep to the sources,
 *                           targets and classes named, as mac-polc's do.
 *   sepol_ref --contexts FILE POLICY.bin
 *                           the vectors of every (subject, target, class)
 *                           of FILE's full contexts (ctx_list_main below)
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

/*
 * --contexts FILE: the decisions for a device's own contexts, with their
 * users, roles and levels, as a manifest uses them.  FILE has one
 * statement per line:
 *   subject CONTEXT        a task's context (also a target)
 *   object CONTEXT         an object's context
 *   class NAME             a policy class to ask about
 *   spawn SCONTEXT TCONTEXT  a task of SCONTEXT executes a file of TCONTEXT
 * and the output one line per answer:
 *   av SCONTEXT TCONTEXT CLASS allowed=P,... auditallow=P,... auditdeny=P,...
 *   transition SCONTEXT TCONTEXT process NEWCONTEXT
 * with "-" for an empty set.
 */
#define CTX_MAX 1024	/* the wide policy of mac_test_host.sh has 330 */

struct ctx_list {
	char *subject[CTX_MAX], *target[CTX_MAX], *class_name[CTX_MAX];
	char *spawn[CTX_MAX][2];
	int nsubject, ntarget, nclass, nspawn;
};

static char *ctx_dup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		fprintf(stderr, "sepol_ref: out of memory\n");
		exit(1);
	}
	return d;
}

static void ctx_add(char **list, int *n, const char *s, const char *file, int line)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(list[i], s) == 0)
			return;
	if (*n == CTX_MAX) {
		fprintf(stderr, "%s:%d: more than %d entries\n", file, line, CTX_MAX);
		exit(1);
	}
	list[(*n)++] = ctx_dup(s);
}

static void ctx_statement(struct ctx_list *l, char *w[4], int nw, const char *file, int line)
{
	if (nw == 2 && strcmp(w[0], "subject") == 0) {
		ctx_add(l->subject, &l->nsubject, w[1], file, line);
		ctx_add(l->target, &l->ntarget, w[1], file, line);
	} else if (nw == 2 && strcmp(w[0], "object") == 0) {
		ctx_add(l->target, &l->ntarget, w[1], file, line);
	} else if (nw == 2 && strcmp(w[0], "class") == 0) {
		ctx_add(l->class_name, &l->nclass, w[1], file, line);
	} else if (nw == 3 && strcmp(w[0], "spawn") == 0 && l->nspawn < CTX_MAX) {
		l->spawn[l->nspawn][0] = ctx_dup(w[1]);
		l->spawn[l->nspawn++][1] = ctx_dup(w[2]);
	} else {
		fprintf(stderr, "%s:%d: expected subject|object|class|spawn and its words\n",
			file, line);
		exit(1);
	}
}

static void ctx_read(const char *file, struct ctx_list *l)
{
	char buf[1024];
	FILE *fp = fopen(file, "r");
	int line = 0;

	if (!fp) {
		perror(file);
		exit(2);
	}
	while (fgets(buf, sizeof(buf), fp)) {
		char *w[4] = { 0 }, *save = NULL;
		int nw = 0;

		line++;
		buf[strcspn(buf, "#\n")] = '\0';
		for (char *t = strtok_r(buf, " \t", &save); t && nw < 4;
		     t = strtok_r(NULL, " \t", &save))
			w[nw++] = t;
		if (nw)
			ctx_statement(l, w, nw, file, line);
	}
	fclose(fp);
}

static uint32_t ctx_sid(const char *context)
{
	sepol_security_id_t sid;

	if (sepol_context_to_sid(context, strlen(context) + 1, &sid) < 0) {
		fprintf(stderr, "sepol_ref: invalid context %s\n", context);
		exit(1);
	}
	return sid;
}

static uint32_t ctx_class(const char *name)
{
	for (uint32_t c = 1; c <= ref_db.p_classes.nprim; c++)
		if (ref_db.p_class_val_to_name[c - 1] &&
		    strcmp(ref_db.p_class_val_to_name[c - 1], name) == 0)
			return c;
	fprintf(stderr, "sepol_ref: no class %s in the policy\n", name);
	exit(1);
}

/* " name=p,q" with the permissions sorted, "-" for none. */
static void ctx_perms(const char *name, uint32_t c, uint32_t av)
{
	char names[32][64];
	char *sorted[32];
	unsigned int n = 0;

	for (unsigned int bit = 0; bit < 32; bit++)
		if ((av >> bit) & 1 && ref_perm(c, bit, names[n], sizeof(names[n]))) {
			sorted[n] = names[n];
			n++;
		}
	qsort(sorted, n, sizeof(sorted[0]), ref_cmp);
	printf(" %s=", name);
	for (unsigned int i = 0; i < n; i++)
		printf("%s%s", i ? "," : "", sorted[i]);
	if (!n)
		printf("-");
}

static void ctx_av(const char *s, const char *t, const char *cname)
{
	struct sepol_av_decision avd;
	uint32_t c = ctx_class(cname);

	if (sepol_compute_av(ctx_sid(s), ctx_sid(t), (sepol_security_class_t)c, ~0u, &avd) < 0) {
		fprintf(stderr, "sepol_ref: compute_av failed for %s %s %s\n", s, t, cname);
		exit(1);
	}
	printf("av %s %s %s", s, t, cname);
	ctx_perms("allowed", c, avd.allowed);
	ctx_perms("auditallow", c, avd.auditallow);
	ctx_perms("auditdeny", c, avd.auditdeny);
	printf("\n");
}

static void ctx_transition(const char *s, const char *t)
{
	sepol_security_id_t out;
	char *context = NULL;
	size_t len;

	if (sepol_transition_sid(ctx_sid(s), ctx_sid(t), ctx_class("process"), &out) < 0 ||
	    sepol_sid_to_context(out, &context, &len) < 0) {
		fprintf(stderr, "sepol_ref: no transition for %s on %s\n", s, t);
		exit(1);
	}
	printf("transition %s %s process %s\n", s, t, context);
	free(context);
}

static int ctx_list_main(const char *file, const char *policy)
{
	struct ctx_list l = { 0 };
	unsigned long n = 0;

	if (ref_load(policy)) {
		fprintf(stderr, "sepol_ref: cannot load %s\n", policy);
		return 2;
	}
	ctx_read(file, &l);
	for (int s = 0; s < l.nsubject; s++)
		for (int t = 0; t < l.ntarget; t++)
			for (int c = 0; c < l.nclass; c++, n++)
				ctx_av(l.subject[s], l.target[t], l.class_name[c]);
	for (int i = 0; i < l.nspawn; i++)
		ctx_transition(l.spawn[i][0], l.spawn[i][1]);
	fprintf(stderr, "%lu\n", n);
	return 0;
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
	int i;

	if (argc == 4 && strcmp(argv[1], "--contexts") == 0)
		return ctx_list_main(argv[2], argv[3]);
	i = ref_options(argc, argv);
	if (i < 0 || ref_load(argv[i])) {
		fprintf(stderr, "usage: sepol_ref [--domain TYPE,...] [--target TYPE,...] "
				"[--class CLASS,...] POLICY.bin\n"
				"       sepol_ref --contexts FILE POLICY.bin\n");
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
