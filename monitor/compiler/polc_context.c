/*
 * polc_context.c - why a context of the manifest is not valid in the
 * policy. libsepol only says that a context does not convert; a device
 * maker needs to know which part fails and what the policy would need,
 * so the parts are checked one by one, in the order the kernel's
 * policydb_context_isvalid() checks them: user, role, type, then the
 * MLS range against the sensitivities, categories and the user's range.
 */
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/policydb.h>
#include <sepol/policydb/context.h>

#include "polc.h"

/* libsepol's own MLS parser and check, not in its installed headers. */
extern int mls_from_string(void *handle, const policydb_t *policydb,
			   const char *str, context_struct_t *mls);
extern int mls_context_isvalid(const policydb_t *p, const context_struct_t *c);

int polc_ctx_split(struct polc_ctx_parts *c, const char *text)
{
	if (strlen(text) >= sizeof(c->buf))
		return -1;
	strcpy(c->buf, text);
	c->user = c->buf;
	c->role = strchr(c->user, ':');
	c->type = c->role ? strchr(c->role + 1, ':') : NULL;
	if (!c->type)
		return -1;
	*c->role++ = '\0';
	*c->type++ = '\0';
	c->range = strchr(c->type, ':');
	if (c->range)
		*c->range++ = '\0';
	return *c->user && *c->role && *c->type && (!c->range || *c->range) ? 0 : -1;
}

static const char *polc_ctx_type(const policydb_t *p, const char *name,
				 char *why, size_t len)
{
	const type_datum_t *t = hashtab_search(p->p_types.table, name);

	if (!t)
		snprintf(why, len, "unknown type '%s'", name);
	else if (t->flavor == TYPE_ATTRIB)
		snprintf(why, len, "'%s' is an attribute, not a type: name one of its types",
			 name);
	else
		return NULL;
	return why;
}

/* User, role and type exist, the role may hold the type, the user may
 * take the role. object_r holds every type and needs no user rule. */
static const char *polc_ctx_rbac(const policydb_t *p, const struct polc_ctx_parts *c,
				 bool task, char *why, size_t len)
{
	const user_datum_t *u = hashtab_search(p->p_users.table, c->user);
	const role_datum_t *r = hashtab_search(p->p_roles.table, c->role);
	const type_datum_t *t;

	if (!u)
		return snprintf(why, len, "unknown user '%s'", c->user), why;
	if (!r)
		return snprintf(why, len, "unknown role '%s'", c->role), why;
	if (polc_ctx_type(p, c->type, why, len))
		return why;
	t = hashtab_search(p->p_types.table, c->type);
	if (task && r->s.value == OBJECT_R_VAL)
		return snprintf(why, len, "a task cannot run in role object_r: use the "
				"role its domain runs in, e.g. system_r"), why;
	if (r->s.value == OBJECT_R_VAL)
		return NULL;
	if (!ebitmap_get_bit(&r->cache, t->s.value - 1))
		return snprintf(why, len, "role '%s' may not have type '%s' (the policy "
				"has no 'role %s types %s;')", c->role, c->type,
				c->role, c->type), why;
	if (!ebitmap_get_bit(&u->cache, r->s.value - 1))
		return snprintf(why, len, "user '%s' may not take role '%s' (the policy's "
				"user %s has no role %s)", c->user, c->role, c->user,
				c->role), why;
	return NULL;
}

static const char *polc_ctx_range(const policydb_t *p, const struct polc_ctx_parts *c,
				  char *why, size_t len)
{
	const user_datum_t *u = hashtab_search(p->p_users.table, c->user);
	context_struct_t ctx;
	const char *bad = NULL;

	if (!p->mls && c->range)
		return snprintf(why, len, "the policy has no MLS: drop ':%s'", c->range), why;
	if (!p->mls)
		return NULL;
	if (!c->range)
		return snprintf(why, len, "the policy is MLS: give a level or range, "
				"e.g. '%s:%s:%s:s0'", c->user, c->role, c->type), why;
	context_init(&ctx);
	ctx.user = u->s.value;	/* mls_context_isvalid checks the user's range */
	if (mls_from_string(NULL, p, c->range, &ctx))
		bad = "unknown sensitivity or category, or a bad level";
	else if (!mls_range_contains(u->exp_range, ctx.range))
		bad = "outside the range of user";
	else if (!mls_context_isvalid(p, &ctx))
		bad = "not valid: a category its sensitivity may not have, or low above high";
	context_destroy(&ctx);
	if (!bad)
		return NULL;
	snprintf(why, len, "range '%s': %s%s%s", c->range, bad,
		 strstr(bad, "user") ? " " : "", strstr(bad, "user") ? c->user : "");
	return why;
}

