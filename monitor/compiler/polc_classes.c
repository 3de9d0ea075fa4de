/*
 * polc_classes.c - the classes the tables hold, from the manifest's class
 * and map statements, checked against what the kernel asks the monitor
 * (include/mac_kernel_checks.h), so that a manifest that leaves the kernel
 * without one of its constants stops here and not in the kernel's build.
 *
 * A class statement gives a class of the policy a table under its own
 * name, with a constant for every permission of the policy's class.  A map
 * statement has the kernel's class checked as another class of the
 * policy, for a policy (a distribution's) that lacks the kernel's class or
 * means something else by it: the kernel's constants then name that
 * class's table and bits, and the audit lines the policy's own names,
 * which is what audit2allow reads.  A class and a map may share a table.
 */
#include <stdlib.h>
#include <string.h>

#include "polc.h"
#include "mac_kernel_checks.h"

#define POLC_MSG_MAX 512

struct polc_kcheck {
	const char *cls;
	const char *perm;
	bool if_nodes;		/* only if the manifest has a node of the class */
	bool optional;		/* only if the manifest gives the class */
};

#define POLC_ALWAYS(c, p) { #c, #p, false, false },
#define POLC_IF_NODES(c, p) { #c, #p, true, false },
#define POLC_IF_GIVEN(c, p) { #c, #p, false, true },
static const struct polc_kcheck polc_kchecks[] = {
	MAC_KERNEL_CHECKS(POLC_ALWAYS)
	MAC_KERNEL_OBJECT_CHECKS(POLC_IF_NODES)
	MAC_KERNEL_OPTIONAL_CHECKS(POLC_IF_GIVEN)
};
#define POLC_NKCHECKS (sizeof(polc_kchecks) / sizeof(polc_kchecks[0]))

/* The statement keyword of a node kind is also its class's name. */
static const struct {
	enum polc_item_kind kind;
	const char *cls;
} polc_node_classes[] = {
	{ POLC_SOCK_FILE, "sock_file" },
	{ POLC_FIFO_FILE, "fifo_file" },
};

/* What a map can start from when the policy lacks a kernel class. */
static const struct {
	const char *kcls, *pcls, *pairs;
} polc_map_hints[] = {
	{ "channel", "unix_stream_socket", "send=write recv=read" },
};

/* ---- the kernel's list */

static bool polc_kernel_class(const char *cls)
{
	size_t i;

	for (i = 0; i < POLC_NKCHECKS; i++)
		if (!strcmp(polc_kchecks[i].cls, cls))
			return true;
	return false;
}

/* The list's own copy of the name, or NULL if the kernel does not check it. */
static const char *polc_kernel_perm(const char *cls, const char *perm)
{
	size_t i;

	for (i = 0; i < POLC_NKCHECKS; i++)
		if (!strcmp(polc_kchecks[i].cls, cls) && !strcmp(polc_kchecks[i].perm, perm))
			return polc_kchecks[i].perm;
	return NULL;
}

/* The kernel's permissions of cls, each followed by suffix ("", "=PERM"). */
static void polc_kernel_perms(const char *cls, const char *suffix, char *buf,
			      size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < POLC_NKCHECKS && n < len; i++)
		if (!strcmp(polc_kchecks[i].cls, cls))
			n += (size_t)snprintf(buf + n, len - n, "%s%s%s", n ? " " : "",
					      polc_kchecks[i].perm, suffix);
}

/* The first node of cls in the manifest, or NULL: the kernel needs the
 * class of a node kind only if the manifest creates one. */
static const struct polc_item *polc_node_item(const struct polc_manifest *m, const char *cls)
{
	size_t k;
	int i;

	for (k = 0; k < sizeof(polc_node_classes) / sizeof(polc_node_classes[0]); k++) {
		if (strcmp(polc_node_classes[k].cls, cls))
			continue;
		for (i = 0; i < m->nitems; i++)
			if (m->items[i].kind == polc_node_classes[k].kind)
				return &m->items[i];
	}
	return NULL;
}

/* ---- the policy's classes */


/* The table of a policy class, shared by its class and map statements. */
static uint32_t polc_table(struct polc_model *mo, uint32_t cls)
{
	uint32_t i;

	for (i = 0; i < mo->nclasses; i++)
		if (mo->class_of[i] == cls)
			return i;
	mo->class_of[mo->nclasses] = cls;
	return mo->nclasses++;
}

