/*
 * polc_model.c - resolves a manifest against the policy and computes the
 * tables: which types the firmware can meet, which of them are domains,
 * the vectors for every (domain, type, class), and every transition.
 *
 * The set of types is closed over transitions: a domain that spawns a
 * file may land in a new domain, which may create files of new types, and
 * so on, until nothing new appears. Only those types get columns.
 */
#include <stdlib.h>
#include <string.h>

#include "polc.h"

/* Classes whose objects live in directories and are created there. */
static const char *const polc_creatable[] = { "file", "dir", "chr_file" };

struct polc_sets {
	bool *type;		/* [type value]: has a column */
	bool *domain;		/* [type value]: runs tasks */
	uint32_t *dsid;		/* [type value]: system_u:system_r:T, 0 unknown */
	uint32_t *osid;		/* [type value]: system_u:object_r:T */
};

/* ---- contexts in the manifest */

struct polc_ctx {
	char buf[256];
	char *user, *role, *type, *level;
};

static int polc_ctx_split(struct polc_ctx *c, const char *text)
{
	char *p;

	if (strlen(text) >= sizeof(c->buf))
		return -1;
	strcpy(c->buf, text);
	c->user = c->buf;
	c->role = strchr(c->user, ':');
	if (!c->role)
		return -1;
	*c->role++ = '\0';
	c->type = strchr(c->role, ':');
	if (!c->type)
		return -1;
	*c->type++ = '\0';
	p = strchr(c->type, ':');
	c->level = p ? p + 1 : NULL;
	if (p)
		*p = '\0';
	return 0;
}

static int polc_ctx_check(const char *file, const struct polc_item *it,
			  const struct polc_ctx *c, const char *role)
{
	if (strcmp(c->user, "system_u") || strcmp(c->role, role)) {
		polc_error_at(file, it->line,
			      "label '%s' not supported: use system_u:%s:TYPE",
			      it->context, role);
		return -1;
	}
	if (c->level && (!polc_policy_mls() || strcmp(c->level, "s0"))) {
		polc_error_at(file, it->line,
			      "label '%s' not supported: the level is s0 on an MLS policy, none otherwise",
			      it->context);
		return -1;
	}
	return 0;
}

static int polc_resolve_context(const char *file, struct polc_item *it,
				bool domain)
{
	struct polc_ctx c;
	uint32_t sid;

	if (polc_ctx_split(&c, it->context)) {
		polc_error_at(file, it->line, "bad syntax: '%s' is not a context",
			      it->context);
		return -1;
	}
	it->type = polc_type_value(c.type);
	if (!it->type) {
		polc_error_at(file, it->line, "unknown type '%s'", c.type);
		return -1;
	}
	if (polc_ctx_check(file, it, &c, domain ? "system_r" : "object_r"))
		return -1;
	if (polc_type_sid(it->type, domain, &sid)) {
		polc_error_at(file, it->line, "label '%s' not in the policy",
			      it->context);
		return -1;
	}
	return 0;
}

static int polc_resolve_type(const char *file, const struct polc_item *it,
			     const char *name, uint32_t *type)
{
	*type = polc_type_value(name);
	if (*type)
		return 0;
	polc_error_at(file, it->line, "unknown type '%s'", name);
	return -1;
}

/* ---- classes */

static int polc_class_index(const struct polc_model *mo, const char *name)
{
	return polc_classes_index(mo, name);
}

/* ---- type sets and the closure over transitions */

static void polc_sets_init(struct polc_sets *s)
{
	uint32_t n = polc_ntypes() + 1;

	s->type = polc_alloc(n * sizeof(*s->type));
	s->domain = polc_alloc(n * sizeof(*s->domain));
	s->dsid = polc_alloc(n * sizeof(*s->dsid));
	s->osid = polc_alloc(n * sizeof(*s->osid));
}

static void polc_sets_free(struct polc_sets *s)
{
	free(s->type);
	free(s->domain);
	free(s->dsid);
	free(s->osid);
}

static int polc_sid(struct polc_sets *s, uint32_t type, bool domain,
		    uint32_t *sid)
{
	uint32_t *cache = domain ? &s->dsid[type] : &s->osid[type];

	if (!*cache && polc_type_sid(type, domain, cache)) {
		polc_error("policy: system_u:%s:%s is not a valid context",
			   domain ? "system_r" : "object_r", polc_type_name(type));
		return -1;
	}
	*sid = *cache;
	return 0;
}

/* A target is a task for the process-like checks when it is a domain. */
static int polc_target_sid(struct polc_sets *s, uint32_t type, uint32_t *sid)
{
	return polc_sid(s, type, s->domain[type], sid);
}

