/*
 * polc_policy.c - the binary policy, through libsepol.
 *
 * The policy is read once into our own policydb, which libsepol's
 * security server (services.c) then uses with a SID table we own, so
 * that both can be freed and the policy loaded again (the fuzz targets
 * do, once per input). The server computes vectors and transitions with
 * the same code path as sepol_compute_av: TE rules through attributes,
 * enabled conditional rules, constraints and MLS constraints, then
 * typebounds. Asking the server rather than walking the avtab ourselves
 * keeps the tables faithful to what the kernel would decide.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sepol/policydb/policydb.h>
#include <sepol/policydb/services.h>
#include <sepol/policydb/sidtab.h>
#include <sepol/debug.h>
#include <sepol/sepol.h>

#include "polc.h"

static policydb_t polc_db;
static sidtab_t polc_sidtab;
static bool polc_loaded;
/* [class value - 1][bit]: permission names, common ones included. */
static const char *(*polc_perms)[POLC_MAX_PERMS];
/* libsepol's first error while reading, which says why a policy is bad. */
static char polc_sepol_why[256];

static void polc_sepol_msg(void *arg, sepol_handle_t *h, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	(void)arg;
	if (sepol_msg_get_level(h) != SEPOL_MSG_ERR || polc_sepol_why[0])
		return;
	va_start(ap, fmt);
	vsnprintf(polc_sepol_why, sizeof(polc_sepol_why), fmt, ap);
	va_end(ap);
	n = strlen(polc_sepol_why);
	while (n && (polc_sepol_why[n - 1] == '\n' || polc_sepol_why[n - 1] == '.'))
		polc_sepol_why[--n] = '\0';
}

/* A handle of our own: libsepol's default one stays silent (sepol_debug). */
static sepol_handle_t *polc_sepol_handle(void)
{
	static sepol_handle_t *h;

	if (!h) {
		h = sepol_handle_create();
		if (!h) {
			polc_error("out of memory");
			exit(2);
		}
		sepol_msg_set_callback(h, polc_sepol_msg, NULL);
	}
	polc_sepol_why[0] = '\0';
	return h;
}

static int polc_read_db(FILE *fp)
{
	policy_file_t pf;

	policy_file_init(&pf);
	pf.type = PF_USE_STDIO;
	pf.fp = fp;
	pf.handle = polc_sepol_handle();
	if (policydb_init(&polc_db))
		return -1;
	polc_loaded = true;
	return policydb_read(&polc_db, &pf, 0) ? -1 : 0;
}

static int polc_note_perm(hashtab_key_t key, hashtab_datum_t datum, void *arg)
{
	const char **names = arg;
	perm_datum_t *perm = datum;

	if (perm->s.value >= 1 && perm->s.value <= POLC_MAX_PERMS)
		names[perm->s.value - 1] = key;
	return 0;
}

static int polc_index_perms(void)
{
	uint32_t n = polc_db.p_classes.nprim;
	uint32_t i;

	polc_perms = polc_alloc(sizeof(*polc_perms) * (n ? n : 1));
	for (i = 0; i < n; i++) {
		class_datum_t *cls = polc_db.class_val_to_struct[i];

		if (cls->comdatum)
			hashtab_map(cls->comdatum->permissions.table,
				    polc_note_perm, polc_perms[i]);
		hashtab_map(cls->permissions.table, polc_note_perm,
			    polc_perms[i]);
	}
	return 0;
}

static int polc_load_server(void)
{
	if (sepol_sidtab_init(&polc_sidtab))
		return -1;
	sepol_set_policydb(&polc_db);
	sepol_set_sidtab(&polc_sidtab);
	return 0;
}

/* libsepol 3.4 accepts a class count above the classes the policy
 * defines; the tables and the selinux07 model need each class value's
 * class. */
static const char *polc_check_classes(void)
{
	uint32_t i;

	for (i = 0; i < polc_db.p_classes.nprim; i++)
		if (!polc_db.class_val_to_struct[i] || !polc_db.p_class_val_to_name[i])
			return "a class value without a class";
	return NULL;
}