static struct polc_kclass *polc_find_kclass(const struct polc_model *mo,
					    const char *name)
{
	uint32_t i;

	for (i = 0; i < mo->nkclasses; i++)
		if (!strcmp(mo->kclasses[i].name, name))
			return &mo->kclasses[i];
	return NULL;
}

/* One constant name per class: a class statement and a map for the same
 * name, or two maps, would define MAC_CLASS_<name> twice. */
static struct polc_kclass *polc_add_kclass(struct polc_model *mo, const char *file,
					   const struct polc_item *it, bool mapped)
{
	struct polc_kclass *kc = polc_find_kclass(mo, it->words[0]);

	if (kc && kc->mapped && mapped)
		polc_error_at(file, it->line, "class '%s' mapped twice (first at %s)",
			      it->words[0], polc_where(file, kc->file, kc->line));
	else if (kc)
		polc_error_at(file, it->line, "class '%s' has both a class statement and "
			      "a map (the other at %s): keep one", it->words[0],
			      polc_where(file, kc->file, kc->line));
	if (kc)
		return NULL;
	kc = &mo->kclasses[mo->nkclasses++];
	memset(kc, 0, sizeof(*kc));
	kc->name = it->words[0];
	kc->file = it->file;
	kc->line = it->line;
	kc->mapped = mapped;
	return kc;
}

/* ---- messages with the fix */

static void polc_map_hint(const char *cls, char *buf, size_t len)
{
	char pairs[POLC_MSG_MAX];
	size_t i;

	for (i = 0; i < sizeof(polc_map_hints) / sizeof(polc_map_hints[0]); i++) {
		if (strcmp(polc_map_hints[i].kcls, cls) ||
		    !polc_class_value(polc_map_hints[i].pcls))
			continue;
		snprintf(buf, len, "map %s %s %s", cls, polc_map_hints[i].pcls,
			 polc_map_hints[i].pairs);
		return;
	}
	polc_kernel_perms(cls, "=PERM", pairs, sizeof(pairs));
	snprintf(buf, len, "map %s CLASS %s", cls, pairs);
}

static void polc_error_undefined(const char *file, int line, const char *cls)
{
	char perms[POLC_MSG_MAX], hint[2 * POLC_MSG_MAX];

	polc_kernel_perms(cls, "", perms, sizeof(perms));
	polc_map_hint(cls, hint, sizeof(hint));
	polc_error_at(file, line, "the kernel checks class %s { %s }, which the policy "
		      "does not define: map it onto a class the policy has, e.g. \"%s\"",
		      cls, perms, hint);
}

/* ---- class statements */

static void polc_all_perms(struct polc_kclass *kc, uint32_t cls)
{
	unsigned int bit;

	for (bit = 0; bit < POLC_MAX_PERMS; bit++) {
		const char *name = polc_perm_name(cls, bit);

		if (!name)
			continue;
		kc->perm[kc->nperms] = name;
		kc->bit[kc->nperms++] = bit;
	}
}

static int polc_class_stmt(struct polc_model *mo, const char *file,
			   const struct polc_item *it)
{
	uint32_t cls = polc_class_value(it->words[0]);
	struct polc_kclass *kc;
	int i;

	if (!cls && polc_kernel_class(it->words[0])) {
		polc_error_undefined(file, it->line, it->words[0]);
		return -1;
	}
	if (!cls) {
		polc_error_at(file, it->line, "unknown class '%s'", it->words[0]);
		return -1;
	}
	for (i = 1; i < it->nwords; i++) {
		if (polc_perm_bit(cls, it->words[i]) >= 0)
			continue;
		polc_error_at(file, it->line, "unknown permission '%s' in class '%s'",
			      it->words[i], it->words[0]);
		return -1;
	}
	kc = polc_add_kclass(mo, file, it, false);
	if (!kc)
		return -1;
	kc->index = polc_table(mo, cls);
	polc_all_perms(kc, cls);
	return 0;
}

/* ---- map statements: map KCLASS PCLASS KPERM=PPERM... */

