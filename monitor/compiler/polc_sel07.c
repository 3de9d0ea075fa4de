/*
 * polc_sel07.c - the policy's rules, as the 2007 kernel's security server
 * held them, written into mac_policy.c for the selinux07 comparison model
 * (monitor/sel07/): the TE avtab with attributes unexpanded,
 * the conditional rules with their state, type_attr_map, constraints and
 * typebounds.
 */
#include <stdlib.h>
#include <string.h>

#include <sepol/policydb/policydb.h>
#include <sepol/policydb/conditional.h>
#include <sepol/policydb/constraint.h>

#include "polc.h"

struct sel07_out {
	FILE *f;
	uint32_t nnodes;	/* ebitmap nodes written so far */
};

/* Every vector in the tables' numbering, as the kernel asks. */
static void sel07_rules(FILE *f, const struct polc_model *mo, const char *name, avtab_t *tab,
			uint32_t *count)
{
	fprintf(f, "\nconst struct sel07_avtab_rule %s[] = {\n", name);
	*count = 0;
	for (uint32_t i = 0; i < tab->nslot; i++)
		for (avtab_ptr_t n = tab->htable[i]; n; n = n->next) {
			if (!(n->key.specified & AVTAB_AV))
				continue;
			fprintf(f, "\t{ %u, %u, %u, 0x%x, 0x%x },\n", n->key.source_type,
				n->key.target_type, n->key.target_class, n->key.specified,
				polc_class_vec(mo, n->key.target_class, n->datum.data));
			(*count)++;
		}
	fprintf(f, "\t{ 0, 0, 0, 0, 0 }\n};\n");
}

/* Writes an ebitmap's nodes; returns its descriptor as C text. */
static void sel07_nodes(struct sel07_out *o, const ebitmap_t *e, char *desc, size_t len)
{
	uint32_t first = o->nnodes;

	for (const ebitmap_node_t *n = e->node; n; n = n->next, o->nnodes++)
		fprintf(o->f, "\t{ %u, 0x%x, 0x%x },\n", n->startbit, (uint32_t)n->map,
			(uint32_t)(n->map >> 32));
	snprintf(desc, len, "{ %u, %u, %u }", first, o->nnodes - first, e->highbit);
}

static void sel07_attr_maps(struct sel07_out *o, const policydb_t *p, char **descs)
{
	for (uint32_t t = 0; t < p->p_types.nprim; t++) {
		descs[t] = polc_alloc(64);
		sel07_nodes(o, &p->type_attr_map[t], descs[t], 64);
	}
}

static uint32_t sel07_count_cexprs(const policydb_t *p)
{
	uint32_t n = 0;
	for (uint32_t c = 0; c < p->p_classes.nprim; c++)
		for (constraint_node_t *cn = p->class_val_to_struct[c]->constraints; cn; cn = cn->next)
			for (constraint_expr_t *e = cn->expr; e; e = e->next)
				n++;
	return n;
}

static void sel07_cexpr_names(struct sel07_out *o, const policydb_t *p, char **descs)
{
	uint32_t i = 0;
	for (uint32_t c = 0; c < p->p_classes.nprim; c++)
		for (constraint_node_t *cn = p->class_val_to_struct[c]->constraints; cn; cn = cn->next)
			for (constraint_expr_t *e = cn->expr; e; e = e->next, i++) {
				descs[i] = polc_alloc(64);
				sel07_nodes(o, &e->names, descs[i], 64);
			}
}

static void sel07_constraints(FILE *f, const struct polc_model *mo, const policydb_t *p,
			      char **descs)
{
	uint32_t i = 0, n = 0;

	fprintf(f, "\nconst struct sel07_cexpr sel07_cexprs[] = {\n");
	for (uint32_t c = 0; c < p->p_classes.nprim; c++)
		for (constraint_node_t *cn = p->class_val_to_struct[c]->constraints; cn; cn = cn->next)
			for (constraint_expr_t *e = cn->expr; e; e = e->next, i++)
				fprintf(f, "\t{ %u, %u, %u, %s },\n", e->expr_type, e->attr, e->op,
					descs[i]);
	fprintf(f, "\t{ 0, 0, 0, { 0, 0, 0 } }\n};\n\nconst struct sel07_constraint sel07_constraints[] = {\n");
	i = 0;
	for (uint32_t c = 0; c < p->p_classes.nprim; c++)
		for (constraint_node_t *cn = p->class_val_to_struct[c]->constraints; cn; cn = cn->next) {
			uint32_t k = 0;
			for (constraint_expr_t *e = cn->expr; e; e = e->next)
				k++;
			fprintf(f, "\t{ %u, 0x%x, %u, %u },\n", c + 1,
				polc_class_vec(mo, c + 1, cn->permissions), i, k);
			i += k;
			n++;
		}
	fprintf(f, "\t{ 0, 0, 0, 0 }\n};\nconst uint32_t sel07_nconstraints = %u;\n", n);
}

static uint32_t sel07_value(const symtab_t *s, const char *name)
{
	const symtab_datum_t *d = hashtab_search(s->table, (hashtab_key_t)name);
	return d ? d->value : 0;
}

