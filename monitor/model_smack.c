/*
 * Smack as in Linux 3.9 (2013, the kernel of the Tizen measurement in
 * seed 004), built from the same policy as the flat tables.
 *
 * What Smack does on every inode check, and what this model keeps:
 *   - labels are strings, interned once in the known list (smk_import):
 *     every label a task or an inode holds points into that list;
 *   - smk_curacc -> smk_access: a few hard-coded label comparisons, then
 *     smk_find_entry(subject), a linear search of the known list with
 *     strcmp (the function the seed profiled at 6% of the CPU), then
 *     smk_access_entry, a linear walk of that subject's rule list;
 *   - smack_log is called on every check and returns at once unless the
 *     check is denied (log_policy's default, SMACK_AUDIT_DENIED).
 *
 * The Linux code compared labels by pointer once every label was on the
 * list (3.5 onwards): so do smk_access and smk_access_entry here; strcmp
 * is left where 3.9 has it, in smk_find_entry and smk_import, and it is
 * the kernel's own for the CPU (arch_string.h): a byte loop.  A label is
 * a string allocated apart from its entry (smk_parse_smack's kzalloc),
 * so each strcmp of the search reaches into other memory.
 *
 * smk_find_entry, smk_access and smk_curacc are functions of their own,
 * as in seed 004's profile.  Two more kernels beside 3.9's:
 *   smackhash  seed 004's proposal as Linux 3.14 kept it: the known
 *              labels also in 16 slots by full_name_hash, smk_find_entry
 *              searching the label's slot;
 *   smackfix   the maintainer's answer to it: the task's and the inode's
 *              blobs hold the smack_known entry itself, smk_access takes
 *              entries, compares pointers and walks the subject's rules;
 *              the check path searches for no label.
 *
 * No malloc: the known list, the labels, the rules and the task blobs
 * are static pools sized from the generated table sizes.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "models.h"
#include "arch_string.h"

/* Smack's boot and policy load; models_init() calls it. */
void smack_model_init(void);

/* 3.5's long labels: up to 255 characters, each in memory of its own
 * (smk_parse_smack: kzalloc(length + 1)), which kmalloc hands out in
 * 8-byte steps; a longer label is refused. */
#define SMK_LONGLABEL 256
#define SMK_LABEL_ALIGN 8
#define SMK_LABEL_ROOM 48	/* a pool's bytes per label, on average */

/* The VFS's access bits, which Smack's rules hold unchanged. */
#define MAY_EXEC	0x01
#define MAY_WRITE	0x02
#define MAY_READ	0x04
#define MAY_APPEND	0x08
#define MAY_ANYREAD	(MAY_READ | MAY_EXEC)
#define MAY_NOT		0

#define SMK_ENOENT	2

/* The first secid smk_import hands out; 2..7 are the built-in labels. */
#define SMK_FIRST_SECID 10

struct smack_rule {
	struct smack_rule *next;
	char *smk_subject;
	char *smk_object;
	int smk_access;
};

struct smack_known {
	struct smack_known *next;
	char *smk_known;
	uint32_t smk_secid;
	struct smack_rule *smk_rules;
	struct smack_known *smk_hashed;	/* smackhash: the next in its slot */
};

#define noinline __attribute__((noinline))

/* A task's security blob: its label, and the rules it loaded for itself
 * (smackfs load-self), which no task here does. */
struct task_smack {
	char *smk_task;
	struct smack_rule *smk_rules;
};

/* smackfix's task blob: the label's entry, not its string. */
struct task_smack_known {
	struct smack_known *smk_task;
	struct smack_rule *smk_rules;
};

/* What smk_ad_init fills in at each hook for smack_log. */
struct smk_audit_info {
	const char *function;
	const struct mac_audit_data *ad;
};

/* The labels every Smack system has, with their 3.x secids. */
static char smack_label_huh[] = "?", smack_label_hat[] = "^", smack_label_star[] = "*",
	    smack_label_floor[] = "_", smack_label_invalid[] = "", smack_label_web[] = "@";
