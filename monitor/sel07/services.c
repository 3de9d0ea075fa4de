/*
 * ss/services.c of 2.6.22: security_compute_av on an AVC miss, from the
 * rules: the TE avtab for every pair of the two types' attributes, the
 * conditional avtab, the constraints; then the typebounds step of seed
 * 002 (2.6.28 on), so that the decisions are the tables' decisions.
 */
#include "sel07.h"

#if MAC_SEL07_MODEL

/* ebitmap_for_each_bit of 2.6.22: every bit position of every node. */
static inline int ebitmap_node_bit(const struct sel07_ebitmap_node *n, uint32_t bit)
{
	uint64_t map = ((uint64_t)n->map_hi << 32) | n->map_lo;
	return (map >> (bit - n->startbit)) & 1;
}

static int ebitmap_get_bit(const struct sel07_ebitmap *e, uint32_t bit)
{
	for (unsigned i = 0; i < e->count; i++) {
		const struct sel07_ebitmap_node *n = &sel07_ebitmap_nodes[e->first + i];
		if (bit >= n->startbit && bit < n->startbit + 64)
			return ebitmap_node_bit(n, bit);
	}
	return 0;
}

static void cond_compute_av(struct avtab *ctab, const struct avtab_key *key, struct av_decision *avd)
{
	for (struct avtab_node *n = avtab_search_node(ctab, key); n;
	     n = avtab_search_node_next(n, key->specified)) {
		uint16_t on = n->key.specified & (SEL07_AVTAB_ENABLED | SEL07_AVTAB_AV);
		if (on == (SEL07_AVTAB_ALLOWED | SEL07_AVTAB_ENABLED))
			avd->allowed |= n->data;
		if (on == (SEL07_AVTAB_AUDITDENY | SEL07_AVTAB_ENABLED))
			avd->auditdeny &= n->data;
		if (on == (SEL07_AVTAB_AUDITALLOW | SEL07_AVTAB_ENABLED))
			avd->auditallow |= n->data;
	}
}

static void te_rules_av(struct avtab_key *key, struct av_decision *avd)
{
	for (struct avtab_node *n = avtab_search_node(sel07_te_avtab, key); n;
	     n = avtab_search_node_next(n, key->specified)) {
		if (n->key.specified == SEL07_AVTAB_ALLOWED)
			avd->allowed |= n->data;
		else if (n->key.specified == SEL07_AVTAB_AUDITALLOW)
			avd->auditallow |= n->data;
		else if (n->key.specified == SEL07_AVTAB_AUDITDENY)
			avd->auditdeny &= n->data;
	}
	cond_compute_av(sel07_te_cond_avtab, key, avd);
}

/* The TE rules for every (source attribute, target attribute) pair. */
static void te_compute_av(const struct context *s, const struct context *t, uint16_t tclass,
			  struct av_decision *avd)
{
	const struct sel07_ebitmap *sattr = &sel07_type_attr_map[s->type - 1];
	const struct sel07_ebitmap *tattr = &sel07_type_attr_map[t->type - 1];
	struct avtab_key key = { 0, 0, tclass, SEL07_AVTAB_AV };

	for (unsigned i = 0; i < sattr->count; i++) {
		const struct sel07_ebitmap_node *sn = &sel07_ebitmap_nodes[sattr->first + i];
		for (uint32_t sb = sn->startbit; sb < sn->startbit + 64 && sb < sattr->highbit; sb++) {
			if (!ebitmap_node_bit(sn, sb))
				continue;
			for (unsigned j = 0; j < tattr->count; j++) {
				const struct sel07_ebitmap_node *tn = &sel07_ebitmap_nodes[tattr->first + j];
				for (uint32_t tb = tn->startbit; tb < tn->startbit + 64 && tb < tattr->highbit; tb++) {
					if (!ebitmap_node_bit(tn, tb))
						continue;
					key.source_type = (uint16_t)(sb + 1);
					key.target_type = (uint16_t)(tb + 1);
					te_rules_av(&key, avd);
				}
			}
		}
	}
}

