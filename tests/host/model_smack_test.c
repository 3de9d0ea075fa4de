/*
 * Host unit test of the Smack model (monitor/model_smack.c) against the
 * device policy's generated tables, under ASan/UBSan.  The model is
 * included whole, so that its known list and rules can be read back.
 * Ends with "models-smack: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "../../monitor/model_smack.c"
#include "smack_app_labels.h"

static int passed, failed;
static char last_line[512];
static int nlines;


void mac_log_line(const char *line)
{
	snprintf(last_line, sizeof(last_line), "%s", line);
	nlines++;
}

static void check(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

static size_t list_length(void)
{
	size_t n = 0;

	for (const struct smack_known *skp = smack_known_list; skp; skp = skp->next)
		n++;
	return n;
}

static const struct smack_rule *rule_of(mac_col_t d, mac_col_t t)
{
	const struct smack_known *skp = smk_find_entry(mac_type_name[d]);

	for (const struct smack_rule *r = skp ? skp->smk_rules : NULL; r; r = r->next)
		if (strcmp(r->smk_object, mac_type_name[t]) == 0)
			return r;
	return NULL;
}

/* Every single permission the tables allow and Smack checks: allowed. */
static void test_agrees_with_tables(void)
{
	unsigned long tried = 0, wrong = 0, stricter = 0;

	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		for (mac_col_t t = 0; t < MAC_NTYPES; t++)
			for (unsigned int c = 0; c < MAC_NCLASSES; c++) {
				mac_vec_t allowed = mac_lookup_av(&mac_subjects[d], c, t).allowed;

				for (unsigned int bit = 0; bit < 32; bit++) {
					mac_vec_t p = (mac_vec_t)1 << bit;

					if (!mac_perm_name[c][bit] || smk_request(c, p) == 0)
						continue;
					if (allowed & p) {
						tried++;
						wrong += !smack_allows(d, t, c, p);
					} else {
						stricter += smack_allows(d, t, c, p);
					}
				}
			}
	printf("     %lu allowed (domain, type, class, permission) tried, "
	       "%lu the tables deny that Smack's coarser rules allow\n", tried, stricter);
	check(tried > 0 && wrong == 0, "Smack allows every permission the tables allow");
}

/* One rule per (domain, type) pair the tables give any Smack access. */
static void test_rules(void)
{
	size_t want = 0;

	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		for (mac_col_t t = 0; t < MAC_NTYPES; t++)
			want += t != d && smk_pair_access(d, t) != MAY_NOT;
	printf("     %zu rules, %zu labels on the known list\n", smk_nrules, list_length());
	check(smk_nrules == want, "one rule per pair with access");
	check(list_length() == MAC_NTYPES + 6, "every type and the six built-ins on the list");
}

/* A pair without a rule is denied, and logged once, in Smack's format. */
static void test_denial(void)
{
	struct mac_audit_data ad = { 42, "logger", "/etc/key", NULL };
	char want[512];
	mac_col_t d, t = 0;
	int found = 0;

	for (d = 0; d < MAC_NDOMAINS && !found; d++)
		for (t = MAC_NDOMAINS; t < MAC_NTYPES && !found; t++)
			found = !rule_of(d, t);
	d--, t--;
	check(found, "some (domain, type) pair has no rule");
	if (!found)
		return;
	nlines = 0;
	check(smack_inode_perm(d, t, MAC_CLASS_FILE, MAC_PERM_FILE__READ, &ad) == -MAC_EACCES,
	      "no rule: read denied");
	snprintf(want, sizeof(want),
		 "lsm=SMACK fn=smack_inode_getattr action=denied subject=\"%s\" object=\"%s\" "
		 "requested=r pid=42 comm=\"logger\" path=\"/etc/key\"",
		 mac_type_name[d], mac_type_name[t]);
	check(nlines == 1 && strcmp(last_line, want) == 0, "one line in Smack's format");
	if (strcmp(last_line, want))
		printf("     got  %s\n     want %s\n", last_line, want);
	nlines = 0;
	check(smack_inode_perm(d, t, MAC_CLASS_FILE, MAC_PERM_FILE__WRITE | MAC_PERM_FILE__APPEND,
			       NULL) == -MAC_EACCES && nlines == 1 &&
	      strstr(last_line, "fn=smack_inode_permission") && strstr(last_line, "requested=wa") &&
	      !strstr(last_line, "pid="), "write+append denied, logged without who");
	nlines = 0;
	check(!smack_allows(d, t, MAC_CLASS_DIR, MAC_PERM_DIR__SEARCH) && nlines == 0,
	      "smack_allows decides without logging");
	check(smack_inode_perm(d, t, MAC_CLASS_FD, MAC_PERM_FD__USE, &ad) == 0 &&
	      smack_allows(d, t, MAC_CLASS_FD, MAC_PERM_FD__USE) && nlines == 0,
	      "a request with no Smack access (fd:use) is allowed");
	check(smack_file_perm(d, t, MAC_CLASS_FILE, MAC_PERM_FILE__WRITE, &ad) == 0 && nlines == 0,
	      "file hook returns 0 without a check");
}

