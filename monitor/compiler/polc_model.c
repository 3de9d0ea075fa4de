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

/* The labels found so far, in the order found: a label is a context
 * (a SID of libsepol's table), with what carries it: tasks (a domain),
 * directories (where the kernel creates), files (what it executes). */
#define POLC_L_DOMAIN 1
#define POLC_L_DIR 2
#define POLC_L_FILE 4

struct polc_sets {
	uint32_t *sid;		/* [label] */
	uint8_t *flags;		/* [label] POLC_L_* */
	uint32_t n, cap;
	int32_t *of_sid;	/* [SID] -> label or -1 */
	uint32_t nsids;
};

/* ---- contexts in the manifest */

static int polc_resolve_context(const char *file, struct polc_item *it,
				bool task)
{
	char why[POLC_CONTEXT_MAX + 256];

	if (polc_context_check(it->context, task, why, sizeof(why))) {
		polc_error_at(file, it->line, "label '%s': %s", it->context, why);
		return -1;
	}
	if (polc_context_sid(it->context, &it->sid)) {
		polc_error_at(file, it->line, "label '%s': not a valid context in the policy",
			      it->context);
		return -1;
	}
	it->type = polc_sid_type(it->sid);
	return 0;
}

static int polc_resolve_type(const char *file, const struct polc_item *it,
			     const char *name, uint32_t *type)
{
	char why[512];

	*type = polc_type_value(name);
	if (*type)
		return 0;
	polc_type_check(name, why, sizeof(why));
	polc_error_at(file, it->line, "%s", why);
	return -1;
}

/* ---- classes */

static int polc_class_index(const struct polc_model *mo, const char *name)
{
	return polc_classes_index(mo, name);
}

/* ---- labels and the closure over transitions */

static void polc_sets_init(struct polc_sets *s)
{
	memset(s, 0, sizeof(*s));
}

static void polc_sets_free(struct polc_sets *s)
{
	free(s->sid);
	free(s->flags);
	free(s->of_sid);
}

static int32_t polc_label(const struct polc_sets *s, uint32_t sid)
{
	return sid < s->nsids ? s->of_sid[sid] : -1;
}

static void polc_grow_sids(struct polc_sets *s, uint32_t sid)
{
	uint32_t n = s->nsids, i;

	if (sid < n)
		return;
	s->nsids = sid + 64;
	s->of_sid = realloc(s->of_sid, sizeof(*s->of_sid) * s->nsids);
	if (!s->of_sid)
		abort();
	for (i = n; i < s->nsids; i++)
		s->of_sid[i] = -1;
}

/* Adds the label if new, or what carries it; true if anything changed. */
static bool polc_add_label(struct polc_sets *s, uint32_t sid, uint8_t flags)
{
	int32_t l = polc_label(s, sid);

	if (l >= 0) {
		if ((s->flags[l] | flags) == s->flags[l])
			return false;
		s->flags[l] |= flags;
		return true;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->sid = realloc(s->sid, sizeof(*s->sid) * s->cap);
		s->flags = realloc(s->flags, sizeof(*s->flags) * s->cap);
		if (!s->sid || !s->flags)
			abort();
	}
	polc_grow_sids(s, sid);
	s->of_sid[sid] = (int32_t)s->n;
	s->sid[s->n] = sid;
	s->flags[s->n++] = flags;
	return true;
}

static bool polc_is(const struct polc_sets *s, uint32_t l, uint8_t flag)
{
	return (s->flags[l] & flag) != 0;
}

/* A context the policy refuses is no label: the kernel refuses the
 * exec or create (as Linux does, with EACCES), and the table says so.
 * The kernel creates only in directories and executes only files, so
 * only those transitions can bring new labels. */
static int polc_step(struct polc_sets *s, uint32_t d, uint32_t t,
		     uint32_t cls, bool *changed)
{
	const char *name = polc_class_name(cls);
	uint8_t flags = !strcmp(name, "process") ? POLC_L_DOMAIN :
			!strcmp(name, "dir") ? POLC_L_DIR :
			!strcmp(name, "file") ? POLC_L_FILE : 0;
	uint32_t out;
	int rc = polc_transition(s->sid[d], s->sid[t], cls, &out);

	if (rc < 0) {
		polc_error("policy: cannot compute the context of a new %s",
			   polc_class_name(cls));
		return -1;
	}
	if (rc == 0 && polc_add_label(s, out, flags))
		*changed = true;
	return 0;
}