static int polc_map_pair(struct polc_kclass *kc, const char *file,
			 const struct polc_item *it, uint32_t pcls, const char *pair)
{
	const char *eq = strchr(pair, '=');
	char kperm[128], kperms[POLC_MSG_MAX];
	int bit = polc_perm_bit(pcls, eq + 1);
	const char *name;
	uint32_t i;

	snprintf(kperm, sizeof(kperm), "%.*s", (int)(eq - pair), pair);
	polc_kernel_perms(kc->name, "", kperms, sizeof(kperms));
	name = polc_kernel_perm(kc->name, kperm);
	if (!name) {
		polc_error_at(file, it->line, "the kernel checks no permission '%s' of "
			      "class %s (it checks { %s })", kperm, kc->name, kperms);
		return -1;
	}
	if (bit < 0) {
		polc_error_at(file, it->line, "unknown permission '%s' in policy class "
			      "'%s'", eq + 1, it->words[1]);
		return -1;
	}
	for (i = 0; i < kc->nperms; i++) {
		if (strcmp(kc->perm[i], kperm))
			continue;
		polc_error_at(file, it->line, "permission '%s' of class %s mapped twice",
			      kperm, kc->name);
		return -1;
	}
	kc->perm[kc->nperms] = name;
	kc->bit[kc->nperms++] = (unsigned int)bit;
	return 0;
}

/* Every permission the kernel checks in the class needs a bit. */
static int polc_map_complete(const struct polc_kclass *kc, const char *file,
			     const struct polc_item *it)
{
	size_t i;
	uint32_t j;

	for (i = 0; i < POLC_NKCHECKS; i++) {
		if (strcmp(polc_kchecks[i].cls, kc->name))
			continue;
		for (j = 0; j < kc->nperms && strcmp(kc->perm[j], polc_kchecks[i].perm); j++)
			;
		if (j < kc->nperms)
			continue;
		polc_error_at(file, it->line, "map %s: the kernel's permission '%s' is not "
			      "mapped: add %s=PERM, PERM one of class %s's", kc->name,
			      polc_kchecks[i].perm, polc_kchecks[i].perm, it->words[1]);
		return -1;
	}
	return 0;
}

static int polc_map_stmt(struct polc_model *mo, const char *file,
			 const struct polc_item *it)
{
	uint32_t pcls = polc_class_value(it->words[1]);
	struct polc_kclass *kc;
	int i;

	if (!polc_kernel_class(it->words[0])) {
		polc_error_at(file, it->line, "map: the kernel checks no class '%s'",
			      it->words[0]);
		return -1;
	}
	if (!pcls) {
		polc_error_at(file, it->line, "map: unknown policy class '%s'", it->words[1]);
		return -1;
	}
	kc = polc_add_kclass(mo, file, it, true);
	if (!kc)
		return -1;
	kc->index = polc_table(mo, pcls);
	for (i = 2; i < it->nwords; i++)
		if (polc_map_pair(kc, file, it, pcls, it->words[i]))
			return -1;
	return polc_map_complete(kc, file, it);
}

/* ---- the kernel's classes against the statements */

static const struct polc_item *polc_class_item(const struct polc_manifest *m,
					       const char *cls)
{
	int i;

	for (i = 0; i < m->nitems; i++)
		if (m->items[i].kind == POLC_CLASS && !strcmp(m->items[i].name, cls))
			return &m->items[i];
	return NULL;
}

static bool polc_item_lists(const struct polc_item *it, const char *perm)
{
	int i;

	for (i = 1; i < it->nwords; i++)
		if (!strcmp(it->words[i], perm))
			return true;
	return false;
}

/* The kernel's permissions of cls that it->words lack (in_policy: only
 * those the policy's class has, else only those it lacks), as " a b". */
static size_t polc_unlisted(const struct polc_item *it, const char *cls,
			    bool in_policy, char *buf, size_t len)
{
	size_t i, n = 0, count = 0;

	buf[0] = '\0';
	for (i = 0; i < POLC_NKCHECKS && n < len; i++) {
		if (strcmp(polc_kchecks[i].cls, cls) || polc_item_lists(it, polc_kchecks[i].perm) ||
		    (polc_perm_bit(polc_class_value(cls), polc_kchecks[i].perm) >= 0) != in_policy)
			continue;
		n += (size_t)snprintf(buf + n, len - n, " %s", polc_kchecks[i].perm);
		count++;
	}
	return count;
}

/* A class statement must list what the kernel checks: the list is the
 * manifest's record of it, and a policy's class may lack a permission. */
static int polc_check_listed(const struct polc_manifest *m, const char *cls)
{
	const struct polc_item *it = polc_class_item(m, cls);
	char missing[POLC_MSG_MAX], hint[POLC_MSG_MAX];
	size_t n;

	if (polc_unlisted(it, cls, false, missing, sizeof(missing))) {
		polc_kernel_perms(cls, "=PERM", hint, sizeof(hint));
		polc_error_at(it->file, it->line, "the kernel checks%s in class %s, which "
			      "the policy's class %s does not have: map the class instead, "
			      "e.g. \"map %s %s %s\"", missing, cls, cls, cls, cls, hint);
		return -1;
	}
	n = polc_unlisted(it, cls, true, missing, sizeof(missing));
	if (!n)
		return 0;
	polc_error_at(it->file, it->line, "the kernel also checks%s in class %s: add %s "
		      "to this class statement", missing, cls, n > 1 ? "them" : "it");
	return -1;
}

