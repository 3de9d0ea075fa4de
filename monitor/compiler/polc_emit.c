/*
 * polc_emit.c - writes mac_policy.h and mac_policy.c.
 *
 * Layout, per class: each domain points at one of R unique rows; a row
 * has one entry per column (target type). Two parallel row sets:
 *   fast[r][col] = allowed & ~auditallow, the only thing mac_check reads;
 *   avi[r][col]  = index of (allowed, auditallow, auditdeny) in the
 *                  class's pool of unique triples, for the slow path.
 * Files are written under temporary names and renamed at the end, so a
 * failed run leaves no output behind.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "polc.h"

/* Sizes on the 32-bit targets, for the report. */
#define POLC_TARGET_PTR 4

struct polc_class_rows {
	uint32_t nrows;
	uint32_t *row_of;	/* [domain] -> unique row */
	uint32_t *first;	/* [row] -> a domain having it */
	uint32_t npool;
	struct polc_av *pool;
	uint16_t *avi;		/* [domain][column] -> pool index */
};

struct polc_sizes {
	size_t fast, slow, rows, trans;
};

/* ---- deduplication */

static bool polc_same_row(const struct polc_model *mo, uint32_t c,
			  uint32_t a, uint32_t b)
{
	return !memcmp(polc_model_av(mo, c, a, 0), polc_model_av(mo, c, b, 0),
		       sizeof(struct polc_av) * mo->ntypes);
}

static uint32_t polc_pool_index(struct polc_class_rows *cr,
				const struct polc_av *av)
{
	uint32_t i;

	for (i = 0; i < cr->npool; i++)
		if (!memcmp(&cr->pool[i], av, sizeof(*av)))
			return i;
	cr->pool[cr->npool] = *av;
	return cr->npool++;
}

static int polc_dedup(const struct polc_model *mo, uint32_t c,
		      struct polc_class_rows *cr)
{
	uint32_t d, r, t;
	size_t cells = (size_t)mo->ndomains * mo->ntypes;

	cr->row_of = polc_alloc(sizeof(*cr->row_of) * mo->ndomains);
	cr->first = polc_alloc(sizeof(*cr->first) * mo->ndomains);
	cr->pool = polc_alloc(sizeof(*cr->pool) * cells);
	cr->avi = polc_alloc(sizeof(*cr->avi) * cells);
	for (d = 0; d < mo->ndomains; d++) {
		for (r = 0; r < cr->nrows && !polc_same_row(mo, c, cr->first[r], d); r++)
			;
		if (r == cr->nrows)
			cr->first[cr->nrows++] = d;
		cr->row_of[d] = r;
		for (t = 0; t < mo->ntypes; t++)
			cr->avi[d * mo->ntypes + t] = (uint16_t)
				polc_pool_index(cr, polc_model_av(mo, c, d, t));
		if (cr->npool > 0xffff) {
			polc_error("class %s: more than 65535 distinct vectors",
				   polc_class_name(mo->class_of[c]));
			return -1;
		}
	}
	return 0;
}

static void polc_rows_free(struct polc_class_rows *cr, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		free(cr[i].row_of);
		free(cr[i].first);
		free(cr[i].pool);
		free(cr[i].avi);
	}
	free(cr);
}

/* ---- names */

static void polc_upper(char *out, size_t len, const char *in)
{
	size_t i;

	for (i = 0; in[i] && i + 1 < len; i++)
		out[i] = isalnum((unsigned char)in[i]) ?
			(char)toupper((unsigned char)in[i]) : '_';
	out[i] = '\0';
}

/* Every string the generated C holds goes through here: any byte but
 * NUL comes out as itself. Octal escapes take at most three digits, so
 * a digit after one stays a digit; \? keeps ??/ from being a trigraph. */