static struct smack_known smack_known_huh = { NULL, smack_label_huh, 2, NULL, NULL };
static struct smack_known smack_known_hat = { NULL, smack_label_hat, 3, NULL, NULL };
static struct smack_known smack_known_star = { NULL, smack_label_star, 4, NULL, NULL };
static struct smack_known smack_known_floor = { NULL, smack_label_floor, 5, NULL, NULL };
static struct smack_known smack_known_invalid = { NULL, smack_label_invalid, 6, NULL, NULL };
static struct smack_known smack_known_web = { NULL, smack_label_web, 7, NULL, NULL };

static struct smack_known *smack_known_list;
/* smackhash (seed 004's proposal, as Linux kept it from 3.14 on): the
 * known labels also in SMACK_HASH_SLOTS (models.h) chains by
 * full_name_hash. */
static struct smack_known *smack_known_hash[SMACK_HASH_SLOTS];
static struct smack_known *smk_set_aside;	/* smack_known_limit's tail */
/* The policy's labels, then an application label set's (smack_label_set). */
#define SMK_NKNOWN_MAX ((size_t)MAC_NTYPES + SMACK_APP_LABELS_MAX)
static struct smack_known smk_known_pool[SMK_NKNOWN_MAX];
static unsigned int smk_nknown;
/* The labels' own memory, in allocation order, apart from the entries. */
static char smk_label_pool[SMK_NKNOWN_MAX * SMK_LABEL_ROOM] __attribute__((aligned(8)));
static size_t smk_label_used;
static uint32_t smk_next_secid = SMK_FIRST_SECID;

/* The loader may give every domain a rule for every other type. */
#define SMK_MAX_RULES ((size_t)MAC_NDOMAINS * MAC_NTYPES)
static struct smack_rule smk_rule_pool[SMK_MAX_RULES];
static size_t smk_nrules;

/* The blobs: an object of column c holds smk_of_col[c] (smk_of_inode),
 * a task of domain d holds smk_tasks[d]; smackfix's hold the entries. */
static char *smk_of_col[MAC_NTYPES];
static struct task_smack smk_tasks[MAC_NDOMAINS];
static struct smack_known *smk_known_of_col[MAC_NTYPES];
static struct task_smack_known smk_tasks_known[MAC_NDOMAINS];

/* The tables' (class, permission) bits as a VFS access mask, by bytes, so
 * that the conversion (ours: Linux callers pass MAY_ bits already) costs
 * four loads rather than a loop over the bits. */
static uint8_t smk_may_byte[MAC_NCLASSES][4][256];

static int smk_ready;

/*
 * The permission names mapped to Smack accesses, as the hooks of 3.9
 * check them: reads and getattr (smack_inode_getattr) are r; anything that
 * changes an object or a directory's entries, and a signal
 * (smack_task_kill), is w; execution and a directory search (the VFS asks
 * MAY_EXEC of each directory on a path walk) are x; append is a.
 * A name not here (fd:use, process:fork, setcurrent) has no Smack check.
 */
struct smk_perm_may {
	const char *perm;
	uint8_t may;
};

static const struct smk_perm_may smk_perm_map[] = {
	{ "read", MAY_READ }, { "getattr", MAY_READ }, { "open", MAY_READ },
	{ "recv", MAY_READ },
	{ "write", MAY_WRITE }, { "create", MAY_WRITE }, { "unlink", MAY_WRITE },
	{ "add_name", MAY_WRITE }, { "remove_name", MAY_WRITE },
	{ "rmdir", MAY_WRITE }, { "setattr", MAY_WRITE }, { "send", MAY_WRITE },
	{ "signal", MAY_WRITE }, { "sigkill", MAY_WRITE },
	{ "execute", MAY_EXEC }, { "execute_no_trans", MAY_EXEC },
	{ "entrypoint", MAY_EXEC }, { "search", MAY_EXEC },
	{ "transition", MAY_EXEC },
	{ "append", MAY_APPEND },
};

static int smk_may_of_perm(const char *name)
{
	size_t i;

	if (!name)
		return MAY_NOT;
	for (i = 0; i < sizeof(smk_perm_map) / sizeof(smk_perm_map[0]); i++)
		if (strcmp(smk_perm_map[i].perm, name) == 0)
			return smk_perm_map[i].may;
	return MAY_NOT;
}