/* NULL if the context is valid for a task (or an object), else why not. */
const char *polc_context_check(const char *text, bool task, char *why, size_t len)
{
	const policydb_t *p = polc_policydb();
	struct polc_ctx_parts c;
	uint32_t sid;

	if (polc_ctx_split(&c, text)) {
		snprintf(why, len, "not a context: write USER:ROLE:TYPE%s",
			 p->mls ? ":LEVEL[-LEVEL]" : "");
		return why;
	}
	if (polc_ctx_rbac(p, &c, task, why, len) || polc_ctx_range(p, &c, why, len))
		return why;
	if (polc_context_sid(text, &sid)) {
		snprintf(why, len, "not a valid context in the policy");
		return why;
	}
	return NULL;
}

/* Why an attribute or an unknown name is not a type; NULL for a type. */
const char *polc_type_check(const char *name, char *why, size_t len)
{
	return polc_ctx_type(polc_policydb(), name, why, len);
}

/* ---- transitions to a context the policy refuses */

/* The type a type_transition rule gives, unconditional or enabled. */
static uint32_t polc_rule_type(policydb_t *p, uint32_t stype, uint32_t ttype,
			       uint32_t cls)
{
	avtab_key_t key = { .source_type = (uint16_t)stype, .target_type = (uint16_t)ttype,
			    .target_class = (uint16_t)cls, .specified = AVTAB_TRANSITION };
	avtab_datum_t *d = avtab_search(&p->te_avtab, &key);
	avtab_ptr_t n;

	if (d)
		return d->data;
	for (n = avtab_search_node(&p->te_cond_avtab, &key); n;
	     n = avtab_search_node_next(n, AVTAB_TRANSITION))
		if (n->key.specified & AVTAB_ENABLED)
			return n->datum.data;
	return 0;
}

static uint32_t polc_role_transition(const policydb_t *p, uint32_t role,
				     uint32_t ttype, uint32_t cls)
{
	const role_trans_t *r;

	for (r = p->role_tr; r; r = r->next)
		if (r->role == role && r->type == ttype && r->tclass == cls)
			return r->new_role;
	return role;
}

/* Why the context a transition computes is refused: its user, role and
 * type worked out as the kernel's security_compute_sid() does. */
const char *polc_transition_check(uint32_t ssid, uint32_t tsid, uint32_t cls,
				  char *out, size_t outlen, char *why, size_t len)
{
	policydb_t *p = polc_policydb();
	uint32_t stype = polc_sid_type(ssid), ttype = polc_sid_type(tsid);
	bool process = cls == polc_class_value("process");
	uint32_t type = polc_rule_type(p, stype, ttype, cls);
	char *text = polc_sid_context(ssid);
	struct polc_ctx_parts c;
	const role_datum_t *r;

	if (polc_ctx_split(&c, text)) {
		free(text);
		return snprintf(why, len, "not a context"), why;
	}
	free(text);
	r = hashtab_search(p->p_roles.table, c.role);
	c.role = process ? p->p_role_val_to_name[polc_role_transition(p, r->s.value,
						 ttype, cls) - 1] : "object_r";
	c.type = p->p_type_val_to_name[(type ? type : process ? stype : ttype) - 1];
	snprintf(out, outlen, "%s:%s:%s", c.user, c.role, c.type);
	if (!polc_ctx_rbac(p, &c, process, why, len))
		snprintf(why, len, "its MLS range is not valid for user '%s'", c.user);
	return why;
}

/* A named type_transition for (stype, dir type, class) giving want: the
 * name it needs, or NULL. */
struct polc_named {
	uint32_t stype, ttype, cls, want;
	const char *name;
};

static int polc_named_one(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const filename_trans_key_t *key = (const filename_trans_key_t *)k;
	const filename_trans_datum_t *datum;
	struct polc_named *n = arg;

	if (key->ttype != n->ttype || key->tclass != n->cls)
		return 0;
	for (datum = d; datum; datum = datum->next)
		if (datum->otype == n->want &&
		    ebitmap_get_bit(&datum->stypes, n->stype - 1)) {
			n->name = key->name;
			return 1;
		}
	return 0;
}

const char *polc_named_transition(uint32_t stype, uint32_t ttype, uint32_t cls,
				  uint32_t want)
{
	struct polc_named n = { stype, ttype, cls, want, NULL };

	hashtab_map(polc_policydb()->filename_trans, polc_named_one, &n);
	return n.name;
}