/* Each column's user and role values, from its context. */
static void sel07_col_ids(FILE *f, const struct polc_model *mo, const policydb_t *p)
{
	static const char *const what[] = { "user", "role" };
	const symtab_t *tabs[] = { &p->p_users, &p->p_roles };

	for (int k = 0; k < 2; k++) {
		fprintf(f, "const uint16_t sel07_col_%s[MAC_NTYPES] = {", what[k]);
		for (uint32_t t = 0; t < mo->ntypes; t++) {
			char *ctx = polc_col_context(mo, t);
			struct polc_ctx_parts c;

			polc_ctx_split(&c, ctx);	/* libsepol's own text: always splits */
			free(ctx);
			fprintf(f, "%s%u", t ? ", " : " ", sel07_value(tabs[k], k ? c.role : c.user));
		}
		fprintf(f, " };\n");
	}
}

static void sel07_ids(FILE *f, const struct polc_model *mo, const policydb_t *p)
{
	fprintf(f, "\nconst uint32_t sel07_ntype_values = %u;\n", p->p_types.nprim);
	fprintf(f, "const uint16_t sel07_col_type[MAC_NTYPES] = {");
	for (uint32_t t = 0; t < mo->ntypes; t++)
		fprintf(f, "%s%u", t ? ", " : " ", mo->type_of_col[t]);
	fprintf(f, " };\nconst uint16_t sel07_class_value[MAC_NCLASSES] = {");
	for (uint32_t c = 0; c < mo->nclasses; c++)
		fprintf(f, "%s%u", c ? ", " : " ", mo->class_of[c]);
	fprintf(f, " };\n");
	sel07_col_ids(f, mo, p);
	fprintf(f, "const uint16_t sel07_type_bounds[%u] = {", p->p_types.nprim);
	for (uint32_t t = 0; t < p->p_types.nprim; t++) {
		const type_datum_t *d = p->type_val_to_struct[t];
		fprintf(f, "%s%u", t ? ", " : " ", d ? d->bounds : 0);
	}
	fprintf(f, " };\n");
}

static void sel07_free(char **descs, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(descs[i]);
	free(descs);
}

/* The 2007 file path checks fd:use (sel07/hooks.c): the manifest
 * must give the kernel that class and permission. */
static bool sel07_has_fd_use(const struct polc_model *mo)
{
	for (uint32_t k = 0; k < mo->nkclasses; k++) {
		const struct polc_kclass *c = &mo->kclasses[k];
		if (strcmp(c->name, "fd") != 0)
			continue;
		for (uint32_t i = 0; i < c->nperms; i++)
			if (strcmp(c->perm[i], "use") == 0)
				return true;
	}
	return false;
}

const char *polc_sel07_absent(const struct polc_model *mo)
{
	if (mo->all_types)
		return "tables of every type (--all-types): no manifest's model";
	if (polc_policydb()->mls)
		return "an MLS policy: the 2007 server model has no MLS";
	if (!sel07_has_fd_use(mo))
		return "no class fd use in the manifest: the 2007 file_has_perm checks fd:use";
	return NULL;
}

int polc_emit_sel07(FILE *f, const struct polc_model *mo)
{
	policydb_t *p = polc_policydb();
	struct sel07_out o = { f, 0 };
	uint32_t ncexpr, nrules, ncond;
	char **attr, **names;

	if (polc_sel07_absent(mo)) {
		fprintf(f, "\n/* selinux07 model: %s */\n", polc_sel07_absent(mo));
		return 0;
	}
	ncexpr = sel07_count_cexprs(p);
	attr = polc_alloc(sizeof(char *) * (p->p_types.nprim + 1));
	names = polc_alloc(sizeof(char *) * (ncexpr + 1));
	evaluate_conds(p);
	fprintf(f, "\n/* ---- the selinux07 model's policy (polc_sel07.c) */\n"
		   "#include \"model_selinux07_data.h\"\n");
	sel07_ids(f, mo, p);
	sel07_rules(f, mo, "sel07_rules", &p->te_avtab, &nrules);
	sel07_rules(f, mo, "sel07_cond_rules", &p->te_cond_avtab, &ncond);
	fprintf(f, "const uint32_t sel07_nrules = %u, sel07_ncond_rules = %u;\n", nrules, ncond);
	fprintf(f, "\nconst struct sel07_ebitmap_node sel07_ebitmap_nodes[] = {\n");
	sel07_attr_maps(&o, p, attr);
	sel07_cexpr_names(&o, p, names);
	fprintf(f, "\t{ 0, 0, 0 }\n};\n\nconst struct sel07_ebitmap sel07_type_attr_map[] = {\n");
	for (uint32_t t = 0; t < p->p_types.nprim; t++)
		fprintf(f, "\t%s,\n", attr[t]);
	fprintf(f, "};\n");
	sel07_constraints(f, mo, p, names);
	sel07_free(attr, p->p_types.nprim);
	sel07_free(names, ncexpr);
	return 0;
}