static int smk_may_of_bits(unsigned int tclass, mac_vec_t perms)
{
	const char *const *names = mac_perm_name[tclass];
	int may = MAY_NOT;
	unsigned int bit;

	for (bit = 0; bit < 32; bit++)
		if (perms & ((mac_vec_t)1 << bit))
			may |= smk_may_of_perm(names[bit]);
	return may;
}

static void smk_init_may_bytes(void)
{
	unsigned int c, byte, v;

	for (c = 0; c < MAC_NCLASSES; c++)
		for (byte = 0; byte < 4; byte++)
			for (v = 0; v < 256; v++)
				smk_may_byte[c][byte][v] = (uint8_t)smk_may_of_bits(
					c, (mac_vec_t)v << (8 * byte));
}

/* The request a hook passes on: the VFS mask for these permissions. */
static int smk_request(unsigned int tclass, mac_vec_t perms)
{
	uint8_t (*b)[256] = smk_may_byte[tclass];

	return b[0][perms & 0xff] | b[1][(perms >> 8) & 0xff] |
	       b[2][(perms >> 16) & 0xff] | b[3][perms >> 24];
}

/* ---- the label list ---- */

/* The search the seed profiled: the whole list, strcmp on each entry.
 * It, smk_access and smk_curacc are out of line, as the seed's profile
 * shows them (each its own frame), and as Linux exports them. */
static noinline struct smack_known *smk_find_entry(const char *string)
{
	struct smack_known *skp;

	for (skp = smack_known_list; skp; skp = skp->next)
		if (arch_kernel_strcmp(skp->smk_known, string) == 0)
			return skp;
	return NULL;
}

/* dcache.h's partial_name_hash, as 3.14 had it. */
static inline unsigned long partial_name_hash(unsigned long c, unsigned long prevhash)
{
	return (prevhash + (c << 4) + (c >> 4)) * 11;
}

/* full_name_hash of fs/namei.c where the dentry cache reads names a
 * byte at a time (neither CPU here selects DCACHE_WORD_ACCESS): a
 * function of its own, in another file; init_name_hash is 0 and
 * end_name_hash the cut to an unsigned int. */
static noinline unsigned int full_name_hash(const unsigned char *name, unsigned int len)
{
	unsigned long hash = 0;

	while (len--)
		hash = partial_name_hash(*name++, hash);
	return (unsigned int)hash;
}

static unsigned int smk_hash_slot(const char *string)
{
	return full_name_hash((const unsigned char *)string, strlen(string)) &
	       (SMACK_HASH_SLOTS - 1);
}

/* smackhash's smk_find_entry: the label's slot, then strcmp along it. */
static noinline struct smack_known *smk_find_entry_hashed(const char *string)
{
	struct smack_known *skp;

	for (skp = smack_known_hash[smk_hash_slot(string)]; skp; skp = skp->smk_hashed)
		if (arch_kernel_strcmp(skp->smk_known, string) == 0)
			return skp;
	return NULL;
}

/*
 * The slots from the list, each in the list's order: what smk_insert_entry
 * (hlist_add_head_rcu beside list_add_rcu) leaves when the labels came in
 * the list's order.  Called after the list is loaded or rearranged, so
 * that a label as far down the list is as far down its slot.
 */
static void smk_rehash(void)
{
	struct smack_known **tail[SMACK_HASH_SLOTS];
	struct smack_known *skp;
	unsigned int i;

	for (i = 0; i < SMACK_HASH_SLOTS; i++) {
		smack_known_hash[i] = NULL;
		tail[i] = &smack_known_hash[i];
	}
	for (skp = smack_known_list; skp; skp = skp->next) {
		i = smk_hash_slot(skp->smk_known);
		skp->smk_hashed = NULL;
		*tail[i] = skp;
		tail[i] = &skp->smk_hashed;
	}
}

/* As list_add_rcu: a new label goes at the head. */
static void smk_list_add(struct smack_known *skp)
{
	skp->next = smack_known_list;
	smack_known_list = skp;
}

/* A character smk_parse_smack ends a label at. */
static int smk_label_stop(char c)
{
	return c > '~' || c <= ' ' || c == '/' || c == '"' || c == '\\' || c == '\'';
}

/* smk_parse_smack: the label up to its first refused character, copied
 * into memory of its own; NULL for an empty or too long one. */