static void polc_put_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\' || c == '?')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c > 0x7e)
			fprintf(f, "\\%03o", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* One string of an initializer list, on its own line. */
static void polc_put_item(FILE *f, const char *indent, const char *s)
{
	fputs(indent, f);
	polc_put_string(f, s);
	fputs(",\n", f);
}

static const char *polc_cname(const struct polc_model *mo, uint32_t c)
{
	return polc_class_name(mo->class_of[c]);
}

/* Separator before item i of a list printed n per line. */
static const char *polc_sep(uint32_t i, uint32_t n)
{
	if (i == 0)
		return "\n\t\t";
	return i % n ? ", " : ",\n\t\t";
}

/* ---- the columns' constants: MAC_TYPE_<TYPE> when the type has one
 * context, MAC_TYPE_<TYPE>__<USER>_<ROLE>_<RANGE> for each when it has
 * several; a name a second column would take again gets __<column>. */

static bool polc_type_unique(const struct polc_model *mo, uint32_t col)
{
	uint32_t c;

	for (c = 0; c < mo->ntypes; c++)
		if (c != col && mo->type_of_col[c] == mo->type_of_col[col])
			return false;
	return true;
}

static void polc_col_name(const struct polc_model *mo, uint32_t col,
			  const char *type, char *buf, size_t len)
{
	char name[300], rest[POLC_CONTEXT_MAX], *ctx;
	struct polc_ctx_parts c;

	polc_upper(name, sizeof(name), type);
	if (polc_type_unique(mo, col)) {
		snprintf(buf, len, "MAC_TYPE_%s", name);
		return;
	}
	ctx = polc_col_context(mo, col);
	polc_ctx_split(&c, ctx);	/* libsepol's own text: always splits */
	free(ctx);
	snprintf(rest, sizeof(rest), "%s_%s%s%s", c.user, c.role, c.range ? "_" : "",
		 c.range ? c.range : "");
	polc_upper(rest, sizeof(rest), rest);
	snprintf(buf, len, "MAC_TYPE_%s__%s", name, rest);
}

/* Every column's constant, unique: names[col]. */
static char **polc_col_names(const struct polc_model *mo)
{
	char **names = polc_alloc(sizeof(*names) * (mo->ntypes + 1));
	char buf[2 * POLC_CONTEXT_MAX];
	uint32_t c, o;

	for (c = 0; c < mo->ntypes; c++) {
		polc_col_name(mo, c, polc_type_name(mo->type_of_col[c]), buf, sizeof(buf));
		for (o = 0; o < c && strcmp(names[o], buf); o++)
			;
		if (o < c)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "__%u", c);
		names[c] = polc_strdup(buf);
	}
	return names;
}

