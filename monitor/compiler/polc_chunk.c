/*
 * polc_chunk.c - `mac-polc --dump`: a policy's rules as the firmware's
 * tables decide them, in bounded memory.
 *
 * The source domains are taken a chunk at a time, in name order. Each
 * chunk becomes tables (its domains as rows, every target as a column),
 * which are compiled with the monitor's own lookup code (mac.h, mac.c)
 * and polc_dump.c, and run: what is printed is what the firmware would
 * decide. A chunk's tables stay near POLC_CHUNK_TRIPLES triples however
 * large the policy, and nothing is kept from one chunk to the next but
 * text in files.
 *
 * The output is sorted bytewise as a whole, as if one program had
 * printed it: a line starts with its kind and then the source's name,
 * so the allow lines of the chunks, in name order, are already in
 * order and go out as each chunk ends; the auditallow and dontaudit
 * lines wait in two files, copied out at the end.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "polc.h"

/* Near 1.5 MiB of tables and 3 MiB of vectors per chunk (--chunk-triples
 * sets it); at least one domain, however many targets and classes. */
#define POLC_CHUNK_TRIPLES 262144u

/* Files in the dump's directory: the tables, the program, the lines
 * that wait (the tables' temporary files are noted by polc_emit.c). */
static const char *const polc_dump_files[] = {
	"mac_policy.c", "mac_policy.h", "dump", "auditallow", "dontaudit", NULL
};

/* What to dump: type values, their SIDs, class values. */
struct polc_sel {
	uint32_t *src, *ssid, nsrc;	/* sources, by name */
	uint32_t *tgt, *tsid, ntgt;
	uint32_t *cls, ncls;
};

/* ---- the selection */

typedef int (*polc_name_fn)(struct polc_sel *sel, const char *opt,
			    const char *name);

/* Each name of a repeatable option that also takes comma lists. */
static int polc_each_name(struct polc_sel *sel, char **args, int n,
			  const char *opt, polc_name_fn fn)
{
	int i, rc = 0;

	for (i = 0; i < n && !rc; i++) {
		char *copy = polc_strdup(args[i]), *save = NULL, *name;

		for (name = strtok_r(copy, ",", &save); name && !rc;
		     name = strtok_r(NULL, ",", &save))
			rc = fn(sel, opt, name);
		free(copy);
	}
	return rc;
}

static bool polc_has(const uint32_t *v, uint32_t n, uint32_t x)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

static int polc_type_arg(uint32_t *list, uint32_t *n, const char *opt,
			 const char *name)
{
	uint32_t type = polc_type_value(name);
	char why[512];

	if (!type) {
		polc_type_check(name, why, sizeof(why));
		polc_error("%s %s: %s", opt, name, why);
		return -1;
	}
	if (!polc_has(list, *n, type))
		list[(*n)++] = type;
	return 0;
}

static int polc_src_arg(struct polc_sel *sel, const char *opt, const char *name)
{
	return polc_type_arg(sel->src, &sel->nsrc, opt, name);
}

static int polc_tgt_arg(struct polc_sel *sel, const char *opt, const char *name)
{
	return polc_type_arg(sel->tgt, &sel->ntgt, opt, name);
}

static int polc_cls_arg(struct polc_sel *sel, const char *opt, const char *name)
{
	uint32_t cls = polc_class_value(name);

	if (!cls) {
		polc_error("%s %s: unknown class", opt, name);
		return -1;
	}
	if (!polc_has(sel->cls, sel->ncls, cls))
		sel->cls[sel->ncls++] = cls;
	return 0;
}

static void polc_all_types(uint32_t *list, uint32_t *n)
{
	uint32_t t;

	for (t = 1; t <= polc_ntypes(); t++)
		if (polc_type_is_type(t))
			list[(*n)++] = t;
}

static int polc_cmp_type_name(const void *a, const void *b)
{
	return strcmp(polc_type_name(*(const uint32_t *)a),
		      polc_type_name(*(const uint32_t *)b));
}

