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
 * is left where 3.9 has it, in smk_find_entry and smk_import.
 *
 * smk_find_entry, smk_access and smk_curacc are functions of their own,
 * as in seed 004's profile.  smackhash, the same kernel with seed 004's
 * fix as Linux 3.14 kept it: the known labels also in 16 slots by
 * full_name_hash, and smk_find_entry searching the label's slot.
 *
 * No malloc: the known list, the rules and the task blobs are static
 * pools sized from the generated table sizes.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "models.h"

/* Smack's boot and policy load; models_init() calls it. */
void smack_model_init(void);

/* Linux's label length before 3.5's long labels: 23 characters and a NUL.
 * The policy's type names fit; a longer one would be cut to 23 and two
 * names alike in their first 23 characters would share a label, as the
 * 3.x smk_import did. */
#define SMK_LABELLEN 24

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
	char smk_known[SMK_LABELLEN];
	uint32_t smk_secid;
	struct smack_rule *smk_rules;
	struct smack_known *smk_hashed;	/* smackhash: the next in its slot */
};

#define noinline __attribute__((noinline))

/* smackhash (seed 004's proposal, as Linux kept it from 3.14 on): the
 * known labels also in SMACK_HASH_SLOTS chains by full_name_hash. */
#define SMACK_HASH_SLOTS 16

/* A task's security blob: its label, and the rules it loaded for itself
 * (smackfs load-self), which no task here does. */
struct task_smack {
	char *smk_task;
	struct smack_rule *smk_rules;
};

/* What smk_ad_init fills in at each hook for smack_log. */
struct smk_audit_info {
	const char *function;
	const struct mac_audit_data *ad;
};

/* The labels every Smack system has, with their 3.x secids. */
static struct smack_known smack_known_huh = { NULL, "?", 2, NULL, NULL };
static struct smack_known smack_known_hat = { NULL, "^", 3, NULL, NULL };
static struct smack_known smack_known_star = { NULL, "*", 4, NULL, NULL };
static struct smack_known smack_known_floor = { NULL, "_", 5, NULL, NULL };
static struct smack_known smack_known_invalid = { NULL, "", 6, NULL, NULL };
static struct smack_known smack_known_web = { NULL, "@", 7, NULL, NULL };

static struct smack_known *smack_known_list;
static struct smack_known *smack_known_hash[SMACK_HASH_SLOTS];
static struct smack_known *smk_set_aside;	/* smack_known_limit's tail */
static struct smack_known smk_known_pool[MAC_NTYPES];
static unsigned int smk_nknown;
static uint32_t smk_next_secid = SMK_FIRST_SECID;

/* The loader may give every domain a rule for every other type. */
#define SMK_MAX_RULES ((size_t)MAC_NDOMAINS * MAC_NTYPES)
static struct smack_rule smk_rule_pool[SMK_MAX_RULES];
static size_t smk_nrules;

/* The blobs: an object of column c holds smk_of_col[c] (smk_of_inode),
 * a task of domain d holds smk_tasks[d]. */
static char *smk_of_col[MAC_NTYPES];
static struct task_smack smk_tasks[MAC_NDOMAINS];

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
		if (strcmp(skp->smk_known, string) == 0)
			return skp;
	return NULL;
}

/* full_name_hash of fs/namei.c where the dentry cache reads names a
 * byte at a time (neither CPU here selects DCACHE_WORD_ACCESS): a
 * function of its own, in another file. */