/* The same label on both sides: every access, with or without a rule. */
static void test_same_label(void)
{
	int ok = 1;

	nlines = 0;
	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		ok &= smack_inode_perm(d, d, MAC_CLASS_FILE, MAC_PERM_FILE__WRITE |
				       MAC_PERM_FILE__EXECUTE | MAC_PERM_FILE__APPEND, NULL) == 0 &&
		      smack_allows(d, d, MAC_CLASS_PROCESS, MAC_PERM_PROCESS__SIGKILL);
	check(ok && nlines == 0, "subject == object allowed");
}

/* The k-th label of the list is found among k, not among k - 1. */
static void test_find_label(void)
{
	const struct smack_known *skp;
	unsigned int k = 1;
	int ok = 1;

	for (skp = smack_known_list; skp; skp = skp->next, k++)
		ok &= smack_find_label(skp->smk_known, k) == skp &&
		      smack_find_label(skp->smk_known, k - 1) == NULL &&
		      smack_find_label(skp->smk_known, k + 5) == skp;
	check(ok, "smack_find_label: the k-th label among k, not beyond among");
	check(smack_find_label("no_such_t", ~0u) == NULL, "an unknown label is not found");
	check(smk_find_entry(mac_type_name[MAC_NDOMAINS - 1]) ==
	      smack_find_label(mac_type_name[MAC_NDOMAINS - 1], ~0u),
	      "smk_find_entry and smack_find_label agree");
}

/* Import order, worked out apart: the built-ins, then each rule's subject
 * and object as the loader meets them, then the labels no rule named. */
static void test_list_order(void)
{
	static const char *order[MAC_NTYPES + 6];
	static unsigned char seen[MAC_NTYPES];
	static const char *const builtins[] = { "?", "^", "*", "_", "", "@" };
	size_t n = 0;
	int ok = 1;

	for (size_t i = 0; i < 6; i++)
		order[n++] = builtins[i];
	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		for (mac_col_t t = 0; t < MAC_NTYPES; t++) {
			if (smk_pair_access(d, t) == MAY_NOT)
				continue;
			if (!seen[d])
				seen[d] = 1, order[n++] = mac_type_name[d];
			if (!seen[t])
				seen[t] = 1, order[n++] = mac_type_name[t];
		}
	for (mac_col_t c = 0; c < MAC_NTYPES; c++)
		if (!seen[c])
			seen[c] = 1, order[n++] = mac_type_name[c];
	const struct smack_known *skp = smack_known_list;
	for (size_t i = n; i-- > 0; skp = skp ? skp->next : NULL)
		ok &= skp && strcmp(skp->smk_known, order[i]) == 0;
	check(ok && !skp, "the known list is the import order reversed");
	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++) {
		unsigned int pos = 1;

		for (skp = smack_known_list; skp && strcmp(skp->smk_known, mac_type_name[d]);
		     skp = skp->next)
			pos++;
		printf("     %s: entry %u of the known list\n", mac_type_name[d], pos);
	}
}

/* A kernel's hook decides and logs as smack's on every (domain, type,
 * class, bit). */
static int decides_as_smack(int (*hook)(mac_col_t, mac_col_t, unsigned int, mac_vec_t,
					const struct mac_audit_data *))
{
	int same = 1;

	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		for (mac_col_t t = 0; t < MAC_NTYPES; t++)
			for (unsigned c = 0; c < MAC_NCLASSES; c++)
				for (unsigned bit = 0; bit < 32; bit++) {
					mac_vec_t p = (mac_vec_t)1 << bit;
					int n0 = nlines, a = smack_inode_perm(d, t, c, p, NULL);
					int n1 = nlines, b = hook(d, t, c, p, NULL);
					same &= a == b && nlines - n1 == n1 - n0;
				}
	return same;
}

/* smackhash decides as smack on every (domain, type, class, bit), logs
 * as smack does, and its slots hold every label of the list once, in
 * the list's order, at the slot full_name_hash names. */
static void test_smackhash(void)
{
	int ok = 1;
	size_t held = 0;

	check(decides_as_smack(smackhash_inode_perm),
	      "smackhash: the same decision and log as smack, every request");
	for (unsigned i = 0; i < SMACK_HASH_SLOTS; i++) {
		const struct smack_known *prev = NULL;
		for (const struct smack_known *skp = smack_known_hash[i]; skp; skp = skp->smk_hashed) {
			ok &= smk_hash_slot(skp->smk_known) == i;
			if (prev) {	/* prev comes before skp on the list */
				const struct smack_known *l = prev->next;
				while (l && l != skp)
					l = l->next;
				ok &= l == skp;
			}
			prev = skp;
			held++;
		}
	}
	check(ok && held == list_length(), "smackhash: every label once, in its slot, in list order");
	ok = 1;
	for (const struct smack_known *skp = smack_known_list; skp; skp = skp->next)
		ok &= smackhash_find_label(skp->smk_known) == skp;
	check(ok && smackhash_find_label("no_such_t") == NULL,
	      "smackhash finds every label, and no unknown one");
	/* worked out by hand: 'a' = 97: (0 + 1552 + 6) * 11 = 17138;
	 * 'b' = 98: (17138 + 1568 + 6) * 11 = 205832 */
	check(full_name_hash((const unsigned char *)"ab", 2) == 205832u,
	      "full_name_hash: the byte-wise name hash");
}

