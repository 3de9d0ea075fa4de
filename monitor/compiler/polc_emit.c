/*
 * polc_emit.c - writes mac_policy.h and mac_policy.c.
 *
 * Layout: per class, the columns that no domain tells apart share one
 * class column; the classes' columns follow each other in one row per
 * domain, so that an object's index (its class column at its class's
 * base, scaled to the cell: mac_ccol_t) names the class too and a task
 * holds one row pointer. Domains with equal rows share one. Two parallel
 * row sets:
 *   fast[r][i] = (allowed & ~auditallow) & the kernel's bits, the only
 *                thing mac_check reads;
 *   avi[r][i]  = index of (allowed, auditallow, auditdeny) in the
 *                class's pool of unique triples, for the slow path.
 * Every vector is in the table's own numbering (polc_classes.c), and
 * each kind of cell is as narrow as the policy lets it be (mac_fast_t,
 * mac_avi_t, mac_ccol_t, mac_pvec_t in mac_policy.h). Transitions are
 * sorted lists of the cells that differ from the default.
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
	struct polc_av *av;	/* [domain][column], the table's numbering */
	uint32_t nccol;
	uint32_t *ccol_of;	/* [column] -> class column */
	uint32_t *col_first;	/* [class column] -> a column having it */
	uint32_t base;		/* its first column in a domain's row */
	uint32_t npool;
	struct polc_av *pool;
	uint32_t *avi;		/* [domain][class column] -> pool index */
};

/* The domains' rows over every class's columns, deduplicated. */
struct polc_blocks {
	uint32_t total;		/* columns of all classes */
	uint32_t nfast, nslow;
	uint32_t *fast_of, *fast_first;	/* [domain] -> row, [row] -> a domain */
	uint32_t *slow_of, *slow_first;
};

/* The cell widths of the whole policy, in bytes (ccol: signed). */
struct polc_widths {
	unsigned int fast, avi, ccol, cmap, pvec, shift;
};

struct polc_sizes {
	size_t fast, slow, rows, trans;
};

/* ---- deduplication */

static const struct polc_av *polc_cell(const struct polc_model *mo,
				       const struct polc_class_rows *cr, uint32_t d, uint32_t t)
{
	return &cr->av[(size_t)d * mo->ntypes + t];
}

static bool polc_same_col(const struct polc_model *mo, const struct polc_class_rows *cr,
			  uint32_t a, uint32_t b)
{
	uint32_t d;

	for (d = 0; d < mo->ndomains; d++)
		if (memcmp(polc_cell(mo, cr, d, a), polc_cell(mo, cr, d, b),
			   sizeof(struct polc_av)))
			return false;
	return true;
}

static uint32_t polc_fast_cell(const struct polc_model *mo, uint32_t c,
			       const struct polc_class_rows *cr, uint32_t d, uint32_t k)
{
	const struct polc_av *av = polc_cell(mo, cr, d, cr->col_first[k]);

	return av->allowed & ~av->auditallow & polc_hot_mask(mo, c);
}

static bool polc_same_block(const struct polc_model *mo, const struct polc_class_rows *cr,
			    uint32_t a, uint32_t b, bool fast)
{
	uint32_t c, k;

	for (c = 0; c < mo->nclasses; c++)
		for (k = 0; k < cr[c].nccol; k++)
			if (fast ? polc_fast_cell(mo, c, &cr[c], a, k) !=
				   polc_fast_cell(mo, c, &cr[c], b, k) :
				   cr[c].avi[a * cr[c].nccol + k] != cr[c].avi[b * cr[c].nccol + k])
				return false;
	return true;
}

static uint32_t polc_dedup_blocks(const struct polc_model *mo, const struct polc_class_rows *cr,
				  bool fast, uint32_t *of, uint32_t *first)
{
	uint32_t d, r, n = 0;

	for (d = 0; d < mo->ndomains; d++) {
		for (r = 0; r < n && !polc_same_block(mo, cr, first[r], d, fast); r++)
			;
		if (r == n)
			first[n++] = d;
		of[d] = r;
	}
	return n;
}

