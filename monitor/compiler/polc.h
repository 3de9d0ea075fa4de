/*
 * polc.h - shared declarations of mac-polc, the host policy compiler.
 *
 * polc_policy.c  asks libsepol's security server (the same code that
 *                answers sepol_compute_av) for vectors and transitions;
 * polc_manifest.c parses the manifest;
 * polc_model.c   resolves the manifest against the policy and fills the
 *                tables (which types, which domains, which vectors);
 * polc_classes.c resolves the class and map statements against the policy
 *                and the kernel's checks (include/mac_kernel_checks.h);
 * polc_emit.c    writes mac_policy.h and mac_policy.c;
 * polc_limit.c   refuses what is too big before it is computed;
 * polc_clean.c   removes temporary files on every exit;
 * polc_hash.c    names to numbers, and the work counted (--stats);
 * polc_sidtab.c  the SID table libsepol's server uses, hashed both ways;
 * polc_chunk.c   --dump, a chunk of source domains at a time.
 */
#ifndef POLC_H
#define POLC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define POLC_MAX_PERMS 32

/* ---- policy access (polc_policy.c) */

struct polc_av {
	uint32_t allowed;
	uint32_t auditallow;
	uint32_t auditdeny;
};

int polc_policy_load(const char *path);
int polc_policy_read(FILE *fp, const char *name);	/* name for errors */
void polc_policy_free(void);	/* before loading another; no-op if none */
struct policydb;
struct policydb *polc_policydb(void);	/* for polc_sel07.c */
bool polc_policy_mls(void);
/* MLS sensitivities (0 without MLS): one is MCS, as Debian's default policy */
uint32_t polc_policy_sensitivities(void);
uint32_t polc_ntypes(void);		/* type values are 1..ntypes */
uint32_t polc_nclasses(void);		/* class values are 1..nclasses */
bool polc_type_is_type(uint32_t value);	/* not an attribute */
const char *polc_type_name(uint32_t value);
uint32_t polc_type_value(const char *name);	/* 0 if unknown */
bool polc_type_permissive(uint32_t value);
const char *polc_class_name(uint32_t value);
uint32_t polc_class_value(const char *name);	/* 0 if unknown */
const char *polc_perm_name(uint32_t cls, unsigned int bit);	/* or NULL */
int polc_perm_bit(uint32_t cls, const char *name);	/* -1 if none */
uint32_t polc_perm_mask(uint32_t cls);
int polc_context_sid(const char *context, uint32_t *sid);	/* -1 if not valid */
int polc_type_sid(uint32_t type, uint32_t *sid);	/* system_u:object_r:TYPE[:s0] */
char *polc_sid_context(uint32_t sid);	/* canonical text; free() it */
uint32_t polc_sid_type(uint32_t sid);
int polc_compute(uint32_t ssid, uint32_t tsid, uint32_t cls,
		 struct polc_av *av);
/* 0 and *out, 1 if the policy's new context is not valid, -1 on error */
int polc_transition(uint32_t ssid, uint32_t tsid, uint32_t cls, uint32_t *out);

/* ---- why a context or a type name is not valid (polc_context.c) */

#define POLC_CONTEXT_MAX 1024
/* A context's text cut into its parts; 0, or -1 if it is not USER:ROLE:TYPE[:RANGE]. */
struct polc_ctx_parts {
	char buf[POLC_CONTEXT_MAX];
	char *user, *role, *type, *range;	/* range NULL if absent */
};
int polc_ctx_split(struct polc_ctx_parts *c, const char *text);
const char *polc_context_check(const char *text, bool task, char *why, size_t len);
const char *polc_type_check(const char *name, char *why, size_t len);
/* Why the context a transition computes is refused; its user:role:type in out. */
const char *polc_transition_check(uint32_t ssid, uint32_t tsid, uint32_t cls,
				  char *out, size_t outlen, char *why, size_t len);
/* The file name a named type_transition needs to give want, or NULL. */
const char *polc_named_transition(uint32_t stype, uint32_t ttype, uint32_t cls,
				  uint32_t want);

/* ---- names to numbers, and the work counted (polc_hash.c) */

/* A name (kept by the caller, not copied) in a group of names, to an
 * int; at most a quarter of the slots used. */