/* Where a missing class is reported: at a node that needs it, else at
 * the last class or map statement, where another would go, else line 1. */
static const struct polc_item *polc_missing_at(const struct polc_manifest *m,
					       const char *cls)
{
	const struct polc_item *at = polc_node_item(m, cls);
	int i;

	if (at)
		return at;
	for (i = 0; i < m->nitems; i++)
		if (m->items[i].kind == POLC_CLASS || m->items[i].kind == POLC_MAP)
			at = &m->items[i];
	return at;
}

static int polc_check_missing(const struct polc_manifest *m, const char *cls)
{
	const struct polc_item *at = polc_missing_at(m, cls);
	const char *file = at ? at->file : m->file;
	int line = at ? at->line : 1;
	char perms[POLC_MSG_MAX];

	if (!polc_class_value(cls)) {
		polc_error_undefined(file, line, cls);
		return -1;
	}
	polc_kernel_perms(cls, "", perms, sizeof(perms));
	polc_error_at(file, line, "the kernel checks class %s { %s }%s, which no "
		      "class or map statement gives: add \"class %s %s\"", cls, perms,
		      polc_node_item(m, cls) ? " on this node" : "", cls, perms);
	return -1;
}

static int polc_check_kernel(const struct polc_model *mo, const struct polc_manifest *m)
{
	const struct polc_kclass *kc;
	size_t i;

	for (i = 0; i < POLC_NKCHECKS; i++) {
		const char *cls = polc_kchecks[i].cls;

		if (i > 0 && !strcmp(polc_kchecks[i - 1].cls, cls))
			continue;	/* one class at a time */
		kc = polc_find_kclass(mo, cls);
		/* the kernel compiles a node kind's class in if it is there */
		if (!kc && polc_kchecks[i].if_nodes && !polc_node_item(m, cls))
			continue;
		if (!kc && polc_kchecks[i].optional)
			continue;
		if (!kc)
			return polc_check_missing(m, cls);
		if (!kc->mapped && polc_check_listed(m, cls))
			return -1;
	}
	return 0;
}

/* ---- the tables' numbering: the kernel's permissions in the lowest bits
 * (SH-4's tst #imm reaches 8), the permissions the file-like classes
 * share on the same bit in each (the kernel checks them all with the file
 * class's constants), then the rest in the policy's order. */

#define POLC_NO_BIT 0xff

static const char *const polc_file_like[] = {
	"file", "dir", "chr_file", "sock_file", "fifo_file"
};

/* The measured paths' permissions first: read and write (a handle),
 * getattr (stat), search (every directory of a walk). */
static const char *const polc_hot_order[] = {
	"read", "write", "getattr", "search", "execute_no_trans", "entrypoint",
	"open", "append", "create", "unlink", "execute", "add_name",
	"remove_name", "rmdir", "transition", "send", "recv"
};
#define POLC_NHOT_ORDER (sizeof(polc_hot_order) / sizeof(polc_hot_order[0]))

static bool polc_is_file_like(const char *cls)
{
	size_t i;

	for (i = 0; i < sizeof(polc_file_like) / sizeof(polc_file_like[0]); i++)
		if (!strcmp(polc_file_like[i], cls))
			return true;
	return false;
}

/* The policy bit of a kernel class's permission, or -1. */
static int polc_kbit(const struct polc_kclass *kc, const char *perm)
{
	uint32_t i;

	for (i = 0; i < kc->nperms; i++)
		if (!strcmp(kc->perm[i], perm))
			return (int)kc->bit[i];
	return -1;
}

/* Whether the kernel checks perm on kc: its own list, and for a file-like
 * class also the file class's list (sys_fs.c checks every node kind with
 * the file class's constants). */
static bool polc_khot(const struct polc_kclass *kc, const char *perm)
{
	if (polc_kbit(kc, perm) < 0)
		return false;
	if (polc_kernel_perm(kc->name, perm))
		return true;
	return polc_is_file_like(kc->name) && polc_kernel_perm("file", perm);
}