static void polc_free_names(char **names, uint32_t n)
{
	uint32_t i;

	for (i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}

/* The columns' constants of the model being written (polc_emit). */
static char **polc_names;

/* The column's constant, so the generated tables read by name. */
static const char *polc_col_const(int col)
{
	return polc_names[col];
}

/* ---- the header */

static void polc_emit_class(FILE *f, const char *name, uint32_t index,
			    const char *const *perms, const unsigned int *bits, uint32_t n)
{
	char cls[128], perm[128];
	uint32_t i;

	polc_upper(cls, sizeof(cls), name);
	fprintf(f, "\n#define MAC_CLASS_%s %u\n", cls, index);
	for (i = 0; i < n; i++) {
		polc_upper(perm, sizeof(perm), perms[i]);
		fprintf(f, "#define MAC_PERM_%s__%s 0x%08xu\n", cls, perm, 1u << bits[i]);
	}
}

/* A class of the policy by its own name, with all its permissions. */
static void polc_emit_policy_class(FILE *f, const struct polc_model *mo, uint32_t c)
{
	const char *perm[POLC_MAX_PERMS];
	unsigned int bit[POLC_MAX_PERMS], b;
	uint32_t n = 0;

	for (b = 0; b < POLC_MAX_PERMS; b++) {
		perm[n] = polc_perm_name(mo->class_of[c], b);
		if (perm[n])
			bit[n++] = b;
	}
	polc_emit_class(f, polc_cname(mo, c), c, perm, bit, n);
}

/* The classes by the names the kernel uses (polc_classes.c); without a
 * manifest, every class of the policy by its own. */
static void polc_emit_class_constants(FILE *f, const struct polc_model *mo)
{
	const struct polc_kclass *kc;
	uint32_t c;

	for (c = 0; c < mo->nkclasses; c++) {
		kc = &mo->kclasses[c];
		polc_emit_class(f, kc->name, kc->index, kc->perm, kc->bit, kc->nperms);
	}
	for (c = 0; !mo->kclasses && c < mo->nclasses; c++)
		polc_emit_policy_class(f, mo, c);
}

/* An alias the manifest names gets its primary's constant too. */
static void polc_emit_aliases(FILE *f, const struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	char buf[2 * POLC_CONTEXT_MAX];
	struct polc_ctx_parts c;
	int i, col;

	for (i = 0; i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		if (!it->context || (col = polc_col(mo, it->sid)) < 0 ||
		    polc_ctx_split(&c, it->context) || !strcmp(c.type, polc_type_name(it->type)))
			continue;
		polc_col_name(mo, (uint32_t)col, c.type, buf, sizeof(buf));
		fprintf(f, "#ifndef %s\n#define %s %s\t/* alias */\n#endif\n",
			buf, buf, polc_col_const(col));
	}
}

static void polc_emit_type_constants(FILE *f, const struct polc_model *mo)
{
	uint32_t t;

	if (mo->all_types)
		return;
	fprintf(f, "\n/* Columns. Domains come first: a domain's column is also "
		   "its index in mac_subjects[]. */\n");
	for (t = 0; t < mo->ntypes; t++)
		fprintf(f, "#define %s %u\n", polc_col_const((int)t), t);
	polc_emit_aliases(f, mo);
}

static int polc_count(const struct polc_model *mo, enum polc_item_kind lo,
		      enum polc_item_kind hi)
{
	int i, n = 0;

	for (i = 0; mo->manifest && i < mo->manifest->nitems; i++)
		n += mo->manifest->items[i].kind >= lo &&
		     mo->manifest->items[i].kind <= hi;
	return n;
}

static void polc_emit_header(FILE *f, const struct polc_model *mo)
{
	fprintf(f, "/* Generated by mac-polc: do not edit. */\n"
		   "#ifndef MAC_POLICY_H\n#define MAC_POLICY_H\n\n"
		   "/* Constants only: mac.h includes this file and declares "
		   "the tables. */\n\n");
	fprintf(f, "#define MAC_NTYPES %u\n#define MAC_NDOMAINS %u\n"
		   "#define MAC_NCLASSES %u\n#define MAC_POLICY_IS_MLS %d\n",
		mo->ntypes, mo->ndomains, mo->nclasses, polc_policy_mls());
	fprintf(f, "#define MAC_NOBJECTS %d\n#define MAC_NTASKS %d\n"
		   "#define MAC_NCHANNELS %d\n",
		polc_count(mo, POLC_DIR, POLC_CHR_FILE),
		polc_count(mo, POLC_TASK, POLC_TASK),
		polc_count(mo, POLC_CHANNEL, POLC_CHANNEL));
	polc_emit_class_constants(f, mo);
	polc_emit_type_constants(f, mo);
	fprintf(f, "\n#endif\n");
}

/* ---- the source: names */

static void polc_emit_names(FILE *f, const struct polc_model *mo)
{
	uint32_t i;
	unsigned int bit;

	fprintf(f, "\nconst char *const mac_type_name[MAC_NTYPES] = {\n");
	for (i = 0; i < mo->ntypes; i++)
		polc_put_item(f, "\t", polc_type_name(mo->type_of_col[i]));
	fprintf(f, "};\n\nconst char *const mac_context_name[MAC_NTYPES] = {\n");
	for (i = 0; i < mo->ntypes; i++) {
		char *ctx = polc_col_context(mo, i);

		polc_put_item(f, "\t", ctx);
		free(ctx);
	}
	fprintf(f, "};\n\nconst char *const mac_class_name[MAC_NCLASSES] = {\n");
	for (i = 0; i < mo->nclasses; i++)
		polc_put_item(f, "\t", polc_cname(mo, i));
	fprintf(f, "};\n");
	for (i = 0; i < mo->nclasses; i++) {
		fprintf(f, "\nstatic const char *const mac_perms_%u[32] = {\n", i);
		for (bit = 0; bit < POLC_MAX_PERMS; bit++) {
			const char *name = polc_perm_name(mo->class_of[i], bit);

			if (name) {
				fprintf(f, "\t[%u] = ", bit);
				polc_put_item(f, "", name);
			}
		}
		fprintf(f, "};\n");
	}
	fprintf(f, "\nconst char *const *const mac_perm_name[MAC_NCLASSES] = {\n");
	for (i = 0; i < mo->nclasses; i++)
		fprintf(f, "\tmac_perms_%u,\n", i);
	fprintf(f, "};\n");
}

static void polc_emit_globals(FILE *f, const struct polc_model *mo)
{
	uint32_t d;

	fprintf(f, "\nbool mac_enforcing = %s;\n"
		   "const bool mac_policy_mls = %s;\n"
		   "const mac_col_t mac_ndomains = MAC_NDOMAINS;\n",
		mo->enforcing ? "true" : "false",
		polc_policy_mls() ? "true" : "false");
	fprintf(f, "\n/* Per domain: the policy's permissive statement. */\n"
		   "const uint8_t mac_type_permissive[MAC_NDOMAINS] = {");
	for (d = 0; d < mo->ndomains; d++)
		fprintf(f, "%s%d", d ? ", " : " ",
			polc_type_permissive(mo->type_of_col[d]));
	fprintf(f, " };\n");
}

/* Every domain's share of the kernel's tables, by enum mac_limit name. */
static void polc_emit_limits(FILE *f, const struct polc_model *mo)
{
	char key[32];
	uint32_t d;
	int k;

	fprintf(f, "\n/* Per domain: what its tasks may hold of each kernel table "
		   "(limit statements, else half a table). */\n"
		   "const uint16_t mac_domain_limits[MAC_NDOMAINS][MAC_NLIMITS] = {\n");
	for (d = 0; d < mo->ndomains; d++) {
		fprintf(f, "\t{");
		for (k = 0; k < POLC_NLIMITS; k++) {
			polc_upper(key, sizeof(key), polc_limit_keys[k].name);
			fprintf(f, "%s[MAC_LIMIT_%s] = %ld", k ? ", " : " ", key,
				polc_model_limit(mo, d, k));
		}
		fprintf(f, " },\t/* %s */\n", polc_type_name(mo->type_of_col[d]));
	}
	fprintf(f, "};\n");
}

/* ---- the source: tables */

static void polc_emit_fast(FILE *f, const struct polc_model *mo, uint32_t c,
			   const struct polc_class_rows *cr)
{
	uint32_t r, t;

	fprintf(f, "static const mac_vec_t mac_fast_%u[%u][MAC_NTYPES] = {\n", c, cr->nrows);
	for (r = 0; r < cr->nrows; r++) {
		fprintf(f, "\t{");
		for (t = 0; t < mo->ntypes; t++) {
			const struct polc_av *av = polc_model_av(mo, c, cr->first[r], t);

			fprintf(f, "%s0x%x", polc_sep(t, 8), av->allowed & ~av->auditallow);
		}
		fprintf(f, "\n\t},\n");
	}
	fprintf(f, "};\n");
}

static void polc_emit_avi(FILE *f, const struct polc_model *mo, uint32_t c,
			  const struct polc_class_rows *cr)
{
	uint32_t r, t;

	fprintf(f, "\nstatic const uint16_t mac_avi_%u[%u][MAC_NTYPES] = {\n", c, cr->nrows);
	for (r = 0; r < cr->nrows; r++) {
		fprintf(f, "\t{");
		for (t = 0; t < mo->ntypes; t++)
			fprintf(f, "%s%u", polc_sep(t, 16),
				cr->avi[cr->first[r] * mo->ntypes + t]);
		fprintf(f, "\n\t},\n");
	}
	fprintf(f, "};\n");
}

static void polc_emit_pool(FILE *f, uint32_t c, const struct polc_class_rows *cr)
{
	uint32_t i;

	fprintf(f, "\nstatic const struct mac_av mac_pool_%u[%u] = {\n", c, cr->npool);
	for (i = 0; i < cr->npool; i++)
		fprintf(f, "\t{ 0x%x, 0x%x, 0x%x },\n", cr->pool[i].allowed,
			cr->pool[i].auditallow, cr->pool[i].auditdeny);
	fprintf(f, "};\n");
}

static void polc_emit_rows(FILE *f, const struct polc_model *mo, uint32_t c,
			   const struct polc_class_rows *cr, struct polc_sizes *sz)
{
	fprintf(f, "\n/* class %s: %u domains share %u rows, %u distinct vectors */\n",
		polc_cname(mo, c), mo->ndomains, cr->nrows, cr->npool);
	polc_emit_fast(f, mo, c, cr);
	polc_emit_avi(f, mo, c, cr);
	polc_emit_pool(f, c, cr);
	sz->fast += (size_t)cr->nrows * mo->ntypes * sizeof(uint32_t);
	sz->slow += (size_t)cr->nrows * mo->ntypes * sizeof(uint16_t) +
		    cr->npool * 3 * sizeof(uint32_t);
}

static void polc_emit_subjects(FILE *f, const struct polc_model *mo,
			       const struct polc_class_rows *cr, struct polc_sizes *sz)
{
	uint32_t d, c;
	int pass;

	fprintf(f, "\nconst struct mac_subject mac_subjects[MAC_NDOMAINS] = {\n");
	for (d = 0; d < mo->ndomains; d++) {
		fprintf(f, "\t{\t/* %s */\n", polc_type_name(mo->type_of_col[d]));
		for (pass = 0; pass < 2; pass++) {
			fprintf(f, "\t\t{");
			for (c = 0; c < mo->nclasses; c++)
				fprintf(f, "%smac_%s_%u[%u]", polc_sep(c, 4),
					pass ? "avi" : "fast", c, cr[c].row_of[d]);
			fprintf(f, "\n\t\t},\n");
		}
		fprintf(f, "\t\t%u\n\t},\n", d);
	}
	fprintf(f, "};\n\nconst struct mac_av *const mac_av_pool[MAC_NCLASSES] = {\n");
	for (c = 0; c < mo->nclasses; c++)
		fprintf(f, "\tmac_pool_%u,\n", c);
	fprintf(f, "};\n");
	/* Subjects: two row pointers per class and the type, padded. */
	sz->rows += (size_t)mo->ndomains *
		    ((mo->nclasses * 2 * POLC_TARGET_PTR + 2 + 3) & ~(size_t)3) +
		    (size_t)mo->nclasses * POLC_TARGET_PTR;
}

static void polc_emit_plane(FILE *f, const struct polc_model *mo,
			    const uint32_t *plane)
{
	uint32_t d, t;

	for (d = 0; d < mo->ndomains; d++) {
		fprintf(f, "\t{");
		for (t = 0; t < mo->ntypes; t++) {
			uint32_t col = plane[d * mo->ntypes + t];

			if (col == POLC_NO_COL)
				fprintf(f, "%sMAC_NO_LABEL", polc_sep(t, 16));
			else
				fprintf(f, "%s%u", polc_sep(t, 16), col);
		}
		fprintf(f, "\n\t},\n");
	}
}

/* Kernel classes mapped onto one class share its table and its plane. */
static bool polc_create_seen(const struct polc_model *mo, uint32_t k)
{
	uint32_t j;

	for (j = 0; j < k; j++)
		if (mo->create_class[j] == mo->create_class[k])
			return true;
	return false;
}

static void polc_emit_transitions(FILE *f, const struct polc_model *mo,
				  struct polc_sizes *sz)
{
	size_t plane = (size_t)mo->ndomains * mo->ntypes;
	uint32_t k, c;

	fprintf(f, "\nconst mac_col_t mac_spawn_table[MAC_NDOMAINS][MAC_NTYPES] = {\n");
	polc_emit_plane(f, mo, mo->spawn);
	fprintf(f, "};\n");
	for (k = 0; k < mo->ncreate; k++) {
		if (polc_create_seen(mo, k))
			continue;
		fprintf(f, "\nstatic const mac_col_t mac_create_%s[MAC_NDOMAINS][MAC_NTYPES] = {\n",
			polc_cname(mo, mo->create_class[k]));
		polc_emit_plane(f, mo, mo->create + k * plane);
		fprintf(f, "};\n");
	}
	fprintf(f, "\nconst mac_col_t (*const mac_create_table[MAC_NCLASSES])[MAC_NTYPES] = {\n");
	/* By table: the kernel's class may be mapped onto another name. */
	for (k = 0; k < mo->ncreate; k++) {
		c = mo->create_class[k];
		if (!polc_create_seen(mo, k))
			fprintf(f, "\t[%u] = mac_create_%s,\n", c, polc_cname(mo, c));
	}
	fprintf(f, "};\n");
	sz->trans += plane * sizeof(uint16_t) * (1 + mo->ncreate) +
		     mo->nclasses * POLC_TARGET_PTR;
}

/* ---- the source: what the kernel creates at boot */

static void polc_emit_objects(FILE *f, const struct polc_model *mo)
{
	static const char *const kinds[] = {
		[POLC_DIR] = "MAC_KIND_DIR", [POLC_FILE] = "MAC_KIND_FILE",
		[POLC_SOCK_FILE] = "MAC_KIND_SOCK_FILE",
		[POLC_FIFO_FILE] = "MAC_KIND_FIFO_FILE",
		[POLC_CHR_FILE] = "MAC_KIND_CHR_FILE"
	};
	const struct polc_manifest *m = mo->manifest;
	int i;

	fprintf(f, "\nconst struct mac_init_object mac_init_objects[MAC_NOBJECTS + 1] = {\n");
	for (i = 0; m && i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		if (it->kind < POLC_DIR || it->kind > POLC_CHR_FILE)
			continue;
		fprintf(f, "\t{ ");
		polc_put_string(f, it->name);
		fprintf(f, ", %s, %s, ", kinds[it->kind],
			polc_col_const(polc_col(mo, it->sid)));
		if (it->content)
			polc_put_string(f, it->content);
		else
			fprintf(f, "NULL");
		fprintf(f, " },\n");
	}
	fprintf(f, "\t{ NULL, 0, 0, NULL }\n};\n");
}

static void polc_emit_tasks(FILE *f, const struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	int i;

	fprintf(f, "\n");
	for (i = 0; m && i < m->nitems; i++)
		if (m->items[i].kind == POLC_TASK)
			fprintf(f, "extern void %s(void);\n", m->items[i].entry);
	fprintf(f, "\nconst struct mac_init_task mac_init_tasks[MAC_NTASKS + 1] = {\n");
	for (i = 0; m && i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		if (it->kind != POLC_TASK)
			continue;
		fprintf(f, "\t{ ");
		polc_put_string(f, it->name);
		fprintf(f, ", %s, %ld, %s },\n", it->entry, it->number,
			polc_col_const(polc_col(mo, it->sid)));
	}
	fprintf(f, "\t{ NULL, NULL, 0, 0 }\n};\n");
	fprintf(f, "\nconst struct mac_init_channel mac_init_channels[MAC_NCHANNELS + 1] = {\n");
	for (i = 0; m && i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		if (it->kind != POLC_CHANNEL)
			continue;
		fprintf(f, "\t{ ");
		polc_put_string(f, it->name);
		fprintf(f, ", %s },\n", polc_col_const(polc_col(mo, it->sid)));
	}
	fprintf(f, "\t{ NULL, 0 }\n};\n");
}

static int polc_emit_source(FILE *f, const struct polc_model *mo,
			    struct polc_sizes *sz)
{
	struct polc_class_rows *cr = polc_alloc(sizeof(*cr) * mo->nclasses);
	uint32_t c;
	int rc = 0;

	fprintf(f, "/* Generated by mac-polc: do not edit. */\n"
		   "#include \"mac.h\"\n");
	polc_emit_globals(f, mo);
	polc_emit_limits(f, mo);
	polc_emit_names(f, mo);
	for (c = 0; c < mo->nclasses && !rc; c++) {
		rc = polc_dedup(mo, c, &cr[c]);
		if (!rc)
			polc_emit_rows(f, mo, c, &cr[c], sz);
	}
	if (!rc)
		polc_emit_subjects(f, mo, cr, sz);
	if (!rc && !mo->all_types)
		polc_emit_transitions(f, mo, sz);
	if (!rc && !mo->all_types)
		rc = polc_emit_sel07(f, mo);
	polc_emit_objects(f, mo);
	polc_emit_tasks(f, mo);
	polc_rows_free(cr, mo->nclasses);
	return rc;
}

/* ---- files */

/* A fresh name per run: two runs on one directory do not write into
 * each other's file, and the last rename wins whole. */
static FILE *polc_open_tmp(const char *dir, const char *name, char *tmp, size_t len)
{
	FILE *f = NULL;
	int fd;

	snprintf(tmp, len, "%s/.%s.XXXXXX", dir, name);
	fd = mkstemp(tmp);
	if (fd >= 0)
		polc_clean_path(tmp);	/* removed if mac-polc stops meanwhile */
	if (fd >= 0 && !fchmod(fd, 0644))
		f = fdopen(fd, "w");
	if (!f) {
		polc_error("%s: cannot write: %s", tmp, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
	}
	return f;
}

static int polc_close_tmp(FILE *f, const char *tmp, int rc)
{
	if (ferror(f))
		rc = -1;
	if (fclose(f))
		rc = -1;
	if (rc)
		unlink(tmp);
	return rc;
}

static int polc_rename(const char *tmp, const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!rename(tmp, path))
		return 0;
	polc_error("%s: cannot rename to %s: %s", tmp, path, strerror(errno));
	unlink(tmp);
	return -1;
}

static int polc_emit_files(const struct polc_model *mo, const char *outdir, FILE *report)
{
	char htmp[4096], ctmp[4096];
	struct polc_sizes sz = { 0, 0, 0, 0 };
	FILE *h, *c;
	int rc;

	/* Domains are the tasks' types: with none, the C would hold empty rows. */
	if (!mo->ndomains) {
		polc_error_at(mo->manifest ? mo->manifest->file : "policy", 1,
			      "no task statement: the firmware would start nothing");
		return -1;
	}
	h = polc_open_tmp(outdir, "mac_policy.h", htmp, sizeof(htmp));
	if (!h)
		return -1;
	polc_emit_header(h, mo);
	if (polc_close_tmp(h, htmp, 0))
		return -1;
	c = polc_open_tmp(outdir, "mac_policy.c", ctmp, sizeof(ctmp));
	if (!c) {
		unlink(htmp);
		return -1;
	}
	rc = polc_close_tmp(c, ctmp, polc_emit_source(c, mo, &sz));
	if (rc) {
		unlink(htmp);
		return -1;
	}
	if (report)
		fprintf(report, "mac-polc: %u domains, %u types, %u classes: tables %zu bytes "
			"(fast rows %zu, slow rows and vectors %zu, row pointers %zu, "
			"transitions %zu)\n", mo->ndomains, mo->ntypes, mo->nclasses,
			sz.fast + sz.slow + sz.rows + sz.trans, sz.fast, sz.slow,
			sz.rows, sz.trans);
	if (polc_rename(ctmp, outdir, "mac_policy.c")) {
		unlink(htmp);
		return -1;
	}
	return polc_rename(htmp, outdir, "mac_policy.h");
}

int polc_emit(const struct polc_model *mo, const char *outdir, FILE *report)
{
	int rc;

	polc_names = polc_col_names(mo);
	rc = polc_emit_files(mo, outdir, report);
	polc_free_names(polc_names, mo->ntypes);
	polc_names = NULL;
	return rc;
}