struct polc_map_slot {
	const char *name;	/* NULL: empty */
	int group;
	int value;
};
struct polc_map {
	struct polc_map_slot *slot;
	uint32_t nslots, n;
};
/* Adds name with value: -1, or the value it already has (unchanged). */
int polc_map_add(struct polc_map *m, int group, const char *name, int value);
int polc_map_get(const struct polc_map *m, int group, const char *name);	/* -1: none */
void polc_map_free(struct polc_map *m);

/* Deterministic work, for --stats and the host test that holds it to
 * linear growth: calls of the security server, slots a hash lookup
 * visits (polc_hash.c, polc_sidtab.c), allocations. */
struct polc_stats {
	unsigned long long vectors;	/* sepol_compute_av */
	unsigned long long transitions;	/* sepol_transition_sid */
	unsigned long long contexts;	/* sepol_context_to_sid */
	unsigned long long probes;
	unsigned long long allocations;
};
extern struct polc_stats polc_stats;
void polc_stats_print(FILE *f);

/* ---- manifest (polc_manifest.c) */

enum polc_item_kind {
	POLC_CLASS,
	POLC_TASK,
	POLC_DIR,
	POLC_FILE,
	POLC_SOCK_FILE,		/* the kinds of nodes from POLC_DIR to */
	POLC_FIFO_FILE,		/* POLC_CHR_FILE are objects with paths */
	POLC_CHR_FILE,
	POLC_CHANNEL,
	POLC_SPAWN,
	POLC_CREATE,
	POLC_ENFORCING,
	POLC_LIMIT,
	POLC_MAP,
	POLC_PROGRAM,
	POLC_POLICY
};

/* The keys of a limit statement, in the order of enum mac_limit (mac.h),
 * with the size of the kernel table each one shares out and the share a
 * domain gets when the manifest names no limit for it. */
#define POLC_NLIMITS 5
#define POLC_LIMIT_TASKS 0	/* polc_limit_keys[0] */
#define POLC_LIMIT_HANDLES 3
struct polc_limit_key {
	const char *name;
	long table;
	long fallback;
};
extern const struct polc_limit_key polc_limit_keys[POLC_NLIMITS];

/* One manifest line. Which fields are used depends on the kind:
 *   class    NAME PERM...               -> name, words
 *   task     NAME ENTRY PRIO CONTEXT    -> name, entry, number, context
 *   dir|file|sock_file|fifo_file|chr_file PATH CONTEXT ["content"]
 *                                       -> name, context, content
 *   channel  NAME CONTEXT               -> name, context
 *   spawn    DOMAIN PATH NEWDOMAIN      -> words[0..2]
 *   create   DOMAIN PATH CLASS NEWTYPE  -> words[0..3]
 *   enforcing 0|1                       -> number
 *   limit    DOMAIN KEY N...            -> name, limit[] (-1 where not set)
 *   map      KCLASS PCLASS KPERM=PPERM... -> name, words (pairs as written)
 *   program  PATH ENTRY                 -> name, entry
 *   policy   SPEC                       -> name (the build resolves it)
 */
struct polc_item {
	enum polc_item_kind kind;
	const char *file;	/* the manifest it is in, as given */
	int line;
	char *name;
	char *entry;
	char *context;
	char *content;
	long number;
	char *words[POLC_MAX_PERMS + 1];	/* class: its name, 32 permissions */
	int nwords;
	long limit[POLC_NLIMITS];
	uint32_t sid;		/* resolved: the context's SID */
	uint32_t type;		/* resolved: the context's type value */
};

struct polc_manifest {
	const char *file;	/* the first one's */
	struct polc_item *items;
	int nitems;
	int reserve_tasks;	/* task slots the image takes for itself */
	int cap;		/* items allocated */
	struct polc_map names;	/* unique names by group -> first item */
};

int polc_manifest_parse(const char *file, struct polc_manifest *m);
/* Several files read as one, each later one as if appended to the
 * first; every message names the file and line of its statement. */
int polc_manifest_parse_all(const char *const *files, int n, int reserve_tasks,
			    struct polc_manifest *m);
/* One line per task and program entry: FILE:LINE task NAME ENTRY,
 * FILE:LINE program PATH ENTRY. */
int polc_manifest_entries(const struct polc_manifest *m, const char *out);
int polc_manifest_read(FILE *fp, const char *file, struct polc_manifest *m);
/* The object statement of a path, or NULL; after a parse that passed. */
const struct polc_item *polc_manifest_object(const struct polc_manifest *m, const char *path);
void polc_manifest_free(struct polc_manifest *m);	/* also after a failed parse */