/* The n-th name of the order the bits are handed out in, or NULL. */
static const char *polc_order_name(size_t n)
{
	size_t i, k;

	if (n < POLC_NHOT_ORDER)
		return polc_hot_order[n];
	for (i = 0, k = POLC_NHOT_ORDER; i < POLC_NKCHECKS; i++) {
		bool seen = false;
		size_t j;

		for (j = 0; j < POLC_NHOT_ORDER && !seen; j++)
			seen = !strcmp(polc_hot_order[j], polc_kchecks[i].perm);
		for (j = 0; j < i && !seen; j++)
			seen = !strcmp(polc_kchecks[j].perm, polc_kchecks[i].perm);
		if (!seen && k++ == n)
			return polc_kchecks[i].perm;
	}
	return NULL;
}

/* Two kernel classes are numbered together if both are file-like. */
static bool polc_same_group(const struct polc_kclass *a, const struct polc_kclass *b)
{
	return a == b || (polc_is_file_like(a->name) && polc_is_file_like(b->name));
}

/* The lowest bit no other name of kc's group already holds in a class
 * that also has perm. */
static unsigned int polc_group_bit(const struct polc_model *mo, const struct polc_kclass *kc,
				   const char *perm, const uint8_t *kbits)
{
	uint32_t used = 0, k;
	size_t n;
	const char *name;

	for (k = 0; k < mo->nkclasses; k++) {
		const struct polc_kclass *o = &mo->kclasses[k];

		if (!polc_same_group(kc, o) || !polc_khot(o, perm))
			continue;
		for (n = 0; (name = polc_order_name(n)); n++)
			if (kbits[k * POLC_MAX_PERMS + n] != POLC_NO_BIT && polc_khot(o, name))
				used |= 1u << kbits[k * POLC_MAX_PERMS + n];
	}
	for (k = 0; k < POLC_MAX_PERMS && (used >> k) & 1; k++)
		;
	return k;
}

/* Each kernel class's wanted bit per name of the order (kbits[k][n]). */
static void polc_kernel_bits(const struct polc_model *mo, uint8_t *kbits)
{
	uint32_t k, o;
	size_t n;
	const char *name;

	memset(kbits, POLC_NO_BIT, (size_t)mo->nkclasses * POLC_MAX_PERMS);
	for (n = 0; (name = polc_order_name(n)); n++)
		for (k = 0; k < mo->nkclasses; k++) {
			const struct polc_kclass *kc = &mo->kclasses[k];
			unsigned int b;

			if (!polc_khot(kc, name) || kbits[k * POLC_MAX_PERMS + n] != POLC_NO_BIT)
				continue;
			b = polc_group_bit(mo, kc, name, kbits);
			for (o = 0; o < mo->nkclasses; o++)
				if (polc_same_group(kc, &mo->kclasses[o]) &&
				    polc_khot(&mo->kclasses[o], name))
					kbits[o * POLC_MAX_PERMS + n] = (uint8_t)b;
		}
}

/* One table: the kernel classes' bits where free, the rest after. */
static void polc_number_table(struct polc_model *mo, uint32_t c, const uint8_t *kbits)
{
	uint8_t *bit_of = mo->bit_of[c];
	uint32_t used = 0, k;
	unsigned int pb, b = 0;
	const char *name;
	size_t n;

	memset(bit_of, POLC_NO_BIT, POLC_MAX_PERMS);
	for (k = 0; k < mo->nkclasses; k++) {
		const struct polc_kclass *kc = &mo->kclasses[k];

		for (n = 0; kc->index == c && (name = polc_order_name(n)); n++) {
			uint8_t want = kbits[k * POLC_MAX_PERMS + n];
			int p = polc_kbit(kc, name);

			if (want == POLC_NO_BIT || p < 0 || bit_of[p] != POLC_NO_BIT ||
			    (used >> want) & 1)
				continue;
			bit_of[p] = want;
			used |= 1u << want;
			mo->hot[c] |= 1u << want;
		}
	}
	for (pb = 0; pb < POLC_MAX_PERMS; pb++) {
		if (bit_of[pb] != POLC_NO_BIT || !polc_perm_name(mo->class_of[c], pb))
			continue;
		while ((used >> b) & 1)
			b++;
		bit_of[pb] = (uint8_t)b;
		used |= 1u << b;
	}
}