static int polc_sids(const uint32_t *types, uint32_t n, uint32_t *sids)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (polc_type_sid(types[i], &sids[i])) {
			polc_error("policy: system_u:object_r:%s is not a valid context",
				   polc_type_name(types[i]));
			return -1;
		}
	}
	return 0;
}

static int polc_select(struct polc_sel *sel, const struct polc_dump_opts *o)
{
	uint32_t c;

	sel->src = polc_alloc(sizeof(*sel->src) * (polc_ntypes() + 1));
	sel->tgt = polc_alloc(sizeof(*sel->tgt) * (polc_ntypes() + 1));
	sel->cls = polc_alloc(sizeof(*sel->cls) * (polc_nclasses() + 1));
	if (polc_each_name(sel, o->domains, o->ndomains, "--domain", polc_src_arg) ||
	    polc_each_name(sel, o->targets, o->ntargets, "--target", polc_tgt_arg) ||
	    polc_each_name(sel, o->classes, o->nclasses, "--class", polc_cls_arg))
		return -1;
	if (!o->ndomains)
		polc_all_types(sel->src, &sel->nsrc);
	if (!o->ntargets)
		polc_all_types(sel->tgt, &sel->ntgt);
	for (c = 1; !o->nclasses && c <= polc_nclasses(); c++)
		sel->cls[sel->ncls++] = c;
	qsort(sel->src, sel->nsrc, sizeof(*sel->src), polc_cmp_type_name);
	sel->ssid = polc_alloc(sizeof(*sel->ssid) * (sel->nsrc + 1));
	sel->tsid = polc_alloc(sizeof(*sel->tsid) * (sel->ntgt + 1));
	return polc_sids(sel->src, sel->nsrc, sel->ssid) ||
	       polc_sids(sel->tgt, sel->ntgt, sel->tsid) ? -1 : 0;
}

static void polc_sel_free(struct polc_sel *sel)
{
	free(sel->src);
	free(sel->ssid);
	free(sel->tgt);
	free(sel->tsid);
	free(sel->cls);
}

/* ---- the estimate, before anything is computed */

static unsigned long long polc_triples(const struct polc_sel *sel)
{
	return (unsigned long long)sel->nsrc * sel->ntgt * sel->ncls;
}

static int polc_dump_estimate(const struct polc_sel *sel, uint32_t per_chunk)
{
	unsigned long long n = polc_triples(sel);
	double rate = polc_compute_rate(sel->ssid, sel->nsrc, sel->tsid, sel->ntgt,
					sel->cls, sel->ncls);
	double seconds = rate > 0 ? (double)n / rate : 0;
	char time[32], size[32], what[256];

	polc_duration(seconds, time, sizeof(time));
	polc_bytes_text(polc_table_estimate(sel->nsrc, sel->ntgt, sel->ncls, 0, false),
			size, sizeof(size));
	snprintf(what, sizeof(what), "%llu triples (%u domains x %u targets x %u "
		 "classes, %s of tables), about %s of security server at %.0f "
		 "calls/s", n, sel->nsrc, sel->ntgt, sel->ncls, size, time, rate);
	if (n > polc_max_triples) {
		polc_error("dump: %s: over the limit of %llu triples (--max-triples N); "
			   "dump a part with --domain TYPE[,TYPE...], --class "
			   "CLASS[,CLASS...] or --target TYPE[,TYPE...]", what,
			   polc_max_triples);
		return -1;
	}
	if (seconds >= 3 || sel->nsrc > per_chunk)
		fprintf(stderr, "mac-polc: dump: %s, %u domain%s at a time\n", what,
			per_chunk, per_chunk == 1 ? "" : "s");
	return 0;
}

/* ---- one chunk's tables: its domains first, then every target */