/* ---- resolved model (polc_model.c) */

/* Columns are the distinct contexts (labels) the firmware can meet. */
#define POLC_NO_COL UINT32_MAX	/* a transition to a context the policy refuses */

/* A class as the generated constants name it: MAC_CLASS_<name> is index,
 * MAC_PERM_<name>__<perm[i]> is 1 << bit[i].  A class statement's class
 * has every permission of the policy's class; a map's kernel class has the
 * permissions it maps. */
struct polc_kclass {
	const char *name;
	uint32_t index;		/* its table: class_of[index] */
	const char *file;	/* of its class or map statement */
	int line;
	bool mapped;
	uint32_t nperms;
	const char *perm[POLC_MAX_PERMS];
	unsigned int bit[POLC_MAX_PERMS];
};

struct polc_model {
	const struct polc_manifest *manifest;	/* NULL in --all-types mode */
	bool all_types;
	bool dump;		/* a --dump chunk's, run on the host: no size limit */
	uint32_t ntypes;	/* columns */
	uint32_t ndomains;	/* the first ndomains columns */
	uint32_t *type_of_col;	/* column -> policy type value */
	uint32_t *sid_of_col;	/* column -> SID of its context */
	int32_t *col_of_sid;	/* SID -> column or -1 */
	uint32_t nsids;		/* entries of col_of_sid */
	uint32_t nclasses;
	uint32_t *class_of;	/* class index -> policy class value */
	uint32_t nkclasses;	/* 0 in --all-types mode: every class by */
	struct polc_kclass *kclasses;	/* its own name */
	struct polc_av *av;	/* [class][domain][column] */
	uint32_t *spawn;	/* [domain][column] -> column or POLC_NO_COL */
	uint32_t ncreate;
	uint32_t *create_class;	/* create index -> class index */
	uint32_t *create;	/* [create index][domain][column] -> column or POLC_NO_COL */
	long *limits;		/* [domain][POLC_NLIMITS] */
	bool enforcing;
	/* The tables' own permission numbering (polc_classes.c): the bits
	 * the kernel checks first. NULL: the policy's numbering, all hot. */
	uint8_t (*bit_of)[POLC_MAX_PERMS];	/* [class][policy bit] -> table bit */
	uint32_t *hot;		/* [class] -> the kernel's bits, table numbering */
};

int polc_model_build(struct polc_model *mo, const struct polc_manifest *m);
int polc_model_build_all(struct polc_model *mo);
void polc_model_free(struct polc_model *mo);	/* also after a failed build */
const struct polc_av *polc_model_av(const struct polc_model *mo, uint32_t cls,
				    uint32_t dom, uint32_t col);
int polc_col(const struct polc_model *mo, uint32_t sid);	/* -1 if none */
char *polc_col_context(const struct polc_model *mo, uint32_t col);	/* free() it */
long polc_model_limit(const struct polc_model *mo, uint32_t dom, int key);

/* ---- classes (polc_classes.c) */

/* The tables of the class and map statements, checked against the
 * kernel's list: fills class_of, nclasses and kclasses. */
int polc_classes_resolve(struct polc_model *mo, const struct polc_manifest *m);
/* The table of a class by the kernel's name (a map's, else the policy's),
 * or -1. */
int polc_classes_index(const struct polc_model *mo, const char *name);
/* A table's bit for the policy's permission bit of class index c. */
unsigned int polc_table_bit(const struct polc_model *mo, uint32_t c, unsigned int bit);
/* A vector of the policy's class c in the table's numbering. */
uint32_t polc_table_vec(const struct polc_model *mo, uint32_t c, uint32_t vec);
/* The same for a policy class value; not a table's class: unchanged. */
uint32_t polc_class_vec(const struct polc_model *mo, uint32_t cls, uint32_t vec);
/* The bits of the table's kernel checks (all its bits without a manifest). */
uint32_t polc_hot_mask(const struct polc_model *mo, uint32_t c);

/* ---- output (polc_emit.c) */

/* The selinux07 model's view of the policy, into mac_policy.c. */
int polc_emit_sel07(FILE *f, const struct polc_model *mo);
/* Why mac_policy.c has no selinux07 model's policy, or NULL if it has. */
const char *polc_sel07_absent(const struct polc_model *mo);