static char *smk_parse_smack(const char *string)
{
	size_t i, size;
	char *smack;

	if (string[0] == '-')
		return NULL;
	for (i = 0; !smk_label_stop(string[i]); i++)
		;
	size = (i + SMK_LABEL_ALIGN) & ~(size_t)(SMK_LABEL_ALIGN - 1);
	if (i == 0 || i >= SMK_LONGLABEL || size > sizeof(smk_label_pool) - smk_label_used)
		return NULL;
	smack = &smk_label_pool[smk_label_used];
	smk_label_used += size;
	memcpy(smack, string, i);
	smack[i] = '\0';
	return smack;
}

/* smk_import_entry: the label parsed, its entry found or added; a label
 * already known gives its memory back (kfree), for the next to take. */
static struct smack_known *smk_import_entry(const char *string)
{
	size_t mark = smk_label_used;
	char *smack = smk_parse_smack(string);
	struct smack_known *skp;

	if (!smack)
		return NULL;
	skp = smk_find_entry(smack);
	if (skp || smk_nknown >= SMK_NKNOWN_MAX) {
		smk_label_used = mark;
		return skp;
	}
	skp = &smk_known_pool[smk_nknown++];
	skp->smk_known = smack;
	skp->smk_secid = smk_next_secid++;
	skp->smk_rules = NULL;
	smk_list_add(skp);
	return skp;
}

/* init_smack_known_list, in smack_init's order. */
static void smk_init_known_list(void)
{
	smack_known_list = NULL;
	smk_list_add(&smack_known_huh);
	smk_list_add(&smack_known_hat);
	smk_list_add(&smack_known_star);
	smk_list_add(&smack_known_floor);
	smk_list_add(&smack_known_invalid);
	smk_list_add(&smack_known_web);
}

/* A column's label, imported the first time a rule or an object uses it;
 * later uses take the pointer the blob keeps, as the kernel does. */
static char *smk_label_of_col(mac_col_t col)
{
	struct smack_known *skp;

	if (!smk_of_col[col]) {
		skp = smk_import_entry(mac_type_name[col]);
		smk_known_of_col[col] = skp ? skp : &smack_known_huh;
		smk_of_col[col] = smk_known_of_col[col]->smk_known;
	}
	return smk_of_col[col];
}

/* ---- rules ---- */

/*
 * smk_access_entry: the access of the (subject, object) rule in the list,
 * -ENOENT if none.  The object first, since it is the likelier to differ.
 */
static int smk_access_entry(const char *subject_label, const char *object_label,
			    const struct smack_rule *rule_list)
{
	const struct smack_rule *srp;

	for (srp = rule_list; srp; srp = srp->next)
		if (srp->smk_object == object_label && srp->smk_subject == subject_label)
			return srp->smk_access;
	return -SMK_ENOENT;
}

/* smk_set_access: merge into an existing rule, or add one at the head. */
static void smk_set_access(struct smack_known *skp, char *object, int access)
{
	struct smack_rule *srp;

	for (srp = skp->smk_rules; srp; srp = srp->next) {
		if (srp->smk_object == object && srp->smk_subject == skp->smk_known) {
			srp->smk_access |= access;
			return;
		}
	}
	if (smk_nrules >= SMK_MAX_RULES)
		return;
	srp = &smk_rule_pool[smk_nrules++];
	srp->smk_subject = skp->smk_known;
	srp->smk_object = object;
	srp->smk_access = access;
	srp->next = skp->smk_rules;
	skp->smk_rules = srp;
}

/* What the tables allow domain d on type t, over all classes, as Smack
 * accesses: the rule a policy converter would write. */
static int smk_pair_access(mac_col_t d, mac_col_t t)
{
	unsigned int c;
	int may = MAY_NOT;

	for (c = 0; c < MAC_NCLASSES; c++)
		may |= smk_request(c, mac_lookup_av(&mac_subjects[d], c, t).allowed);
	return may;
}

/* The loader writes "subject object access" lines, subject by subject,
 * each line importing both labels (smk_parse_rule) in that order. */