/* The list cut to its first labels and put back (as the firmware's
 * 200 tries among 600, at this policy's size): its length, the slots,
 * the subject where it was asked to be. */
static void test_known_limit(void)
{
	unsigned whole = (unsigned)list_length(), keep = whole * 2 / 3, depth = whole / 3;
	mac_col_t d = MAC_TYPE_BENCH_T;
	const char *label = mac_type_name[d];
	unsigned was = smack_place_subject(d, depth);
	unsigned n = smack_known_limit(keep);
	size_t held = 0;

	for (unsigned i = 0; i < SMACK_HASH_SLOTS; i++)
		for (const struct smack_known *skp = smack_known_hash[i]; skp; skp = skp->smk_hashed)
			held++;
	check(n == keep && list_length() == keep && held == keep, "the list and its slots cut");
	check(smack_label_tries(label, ~0u) == depth + 1 && smackhash_find_label(label) != NULL &&
	      smackhash_label_tries(label) <= depth + 1,
	      "the subject as far down as asked, in its slot no deeper");
	check(smack_known_limit(0) == whole, "the list whole again");
	smack_place_subject(d, was);
	check(smack_label_tries(label, ~0u) == was + 1, "the subject back where it was");
}

/* smackfix decides and logs as smack, its blobs holding entries. */
static void test_smackfix(void)
{
	check(decides_as_smack(smackfix_inode_perm),
	      "smackfix: the same decision and log as smack, every request");
	check(smk_tasks_known[MAC_TYPE_BENCH_T].smk_task->smk_known == smk_tasks[MAC_TYPE_BENCH_T].smk_task,
	      "smackfix: the task blob holds the entry of the task's label");
}

/* fs/namei.c's byte-wise full_name_hash, written out here apart from
 * the model's: each byte c turns hash into (hash + 16c + c / 16) * 11. */
static unsigned host_slot(const char *name)
{
	unsigned long hash = 0;

	for (const unsigned char *c = (const unsigned char *)name; *c; c++)
		hash = (hash + ((unsigned long)*c << 4) + (*c >> 4)) * 11;
	return (unsigned)hash % SMACK_HASH_SLOTS;
}

/* The slots' counts the firmware prints, against the host's hash of
 * every label on the list. */
static int slots_match(void)
{
	unsigned got[SMACK_HASH_SLOTS], want[SMACK_HASH_SLOTS] = { 0 };

	smack_slot_counts(got);
	for (const struct smack_known *skp = smack_known_list; skp; skp = skp->next)
		want[host_slot(skp->smk_known)]++;
	return memcmp(got, want, sizeof(got)) == 0;
}

/* Labels apart from their entries, each in its own memory, later
 * imports at higher addresses (allocation order). */
static int labels_apart(void)
{
	const char *last = NULL;
	int ok = 1;

	for (const struct smack_known *skp = smack_known_list; skp; skp = skp->next) {
		const char *l = skp->smk_known;
		int pooled = l >= smk_label_pool && l < smk_label_pool + sizeof(smk_label_pool);

		ok &= !((const char *)skp <= l && l < (const char *)(skp + 1));
		if (pooled && last)
			ok &= l < last;	/* the list runs newest first */
		if (pooled)
			last = l;
	}
	return ok;
}

/* The package-name set in place of the policy's list, and back. */
static void test_label_sets(void)
{
	unsigned whole = (unsigned)list_length(), n;
	int found = 1;

	check(slots_match() && labels_apart(), "the policy's labels: slots as the host hashes them, apart");
	n = smack_label_set(smack_app_labels, SMACK_APP_LABELS);
	for (unsigned i = 0; i < SMACK_APP_LABELS; i++)
		found &= smack_find_label(smack_app_labels[i], n) != NULL &&
			 smackhash_find_label(smack_app_labels[i]) != NULL &&
			 *smackfix_blob_of(smack_app_labels[i]) == smack_find_label(smack_app_labels[i], n);
	check(n == SMACK_APP_LABELS && found, "package names: every one known to each kernel");
	check(smack_label_tries(smack_app_labels[SMACK_APP_LABELS - 1], n) == 1 &&
	      smack_label_tries(smack_app_labels[0], n) == n, "package names: the last imported first");
	check(slots_match() && labels_apart(), "package names: slots as the host hashes them, apart");
	check(smack_label_set(NULL, 0) == whole && smack_find_label(smack_app_labels[0], ~0u) == NULL,
	      "the policy's list back, no package name on it");
	check(slots_match(), "the policy's slots back");
}

int main(void)
{
	smack_model_init();
	smack_model_init();	/* a second call changes nothing */
	test_rules();
	test_list_order();
	test_agrees_with_tables();
	test_denial();
	test_same_label();
	test_find_label();
	test_smackhash();
	test_known_limit();
	test_smackfix();
	test_label_sets();
	printf("models-smack: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