static void polc_blocks_of(const struct polc_model *mo, const struct polc_class_rows *cr,
			   struct polc_blocks *b)
{
	uint32_t c;

	for (c = 0, b->total = 0; c < mo->nclasses; c++)
		b->total += cr[c].nccol;
	b->fast_of = polc_alloc(sizeof(uint32_t) * mo->ndomains);
	b->fast_first = polc_alloc(sizeof(uint32_t) * mo->ndomains);
	b->slow_of = polc_alloc(sizeof(uint32_t) * mo->ndomains);
	b->slow_first = polc_alloc(sizeof(uint32_t) * mo->ndomains);
	b->nfast = polc_dedup_blocks(mo, cr, true, b->fast_of, b->fast_first);
	b->nslow = polc_dedup_blocks(mo, cr, false, b->slow_of, b->slow_first);
}

static void polc_blocks_free(struct polc_blocks *b)
{
	free(b->fast_of);
	free(b->fast_first);
	free(b->slow_of);
	free(b->slow_first);
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

/* The class's cells in the table's numbering. */
static void polc_renumber(const struct polc_model *mo, uint32_t c, struct polc_class_rows *cr)
{
	size_t i, cells = (size_t)mo->ndomains * mo->ntypes;

	cr->av = polc_alloc(sizeof(*cr->av) * cells);
	for (i = 0; i < cells; i++) {
		const struct polc_av *av = polc_model_av(mo, c, (uint32_t)(i / mo->ntypes),
							 (uint32_t)(i % mo->ntypes));

		cr->av[i].allowed = polc_table_vec(mo, c, av->allowed);
		cr->av[i].auditallow = polc_table_vec(mo, c, av->auditallow);
		cr->av[i].auditdeny = polc_table_vec(mo, c, av->auditdeny);
	}
}

/* Columns no domain tells apart, in order of first use. A quadratic
 * search over the distinct columns: they are few where tables must be
 * small, and the statn benchmark's thousand labels collapse into one. */
static void polc_dedup_cols(const struct polc_model *mo, struct polc_class_rows *cr)
{
	uint32_t t, k;

	cr->ccol_of = polc_alloc(sizeof(*cr->ccol_of) * (mo->ntypes + 1));
	cr->col_first = polc_alloc(sizeof(*cr->col_first) * (mo->ntypes + 1));
	for (t = 0; t < mo->ntypes; t++) {
		for (k = 0; k < cr->nccol && !polc_same_col(mo, cr, cr->col_first[k], t); k++)
			;
		if (k == cr->nccol)
			cr->col_first[cr->nccol++] = t;
		cr->ccol_of[t] = k;
	}
}

static int polc_dedup(const struct polc_model *mo, uint32_t c,
		      struct polc_class_rows *cr)
{
	uint32_t d, k;

	polc_renumber(mo, c, cr);
	polc_dedup_cols(mo, cr);
	cr->pool = polc_alloc(sizeof(*cr->pool) * mo->ndomains * cr->nccol);
	cr->avi = polc_alloc(sizeof(*cr->avi) * mo->ndomains * cr->nccol);
	for (d = 0; d < mo->ndomains; d++)
		for (k = 0; k < cr->nccol; k++)
			cr->avi[d * cr->nccol + k] =
				polc_pool_index(cr, polc_cell(mo, cr, d, cr->col_first[k]));
	if (cr->npool > 0xffff || cr->nccol > 0xffff) {
		polc_error("class %s: more than 65535 distinct vectors or columns",
			   polc_class_name(mo->class_of[c]));
		return -1;
	}
	return 0;
}

static void polc_rows_free(struct polc_class_rows *cr, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		free(cr[i].av);
		free(cr[i].ccol_of);
		free(cr[i].col_first);
		free(cr[i].pool);
		free(cr[i].avi);
	}
	free(cr);
}

/* The classes' columns one after the other in a domain's row. */
static uint32_t polc_bases(const struct polc_model *mo, struct polc_class_rows *cr)
{
	uint32_t c, total = 0;

	for (c = 0; c < mo->nclasses; c++) {
		cr[c].base = total;
		total += cr[c].nccol;
	}
	return total;
}