/*
 * libsepol 3.4 leaves typebounds unchecked to checkpolicy. Its server
 * recurses along a loop until the stack ends, and on a chain of two steps
 * (a bounded by b bounded by c) it writes through a NULL pointer when c
 * lacks what b has (fixed in later libsepol). The kernel accepts chains
 * of up to three steps; mac-polc accepts one, bounded by a type.
 */
static const char *polc_check_bounds(void)
{
	uint32_t i, bounds;

	for (i = 0; i < polc_db.p_types.nprim; i++) {
		const type_datum_t *t = polc_db.type_val_to_struct[i];

		bounds = t ? t->bounds : 0;
		if (!bounds)
			continue;
		t = bounds <= polc_db.p_types.nprim ?
			polc_db.type_val_to_struct[bounds - 1] : NULL;
		if (!t || t->flavor != TYPE_TYPE)
			return "a type bounded by what is not a type";
		if (t->bounds)
			return "a typebounds chain of more than one step";
	}
	return NULL;
}

/* Why libsepol could not read it: its message, else what the file shows
 * (libsepol says nothing about most short reads). */
static const char *polc_read_why(FILE *fp)
{
	if (polc_sepol_why[0])
		return polc_sepol_why;
	if (ferror(fp))
		return strerror(errno);
	return feof(fp) ? "the file ends too early" : NULL;
}

/* Type, class and permission names go into the generated C, in strings,
 * comments and constants: keep them to what checkpolicy and secilc write. */