static void smk_load_rules(void)
{
	mac_col_t d, t;

	for (d = 0; d < MAC_NDOMAINS; d++) {
		for (t = 0; t < MAC_NTYPES; t++) {
			int may = smk_pair_access(d, t);
			char *subject, *object;

			if (may == MAY_NOT)
				continue;
			subject = smk_label_of_col(d);
			object = smk_label_of_col(t);
			if (subject == object)
				continue;
			/* the entry smk_parse_rule had from smk_import_entry */
			smk_set_access(smk_known_of_col[d], object, may);
		}
	}
}

/* The manifest's objects and tasks, labelled at boot: labels no rule
 * named are imported now (smack_d_instantiate, the launcher). */
static void smk_label_objects(void)
{
	mac_col_t c, d;

	for (c = 0; c < MAC_NTYPES; c++)
		smk_label_of_col(c);
	for (d = 0; d < MAC_NDOMAINS; d++) {
		smk_tasks[d].smk_task = smk_of_col[d];
		smk_tasks[d].smk_rules = NULL;
		smk_tasks_known[d].smk_task = smk_known_of_col[d];
		smk_tasks_known[d].smk_rules = NULL;
	}
}

/* Smack's boot and policy load. Called once; later calls do nothing. */
void smack_model_init(void)
{
	if (smk_ready)
		return;
	smk_init_may_bytes();
	smk_init_known_list();
	smk_load_rules();
	smk_label_objects();
	smk_rehash();
	smk_ready = 1;
}

/* A check before the loader ran would deny everything: load first. */
static void smk_ensure_init(void)
{
	if (unlikely(!smk_ready))
		smack_model_init();
}

/* ---- audit: smack_log and the common_lsm_audit line ---- */

/* smack_str_from_perm: "rwxa" order. */
static void smk_put_access(struct mac_buf *b, int access)
{
	if (access & MAY_READ)
		mac_put(b, "r");
	if (access & MAY_WRITE)
		mac_put(b, "w");
	if (access & MAY_EXEC)
		mac_put(b, "x");
	if (access & MAY_APPEND)
		mac_put(b, "a");
}

/* smack_log_callback's fields, then dump_common_audit_data's. */
static void smk_log_line(const char *subject, const char *object, int request,
			 const struct smk_audit_info *a)
{
	struct mac_buf b = { .len = 0 };

	mac_put(&b, "lsm=SMACK fn=");
	mac_put(&b, a->function);
	mac_put(&b, " action=denied subject=");
	mac_put_untrusted(&b, subject);
	mac_put(&b, " object=");
	mac_put_untrusted(&b, object);
	mac_put(&b, " requested=");
	smk_put_access(&b, request);
	mac_put_who(&b, a->ad);
	mac_log_line(b.text);
}

/* smack_log: called on every check; logs denials only (the default
 * log_policy, SMACK_AUDIT_DENIED). */
static void smack_log(const char *subject, const char *object, int request,
		      int result, const struct smk_audit_info *a)
{
	if (result == 0)
		return;
	smk_log_line(subject, object, request, a);
}

/* ---- the checks ---- */

/* The three kernels: 3.9, seed 004's slots, and the maintainer's fix. */
enum smk_kernel { SMK_LIST, SMK_HASHED, SMK_FIX };

/* A subject or an object as the kernel's smk_access holds it: 3.9's
 * label string, or the fix's entry.  is_known: it is that built-in
 * label (3.9 loads the entry's string pointer, the fix has a constant). */
#define SMK_IS(k, p, known) \
	((k) == SMK_FIX ? (const void *)(p) == (const void *)&(known) \
			: (const void *)(p) == (const void *)(known).smk_known)
#define SMK_LABEL(k, p) ((k) == SMK_FIX ? ((const struct smack_known *)(p))->smk_known \
					: (const char *)(p))

/* The subject's rule list: 3.9 and smackhash search the known labels for
 * the subject's entry (the search the seed profiled), the fix has it. */
static inline __attribute__((always_inline)) const struct smack_rule *
smk_subject_rules(const void *subject, enum smk_kernel k)
{
	const struct smack_known *skp;

	if (k == SMK_FIX)
		return ((const struct smack_known *)subject)->smk_rules;
	skp = k == SMK_HASHED ? smk_find_entry_hashed(subject) : smk_find_entry(subject);
	return skp ? skp->smk_rules : NULL;
}