static int polc_step(struct polc_sets *s, uint32_t dom, uint32_t obj,
		     uint32_t cls, bool *changed)
{
	uint32_t dsid, osid, out;
	bool process = cls == polc_class_value("process");

	if (polc_sid(s, dom, true, &dsid) || polc_target_sid(s, obj, &osid))
		return -1;
	if (polc_transition(dsid, osid, cls, &out)) {
		polc_error("policy: no valid context for %s creating %s in %s",
			   polc_type_name(dom), polc_class_name(cls),
			   polc_type_name(obj));
		return -1;
	}
	if (!s->type[out] || (process && !s->domain[out]))
		*changed = true;
	s->type[out] = true;
	if (process)
		s->domain[out] = true;
	return 0;
}

static int polc_close_once(const struct polc_model *mo, struct polc_sets *s,
			   bool *changed)
{
	uint32_t n = polc_ntypes(), d, t, k;

	for (d = 1; d <= n; d++) {
		for (t = 1; s->domain[d] && t <= n; t++) {
			if (!s->type[t])
				continue;
			for (k = 0; k < mo->ncreate; k++)
				if (polc_step(s, d, t, mo->class_of[mo->create_class[k]], changed))
					return -1;
			if (polc_class_value("process") &&
			    polc_step(s, d, t, polc_class_value("process"), changed))
				return -1;
		}
	}
	return 0;
}

static int polc_close(const struct polc_model *mo, struct polc_sets *s)
{
	bool changed = true;

	while (changed) {
		changed = false;
		if (polc_close_once(mo, s, &changed))
			return -1;
	}
	return 0;
}

/* Domains first, each group in policy order: stable across builds. */
static void polc_number(struct polc_model *mo, const struct polc_sets *s)
{
	uint32_t n = polc_ntypes(), t;
	int pass;

	mo->type_of_col = polc_alloc((n + 1) * sizeof(*mo->type_of_col));
	mo->col_of_type = polc_alloc((n + 1) * sizeof(*mo->col_of_type));
	for (t = 0; t <= n; t++)
		mo->col_of_type[t] = -1;
	for (pass = 0; pass < 2; pass++) {
		for (t = 1; t <= n; t++) {
			if (!s->type[t] || s->domain[t] != (pass == 0))
				continue;
			mo->col_of_type[t] = (int32_t)mo->ntypes;
			mo->type_of_col[mo->ntypes++] = t;
		}
		if (pass == 0)
			mo->ndomains = mo->ntypes;
	}
}

/* ---- vectors and transition tables */

static int polc_fill_av(struct polc_model *mo, struct polc_sets *s)
{
	uint32_t c, d, t, ssid, tsid;

	mo->av = polc_alloc(sizeof(*mo->av) * mo->nclasses * mo->ndomains *
			    (mo->ntypes ? mo->ntypes : 1));
	for (d = 0; d < mo->ndomains; d++) {
		if (polc_sid(s, mo->type_of_col[d], !mo->all_types, &ssid))
			return -1;
		for (t = 0; t < mo->ntypes; t++) {
			uint32_t type = mo->type_of_col[t];

			if (polc_sid(s, type, !mo->all_types && s->domain[type], &tsid))
				return -1;
			for (c = 0; c < mo->nclasses; c++) {
				struct polc_av *av = (struct polc_av *)
					polc_model_av(mo, c, d, t);

				if (polc_compute(ssid, tsid, mo->class_of[c], av))
					return -1;
			}
		}
	}
	return 0;
}

static int polc_fill_one(const struct polc_model *mo, struct polc_sets *s,
			 uint32_t cls, uint32_t *table)
{
	uint32_t d, t, ssid, tsid, out;

	for (d = 0; d < mo->ndomains; d++) {
		for (t = 0; t < mo->ntypes; t++) {
			if (polc_sid(s, mo->type_of_col[d], true, &ssid) ||
			    polc_target_sid(s, mo->type_of_col[t], &tsid) ||
			    polc_transition(ssid, tsid, cls, &out))
				return -1;
			table[d * mo->ntypes + t] = (uint32_t)mo->col_of_type[out];
		}
	}
	return 0;
}