static unsigned int polc_bytes_for(uint32_t max)
{
	return max <= 0xff ? 1 : max <= 0xffff ? 2 : 4;
}

static unsigned int polc_top_bit(uint32_t v)
{
	unsigned int n = 0;

	while (n < 32 && v >> n)
		n++;
	return n;	/* bits needed */
}

/* One width per kind of cell for the whole policy. */
static void polc_widths_of(const struct polc_model *mo, const struct polc_class_rows *cr,
			   const struct polc_blocks *b, struct polc_widths *w)
{
	uint32_t c, fast = 0, pvec = 0, avi = 0;

	for (c = 0; c < mo->nclasses; c++) {
		fast |= polc_hot_mask(mo, c);
		pvec |= polc_table_vec(mo, c, polc_perm_mask(mo->class_of[c]));
		if (cr[c].npool - 1 > avi)
			avi = cr[c].npool - 1;
	}
	w->fast = polc_top_bit(fast) <= 8 ? 1 : polc_top_bit(fast) <= 16 ? 2 : 4;
	w->shift = w->fast == 1 ? 0 : w->fast == 2 ? 1 : 2;
	w->pvec = polc_top_bit(pvec) <= 8 ? 1 : polc_top_bit(pvec) <= 16 ? 2 : 4;
	w->avi = polc_bytes_for(avi);
	w->cmap = polc_bytes_for(b->total - 1);
	w->ccol = ((unsigned long long)(b->total - 1) << w->shift) <= 0x7fff ? 2 : 4;
}

static const char *polc_uint(unsigned int bytes)
{
	return bytes == 1 ? "uint8_t" : bytes == 2 ? "uint16_t" : "uint32_t";
}

static const char *polc_int(unsigned int bytes)
{
	return bytes == 2 ? "int16_t" : "int32_t";
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

/* [type value] -> the columns of that type, while polc_emit runs: each
 * column's name asks, and a scan of the columns each time would make
 * the names quadratic in them. */
static uint32_t *polc_type_ncols;

static void polc_count_type_cols(const struct polc_model *mo)
{
	uint32_t c;

	polc_type_ncols = polc_alloc(sizeof(*polc_type_ncols) * (polc_ntypes() + 1));
	for (c = 0; c < mo->ntypes; c++)
		polc_type_ncols[mo->type_of_col[c]]++;
}

static bool polc_type_unique(const struct polc_model *mo, uint32_t col)
{
	return polc_type_ncols[mo->type_of_col[col]] == 1;
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
	struct polc_map taken = { 0 };	/* the names given so far */
	uint32_t c;

	for (c = 0; c < mo->ntypes; c++) {
		polc_col_name(mo, c, polc_type_name(mo->type_of_col[c]), buf, sizeof(buf));
		if (polc_map_get(&taken, 0, buf) >= 0)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "__%u", c);
		names[c] = polc_strdup(buf);
		polc_map_add(&taken, 0, names[c], (int)c);
	}
	polc_map_free(&taken);
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
			bit[n++] = polc_table_bit(mo, c, b);
	}
	polc_emit_class(f, polc_cname(mo, c), c, perm, bit, n);
}

/* The classes by the names the kernel uses (polc_classes.c), in the
 * tables' numbering; without a manifest, every class of the policy by
 * its own. */