static void polc_number(struct polc_model *mo)
{
	uint8_t *kbits = polc_alloc((size_t)mo->nkclasses * POLC_MAX_PERMS + 1);
	uint32_t c;

	mo->bit_of = polc_alloc(sizeof(*mo->bit_of) * (mo->nclasses + 1));
	mo->hot = polc_alloc(sizeof(*mo->hot) * (mo->nclasses + 1));
	memset(mo->hot, 0, sizeof(*mo->hot) * (mo->nclasses + 1));
	polc_kernel_bits(mo, kbits);
	for (c = 0; c < mo->nclasses; c++)
		polc_number_table(mo, c, kbits);
	free(kbits);
}

unsigned int polc_table_bit(const struct polc_model *mo, uint32_t c, unsigned int bit)
{
	return mo->bit_of ? mo->bit_of[c][bit] : bit;
}

uint32_t polc_table_vec(const struct polc_model *mo, uint32_t c, uint32_t vec)
{
	uint32_t out = 0;
	unsigned int b;

	if (!mo->bit_of)
		return vec;
	for (b = 0; b < POLC_MAX_PERMS; b++)
		if ((vec >> b) & 1 && mo->bit_of[c][b] != POLC_NO_BIT)
			out |= 1u << mo->bit_of[c][b];
	return out;
}

uint32_t polc_class_vec(const struct polc_model *mo, uint32_t cls, uint32_t vec)
{
	uint32_t c;

	for (c = 0; c < mo->nclasses; c++)
		if (mo->class_of[c] == cls)
			return polc_table_vec(mo, c, vec);
	return vec;
}

uint32_t polc_hot_mask(const struct polc_model *mo, uint32_t c)
{
	return mo->hot ? mo->hot[c] : polc_table_vec(mo, c, polc_perm_mask(mo->class_of[c]));
}

/* ---- the pairs the kernel checks with the file class's constant */

struct polc_file_bit {
	const char *cls, *perm;
};

#define POLC_FILE_BIT(c, p) { #c, #p },
static const struct polc_file_bit polc_file_bits[] = {
	MAC_KERNEL_FILE_BIT_CHECKS(POLC_FILE_BIT)
};

/* The table bit of kc's permission perm, or -1. */
static int polc_kernel_table_bit(const struct polc_model *mo, const struct polc_kclass *kc,
				 const char *perm)
{
	int p = polc_kbit(kc, perm);

	return p < 0 ? -1 : (int)polc_table_bit(mo, kc->index, (unsigned int)p);
}

/* A map may put such a pair elsewhere (on another class's table, or
 * onto another permission): the kernel would check the wrong bit. */
static int polc_check_file_bits(const struct polc_model *mo)
{
	const struct polc_kclass *file = polc_find_kclass(mo, "file"), *kc;
	size_t i;

	for (i = 0; file && i < sizeof(polc_file_bits) / sizeof(polc_file_bits[0]); i++) {
		kc = polc_find_kclass(mo, polc_file_bits[i].cls);
		if (!kc || polc_kernel_table_bit(mo, kc, polc_file_bits[i].perm) ==
			   polc_kernel_table_bit(mo, file, polc_file_bits[i].perm))
			continue;
		polc_error_at(kc->file, kc->line, "the kernel checks %s %s with the file "
			      "class's constant, which this statement puts on another bit "
			      "than file's %s: map %s onto file's table or give both the "
			      "same permission", kc->name, polc_file_bits[i].perm,
			      polc_file_bits[i].perm, kc->name);
		return -1;
	}
	return 0;
}

/* ---- entry points */

int polc_classes_resolve(struct polc_model *mo, const struct polc_manifest *m)
{
	int i, rc = 0;

	if (!mo->class_of)
		mo->class_of = polc_alloc(sizeof(*mo->class_of) * (m->nitems + 1));
	mo->kclasses = polc_alloc(sizeof(*mo->kclasses) * (m->nitems + 1));
	for (i = 0; i < m->nitems && !rc; i++) {
		if (m->items[i].kind == POLC_CLASS)
			rc = polc_class_stmt(mo, m->items[i].file, &m->items[i]);
		else if (m->items[i].kind == POLC_MAP)
			rc = polc_map_stmt(mo, m->items[i].file, &m->items[i]);
	}
	if (!rc)
		rc = polc_check_kernel(mo, m);
	if (!rc) {
		polc_number(mo);
		rc = polc_check_file_bits(mo);
	}
	return rc;
}

int polc_classes_index(const struct polc_model *mo, const char *name)
{
	const struct polc_kclass *kc = polc_find_kclass(mo, name);
	uint32_t i;

	if (kc)
		return (int)kc->index;
	for (i = 0; i < mo->nclasses; i++)
		if (!strcmp(polc_class_name(mo->class_of[i]), name))
			return (int)i;
	return -1;
}