static int polc_fill_transitions(struct polc_model *mo, struct polc_sets *s)
{
	size_t plane = (size_t)mo->ndomains * mo->ntypes;
	uint32_t k, process = polc_class_value("process");

	mo->spawn = polc_alloc(sizeof(*mo->spawn) * (plane ? plane : 1));
	mo->create = polc_alloc(sizeof(*mo->create) * (plane ? plane : 1) *
				(mo->ncreate ? mo->ncreate : 1));
	if (process && polc_fill_one(mo, s, process, mo->spawn))
		return -1;
	for (k = 0; k < mo->ncreate; k++)
		if (polc_fill_one(mo, s, mo->class_of[mo->create_class[k]],
				  mo->create + k * plane))
			return -1;
	return 0;
}

/* ---- the manifest's own statements */

static int polc_resolve_item(struct polc_model *mo, const char *file,
			     struct polc_item *it, struct polc_sets *s)
{
	switch (it->kind) {
	case POLC_TASK:
		if (polc_resolve_context(file, it, true))
			return -1;
		s->domain[it->type] = s->type[it->type] = true;
		return 0;
	case POLC_DIR:
	case POLC_FILE:
	case POLC_SOCK_FILE:
	case POLC_FIFO_FILE:
	case POLC_CHR_FILE:
	case POLC_CHANNEL:
		if (polc_resolve_context(file, it, false))
			return -1;
		s->type[it->type] = true;
		return 0;
	case POLC_ENFORCING:
		mo->enforcing = it->number != 0;
		return 0;
	default:
		return 0;
	}
}

static const struct polc_item *polc_find_object(const struct polc_manifest *m,
						const char *path)
{
	int i;

	for (i = 0; i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		if (it->kind >= POLC_DIR && it->kind <= POLC_CHR_FILE &&
		    !strcmp(it->name, path))
			return it;
	}
	return NULL;
}

static int polc_check_parent(const struct polc_manifest *m,
			     const struct polc_item *it)
{
	char parent[1024];
	const struct polc_item *dir;
	char *slash;

	if (it->kind < POLC_DIR || it->kind > POLC_CHR_FILE ||
	    !strcmp(it->name, "/"))
		return 0;
	snprintf(parent, sizeof(parent), "%s", it->name);
	slash = strrchr(parent, '/');
	slash[slash == parent ? 1 : 0] = '\0';
	dir = polc_find_object(m, parent);
	if (dir && dir->kind == POLC_DIR)
		return 0;
	polc_error_at(m->file, it->line, "parent directory '%s' not in the manifest",
		      parent);
	return -1;
}

static void polc_set_creatable(struct polc_model *mo)
{
	size_t i;

	mo->create_class = polc_alloc(sizeof(*mo->create_class) * 4);
	for (i = 0; i < sizeof(polc_creatable) / sizeof(polc_creatable[0]); i++) {
		int c = polc_class_index(mo, polc_creatable[i]);

		if (c >= 0)
			mo->create_class[mo->ncreate++] = (uint32_t)c;
	}
}

static int polc_resolve_all(struct polc_model *mo, const struct polc_manifest *m,
			    struct polc_sets *s)
{
	int i;

	mo->class_of = polc_alloc(sizeof(*mo->class_of) * (m->nitems + 1));
	mo->enforcing = true;
	for (i = 0; i < m->nitems; i++)
		if (polc_resolve_item(mo, m->file, &m->items[i], s))
			return -1;
	for (i = 0; i < m->nitems; i++)
		if (polc_check_parent(m, &m->items[i]))
			return -1;
	if (polc_classes_resolve(mo, m))
		return -1;
	polc_set_creatable(mo);
	return 0;
}

/* ---- spawn and create statements: the policy must agree */

static int polc_expect(const struct polc_model *mo, const struct polc_item *it,
		       uint32_t got, uint32_t from, const char *what)
{
	uint32_t want;

	if (polc_resolve_type(mo->manifest->file, it, it->words[it->nwords - 1], &want))
		return -1;
	if (got == want)
		return 0;
	if (got == from)
		polc_error_at(mo->manifest->file, it->line,
			      "missing transition: no type_transition gives %s for %s",
			      polc_type_name(want), what);
	else
		polc_error_at(mo->manifest->file, it->line,
			      "transition for %s gives %s, not %s", what,
			      polc_type_name(got), polc_type_name(want));
	return -1;
}

static int polc_lookup_path(const struct polc_model *mo, const struct polc_item *it,
			    const char *path, enum polc_item_kind kind)
{
	const struct polc_item *obj = polc_find_object(mo->manifest, path);

	if (obj && obj->kind == kind)
		return polc_col(mo, obj->type);
	polc_error_at(mo->manifest->file, it->line, "'%s' is not a %s in the manifest",
		      path, kind == POLC_DIR ? "dir" : "file");
	return -1;
}