/* smk_access: the hard-coded rules in 3.9's order (3.14's the same, on
 * entries), then the rule list; the fix compares the labels of two
 * entries as its smk_access does. */
static inline __attribute__((always_inline)) int
smk_access_body(const void *subject, const void *object, int request,
		const struct smk_audit_info *a, enum smk_kernel k)
{
	const struct smack_rule *rules;
	int may, rc = 0;

	if (SMK_IS(k, subject, smack_known_star)) {
		rc = -MAC_EACCES;
		goto out_audit;
	}
	if (SMK_IS(k, object, smack_known_web) || SMK_IS(k, subject, smack_known_web))
		goto out_audit;
	if (SMK_IS(k, object, smack_known_star))
		goto out_audit;
	if (SMK_LABEL(k, subject) == SMK_LABEL(k, object))
		goto out_audit;
	if ((request & MAY_ANYREAD) == request) {
		if (SMK_IS(k, object, smack_known_floor))
			goto out_audit;
		if (SMK_IS(k, subject, smack_known_hat))
			goto out_audit;
	}
	rules = smk_subject_rules(subject, k);
	may = rules ? smk_access_entry(SMK_LABEL(k, subject), SMK_LABEL(k, object), rules)
		    : -SMK_ENOENT;
	if (may > 0 && (request & may) == request)
		goto out_audit;
	rc = -MAC_EACCES;
out_audit:
	if (a)
		smack_log(SMK_LABEL(k, subject), SMK_LABEL(k, object), request, rc, a);
	return rc;
}

static noinline int smk_access(const char *subject_label, const char *object_label,
			       int request, const struct smk_audit_info *a)
{
	return smk_access_body(subject_label, object_label, request, a, SMK_LIST);
}

static noinline int smk_access_hashed(const char *subject_label, const char *object_label,
				      int request, const struct smk_audit_info *a)
{
	return smk_access_body(subject_label, object_label, request, a, SMK_HASHED);
}

static noinline int smk_access_known(const struct smack_known *subject,
				     const struct smack_known *object, int request,
				     const struct smk_audit_info *a)
{
	return smk_access_body(subject, object, request, a, SMK_FIX);
}

/* No task holds CAP_MAC_OVERRIDE here (smack_privileged). */
static int smk_privileged(void)
{
	return 0;
}

static inline __attribute__((always_inline)) int
smk_access_of(const void *sp, const void *obj, int mode, enum smk_kernel k)
{
	if (k == SMK_FIX)
		return smk_access_known(sp, obj, mode, NULL);
	return k == SMK_HASHED ? smk_access_hashed(sp, obj, mode, NULL)
			       : smk_access(sp, obj, mode, NULL);
}

/* smk_curacc (3.14: smk_tskacc): the global rules, then the task's own,
 * then the override. */
static inline __attribute__((always_inline)) int
smk_curacc_body(const void *sp, const struct smack_rule *own, const void *obj, int mode,
		const struct smk_audit_info *a, enum smk_kernel k)
{
	int may, rc;

	rc = smk_access_of(sp, obj, mode, k);
	if (rc == 0) {
		may = smk_access_entry(SMK_LABEL(k, sp), SMK_LABEL(k, obj), own);
		if (may < 0)
			goto out_audit;
		if ((mode & may) == mode)
			goto out_audit;
		rc = -MAC_EACCES;
	}
	if (rc != 0 && smk_privileged())
		rc = 0;
out_audit:
	if (a)
		smack_log(SMK_LABEL(k, sp), SMK_LABEL(k, obj), mode, rc, a);
	return rc;
}

static noinline int smk_curacc(const struct task_smack *tsp, const char *obj_label, int mode,
			       const struct smk_audit_info *a)
{
	return smk_curacc_body(tsp->smk_task, tsp->smk_rules, obj_label, mode, a, SMK_LIST);
}

static noinline int smk_curacc_hashed(const struct task_smack *tsp, const char *obj_label,
				      int mode, const struct smk_audit_info *a)
{
	return smk_curacc_body(tsp->smk_task, tsp->smk_rules, obj_label, mode, a, SMK_HASHED);
}

static noinline int smk_tskacc_known(const struct task_smack_known *tsp,
				     const struct smack_known *obj, int mode,
				     const struct smk_audit_info *a)
{
	return smk_curacc_body(tsp->smk_task, tsp->smk_rules, obj, mode, a, SMK_FIX);
}