static noinline unsigned int full_name_hash(const unsigned char *name, unsigned int len)
{
	unsigned long hash = 0;

	while (len--) {
		unsigned long c = *name++;
		hash = (hash + (c << 4) + (c >> 4)) * 11;
	}
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
		if (strcmp(skp->smk_known, string) == 0)
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

/* smk_import_entry: the label's entry, added if new (cut to 23 chars). */
static struct smack_known *smk_import_entry(const char *string)
{
	char smack[SMK_LABELLEN];
	struct smack_known *skp;

	strncpy(smack, string, SMK_LABELLEN - 1);
	smack[SMK_LABELLEN - 1] = '\0';
	skp = smk_find_entry(smack);
	if (skp || smk_nknown >= MAC_NTYPES)
		return skp;
	skp = &smk_known_pool[smk_nknown++];
	memcpy(skp->smk_known, smack, SMK_LABELLEN);
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
		smk_of_col[col] = skp ? skp->smk_known : smack_known_huh.smk_known;
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

/* The entry that holds a label: the loader's smk_parse_rule has it from
 * smk_import_entry, so no search. */
static struct smack_known *smk_entry_of(char *label)
{
	return (struct smack_known *)(void *)(label - offsetof(struct smack_known, smk_known));
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
			smk_set_access(smk_entry_of(subject), object, may);
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

/* smk_access: the hard-coded rules in 3.9's order, then the rule list;
 * hashed: smackhash's kernel, whose smk_find_entry uses the slots. */
static inline __attribute__((always_inline)) int
smk_access_body(const char *subject_label, const char *object_label, int request,
		const struct smk_audit_info *a, int hashed)
{
	struct smack_known *skp;
	int may, rc = 0;

	if (subject_label == smack_known_star.smk_known) {
		rc = -MAC_EACCES;
		goto out_audit;
	}
	if (object_label == smack_known_web.smk_known ||
	    subject_label == smack_known_web.smk_known)
		goto out_audit;
	if (object_label == smack_known_star.smk_known)
		goto out_audit;
	if (subject_label == object_label)
		goto out_audit;
	if ((request & MAY_ANYREAD) == request) {
		if (object_label == smack_known_floor.smk_known)
			goto out_audit;
		if (subject_label == smack_known_hat.smk_known)
			goto out_audit;
	}
	skp = hashed ? smk_find_entry_hashed(subject_label) : smk_find_entry(subject_label);
	may = skp ? smk_access_entry(subject_label, object_label, skp->smk_rules)
		  : -SMK_ENOENT;
	if (may > 0 && (request & may) == request)
		goto out_audit;
	rc = -MAC_EACCES;
out_audit:
	if (a)
		smack_log(subject_label, object_label, request, rc, a);
	return rc;
}

static noinline int smk_access(const char *subject_label, const char *object_label,
			       int request, const struct smk_audit_info *a)
{
	return smk_access_body(subject_label, object_label, request, a, 0);
}

static noinline int smk_access_hashed(const char *subject_label, const char *object_label,
				      int request, const struct smk_audit_info *a)
{
	return smk_access_body(subject_label, object_label, request, a, 1);
}

/* No task holds CAP_MAC_OVERRIDE here (smack_privileged). */
static int smk_privileged(void)
{
	return 0;
}

/* smk_curacc: the global rules, then the task's own, then the override. */
static inline __attribute__((always_inline)) int
smk_curacc_body(const struct task_smack *tsp, const char *obj_label, int mode,
		const struct smk_audit_info *a, int hashed)
{
	const char *sp = tsp->smk_task;
	int may, rc;

	rc = hashed ? smk_access_hashed(sp, obj_label, mode, NULL)
		    : smk_access(sp, obj_label, mode, NULL);
	if (rc == 0) {
		may = smk_access_entry(sp, obj_label, tsp->smk_rules);
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
		smack_log(sp, obj_label, mode, rc, a);
	return rc;
}

static noinline int smk_curacc(const struct task_smack *tsp, const char *obj_label, int mode,
			       const struct smk_audit_info *a)
{
	return smk_curacc_body(tsp, obj_label, mode, a, 0);
}

static noinline int smk_curacc_hashed(const struct task_smack *tsp, const char *obj_label,
				      int mode, const struct smk_audit_info *a)
{
	return smk_curacc_body(tsp, obj_label, mode, a, 1);
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
	       const struct mac_audit_data *ad, int hashed)
{
	struct smk_audit_info a;
	int mask;

	smk_ensure_init();
	mask = smk_request(tclass, perms);
	if (mask == 0)
		return 0;
	a.function = smk_hook_name(tclass, mask);
	a.ad = ad;
	if (hashed)
		return smk_curacc_hashed(&smk_tasks[domain], smk_of_col[label], mask, &a);
	return smk_curacc(&smk_tasks[domain], smk_of_col[label], mask, &a);
}

int smack_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
		     mac_vec_t perms, const struct mac_audit_data *ad)
{
	return smk_inode_body(domain, label, tclass, perms, ad, 0);
}

/* The same hook in smackhash's kernel. */
int smackhash_inode_perm(mac_col_t domain, mac_col_t label, unsigned int tclass,
			 mac_vec_t perms, const struct mac_audit_data *ad)
{
	return smk_inode_body(domain, label, tclass, perms, ad, 1);
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
		if (strcmp(skp->smk_known, label) == 0)
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
		if (strcmp(skp->smk_known, label) == 0)
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
	skp = smk_entry_of(smk_tasks[domain].smk_task);
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
		if (strcmp(skp->smk_known, label) == 0)
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
