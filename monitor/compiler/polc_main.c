/*
 * mac-polc - compiles a binary SELinux policy and a firmware manifest
 * into the monitor's constant C tables.
 *
 *   mac-polc [--max-table-bytes N] [--reserve-tasks N] [--entries FILE]
 *            [--stats] [-o OUTDIR] POLICY.bin MANIFEST [MANIFEST...]
 *   mac-polc --all-types [--max-table-bytes N] [--stats] [-o OUTDIR] POLICY.bin
 *   mac-polc --dump [--max-triples N] [--domain TYPE,...] [--target TYPE,...]
 *                   [--class CLASS,...] POLICY.bin
 *
 * --dump builds the tables for every type of the policy (or the domains,
 * targets and classes named), compiles them with the monitor's own
 * lookup code (mac.h, mac.c) and polc_dump.c with the host compiler
 * ($CC, default cc), runs the result and prints its rules: what is
 * printed is what the firmware would decide (polc_chunk.c).
 *
 * Later manifests continue the first, as if appended to it; each message
 * names its own file and line.  --reserve-tasks N: the image starts N
 * tasks of its own, so the manifests may start TASK_MAX - N.
 * --entries FILE: every task's and program's entry, one per line
 * (FILE:LINE task NAME ENTRY, FILE:LINE program PATH ENTRY), for the
 * build's check that the task sources define them.
 * --stats: the work done, counted (calls of the security server, hash
 * probes, allocations), on a line after the tables' sizes: the same
 * figures on every host, for the test that holds them to linear growth.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "polc.h"
#include "kernel_limits.h"

#ifndef POLC_MONITOR_DIR
#define POLC_MONITOR_DIR "monitor"
#endif

static int polc_usage(void)
{
	fprintf(stderr, "usage: mac-polc [--max-table-bytes N] [--reserve-tasks N] [--entries FILE]\n"
			"                [--stats] [-o OUTDIR] POLICY.bin MANIFEST [MANIFEST...]\n"
			"       mac-polc --all-types [--max-table-bytes N] [--stats] [-o OUTDIR] POLICY.bin\n"
			"       mac-polc --dump [--max-triples N] [--chunk-triples N]\n"
			"                [--domain TYPE[,TYPE...]]... [--target TYPE[,TYPE...]]...\n"
			"                [--class CLASS[,CLASS...]]... POLICY.bin\n");
	return 2;
}

/* Up front, so that a wrong -o is named before any work is done. */
static int polc_check_outdir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st)) {
		polc_error("output directory %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		polc_error("output directory %s: not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK)) {
		polc_error("output directory %s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

struct polc_args {
	const char *outdir;
	const char *entries;	/* NULL: none written */
	unsigned long long reserve_tasks;
	bool stats;		/* --stats */
};

static int polc_compile(const char *policy, char **manifests, int n,
			const struct polc_args *a)
{
	struct polc_manifest m;
	int rc = 1;

	if (polc_manifest_parse_all((const char *const *)manifests, n, (int)a->reserve_tasks, &m))
		goto out;
	if (a->entries && polc_manifest_entries(&m, a->entries))
		goto out;
	if (!polc_policy_load(policy))
		rc = polc_tables(&m, a->outdir, stdout);
out:
	polc_manifest_free(&m);
	polc_policy_free();
	return rc;
}

static int polc_all_types(const char *policy, const char *outdir, FILE *report)
{
	int rc = polc_policy_load(policy) ? 1 : polc_tables(NULL, outdir, report);

	polc_policy_free();
	return rc;
}

/* An option's value: the next word, or after '=' in the same word. */
static const char *polc_value(int argc, char **argv, int *i, const char *opt)
{
	size_t len = strlen(opt);

	if (strncmp(argv[*i], opt, len))
		return NULL;
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static void polc_push(char ***list, int *n, const char *value)
{
	*list = realloc(*list, sizeof(**list) * (size_t)(*n + 1));
	if (!*list)
		abort();
	(*list)[(*n)++] = (char *)value;
}

static int polc_limit_arg(const char *opt, const char *value, bool bytes,
			  unsigned long long *out)
{
	if (!polc_parse_count(value, bytes, out))
		return 0;
	polc_error("%s %s: not a number", opt, value);
	return -1;
}

/* One option at argv[*i]: 0, 1 if not one of these, -1 on a bad value. */
static int polc_option(int argc, char **argv, int *i, struct polc_dump_opts *o)
{
	const char *v;

	if ((v = polc_value(argc, argv, i, "--domain")))
		polc_push(&o->domains, &o->ndomains, v);
	else if ((v = polc_value(argc, argv, i, "--target")))
		polc_push(&o->targets, &o->ntargets, v);
	else if ((v = polc_value(argc, argv, i, "--class")))
		polc_push(&o->classes, &o->nclasses, v);
	else if ((v = polc_value(argc, argv, i, "--max-triples")))
		return polc_limit_arg("--max-triples", v, false, &polc_max_triples);
	else if ((v = polc_value(argc, argv, i, "--chunk-triples")))
		return polc_limit_arg("--chunk-triples", v, false, &o->chunk_triples);
	else if ((v = polc_value(argc, argv, i, "--max-table-bytes")))
		return polc_limit_arg("--max-table-bytes", v, true, &polc_max_table_bytes);
	else
		return 1;
	return 0;
}

static int polc_dump(const char *policy, struct polc_dump_opts *o)
{
	int rc;

	o->monitor = getenv("MAC_MONITOR_DIR");
	if (!o->monitor)
		o->monitor = POLC_MONITOR_DIR;
	rc = polc_dump_policy(policy, o);
	free(o->domains);
	free(o->targets);
	free(o->classes);
	return rc;
}

/* The options of a compilation: 0, 1 if not one of these, -1 on a bad value. */
static int polc_compile_option(int argc, char **argv, int *i, struct polc_args *a)
{
	const char *v;

	if (!strcmp(argv[*i], "-o") && *i + 1 < argc)
		a->outdir = argv[++*i];
	else if ((v = polc_value(argc, argv, i, "--entries")))
		a->entries = v;
	else if (!strcmp(argv[*i], "--stats"))
		a->stats = true;
	else if ((v = polc_value(argc, argv, i, "--reserve-tasks"))) {
		if (polc_limit_arg("--reserve-tasks", v, false, &a->reserve_tasks))
			return -1;
		if (a->reserve_tasks >= TASK_MAX) {
			polc_error("--reserve-tasks %s: the kernel has %d task slots", v, TASK_MAX);
			return -1;
		}
	} else
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	struct polc_dump_opts o = { 0 };
	struct polc_args a = { ".", NULL, 0, false };
	bool all = false, dump = false;
	int i = 1, rc, nargs;

	polc_clean_install();
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--all-types"))
			all = true;
		else if (!strcmp(argv[i], "--dump"))
			dump = true;
		else if (!(rc = polc_compile_option(argc, argv, &i, &a)))
			continue;
		else if (rc < 0)
			return 2;
		else if ((rc = polc_option(argc, argv, &i, &o)))
			return rc < 0 ? 2 : polc_usage();
	}
	nargs = argc - i;
	if ((o.ndomains || o.ntargets || o.nclasses || o.chunk_triples) && !dump)
		return polc_usage();
	if ((a.entries || a.reserve_tasks || (a.stats && dump)) && (dump || all))
		return polc_usage();
	if (dump && nargs == 1)
		return polc_dump(argv[i], &o);
	if (!dump && (all ? nargs == 1 : nargs >= 2) && polc_check_outdir(a.outdir))
		return 1;
	if (all && nargs == 1)
		rc = polc_all_types(argv[i], a.outdir, stdout);
	else if (!dump && !all && nargs >= 2)
		rc = polc_compile(argv[i], argv + i + 1, nargs - 1, &a);
	else
		return polc_usage();
	if (a.stats)
		polc_stats_print(stdout);
	return rc;
}
