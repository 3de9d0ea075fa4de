/*
 * polc.h - shared declarations of mac-polc, the host policy compiler.
 *
 * polc_policy.c  asks libsepol's security server (the same code that
 *                answers sepol_compute_av) for vectors and transitions;
 * polc_manifest.c parses the manifest;
 * polc_model.c   resolves the manifest against the policy and fills the
 *                tables (which types, which domains, which vectors);
 * polc_emit.c    writes mac_policy.h and mac_policy.c.
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
uint32_t polc_ntypes(void);		/* type values are 1..ntypes */
uint32_t polc_nclasses(void);		/* class values are 1..nclasses */
bool polc_type_is_type(uint32_t value);	/* not an attribute */
const char *polc_type_name(uint32_t value);
uint32_t polc_type_value(const char *name);	/* 0 if unknown */
bool polc_type_permissive(uint32_t value);
const char *polc_class_name(uint32_t value);
uint32_t polc_class_value(const char *name);	/* 0 if unknown */
const char *polc_perm_name(uint32_t cls, unsigned int bit);	/* or NULL */
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
const char *polc_context_check(const char *text, bool task, char *why, size_t len);
const char *polc_type_check(const char *name, char *why, size_t len);
/* Why the context a transition computes is refused; its user:role:type in out. */
const char *polc_transition_check(uint32_t ssid, uint32_t tsid, uint32_t cls,
				  char *out, size_t outlen, char *why, size_t len);
/* The file name a named type_transition needs to give want, or NULL. */
const char *polc_named_transition(uint32_t stype, uint32_t ttype, uint32_t cls,
				  uint32_t want);

/* ---- manifest (polc_manifest.c) */

enum polc_item_kind {
	POLC_CLASS,
	POLC_TASK,
	POLC_DIR,
	POLC_FILE,
	POLC_CHR_FILE,
	POLC_CHANNEL,
	POLC_SPAWN,
	POLC_CREATE,
	POLC_ENFORCING,
	POLC_LIMIT
};

/* The keys of a limit statement, in the order of enum mac_limit (mac.h),
 * with the size of the kernel table each one shares out and the share a
 * domain gets when the manifest names no limit for it. */
#define POLC_NLIMITS 5
#define POLC_LIMIT_TASKS 0	/* polc_limit_keys[0] */
struct polc_limit_key {
	const char *name;
	long table;
	long fallback;
};
extern const struct polc_limit_key polc_limit_keys[POLC_NLIMITS];

/* One manifest line. Which fields are used depends on the kind:
 *   class    NAME PERM...               -> name, words
 *   task     NAME ENTRY PRIO CONTEXT    -> name, entry, number, context
 *   dir|file|chr_file PATH CONTEXT ["content"] -> name, context, content
 *   channel  NAME CONTEXT               -> name, context
 *   spawn    DOMAIN PATH NEWDOMAIN      -> words[0..2]
 *   create   DOMAIN PATH CLASS NEWTYPE  -> words[0..3]
 *   enforcing 0|1                       -> number
 *   limit    DOMAIN KEY N...            -> name, limit[] (-1 where not set)
 */
struct polc_item {
	enum polc_item_kind kind;
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
	const char *file;
	struct polc_item *items;
	int nitems;
};

int polc_manifest_parse(const char *file, struct polc_manifest *m);
int polc_manifest_read(FILE *fp, const char *file, struct polc_manifest *m);
void polc_manifest_free(struct polc_manifest *m);	/* also after a failed parse */

/* ---- resolved model (polc_model.c) */

/* Columns are the distinct contexts (labels) the firmware can meet. */
#define POLC_NO_COL UINT32_MAX	/* a transition to a context the policy refuses */

struct polc_model {
	const struct polc_manifest *manifest;	/* NULL in --all-types mode */
	bool all_types;
	uint32_t ntypes;	/* columns */
	uint32_t ndomains;	/* the first ndomains columns */
	uint32_t *type_of_col;	/* column -> policy type value */
	uint32_t *sid_of_col;	/* column -> SID of its context */
	int32_t *col_of_sid;	/* SID -> column or -1 */
	uint32_t nsids;		/* entries of col_of_sid */
	uint32_t nclasses;
	uint32_t *class_of;	/* class index -> policy class value */
	struct polc_av *av;	/* [class][domain][column] */
	uint32_t *spawn;	/* [domain][column] -> column or POLC_NO_COL */
	uint32_t ncreate;
	uint32_t *create_class;	/* create index -> class index */
	uint32_t *create;	/* [create index][domain][column] -> column or POLC_NO_COL */
	long *limits;		/* [domain][POLC_NLIMITS] */
	bool enforcing;
};

int polc_model_build(struct polc_model *mo, const struct polc_manifest *m);
int polc_model_build_all(struct polc_model *mo);
void polc_model_free(struct polc_model *mo);	/* also after a failed build */
const struct polc_av *polc_model_av(const struct polc_model *mo, uint32_t cls,
				    uint32_t dom, uint32_t col);
int polc_col(const struct polc_model *mo, uint32_t sid);	/* -1 if none */
char *polc_col_context(const struct polc_model *mo, uint32_t col);	/* free() it */
long polc_model_limit(const struct polc_model *mo, uint32_t dom, int key);

/* ---- output (polc_emit.c) */

/* The selinux07 model's view of the policy, into mac_policy.c. */
int polc_emit_sel07(FILE *f, const struct polc_model *mo);

/* Writes both files or neither; reports table sizes on report if set. */
int polc_emit(const struct polc_model *mo, const char *outdir, FILE *report);

/* ---- one compilation (polc_run.c) */

/* The tables of the loaded policy for a parsed manifest, or for every
 * type if m is NULL, written to outdir; 0 or 1 as an exit status. */
int polc_tables(const struct polc_manifest *m, const char *outdir, FILE *report);

/* ---- diagnostics (polc_run.c) */

void polc_error_at(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void polc_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *polc_alloc(size_t n);
char *polc_strdup(const char *s);

#endif