static int polc_close_once(const struct polc_model *mo, struct polc_sets *s,
			   bool *changed)
{
	uint32_t process = polc_class_value("process"), d, t, k;

	for (d = 0; d < s->n; d++) {
		for (t = 0; polc_is(s, d, POLC_L_DOMAIN) && t < s->n; t++) {
			for (k = 0; polc_is(s, t, POLC_L_DIR) && k < mo->ncreate; k++)
				if (polc_step(s, d, t, mo->class_of[mo->create_class[k]], changed))
					return -1;
			if (process && polc_is(s, t, POLC_L_FILE) &&
			    polc_step(s, d, t, process, changed))
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

/* Domains first; within each group by type value, then by SID (the
 * order found): stable across builds, and a policy without users,
 * roles or levels numbers its types as it always has. */
static const struct polc_sets *polc_sort_sets;

static int polc_cmp_label(const void *a, const void *b)
{
	const struct polc_sets *s = polc_sort_sets;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t tx = polc_sid_type(s->sid[x]), ty = polc_sid_type(s->sid[y]);

	if (polc_is(s, x, POLC_L_DOMAIN) != polc_is(s, y, POLC_L_DOMAIN))
		return polc_is(s, x, POLC_L_DOMAIN) ? -1 : 1;
	if (tx != ty)
		return tx < ty ? -1 : 1;
	return s->sid[x] < s->sid[y] ? -1 : s->sid[x] > s->sid[y];
}

static void polc_number(struct polc_model *mo, const struct polc_sets *s)
{
	uint32_t *order = polc_alloc(sizeof(*order) * (s->n + 1)), i, max = 0;

	for (i = 0; i < s->n; i++) {
		order[i] = i;
		max = s->sid[i] > max ? s->sid[i] : max;
	}
	polc_sort_sets = s;
	qsort(order, s->n, sizeof(*order), polc_cmp_label);
	mo->type_of_col = polc_alloc(sizeof(*mo->type_of_col) * (s->n + 1));
	mo->sid_of_col = polc_alloc(sizeof(*mo->sid_of_col) * (s->n + 1));
	mo->nsids = max + 1;
	mo->col_of_sid = polc_alloc(sizeof(*mo->col_of_sid) * mo->nsids);
	for (i = 0; i < mo->nsids; i++)
		mo->col_of_sid[i] = -1;
	for (i = 0; i < s->n; i++) {
		uint32_t sid = s->sid[order[i]];

		mo->col_of_sid[sid] = (int32_t)i;
		mo->sid_of_col[i] = sid;
		mo->type_of_col[i] = polc_sid_type(sid);
		mo->ndomains += polc_is(s, order[i], POLC_L_DOMAIN);
	}
	mo->ntypes = s->n;
	free(order);
}

/* ---- vectors and transition tables */

static int polc_fill_av(struct polc_model *mo)
{
	uint32_t c, d, t;

	mo->av = polc_alloc(sizeof(*mo->av) * mo->nclasses * mo->ndomains *
			    (mo->ntypes ? mo->ntypes : 1));
	for (d = 0; d < mo->ndomains; d++)
		for (t = 0; t < mo->ntypes; t++)
			for (c = 0; c < mo->nclasses; c++) {
				struct polc_av *av = (struct polc_av *)
					polc_model_av(mo, c, d, t);

				if (polc_compute(mo->sid_of_col[d], mo->sid_of_col[t],
						 mo->class_of[c], av))
					return -1;
			}
	return 0;
}

static int polc_fill_one(const struct polc_model *mo, uint32_t cls, uint32_t *table)
{
	uint32_t d, t, out;

	for (d = 0; d < mo->ndomains; d++) {
		for (t = 0; t < mo->ntypes; t++) {
			int rc = polc_transition(mo->sid_of_col[d], mo->sid_of_col[t],
						 cls, &out);

			if (rc < 0)
				return -1;
			/* refused, or a target the kernel never creates in or
			 * executes: no label either way */
			table[d * mo->ntypes + t] = rc || polc_col(mo, out) < 0 ?
				POLC_NO_COL : (uint32_t)polc_col(mo, out);
		}
	}
	return 0;
}

static int polc_fill_transitions(struct polc_model *mo)
{
	size_t plane = (size_t)mo->ndomains * mo->ntypes;
	uint32_t k, process = polc_class_value("process");

	mo->spawn = polc_alloc(sizeof(*mo->spawn) * (plane ? plane : 1));
	mo->create = polc_alloc(sizeof(*mo->create) * (plane ? plane : 1) *
				(mo->ncreate ? mo->ncreate : 1));
	if (process && polc_fill_one(mo, process, mo->spawn))
		return -1;
	for (k = 0; k < mo->ncreate; k++)
		if (polc_fill_one(mo, mo->class_of[mo->create_class[k]],
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
		polc_add_label(s, it->sid, POLC_L_DOMAIN);
		return 0;
	case POLC_DIR:
	case POLC_FILE:
	case POLC_SOCK_FILE:
	case POLC_FIFO_FILE:
	case POLC_CHR_FILE:
	case POLC_CHANNEL:
		if (polc_resolve_context(file, it, false))
			return -1;
		polc_add_label(s, it->sid, it->kind == POLC_DIR ? POLC_L_DIR :
			       it->kind == POLC_FILE ? POLC_L_FILE : 0);
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
	return polc_manifest_object(m, path);
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
	polc_error_at(it->file, it->line, "parent directory '%s' not in the manifest",
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
		if (polc_resolve_item(mo, m->items[i].file, &m->items[i], s))
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

/* The column a word names: a full context, or a type with one column
 * (among the domains if domain). -1 after an error. */
static int polc_word_col(const struct polc_model *mo, const struct polc_item *it,
			 const char *word, bool domain)
{
	uint32_t n = domain ? mo->ndomains : mo->ntypes, type, sid, c;
	int col = -1;

	if (strchr(word, ':')) {
		col = polc_context_sid(word, &sid) ? -1 : polc_col(mo, sid);
	} else {
		if (polc_resolve_type(it->file, it, word, &type))
			return -1;
		for (c = 0; c < n; c++) {
			if (mo->type_of_col[c] != type)
				continue;
			if (col >= 0) {
				polc_error_at(it->file, it->line, "type '%s' is in "
					      "several contexts of the manifest: give the "
					      "full context", word);
				return -1;
			}
			col = (int)c;
		}
	}
	if (col >= 0 && (uint32_t)col < n)
		return col;
	polc_error_at(it->file, it->line, "'%s' is not %s in the manifest", word,
		      domain ? "the domain of a task" : "a label");
	return -1;
}

static bool polc_word_is(const struct polc_model *mo, const char *word, uint32_t col)
{
	uint32_t sid;

	if (strchr(word, ':'))
		return !polc_context_sid(word, &sid) && sid == mo->sid_of_col[col];
	return polc_type_value(word) == mo->type_of_col[col];
}

static int polc_refused(const struct polc_model *mo, const struct polc_item *it,
			uint32_t d, uint32_t t, uint32_t cls, const char *what)
{
	char ctx[POLC_CONTEXT_MAX], why[POLC_CONTEXT_MAX + 256];

	polc_transition_check(mo->sid_of_col[d], mo->sid_of_col[t], cls, ctx,
			      sizeof(ctx), why, sizeof(why));
	polc_error_at(it->file, it->line, "the policy's transition for %s "
		      "gives %s, which the policy does not allow (%s): the kernel "
		      "refuses it", what, ctx, why);
	return -1;
}

static int polc_expect(const struct polc_model *mo, const struct polc_item *it,
		       uint32_t got, uint32_t from, const char *what)
{
	const char *want = it->words[it->nwords - 1];
	char *gctx;

	if (polc_word_is(mo, want, got))
		return 0;
	gctx = polc_col_context(mo, got);
	if (got == from && !strchr(want, ':'))
		polc_error_at(it->file, it->line,
			      "missing transition: no type_transition gives %s for %s",
			      want, what);
	else
		polc_error_at(it->file, it->line,
			      "transition for %s gives %s, not %s", what, gctx, want);
	free(gctx);
	return -1;
}

static int polc_lookup_path(const struct polc_model *mo, const struct polc_item *it,
			    const char *path, enum polc_item_kind kind)
{
	const struct polc_item *obj = polc_find_object(mo->manifest, path);

	if (obj && obj->kind == kind)
		return polc_col(mo, obj->sid);
	polc_error_at(it->file, it->line, "'%s' is not a %s in the manifest",
		      path, kind == POLC_DIR ? "dir" : "file");
	return -1;
}

/* One permission the policy must grant for a declared spawn to work. */
static int polc_need(const struct polc_model *mo, const struct polc_item *it,
		     uint32_t s, uint32_t t, const char *cls, const char *perm)
{
	uint32_t c = polc_class_value(cls);
	int bit = c ? polc_perm_bit(c, perm) : -1;
	struct polc_av av;

	if (bit < 0)
		return 0;	/* the policy has no such permission: nothing to check */
	if (polc_compute(mo->sid_of_col[s], mo->sid_of_col[t], c, &av))
		return -1;
	if (av.allowed & (1u << bit))
		return 0;
	polc_error_at(it->file, it->line,
		      "spawn denied by the policy: no allow %s %s:%s %s",
		      polc_type_name(mo->type_of_col[s]),
		      polc_type_name(mo->type_of_col[t]), cls, perm);
	return -1;
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
	int d = polc_word_col(mo, it, it->words[0], true);
	int e = d < 0 ? -1 : polc_lookup_path(mo, it, it->words[1], POLC_FILE);
	char what[512];
	uint32_t got;

	if (e < 0)
		return -1;
	got = mo->spawn[(uint32_t)d * mo->ntypes + (uint32_t)e];
	snprintf(what, sizeof(what), "%s executing %s", it->words[0], it->words[1]);
	if (got == POLC_NO_COL)
		return polc_refused(mo, it, (uint32_t)d, (uint32_t)e,
				    polc_class_value("process"), what);
	if (polc_expect(mo, it, got, (uint32_t)d, what))
		return -1;
	return polc_spawn_allowed(mo, it, (uint32_t)d, (uint32_t)e, got);
}

/* No transition, and a named one would give the type wanted: say so. */
static int polc_named_only(const struct polc_model *mo, const struct polc_item *it,
			   uint32_t d, uint32_t p, uint32_t cls, const char *what)
{
	uint32_t want = polc_type_value(it->words[3]);
	const char *name = want ? polc_named_transition(mo->type_of_col[d],
						       mo->type_of_col[p], cls, want) : NULL;

	if (!name)
		return 0;
	polc_error_at(it->file, it->line, "the policy gives %s for %s only "
		      "to the name '%s' (a named type_transition), which the kernel does "
		      "not support: add a type_transition without a name", it->words[3],
		      what, name);
	return -1;
}

static int polc_create_index(const struct polc_model *mo, const struct polc_item *it)
{
	int c = polc_class_index(mo, it->words[2]);
	uint32_t k;

	for (k = 0; c >= 0 && k < mo->ncreate; k++)
		if (mo->create_class[k] == (uint32_t)c)
			return (int)k;
	polc_error_at(it->file, it->line,
		      "unknown class '%s': not a class the kernel creates", it->words[2]);
	return -1;
}

static int polc_check_create(const struct polc_model *mo, const struct polc_item *it)
{
	int d = polc_word_col(mo, it, it->words[0], true);
	int p = d < 0 ? -1 : polc_lookup_path(mo, it, it->words[1], POLC_DIR);
	int k = p < 0 ? -1 : polc_create_index(mo, it);
	uint32_t got, cls;
	char what[512];

	if (k < 0)
		return -1;
	cls = mo->class_of[mo->create_class[k]];
	got = mo->create[((size_t)k * mo->ndomains + (uint32_t)d) * mo->ntypes + (uint32_t)p];
	snprintf(what, sizeof(what), "%s creating %s in %s", it->words[0],
		 it->words[2], it->words[1]);
	if (got == POLC_NO_COL)
		return polc_refused(mo, it, (uint32_t)d, (uint32_t)p, cls, what);
	if (polc_word_is(mo, it->words[3], got))
		return 0;
	if (polc_named_only(mo, it, (uint32_t)d, (uint32_t)p, cls, what))
		return -1;
	return polc_expect(mo, it, got, (uint32_t)p, what);
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
	int d = polc_word_col(mo, it, it->name, true), k;

	if (d < 0)
		return -1;
	for (k = 0; k < POLC_NLIMITS; k++)
		if (it->limit[k] >= 0)
			mo->limits[(uint32_t)d * POLC_NLIMITS + k] = it->limit[k];
	return 0;
}

/* The manifest's own tasks take their slots at boot: a limit below
 * their number would stop the boot.  Each opens its console then: a
 * handles limit below their number would leave one without it. */
static int polc_check_boot_tasks(const struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	long *count = polc_alloc(sizeof(*count) * (mo->ndomains ? mo->ndomains : 1));
	int i, rc = 0;

	for (i = 0; i < m->nitems && !rc; i++) {
		const struct polc_item *it = &m->items[i];
		int d = it->kind == POLC_TASK ? polc_col(mo, it->sid) : -1;
		long tasks, handles;

		if (d < 0)
			continue;
		tasks = polc_model_limit(mo, (uint32_t)d, POLC_LIMIT_TASKS);
		handles = polc_model_limit(mo, (uint32_t)d, POLC_LIMIT_HANDLES);
		if (++count[d] > tasks)
			polc_error_at(it->file, it->line, "task '%s': more tasks of %s at boot "
				      "than its limit of %ld", it->name, it->context, tasks);
		else if (count[d] > handles)
			polc_error_at(it->file, it->line, "task '%s': more tasks of %s at boot "
				      "than its handles limit of %ld (each opens /dev/console)",
				      it->name, it->context, handles);
		rc = count[d] > tasks || count[d] > handles ? -1 : 0;
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

int polc_col(const struct polc_model *mo, uint32_t sid)
{
	return sid < mo->nsids ? mo->col_of_sid[sid] : -1;
}

char *polc_col_context(const struct polc_model *mo, uint32_t col)
{
	return polc_sid_context(mo->sid_of_col[col]);
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
	if (polc_limit_tables(mo) || polc_fill_av(mo))
		return -1;
	if (mo->all_types)
		return 0;
	if (polc_fill_transitions(mo) || polc_check_expectations(mo))
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
	uint32_t t, c, sid;
	int rc = 0;

	memset(mo, 0, sizeof(*mo));
	mo->all_types = true;
	mo->enforcing = true;
	polc_sets_init(&s);
	for (t = 1; t <= polc_ntypes() && !rc; t++) {
		if (!polc_type_is_type(t))
			continue;
		rc = polc_type_sid(t, &sid);
		if (rc)
			polc_error("policy: system_u:object_r:%s is not a valid context",
				   polc_type_name(t));
		else
			polc_add_label(&s, sid, POLC_L_DOMAIN);
	}
	mo->class_of = polc_alloc(sizeof(*mo->class_of) * (polc_nclasses() + 1));
	for (c = 1; c <= polc_nclasses(); c++)
		mo->class_of[mo->nclasses++] = c;
	if (!rc)
		rc = polc_finish(mo, &s);
	polc_sets_free(&s);
	return rc;
}

void polc_model_free(struct polc_model *mo)
{
	free(mo->type_of_col);
	free(mo->sid_of_col);
	free(mo->col_of_sid);
	free(mo->class_of);
	free(mo->kclasses);
	free(mo->av);
	free(mo->spawn);
	free(mo->create_class);
	free(mo->create);
	free(mo->limits);
	free(mo->bit_of);
	free(mo->hot);
	memset(mo, 0, sizeof(*mo));
}