static void polc_chunk_cols(struct polc_model *mo, const struct polc_sel *sel,
			    uint32_t first)
{
	uint32_t i;

	mo->type_of_col = polc_alloc(sizeof(*mo->type_of_col) * mo->ntypes);
	mo->sid_of_col = polc_alloc(sizeof(*mo->sid_of_col) * mo->ntypes);
	for (i = 0; i < mo->ndomains; i++) {
		mo->type_of_col[i] = sel->src[first + i];
		mo->sid_of_col[i] = sel->ssid[first + i];
	}
	for (i = 0; i < sel->ntgt; i++) {
		mo->type_of_col[mo->ndomains + i] = sel->tgt[i];
		mo->sid_of_col[mo->ndomains + i] = sel->tsid[i];
	}
}

/* The domains' own columns stay empty: polc_dump.c reads the targets'. */
static int polc_chunk_av(struct polc_model *mo)
{
	uint32_t c, d, t;

	mo->av = polc_alloc(sizeof(*mo->av) * mo->nclasses * mo->ndomains * mo->ntypes);
	for (d = 0; d < mo->ndomains; d++)
		for (t = mo->ndomains; t < mo->ntypes; t++)
			for (c = 0; c < mo->nclasses; c++)
				if (polc_compute(mo->sid_of_col[d], mo->sid_of_col[t],
						 mo->class_of[c],
						 (struct polc_av *)polc_model_av(mo, c, d, t)))
					return -1;
	return 0;
}

static int polc_chunk_model(struct polc_model *mo, const struct polc_sel *sel,
			    uint32_t first, uint32_t n)
{
	uint32_t d;
	int k;

	memset(mo, 0, sizeof(*mo));
	mo->all_types = true;
	mo->dump = true;
	mo->enforcing = true;
	mo->ndomains = n;
	mo->ntypes = n + sel->ntgt;
	polc_chunk_cols(mo, sel, first);
	mo->nclasses = sel->ncls;
	mo->class_of = polc_alloc(sizeof(*mo->class_of) * sel->ncls);
	memcpy(mo->class_of, sel->cls, sizeof(*mo->class_of) * sel->ncls);
	mo->limits = polc_alloc(sizeof(*mo->limits) * POLC_NLIMITS * n);
	for (d = 0; d < n; d++)
		for (k = 0; k < POLC_NLIMITS; k++)
			mo->limits[d * POLC_NLIMITS + k] = polc_limit_keys[k].fallback;
	if (polc_chunk_av(mo)) {
		polc_error("policy: cannot compute a vector");
		return -1;
	}
	return 0;
}

/* ---- building and running the chunk's program */

/* Runs argv in its own process group (stopped with it on a signal),
 * stdout sent to stderr if quiet; its exit status or -1. */