static int polc_domain_col(const struct polc_model *mo, const struct polc_item *it,
			   const char *name)
{
	uint32_t type;
	int col;

	if (polc_resolve_type(mo->manifest->file, it, name, &type))
		return -1;
	col = polc_col(mo, type);
	if (col >= 0 && (uint32_t)col < mo->ndomains)
		return col;
	polc_error_at(mo->manifest->file, it->line,
		      "'%s' is not a domain of any task", name);
	return -1;
}

static bool polc_is_domain(const struct polc_model *mo, uint32_t type)
{
	int col = polc_col(mo, type);

	return col >= 0 && (uint32_t)col < mo->ndomains;
}

/* One permission the policy must grant for a declared spawn to work. */
static int polc_need(const struct polc_model *mo, const struct polc_item *it,
		     uint32_t s, uint32_t t, const char *cls, const char *perm)
{
	uint32_t c = polc_class_value(cls), ssid, tsid;
	struct polc_av av;
	unsigned int bit;

	for (bit = 0; c && bit < POLC_MAX_PERMS; bit++) {
		const char *name = polc_perm_name(c, bit);

		if (!name || strcmp(name, perm))
			continue;
		if (polc_type_sid(s, true, &ssid) ||
		    polc_type_sid(t, polc_is_domain(mo, t), &tsid) ||
		    polc_compute(ssid, tsid, c, &av))
			return -1;
		if (av.allowed & (1u << bit))
			return 0;
		polc_error_at(mo->manifest->file, it->line,
			      "spawn denied by the policy: no allow %s %s:%s %s",
			      polc_type_name(s), polc_type_name(t), cls, perm);
		return -1;
	}
	return 0;	/* the policy has no such permission: nothing to check */
}

static int polc_spawn_allowed(const struct polc_model *mo, const struct polc_item *it,
			      uint32_t dom, uint32_t exec, uint32_t dest)
{
	if (dest == dom)
		return 0;
	if (polc_need(mo, it, dom, exec, "file", "execute") ||
	    polc_need(mo, it, dom, dest, "process", "transition") ||
	    polc_need(mo, it, dest, exec, "file", "entrypoint"))
		return -1;
	return 0;
}

static int polc_check_spawn(const struct polc_model *mo, const struct polc_item *it)
{
	int d = polc_domain_col(mo, it, it->words[0]);
	int e = d < 0 ? -1 : polc_lookup_path(mo, it, it->words[1], POLC_FILE);
	char what[256];
	uint32_t got;

	if (e < 0)
		return -1;
	got = mo->type_of_col[mo->spawn[(uint32_t)d * mo->ntypes + (uint32_t)e]];
	snprintf(what, sizeof(what), "%s executing %s", it->words[0], it->words[1]);
	if (polc_expect(mo, it, got, mo->type_of_col[d], what))
		return -1;
	return polc_spawn_allowed(mo, it, mo->type_of_col[d], mo->type_of_col[e], got);
}

static int polc_check_create(const struct polc_model *mo, const struct polc_item *it)
{
	int d = polc_domain_col(mo, it, it->words[0]);
	int p = d < 0 ? -1 : polc_lookup_path(mo, it, it->words[1], POLC_DIR);
	int c = p < 0 ? -1 : polc_class_index(mo, it->words[2]);
	uint32_t k, got;
	char what[256];

	if (p < 0)
		return -1;
	for (k = 0; c >= 0 && k < mo->ncreate; k++)
		if (mo->create_class[k] == (uint32_t)c)
			break;
	if (c < 0 || k == mo->ncreate) {
		polc_error_at(mo->manifest->file, it->line,
			      "unknown class '%s': not a class the kernel creates",
			      it->words[2]);
		return -1;
	}
	got = mo->create[((size_t)k * mo->ndomains + (uint32_t)d) * mo->ntypes + (uint32_t)p];
	snprintf(what, sizeof(what), "%s creating %s in %s", it->words[0],
		 it->words[2], it->words[1]);
	return polc_expect(mo, it, mo->type_of_col[got], mo->type_of_col[p], what);
}

/* ---- limit statements: every domain's share of the kernel's tables */

static void polc_limit_defaults(struct polc_model *mo)
{
	uint32_t d;
	int k;

	mo->limits = polc_alloc(sizeof(*mo->limits) * POLC_NLIMITS *
				(mo->ndomains ? mo->ndomains : 1));
	for (d = 0; d < mo->ndomains; d++)
		for (k = 0; k < POLC_NLIMITS; k++)
			mo->limits[d * POLC_NLIMITS + k] = polc_limit_keys[k].fallback;
}