static int constraint_expr_eval(const struct context *s, const struct context *t,
				const struct sel07_constraint *c)
{
	int stack[8], sp = -1;

	for (unsigned i = 0; i < c->count; i++) {
		const struct sel07_cexpr *e = &sel07_cexprs[c->first + i];
		const struct context *x = (e->attr & SEL07_CEXPR_TARGET) ? t : s;
		uint32_t v1, v2;

		switch (e->expr_type) {
		case SEL07_CEXPR_NOT: stack[sp] = !stack[sp]; continue;
		case SEL07_CEXPR_AND: sp--; stack[sp] &= stack[sp + 1]; continue;
		case SEL07_CEXPR_OR: sp--; stack[sp] |= stack[sp + 1]; continue;
		case SEL07_CEXPR_ATTR:
			if (sp == 7)
				return 0;
			v1 = e->attr == SEL07_CEXPR_USER ? s->user :
			     e->attr == SEL07_CEXPR_ROLE ? s->role : s->type;
			v2 = e->attr == SEL07_CEXPR_USER ? t->user :
			     e->attr == SEL07_CEXPR_ROLE ? t->role : t->type;
			stack[++sp] = e->op == SEL07_CEXPR_EQ ? v1 == v2 : v1 != v2;
			continue;
		case SEL07_CEXPR_NAMES:
			if (sp == 7)
				return 0;
			v1 = (e->attr & SEL07_CEXPR_USER) ? x->user :
			     (e->attr & SEL07_CEXPR_ROLE) ? x->role : x->type;
			stack[++sp] = ebitmap_get_bit(&e->names, v1 - 1) == (e->op == SEL07_CEXPR_EQ);
			continue;
		default:
			return 0;
		}
	}
	return sp == 0 ? stack[0] : 0;
}

static void type_bounds_av(const struct context *s, const struct context *t, uint16_t tclass,
			   struct av_decision *avd);

static void context_struct_compute_av(const struct context *s, const struct context *t,
				      uint16_t tclass, struct av_decision *avd)
{
	*avd = (struct av_decision){ 0, 0xffffffffu, 0, 0xffffffffu, 0 };
	te_compute_av(s, t, tclass, avd);
	for (uint32_t i = 0; i < sel07_nconstraints; i++) {
		const struct sel07_constraint *c = &sel07_constraints[i];
		if (c->tclass == tclass && (c->permissions & avd->allowed) &&
		    !constraint_expr_eval(s, t, c))
			avd->allowed &= ~c->permissions;
	}
	type_bounds_av(s, t, tclass, avd);
}

/* type_attribute_bounds_av (seed 002, as the kernel and libsepol settled
 * it): a source type with a bound keeps only what its bound is allowed on
 * the target, the target's own bound taken in its place. */
static void type_bounds_av(const struct context *s, const struct context *t, uint16_t tclass,
			   struct av_decision *avd)
{
	uint16_t sb = sel07_type_bounds[s->type - 1], tb = sel07_type_bounds[t->type - 1];
	struct context ls = *s, lt = *t;
	struct av_decision lo;

	if (!sb)
		return;
	sel07_stats.bounds++;
	ls.type = sb;
	if (tb)
		lt.type = tb;
	context_struct_compute_av(&ls, &lt, tclass, &lo);
	avd->allowed &= lo.allowed;
}

int security_compute_av(uint32_t ssid, uint32_t tsid, uint16_t tclass,
					struct av_decision *avd)
{
	const struct context *s = sidtab_search(ssid), *t = sidtab_search(tsid);

	if (!s || !t)
		return -22;
	context_struct_compute_av(s, t, tclass, avd);
	return 0;
}

mac_vec_t sel07_allowed(mac_col_t domain, mac_col_t label, unsigned int tclass)
{
	struct av_decision avd;

	if (security_compute_av(sel07_task_sid(domain), sel07_object_sid(label),
				sel07_class_value[tclass], &avd))
		return 0;
	return avd.allowed;
}

#endif