/* The hook whose check this is, for the fn= field. */
static const char *smk_hook_name(unsigned int tclass, int request)
{
	if (tclass == MAC_CLASS_FILE || tclass == MAC_CLASS_DIR ||
	    tclass == MAC_CLASS_CHR_FILE)
		return request == MAY_READ ? "smack_inode_getattr" : "smack_inode_permission";
	return tclass == MAC_CLASS_PROCESS ? "smack_task_kill" : "smack_ipc_permission";
}

/*
 * smack_inode_permission / smack_inode_getattr: the object's label from
 * its blob, smk_ad_init, smk_curacc.  A request with no Smack access in
 * it (fd:use alone) is allowed, as the "mask == 0" existence test is.
 */
static inline __attribute__((always_inline)) int
smk_inode_body(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms,
	       const struct mac_audit_data *ad, enum smk_kernel k)
{
	struct smk_audit_info a;
	int mask;

	smk_ensure_init();
	mask = smk_request(tclass, perms);
	if (mask == 0)
		return 0;
	a.function = smk_hook_name(tclass, mask);
	a.ad = ad;
	if (k == SMK_FIX)
		return smk_tskacc_known(&smk_tasks_known[domain], smk_known_of_col[label], mask, &a);
	if (k == SMK_HASHED)
		return smk_curacc_hashed(&smk_tasks[domain], smk_of_col[label], mask, &a);
	return smk_curacc(&smk_tasks[domain], smk_of_col[label], mask, &a);
}

int smack_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		     mac_vec_t perms, const struct mac_audit_data *ad)
{
	return smk_inode_body(domain, label, tclass, perms, ad, SMK_LIST);
}

/* The same hook in smackhash's kernel. */
int smackhash_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			 mac_vec_t perms, const struct mac_audit_data *ad)
{
	return smk_inode_body(domain, label, tclass, perms, ad, SMK_HASHED);
}

/* The same hook in smackfix's kernel: the blobs' entries, no search. */
int smackfix_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			mac_vec_t perms, const struct mac_audit_data *ad)
{
	return smk_inode_body(domain, label, tclass, perms, ad, SMK_FIX);
}

/*
 * smack_file_permission in 3.x checks nothing: "Should access checks be
 * done on each read or write?  UNICOS and SELinux say yes.  Trusted
 * Solaris, Trusted Irix, and just about everyone else says no.  I am
 * reluctant to go against the prevailing norm."  The open was checked.
 */
int smack_file_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		    mac_vec_t perms, const struct mac_audit_data *ad)
{
	(void)domain, (void)label, (void)tclass, (void)perms, (void)ad;
	return 0;
}

int smack_allows(mac_col_t domain, mac_col_t label, unsigned int tclass, mac_vec_t perms)
{
	int mask;

	smk_ensure_init();
	mask = smk_request(tclass, perms);
	if (mask == 0)
		return 1;
	return smk_curacc(&smk_tasks[domain], smk_of_col[label], mask, NULL) == 0;
}

/* smk_find_entry, stopped after the first `among` entries of the list. */
const void *smack_find_label(const char *label, unsigned int among)
{
	const struct smack_known *skp;

	smk_ensure_init();
	for (skp = smack_known_list; skp && among; skp = skp->next, among--)
		if (arch_kernel_strcmp(skp->smk_known, label) == 0)
			return skp;
	return NULL;
}

unsigned int smack_known_count(void)
{
	const struct smack_known *skp;
	unsigned int n = 0;

	smk_ensure_init();
	for (skp = smack_known_list; skp; skp = skp->next)
		n++;
	return n;
}

const char *smack_label_at(unsigned int depth)
{
	const struct smack_known *skp;

	smk_ensure_init();
	for (skp = smack_known_list; skp && depth; skp = skp->next)
		depth--;
	return skp ? skp->smk_known : NULL;
}

/* smk_find_entry's loop, counting its strcmp calls instead of timing them. */
unsigned int smack_label_tries(const char *label, unsigned int among)
{
	const struct smack_known *skp;
	unsigned int tries = 0;

	smk_ensure_init();
	for (skp = smack_known_list; skp && tries < among; skp = skp->next) {
		tries++;
		if (arch_kernel_strcmp(skp->smk_known, label) == 0)
			break;
	}
	return tries;
}