static bool polc_name_ok(const char *s)
{
	if (!s || !*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_.-", *s))
			return false;
	return true;
}

static const char *polc_check_names(void)
{
	uint32_t i;
	unsigned int bit;

	for (i = 1; i <= polc_db.p_types.nprim; i++)
		if (polc_type_is_type(i) && !polc_name_ok(polc_type_name(i)))
			return "a type name that is not letters, digits, _ . -";
	for (i = 1; i <= polc_db.p_classes.nprim; i++) {
		if (!polc_name_ok(polc_class_name(i)))
			return "a class name that is not letters, digits, _ . -";
		for (bit = 0; bit < POLC_MAX_PERMS; bit++)
			if (polc_perm_name(i, bit) && !polc_name_ok(polc_perm_name(i, bit)))
				return "a permission name that is not letters, digits, _ . -";
	}
	return NULL;
}

static int polc_reject(const char *name, const char *why)
{
	polc_error("%s: not a valid binary policy%s%s", name, why ? ": " : "",
		   why ? why : "");
	return -1;
}

int polc_policy_read(FILE *fp, const char *name)
{
	const char *why;

	polc_policy_free();
	sepol_debug(0);
	if (polc_read_db(fp) || polc_load_server())
		return polc_reject(name, polc_read_why(fp));
	why = polc_check_classes();
	if (!why)
		why = polc_check_bounds();
	if (why)
		return polc_reject(name, why);
	polc_index_perms();
	why = polc_check_names();
	return why ? polc_reject(name, why) : 0;
}

int polc_policy_load(const char *path)
{
	FILE *fp = fopen(path, "rb");
	struct stat st;
	int rc;

	if (!fp) {
		polc_error("%s: cannot open policy: %s", path, strerror(errno));
		return -1;
	}
	if (!fstat(fileno(fp), &st) && S_ISDIR(st.st_mode)) {
		polc_error("%s: is a directory, not a binary policy", path);
		fclose(fp);
		return -1;
	}
	rc = polc_policy_read(fp, path);
	fclose(fp);
	return rc;
}

void polc_policy_free(void)
{
	if (!polc_loaded)
		return;
	sepol_sidtab_destroy(&polc_sidtab);
	policydb_destroy(&polc_db);
	free(polc_perms);
	polc_perms = NULL;
	polc_loaded = false;
}

policydb_t *polc_policydb(void)
{
	return &polc_db;
}

bool polc_policy_mls(void)
{
	return polc_db.mls != 0;
}

uint32_t polc_policy_sensitivities(void)
{
	return polc_db.mls ? polc_db.p_levels.nprim : 0;
}

uint32_t polc_ntypes(void)
{
	return polc_db.p_types.nprim;
}

uint32_t polc_nclasses(void)
{
	return polc_db.p_classes.nprim;
}

bool polc_type_is_type(uint32_t value)
{
	type_datum_t *t;

	if (value < 1 || value > polc_db.p_types.nprim)
		return false;
	t = polc_db.type_val_to_struct[value - 1];
	return t && t->flavor == TYPE_TYPE && polc_db.p_type_val_to_name[value - 1];
}

const char *polc_type_name(uint32_t value)
{
	return polc_db.p_type_val_to_name[value - 1];
}

/* Aliases resolve to their primary type; attributes are not types. */
uint32_t polc_type_value(const char *name)
{
	type_datum_t *t = hashtab_search(polc_db.p_types.table, name);

	if (!t || t->flavor != TYPE_TYPE)
		return 0;
	return polc_type_is_type(t->s.value) ? t->s.value : 0;
}

bool polc_type_permissive(uint32_t value)
{
	return ebitmap_get_bit(&polc_db.permissive_map, value) != 0;
}

const char *polc_class_name(uint32_t value)
{
	return polc_db.p_class_val_to_name[value - 1];
}

uint32_t polc_class_value(const char *name)
{
	class_datum_t *c = hashtab_search(polc_db.p_classes.table, name);

	return c ? c->s.value : 0;
}

const char *polc_perm_name(uint32_t cls, unsigned int bit)
{
	return polc_perms[cls - 1][bit];
}

/* The bit of a permission of the class, or -1 if it has none so named. */
int polc_perm_bit(uint32_t cls, const char *name)
{
	unsigned int bit;

	for (bit = 0; bit < POLC_MAX_PERMS; bit++)
		if (polc_perms[cls - 1][bit] && !strcmp(polc_perms[cls - 1][bit], name))
			return (int)bit;
	return -1;
}

uint32_t polc_perm_mask(uint32_t cls)
{
	uint32_t mask = 0;
	unsigned int bit;

	for (bit = 0; bit < POLC_MAX_PERMS; bit++)
		if (polc_perms[cls - 1][bit])
			mask |= (uint32_t)1 << bit;
	return mask;
}

/* --dump's labels: every type as system_u:object_r:TYPE, at s0 on an
 * MLS policy, both as subject and target. */
int polc_type_sid(uint32_t type, uint32_t *sid)
{
	char context[512];

	snprintf(context, sizeof(context), "system_u:object_r:%s%s",
		 polc_type_name(type), polc_db.mls ? ":s0" : "");
	return polc_context_sid(context, sid);
}

int polc_context_sid(const char *context, uint32_t *sid)
{
	sepol_security_id_t s;

	polc_stats.contexts++;
	if (sepol_context_to_sid(context, strlen(context) + 1, &s) < 0)
		return -1;
	*sid = s;
	return 0;
}

char *polc_sid_context(uint32_t sid)
{
	sepol_security_context_t context;
	size_t len;

	if (sepol_sid_to_context(sid, &context, &len) < 0) {
		polc_error("policy: SID %u has no context", sid);
		exit(2);
	}
	return context;
}

uint32_t polc_sid_type(uint32_t sid)
{
	context_struct_t *c = sepol_sidtab_search(&polc_sidtab, sid);

	return c ? c->type : 0;
}

/* auditdeny starts all ones in the server: keep only real permissions. */
int polc_compute(uint32_t ssid, uint32_t tsid, uint32_t cls,
		 struct polc_av *av)
{
	struct sepol_av_decision avd;
	uint32_t mask = polc_perm_mask(cls);

	polc_stats.vectors++;
	if (sepol_compute_av(ssid, tsid, cls, 0, &avd) < 0)
		return -1;
	av->allowed = avd.allowed & mask;
	av->auditallow = avd.auditallow & mask;
	av->auditdeny = avd.auditdeny & mask;
	return 0;
}

/* The SID of the context the policy gives a new object of class cls
 * (a new task for process): type_transition, role_transition and
 * range_transition applied. 1 if that context is not valid in the policy
 * (the kernel refuses the exec or create with EACCES), -1 on error. */
int polc_transition(uint32_t ssid, uint32_t tsid, uint32_t cls, uint32_t *out)
{
	sepol_security_id_t sid;
	int rc;

	polc_stats.transitions++;
	rc = sepol_transition_sid(ssid, tsid, cls, &sid);

	if (rc == -EACCES)
		return 1;
	if (rc < 0)
		return -1;
	*out = sid;
	return 0;
}