static int polc_spawn(char *const argv[], bool quiet)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = polc_clean_fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (quiet)
			dup2(2, 1);
		execvp(argv[0], argv);
		fprintf(stderr, "mac-polc: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	polc_clean_child(0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int polc_build_dump(const char *dir, const char *monitor)
{
	char inc_mon[4096], inc_gen[4096], main_src[4096], mac_src[4096];
	char gen_src[4096], exe[4096];
	const char *cc = getenv("CC") ? getenv("CC") : "cc";
	char *argv[] = { (char *)cc, "-std=c99", "-O1", inc_mon, inc_gen,
			 main_src, mac_src, gen_src, "-o", exe, NULL };

	snprintf(inc_mon, sizeof(inc_mon), "-I%s", monitor);
	snprintf(inc_gen, sizeof(inc_gen), "-I%s", dir);
	snprintf(main_src, sizeof(main_src), "%s/compiler/polc_dump.c", monitor);
	snprintf(mac_src, sizeof(mac_src), "%s/mac.c", monitor);
	snprintf(gen_src, sizeof(gen_src), "%s/mac_policy.c", dir);
	snprintf(exe, sizeof(exe), "%s/dump", dir);
	return polc_spawn(argv, true);
}

static int polc_run_dump(const char *dir)
{
	char exe[4096], aa[4096], da[4096];
	char *argv[] = { exe, aa, da, NULL };

	snprintf(exe, sizeof(exe), "%s/dump", dir);
	snprintf(aa, sizeof(aa), "%s/auditallow", dir);
	snprintf(da, sizeof(da), "%s/dontaudit", dir);
	return polc_spawn(argv, false);
}

static int polc_chunk(const struct polc_sel *sel, uint32_t first, uint32_t n,
		      const char *dir, const char *monitor)
{
	struct polc_model mo;
	int rc = polc_chunk_model(&mo, sel, first, n);

	if (!rc)
		rc = polc_emit_tables(&mo, dir, NULL);
	polc_model_free(&mo);
	if (!rc && polc_build_dump(dir, monitor)) {
		polc_error("cannot build the dump program");
		rc = -1;
	}
	if (!rc && polc_run_dump(dir)) {
		polc_error("dump: the dump program failed");
		rc = -1;
	}
	return rc;
}

/* ---- the whole dump */

static double polc_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Every few seconds of a long dump, how far it is; after the first
 * minute, less often. */
static void polc_progress(uint32_t done, uint32_t total, double start, double *last)
{
	double now = polc_now();
	char left[32];

	if (done == total || now - *last < (now - start < 60 ? 3 : 15))
		return;
	*last = now;
	polc_duration((now - start) * (total - done) / done, left, sizeof(left));
	fprintf(stderr, "mac-polc: dump: %u/%u domains, %u%%, about %s left\n", done,
		total, (unsigned)(100ull * done / total), left);
}

static int polc_copy_out(const char *dir, const char *name)
{
	char path[4096], buf[65536];
	FILE *f;
	size_t n;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return 0;	/* no such line in any chunk */
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		if (fwrite(buf, 1, n, stdout) != n)
			rc = -1;
	fclose(f);
	return rc;
}

static int polc_chunks(const struct polc_sel *sel, uint32_t per, const char *dir,
		       const char *monitor)
{
	double start = polc_now(), last = start;
	uint32_t first, n;

	for (first = 0; first < sel->nsrc; first += n) {
		n = sel->nsrc - first < per ? sel->nsrc - first : per;
		if (polc_chunk(sel, first, n, dir, monitor))
			return -1;
		polc_progress(first + n, sel->nsrc, start, &last);
	}
	if (polc_copy_out(dir, "auditallow") || polc_copy_out(dir, "dontaudit") ||
	    fflush(stdout)) {
		polc_error("dump: cannot write the output");
		return -1;
	}
	return 0;
}

static uint32_t polc_per_chunk(const struct polc_sel *sel, unsigned long long budget)
{
	unsigned long long row = (unsigned long long)sel->ntgt * sel->ncls;
	unsigned long long per = row ? budget / row : sel->nsrc;

	return per ? (uint32_t)per : 1;
}

static int polc_dump_in(const struct polc_sel *sel, const struct polc_dump_opts *o)
{
	const char *tmp = getenv("TMPDIR");
	char dir[1024];
	uint32_t per = polc_per_chunk(sel, o->chunk_triples ? o->chunk_triples :
				      POLC_CHUNK_TRIPLES);
	int rc;

	if (polc_dump_estimate(sel, per))
		return -1;
	if (!tmp || !*tmp || strlen(tmp) > sizeof(dir) - 32)
		tmp = "/tmp";
	snprintf(dir, sizeof(dir), "%s/mac-polc.XXXXXX", tmp);
	if (!mkdtemp(dir)) {
		polc_error("%s: cannot make a temporary directory", dir);
		return -1;
	}
	polc_clean_dir(dir, polc_dump_files);
	rc = polc_chunks(sel, per, dir, o->monitor);
	polc_clean_now();
	return rc;
}

int polc_dump_policy(const char *policy, const struct polc_dump_opts *o)
{
	struct polc_sel sel;
	int rc;

	memset(&sel, 0, sizeof(sel));
	if (polc_policy_load(policy))
		return 1;
	rc = polc_select(&sel, o);
	if (!rc)
		rc = polc_dump_in(&sel, o);
	polc_sel_free(&sel);
	polc_policy_free();
	return rc ? 1 : 0;
}