/*
 * The list's order is its import order, newest first, and says nothing
 * of use: on a real system the labels of busy tasks are wherever they
 * were imported (seed 004: ~200 tries among 600).  Only the entry moves;
 * every pointer to its label stays valid.
 */
unsigned int smack_place_subject(mac_col_t domain, unsigned int depth)
{
	struct smack_known *skp, **pp;
	unsigned int was = 0;

	smk_ensure_init();
	skp = smk_known_of_col[domain];
	for (pp = &smack_known_list; *pp && *pp != skp; pp = &(*pp)->next)
		was++;
	if (!*pp)
		return was;
	*pp = skp->next;
	for (pp = &smack_known_list; *pp && depth; pp = &(*pp)->next)
		depth--;
	skp->next = *pp;
	*pp = skp;
	smk_rehash();
	return was;
}

/* smackhash's search of its slots, as smk_find_entry_hashed makes it. */
const void *smackhash_find_label(const char *label)
{
	smk_ensure_init();
	return smk_find_entry_hashed(label);
}

/* The tries that search makes: the label's place in its slot. */
unsigned int smackhash_label_tries(const char *label)
{
	const struct smack_known *skp;
	unsigned int tries = 0;

	smk_ensure_init();
	for (skp = smack_known_hash[smk_hash_slot(label)]; skp; skp = skp->smk_hashed) {
		tries++;
		if (arch_kernel_strcmp(skp->smk_known, label) == 0)
			break;
	}
	return tries;
}

/*
 * The list cut after its first n labels, the rest set aside (and out of
 * the slots), as on a system that knows only n labels; 0 puts them back.
 * Every label keeps its entry: a task or an inode that holds one set
 * aside still points at it.  Returns the list's length.
 */
unsigned int smack_known_limit(unsigned int n)
{
	struct smack_known **pp = &smack_known_list;

	smk_ensure_init();
	while (*pp)
		pp = &(*pp)->next;
	*pp = smk_set_aside;
	smk_set_aside = NULL;
	if (n) {
		for (pp = &smack_known_list; *pp && n; pp = &(*pp)->next)
			n--;
		smk_set_aside = *pp;
		*pp = NULL;
	}
	smk_rehash();
	return smack_known_count();
}

/* The policy's list while an application label set is in, and where the
 * set's entries and labels began in their pools. */
static struct smack_known *smk_policy_list;
static unsigned int smk_set_known_mark;
static size_t smk_set_label_mark;

/* The set's labels imported, in order (the last at the list's head), as
 * a system that knows those alone; the policy's known list set aside. */
static void smk_set_in(const char *const *labels, unsigned int n)
{
	smk_policy_list = smack_known_list;
	smack_known_list = NULL;
	smk_set_known_mark = smk_nknown;
	smk_set_label_mark = smk_label_used;
	while (n--)
		smk_import_entry(*labels++);
}

/* The policy's list back, the set's entries and labels freed. */
static void smk_set_out(void)
{
	smack_known_list = smk_policy_list;
	smk_policy_list = NULL;
	smk_nknown = smk_set_known_mark;
	smk_label_used = smk_set_label_mark;
}

unsigned int smack_label_set(const char *const *labels, unsigned int n)
{
	smack_known_limit(0);
	if (smk_policy_list)
		smk_set_out();
	if (labels)
		smk_set_in(labels, n);
	smk_rehash();
	return smack_known_count();
}

void smack_slot_counts(unsigned int counts[SMACK_HASH_SLOTS])
{
	const struct smack_known *skp;
	unsigned int i;

	smk_ensure_init();
	for (i = 0; i < SMACK_HASH_SLOTS; i++)
		for (counts[i] = 0, skp = smack_known_hash[i]; skp; skp = skp->smk_hashed)
			counts[i]++;
}

/* The blob smackfix's check reads its subject from, for a label on the
 * list (NULL: not on it); *blob keeps pointing at the entry. */
const void *const *smackfix_blob_of(const char *label)
{
	static const struct smack_known *blob;

	blob = smk_find_entry(label);
	return blob ? (const void *const *)&blob : NULL;
}