static void polc_emit_class_constants(FILE *f, const struct polc_model *mo)
{
	const struct polc_kclass *kc;
	unsigned int bit[POLC_MAX_PERMS];
	uint32_t c, i;

	for (c = 0; c < mo->nkclasses; c++) {
		kc = &mo->kclasses[c];
		for (i = 0; i < kc->nperms; i++)
			bit[i] = polc_table_bit(mo, kc->index, kc->bit[i]);
		polc_emit_class(f, kc->name, kc->index, kc->perm, bit, kc->nperms);
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

static void polc_emit_types(FILE *f, const struct polc_widths *w)
{
	fprintf(f, "\n/* The cells' widths: the narrowest that hold this policy. */\n"
		   "typedef %s mac_fast_t;\t/* a fast vector: the kernel's bits */\n"
		   "typedef %s mac_pvec_t;\t/* a vector of the slow path's pool */\n"
		   "typedef %s mac_avi_t;\t/* an index into a class's pool */\n"
		   "typedef %s mac_cmap_t;\t/* a row index in mac_class_col */\n"
		   "/* An object's row index scaled to mac_fast_t, signed: loaded as it is */\n"
		   "typedef %s mac_ccol_t;\n"
		   "#define MAC_FAST_SHIFT %u\t/* log2(sizeof(mac_fast_t)) */\n",
		polc_uint(w->fast), polc_uint(w->pvec), polc_uint(w->avi), polc_uint(w->cmap),
		polc_int(w->ccol), w->shift);
}

/* The mode at boot, and whether mac_policy.c holds the selinux07 model's
 * policy (polc_sel07.c): without it, monitor/model_selinux07_lsm.c holds
 * the stand-ins that refuse, and says why. */
static void polc_emit_mode(FILE *f, const struct polc_model *mo)
{
	const char *why = polc_sel07_absent(mo);

	fprintf(f, "#define MAC_ENFORCING %d\n#define MAC_SEL07_MODEL %d\n", mo->enforcing,
		!why);
	if (why)
		fprintf(f, "#define MAC_SEL07_ABSENT_WHY \"%s\"\n", why);
}

/* X(PATH, ENTRY) for each program statement, for the image's table of
 * the programs a task may execute. */
static void polc_emit_programs(FILE *f, const struct polc_model *mo)
{
	const struct polc_manifest *m = mo->manifest;
	int i;

	fprintf(f, "#define MAC_NPROGRAMS %d\n#define MAC_PROGRAMS(X)",
		polc_count(mo, POLC_PROGRAM, POLC_PROGRAM));
	for (i = 0; m && i < m->nitems; i++) {
		if (m->items[i].kind != POLC_PROGRAM)
			continue;
		fprintf(f, " X(");
		polc_put_string(f, m->items[i].name);
		fprintf(f, ", %s)", m->items[i].entry);
	}
	fprintf(f, "\n");
}

static void polc_emit_header(FILE *f, const struct polc_model *mo, const struct polc_widths *w)
{
	fprintf(f, "/* Generated by mac-polc: do not edit. */\n"
		   "#ifndef MAC_POLICY_H\n#define MAC_POLICY_H\n\n#include <stdint.h>\n\n"
		   "/* Constants only: mac.h includes this file and declares "
		   "the tables. */\n\n");
	fprintf(f, "#define MAC_NTYPES %u\n#define MAC_NDOMAINS %u\n"
		   "#define MAC_NCLASSES %u\n#define MAC_POLICY_IS_MLS %d\n"
		   "/* MLS's levels: 1 is MCS (s0 and categories), more is MLS */\n"
		   "#define MAC_POLICY_SENSITIVITIES %u\n",
		mo->ntypes, mo->ndomains, mo->nclasses, polc_policy_mls(),
		(unsigned)polc_policy_sensitivities());
	fprintf(f, "#define MAC_NOBJECTS %d\n#define MAC_NTASKS %d\n"
		   "#define MAC_NCHANNELS %d\n",
		polc_count(mo, POLC_DIR, POLC_CHR_FILE),
		polc_count(mo, POLC_TASK, POLC_TASK),
		polc_count(mo, POLC_CHANNEL, POLC_CHANNEL));
	polc_emit_mode(f, mo);
	polc_emit_programs(f, mo);
	polc_emit_types(f, w);
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
				fprintf(f, "\t[%u] = ", polc_table_bit(mo, i, bit));
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

static void polc_emit_fast(FILE *f, const struct polc_model *mo,
			   const struct polc_class_rows *cr, const struct polc_blocks *b)
{
	uint32_t r, c, k, i;

	fprintf(f, "\nstatic const mac_fast_t mac_fast[%u][%u] = {\n", b->nfast, b->total);
	for (r = 0; r < b->nfast; r++) {
		fprintf(f, "\t{");
		for (c = 0, i = 0; c < mo->nclasses; c++)
			for (k = 0; k < cr[c].nccol; k++, i++)
				fprintf(f, "%s0x%x", polc_sep(i, 8),
					polc_fast_cell(mo, c, &cr[c], b->fast_first[r], k));
		fprintf(f, "\n\t},\n");
	}
	fprintf(f, "};\n");
}

static void polc_emit_avi(FILE *f, const struct polc_model *mo,
			  const struct polc_class_rows *cr, const struct polc_blocks *b)
{
	uint32_t r, c, k, i;

	fprintf(f, "\nstatic const mac_avi_t mac_avi[%u][%u] = {\n", b->nslow, b->total);
	for (r = 0; r < b->nslow; r++) {
		fprintf(f, "\t{");
		for (c = 0, i = 0; c < mo->nclasses; c++)
			for (k = 0; k < cr[c].nccol; k++, i++)
				fprintf(f, "%s%u", polc_sep(i, 16),
					cr[c].avi[b->slow_first[r] * cr[c].nccol + k]);
		fprintf(f, "\n\t},\n");
	}
	fprintf(f, "};\n");
}

static void polc_emit_pool(FILE *f, uint32_t c, const struct polc_class_rows *cr)
{
	uint32_t i;

	fprintf(f, "\nstatic const struct mac_pav mac_pool_%u[%u] = {\n", c, cr->npool);
	for (i = 0; i < cr->npool; i++)
		fprintf(f, "\t{ 0x%x, 0x%x, 0x%x },\n", cr->pool[i].allowed,
			cr->pool[i].auditallow, cr->pool[i].auditdeny);
	fprintf(f, "};\n");
}

/* Each column's class column, for what the kernel labels at run time
 * (a created object, a spawn's new domain) and the tests. */
static void polc_emit_ccol(FILE *f, const struct polc_model *mo, uint32_t c,
			   const struct polc_class_rows *cr)
{
	uint32_t t;

	fprintf(f, "\nstatic const mac_cmap_t mac_ccol_%u[MAC_NTYPES] = {", c);
	for (t = 0; t < mo->ntypes; t++)
		fprintf(f, "%s%u", polc_sep(t, 16), cr->base + cr->ccol_of[t]);
	fprintf(f, "\n};\n");
}

static void polc_emit_class_rows(FILE *f, const struct polc_model *mo, uint32_t c,
				 const struct polc_class_rows *cr, const struct polc_widths *w,
				 struct polc_sizes *sz)
{
	fprintf(f, "\n/* class %s: %u columns from %u, %u distinct vectors */\n",
		polc_cname(mo, c), cr->nccol, cr->base, cr->npool);
	polc_emit_pool(f, c, cr);
	polc_emit_ccol(f, mo, c, cr);
	sz->slow += cr->npool * 3 * w->pvec;
	sz->rows += mo->ntypes * w->cmap;
}

static void polc_emit_subjects(FILE *f, const struct polc_model *mo,
			       const struct polc_class_rows *cr, const struct polc_blocks *b,
			       const struct polc_widths *w, struct polc_sizes *sz)
{
	uint32_t d, c;

	polc_emit_fast(f, mo, cr, b);
	polc_emit_avi(f, mo, cr, b);
	sz->fast += (size_t)b->nfast * b->total * w->fast;
	sz->slow += (size_t)b->nslow * b->total * w->avi;
	fprintf(f, "\nconst struct mac_subject mac_subjects[MAC_NDOMAINS] = {\n");
	for (d = 0; d < mo->ndomains; d++)
		fprintf(f, "\t{ mac_fast[%u], mac_avi[%u], %u },\t/* %s */\n", b->fast_of[d],
			b->slow_of[d], d, polc_type_name(mo->type_of_col[d]));
	fprintf(f, "};\n\nconst struct mac_pav *const mac_av_pool[MAC_NCLASSES] = {\n");
	for (c = 0; c < mo->nclasses; c++)
		fprintf(f, "\tmac_pool_%u,\n", c);
	fprintf(f, "};\n\nconst mac_cmap_t *const mac_class_col[MAC_NCLASSES] = {\n");
	for (c = 0; c < mo->nclasses; c++)
		fprintf(f, "\tmac_ccol_%u,\n", c);
	fprintf(f, "};\n\nconst mac_vec_t mac_kernel_bits[MAC_NCLASSES] = {");
	for (c = 0; c < mo->nclasses; c++)
		fprintf(f, "%s0x%x", polc_sep(c, 8), polc_hot_mask(mo, c));
	fprintf(f, "\n};\n");
	/* Subjects: two row pointers and the type, padded; the pools' and the
	 * column maps' pointers, the kernel's bits. */
	sz->rows += (size_t)mo->ndomains * (2 * POLC_TARGET_PTR + 4) +
		    (size_t)mo->nclasses * (2 * POLC_TARGET_PTR + sizeof(uint32_t));
}

/* Whether every domain gets the same cell *v for column t, one that is
 * not already every domain's default: then one MAC_ANY_DOMAIN cell. */
static bool polc_col_any(const struct polc_model *mo, const uint32_t *plane, uint32_t t,
			 bool spawn, uint32_t *v)
{
	uint32_t d;

	*v = plane[t];
	for (d = 1; d < mo->ndomains; d++)
		if (plane[d * mo->ntypes + t] != *v)
			return false;
	return spawn ? !(mo->ndomains == 1 && *v == 0) : *v != t;
}

static void polc_put_cell(FILE *f, const char *from, uint32_t t, uint32_t col)
{
	if (col == POLC_NO_COL)
		fprintf(f, "\t{ %s, %u, MAC_NO_LABEL },\n", from, t);
	else
		fprintf(f, "\t{ %s, %u, %u },\n", from, t, col);
}

/* The cells of a plane that differ from its default (the domain itself,
 * or the parent), in (domain, column) order for the lookup's binary
 * search; a column that every domain gives the same cell has one cell of
 * MAC_ANY_DOMAIN instead, after the others. */
static uint32_t polc_emit_list(FILE *f, const struct polc_model *mo, const uint32_t *plane,
			       bool spawn)
{
	uint32_t d, t, v, n = 0;
	char from[16];

	for (d = 0; d < mo->ndomains; d++)
		for (t = 0; t < mo->ntypes; t++) {
			uint32_t col = plane[d * mo->ntypes + t];

			if (col == (spawn ? d : t) || polc_col_any(mo, plane, t, spawn, &v))
				continue;
			snprintf(from, sizeof(from), "%u", d);
			polc_put_cell(f, from, t, col);
			n++;
		}
	for (t = 0; t < mo->ntypes; t++) {
		if (!polc_col_any(mo, plane, t, spawn, &v))
			continue;
		polc_put_cell(f, "MAC_ANY_DOMAIN", t, v);
		n++;
	}
	if (!n)	/* C has no empty arrays */
		fprintf(f, "\t{ MAC_NO_LABEL, MAC_NO_LABEL, MAC_NO_LABEL },\n");
	return n;
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

#define POLC_TRANS_BYTES 6	/* struct mac_trans: three mac_col_t */

static void polc_emit_transitions(FILE *f, const struct polc_model *mo,
				  struct polc_sizes *sz)
{
	size_t plane = (size_t)mo->ndomains * mo->ntypes;
	uint32_t k, c, n, *count = polc_alloc(sizeof(*count) * (mo->ncreate + 1));

	fprintf(f, "\nstatic const struct mac_trans mac_spawn_cells[] = {\n");
	n = polc_emit_list(f, mo, mo->spawn, true);
	fprintf(f, "};\n\nconst struct mac_trans_list mac_spawn_list = "
		   "{ mac_spawn_cells, %u };\n", n);
	sz->trans += (n ? n : 1) * POLC_TRANS_BYTES + 2 * POLC_TARGET_PTR;
	for (k = 0; k < mo->ncreate; k++) {
		if (polc_create_seen(mo, k))
			continue;
		fprintf(f, "\nstatic const struct mac_trans mac_create_%s[] = {\n",
			polc_cname(mo, mo->create_class[k]));
		count[k] = polc_emit_list(f, mo, mo->create + k * plane, false);
		fprintf(f, "};\n");
		sz->trans += (count[k] ? count[k] : 1) * POLC_TRANS_BYTES;
	}
	fprintf(f, "\nconst struct mac_trans_list mac_create_lists[MAC_NCLASSES] = {\n");
	/* By table: the kernel's class may be mapped onto another name. */
	for (k = 0; k < mo->ncreate; k++) {
		c = mo->create_class[k];
		if (!polc_create_seen(mo, k))
			fprintf(f, "\t[%u] = { mac_create_%s, %u },\n", c, polc_cname(mo, c),
				count[k]);
	}
	fprintf(f, "};\n");
	sz->trans += mo->nclasses * 2 * POLC_TARGET_PTR;
	free(count);
}

/* ---- the source: what the kernel creates at boot */

/* The cells' shift of the tables being written (polc_write_files). */
static unsigned int polc_shift;

/* An object's index in a kernel class's table, scaled (0 if the manifest
 * gave that class no table: the kernel then has no such node). */
static uint32_t polc_kccol(const struct polc_model *mo, const struct polc_class_rows *cr,
			   const char *cls, int col)
{
	int c = polc_classes_index(mo, cls);

	return c < 0 || col < 0 ? 0 : (cr[c].base + cr[c].ccol_of[col]) << polc_shift;
}

static void polc_emit_objects(FILE *f, const struct polc_model *mo,
			      const struct polc_class_rows *cr)
{
	static const char *const classes[] = {
		[POLC_DIR] = "dir", [POLC_FILE] = "file", [POLC_SOCK_FILE] = "sock_file",
		[POLC_FIFO_FILE] = "fifo_file", [POLC_CHR_FILE] = "chr_file"
	};
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
		fprintf(f, ", %s, %s, %u, ", kinds[it->kind],
			polc_col_const(polc_col(mo, it->sid)),
			polc_kccol(mo, cr, classes[it->kind], polc_col(mo, it->sid)));
		if (it->content)
			polc_put_string(f, it->content);
		else
			fprintf(f, "NULL");
		fprintf(f, " },\n");
	}
	fprintf(f, "\t{ NULL, 0, 0, 0, NULL }\n};\n");
}

static void polc_emit_tasks(FILE *f, const struct polc_model *mo,
			    const struct polc_class_rows *cr)
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
		fprintf(f, ", %s, %u },\n", polc_col_const(polc_col(mo, it->sid)),
			polc_kccol(mo, cr, "channel", polc_col(mo, it->sid)));
	}
	fprintf(f, "\t{ NULL, 0, 0 }\n};\n");
}

static int polc_emit_source(FILE *f, const struct polc_model *mo,
			    const struct polc_class_rows *cr, const struct polc_blocks *b,
			    const struct polc_widths *w, struct polc_sizes *sz)
{
	uint32_t c;
	int rc = 0;

	fprintf(f, "/* Generated by mac-polc: do not edit. */\n"
		   "#include \"mac.h\"\n");
	polc_emit_globals(f, mo);
	polc_emit_limits(f, mo);
	polc_emit_names(f, mo);
	for (c = 0; c < mo->nclasses; c++)
		polc_emit_class_rows(f, mo, c, &cr[c], w, sz);
	polc_emit_subjects(f, mo, cr, b, w, sz);
	if (!mo->all_types)
		polc_emit_transitions(f, mo, sz);
	else	/* a dump reads no transition; mac.c's lookups still link */
		fprintf(f, "\nconst struct mac_trans_list mac_spawn_list;\n"
			   "const struct mac_trans_list mac_create_lists[MAC_NCLASSES];\n");
	if (!mo->all_types)
		rc = polc_emit_sel07(f, mo);
	polc_emit_objects(f, mo, cr);
	polc_emit_tasks(f, mo, cr);
	return rc;
}

/* Every class deduplicated, before the header: it names the widths. */
static struct polc_class_rows *polc_dedup_all(const struct polc_model *mo)
{
	struct polc_class_rows *cr = polc_alloc(sizeof(*cr) * (mo->nclasses + 1));
	uint32_t c;

	memset(cr, 0, sizeof(*cr) * (mo->nclasses + 1));
	for (c = 0; c < mo->nclasses; c++)
		if (polc_dedup(mo, c, &cr[c])) {
			polc_rows_free(cr, mo->nclasses);
			return NULL;
		}
	polc_bases(mo, cr);
	return cr;
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

static int polc_write_files(const struct polc_model *mo, const struct polc_class_rows *cr,
			    const char *outdir, FILE *report)
{
	char htmp[4096], ctmp[4096];
	struct polc_sizes sz = { 0, 0, 0, 0 };
	struct polc_widths w;
	struct polc_blocks b;
	FILE *h, *c;
	int rc;

	polc_blocks_of(mo, cr, &b);
	polc_widths_of(mo, cr, &b, &w);
	polc_shift = w.shift;
	h = polc_open_tmp(outdir, "mac_policy.h", htmp, sizeof(htmp));
	if (h)
		polc_emit_header(h, mo, &w);
	if (!h || polc_close_tmp(h, htmp, 0)) {
		polc_blocks_free(&b);
		return -1;
	}
	c = polc_open_tmp(outdir, "mac_policy.c", ctmp, sizeof(ctmp));
	if (!c) {
		polc_blocks_free(&b);
		unlink(htmp);
		return -1;
	}
	rc = polc_emit_source(c, mo, cr, &b, &w, &sz);
	/* the limit on what is written, before either file is in place */
	if (!rc && !mo->dump && polc_limit_written(mo->manifest ? mo->manifest->file : "all types",
				      sz.fast + sz.slow + sz.rows + sz.trans))
		rc = -1;
	if (!rc)	/* what the size report says, for the firmware's own report */
		fprintf(c, "\nconst uint32_t mac_table_bytes = %zu;\n",
			sz.fast + sz.slow + sz.rows + sz.trans);
	rc = polc_close_tmp(c, ctmp, rc);
	polc_blocks_free(&b);
	if (rc) {
		unlink(htmp);
		return -1;
	}
	if (report)
		fprintf(report, "mac-polc: %u domains, %u types, %u classes: tables %zu bytes "
			"(fast rows %zu, slow rows and vectors %zu, subjects and column "
			"maps %zu, transitions %zu; cells of %u/%u/%u/%u bytes: fast, pool, "
			"index, column map)\n", mo->ndomains, mo->ntypes, mo->nclasses,
			sz.fast + sz.slow + sz.rows + sz.trans, sz.fast, sz.slow,
			sz.rows, sz.trans, w.fast, w.pvec, w.avi, w.cmap);
	if (polc_rename(ctmp, outdir, "mac_policy.c")) {
		unlink(htmp);
		return -1;
	}
	return polc_rename(htmp, outdir, "mac_policy.h");
}

static int polc_emit_files(const struct polc_model *mo, const char *outdir, FILE *report)
{
	struct polc_class_rows *cr;
	int rc;

	/* Domains are the tasks' types: with none, the C would hold empty rows. */
	if (!mo->ndomains) {
		polc_error_at(mo->manifest ? mo->manifest->file : "policy", 1,
			      "no task statement: the firmware would start nothing");
		return -1;
	}
	cr = polc_dedup_all(mo);
	if (!cr)
		return -1;
	rc = polc_write_files(mo, cr, outdir, report);
	polc_rows_free(cr, mo->nclasses);
	return rc;
}

int polc_emit(const struct polc_model *mo, const char *outdir, FILE *report)
{
	int rc;

	polc_count_type_cols(mo);
	polc_names = polc_col_names(mo);
	rc = polc_emit_files(mo, outdir, report);
	polc_free_names(polc_names, mo->ntypes);
	polc_names = NULL;
	free(polc_type_ncols);
	polc_type_ncols = NULL;
	return rc;
}