static int polc_apply_limit(struct polc_model *mo, const struct polc_item *it)
{
	int d = polc_domain_col(mo, it, it->name), k;

	if (d < 0)
		return -1;
	for (k = 0; k < POLC_NLIMITS; k++)
		if (it->limit[k] >= 0)
			mo->limits[(uint32_t)d * POLC_NLIMITS + k] = it->limit[k];
	return 0;
}

/* The manifest's own tasks take their slots at boot: a limit below
 * their number would stop the boot. */
static int polc_check_boot_tasks(const struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	long *count = polc_alloc(sizeof(*count) * (mo->ndomains ? mo->ndomains : 1));
	int i, rc = 0;

	for (i = 0; i < m->nitems && !rc; i++) {
		const struct polc_item *it = &m->items[i];
		int d = it->kind == POLC_TASK ? polc_col(mo, it->type) : -1;

		if (d < 0 || ++count[d] <= polc_model_limit(mo, (uint32_t)d, POLC_LIMIT_TASKS))
			continue;
		polc_error_at(m->file, it->line, "task '%s': more tasks of %s at boot than "
			      "its limit of %ld", it->name, polc_type_name(it->type),
			      polc_model_limit(mo, (uint32_t)d, POLC_LIMIT_TASKS));
		rc = -1;
	}
	free(count);
	return rc;
}

static int polc_resolve_limits(struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	int i;

	for (i = 0; i < m->nitems; i++)
		if (m->items[i].kind == POLC_LIMIT && polc_apply_limit(mo, &m->items[i]))
			return -1;
	return polc_check_boot_tasks(mo);
}

static int polc_check_expectations(const struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	int i, rc = 0;

	for (i = 0; i < m->nitems && !rc; i++) {
		if (m->items[i].kind == POLC_SPAWN)
			rc = polc_check_spawn(mo, &m->items[i]);
		else if (m->items[i].kind == POLC_CREATE)
			rc = polc_check_create(mo, &m->items[i]);
	}
	return rc;
}

/* ---- entry points */

int polc_col(const struct polc_model *mo, uint32_t type)
{
	return mo->col_of_type[type];
}

long polc_model_limit(const struct polc_model *mo, uint32_t dom, int key)
{
	return mo->limits[dom * POLC_NLIMITS + (uint32_t)key];
}

const struct polc_av *polc_model_av(const struct polc_model *mo, uint32_t cls,
				    uint32_t dom, uint32_t col)
{
	return &mo->av[((size_t)cls * mo->ndomains + dom) * mo->ntypes + col];
}

static int polc_finish(struct polc_model *mo, struct polc_sets *s)
{
	polc_number(mo, s);
	polc_limit_defaults(mo);
	if (polc_fill_av(mo, s))
		return -1;
	if (mo->all_types)
		return 0;
	if (polc_fill_transitions(mo, s) || polc_check_expectations(mo))
		return -1;
	return polc_resolve_limits(mo);
}

int polc_model_build(struct polc_model *mo, const struct polc_manifest *m)
{
	struct polc_sets s;
	int rc;

	memset(mo, 0, sizeof(*mo));
	mo->manifest = m;
	polc_sets_init(&s);
	rc = polc_resolve_all(mo, m, &s);
	if (!rc)
		rc = polc_close(mo, &s);
	if (!rc)
		rc = polc_finish(mo, &s);
	polc_sets_free(&s);
	return rc;
}

/* Every type as both source and target, every class: for --dump. */
int polc_model_build_all(struct polc_model *mo)
{
	struct polc_sets s;
	uint32_t t, c;
	int rc;

	memset(mo, 0, sizeof(*mo));
	mo->all_types = true;
	mo->enforcing = true;
	polc_sets_init(&s);
	for (t = 1; t <= polc_ntypes(); t++)
		s.type[t] = s.domain[t] = polc_type_is_type(t);
	mo->class_of = polc_alloc(sizeof(*mo->class_of) * (polc_nclasses() + 1));
	for (c = 1; c <= polc_nclasses(); c++)
		mo->class_of[mo->nclasses++] = c;
	rc = polc_finish(mo, &s);
	polc_sets_free(&s);
	return rc;
}

void polc_model_free(struct polc_model *mo)
{
	free(mo->type_of_col);
	free(mo->col_of_type);
	free(mo->class_of);
	free(mo->kclasses);
	free(mo->av);
	free(mo->spawn);
	free(mo->create_class);
	free(mo->create);
	free(mo->limits);
	memset(mo, 0, sizeof(*mo));
}