/* Writes both files or neither; reports table sizes on report if set. */
int polc_emit(const struct polc_model *mo, const char *outdir, FILE *report);

/* ---- one compilation (polc_run.c) */

/* The tables of the loaded policy for a parsed manifest, or for every
 * type if m is NULL, written to outdir; 0 or 1 as an exit status. */
int polc_tables(const struct polc_manifest *m, const char *outdir, FILE *report);
/* polc_emit(), and its temporary files forgotten once it has renamed or
 * removed them (polc_emit.c notes them with polc_clean_path). */
int polc_emit_tables(const struct polc_model *mo, const char *outdir, FILE *report);

/* ---- diagnostics (polc_run.c) */

void polc_error_at(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void polc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *polc_where(const char *file, const char *first_file, int first_line);
void *polc_alloc(size_t n);
char *polc_strdup(const char *s);

/* ---- how big a compilation may get (polc_limit.c) */

/* The tables a manifest's build writes, in bytes on the target
 * (--max-table-bytes), and the (source, target, class) triples of a
 * manifest or a dump (--max-triples): the triples are refused before
 * any vector is computed, the bytes before either file is written. */
extern unsigned long long polc_max_table_bytes;
extern unsigned long long polc_max_triples;

/* The tables' size if no two domains shared a row (the vector pools
 * aside): an estimate from the counts alone. */
unsigned long long polc_table_estimate(uint32_t ndomains, uint32_t ncols,
				       uint32_t nclasses, uint32_t ncreate,
				       bool transitions);
/* A column is a mac_col_t (16 bits), whose two highest values are no
 * column: MAC_ANY_DOMAIN (0xFFFE), a transition's every domain, and
 * MAC_NO_LABEL (0xFFFF), no label, which is also the kernel's mark for
 * its own objects as a quota's domain (QUOTA_KERNEL); monitor/mac.h. */
#define POLC_MAX_COLUMNS 0xFFFEu
/* 0, or -1 and a message if ncols columns (what: the manifest's file)
 * are more than a mac_col_t numbers. */
int polc_limit_columns(const char *what, uint32_t ncols);
/* Called once the columns are known, before the vectors: 0, or -1 and
 * a message saying how to narrow the manifest (the columns' limit
 * first, then the triples). */
int polc_limit_tables(const struct polc_model *mo);
/* The tables laid out, bytes of them (what: the manifest's file): 0,
 * or -1 and a message if over --max-table-bytes. */
int polc_limit_written(const char *what, unsigned long long bytes);
/* Calls of the security server per second, measured on a sample. */
double polc_compute_rate(const uint32_t *ssids, uint32_t nssids,
			 const uint32_t *tsids, uint32_t ntsids,
			 const uint32_t *classes, uint32_t nclasses);
void polc_bytes_text(unsigned long long n, char *buf, size_t len);	/* "57.3 MiB" */
/* "12 s", "3.4 min", "2.1 hours" */
void polc_duration(double seconds, char *buf, size_t len);
/* A number with an optional k, M or G suffix (powers of 1024 if bytes). */
int polc_parse_count(const char *text, bool bytes, unsigned long long *out);

/* ---- temporary files, removed on every exit (polc_clean.c) */

/* Files and one directory (with the files named in it) to remove on
 * exit, on error and on SIGINT, SIGTERM, SIGHUP and SIGPIPE. */
void polc_clean_install(void);
void polc_clean_file(const char *dir, const char *name);
void polc_clean_path(const char *path);
int polc_clean_count(void);
void polc_clean_forget(int keep);	/* all but the first keep */
void polc_clean_dir(const char *dir, const char *const *names);
/* fork(), the child in its own process group, stopped first on a
 * signal or at exit until polc_clean_child(0) says it has ended. */
int polc_clean_fork(void);
void polc_clean_child(int pid);	/* 0: none running */
void polc_clean_now(void);

/* ---- --dump: a policy's rules, a chunk of domains at a time (polc_chunk.c) */

struct polc_dump_opts {
	char **domains, **targets, **classes;	/* names; NULL: all */
	int ndomains, ntargets, nclasses;
	const char *monitor;	/* monitor/ sources: mac.h, mac.c, polc_dump.c */
	unsigned long long chunk_triples;	/* per chunk; 0: the default */
};

int polc_dump_policy(const char *policy, const struct polc_dump_opts *o);

#endif
