/*
 * Host test of the selinux07 model (monitor/sel07/; model_selinux07.c
 * with SEL07_BUILD=gcc12) against the tables, on the device policy: the
 * same decision for every (domain, type, class), and the AVC's behaviour
 * around its 512 entries.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>
#include "models.h"
#include "mac_policy.h"

static int passed, failed;
static int lines;
/* set: mac_log_avc keeps the record and formats nothing (its target
 * may be no column) */
static int keep_avc, avcs;
static struct mac_avc last_avc;

void mac_log_line(const char *line) { (void)line; lines++; }

void mac_log_avc(const struct mac_avc *a)
{
	struct mac_buf b;

	if (keep_avc) {
		last_avc = *a;
		avcs++;
		return;
	}
	mac_avc_format(a, &b);
	mac_log_line(b.text);
}

static void check(int ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s %s\n", ok ? "PASS" : "FAIL", what);
}

static void test_decisions(void)
{
	int mismatches = 0, triples = 0;

	for (mac_col_t d = 0; d < MAC_NDOMAINS; d++)
		for (mac_col_t t = 0; t < MAC_NTYPES; t++)
			for (unsigned c = 0; c < MAC_NCLASSES; c++, triples++) {
				mac_vec_t model = sel07_allowed(d, t, c);
				mac_vec_t table = mac_lookup_av(&mac_subjects[d], c, t).allowed;
				if (model != table && mismatches++ < 5)
					printf("  %s %s %s: model 0x%x, tables 0x%x\n", mac_type_name[d],
					       mac_type_name[t], mac_class_name[c], model, table);
			}
	printf("  %d triples\n", triples);
	check(mismatches == 0, "the model's security server decides as the tables, every triple");
}

/* n distinct (domain, type, class) checks, twice: the second round's
 * misses.  The audit of the denials among them goes nowhere. */
static uint32_t second_round_misses(unsigned n)
{
	for (int round = 0; round < 2; round++) {
		if (round)
			sel07_stats.misses = 0;
		for (unsigned i = 0; i < n; i++) {
			unsigned c = i % MAC_NCLASSES, rest = i / MAC_NCLASSES;
			sel07_inode_perm((mac_col_t)(rest % MAC_NDOMAINS),
					 (mac_col_t)(rest / MAC_NDOMAINS), c, 1, NULL);
		}
	}
	return sel07_stats.misses;
}

static void test_avc(void)
{
	uint32_t l0 = sel07_stats.lookups;
	int r = sel07_inode_perm(MAC_TYPE_BENCH_T, MAC_TYPE_ETC_T, MAC_CLASS_FILE,
				 MAC_PERM_FILE__READ, NULL);
	check(r == 0 && sel07_stats.lookups == l0 + 1, "a check is one AVC lookup");
	uint32_t m0 = sel07_stats.misses;
	sel07_inode_perm(MAC_TYPE_BENCH_T, MAC_TYPE_ETC_T, MAC_CLASS_FILE, MAC_PERM_FILE__READ, NULL);
	check(sel07_stats.misses == m0, "the same check again hits the cache");
	if (MAC_NDOMAINS * MAC_NTYPES * MAC_NCLASSES < 700) {
		check(0, "the device policy has 700 (domain, type, class) triples to try");
		return;
	}
	check(second_round_misses(300) == 0, "300 entries fit in the AVC");
	check(second_round_misses(700) > 0, "700 do not: misses past the 512 threshold");
	check(sel07_stats.reclaims > 0, "and the AVC reclaims");
	lines = 0;
	r = sel07_inode_perm(MAC_TYPE_LOGGER_T, MAC_TYPE_FW_T, MAC_CLASS_FILE, MAC_PERM_FILE__WRITE,
			     NULL);
	check(r == -MAC_EACCES && lines == 1, "a denial is refused and logged once");
	lines = 0;
	r = sel07tuned_file_perm(MAC_TYPE_BENCH_T, MAC_TYPE_ETC_T, MAC_CLASS_FILE,
				 MAC_PERM_FILE__READ, NULL);
	check(r == 0 && lines == 0, "tuned: an allowed read logs nothing");
}

/* Leaves a stack of zeros where the check's frames will be: a decision
 * left unset then reads as "nothing allowed, nothing to audit". */
static __attribute__((noinline)) void poison_stack(void)
{
	volatile unsigned char junk[8192];

	for (unsigned i = 0; i < sizeof(junk); i++)
		junk[i] = 0;
}

/* A label the security server has no context for (one past the
 * columns): it fails, and the check audits the decision it was left,
 * which must be a denial of every permission asked, logged. */
static void test_server_failure(void)
{
	const mac_col_t none = MAC_NTYPES;
	int (*const checks[])(mac_col_t, mac_col_t, unsigned int, mac_vec_t,
			      const struct mac_audit_data *) = { sel07_inode_perm,
								 sel07tuned_inode_perm };
	int ok = 1;

	keep_avc = 1;
	for (int i = 0; i < 2; i++) {
		avcs = 0;
		memset(&last_avc, 0xa5, sizeof(last_avc));
		poison_stack();
		int r = checks[i](MAC_TYPE_BENCH_T, none, MAC_CLASS_FILE, MAC_PERM_FILE__READ, NULL);
		if (r != -MAC_EACCES || avcs != 1 || !last_avc.denied ||
		    last_avc.audited != MAC_PERM_FILE__READ || last_avc.tcol != none) {
			printf("  %s: %d, %d records, denied %d, audited 0x%x\n",
			       i ? "tuned" : "selinux07", r, avcs, last_avc.denied, last_avc.audited);
			ok = 0;
		}
	}
	keep_avc = 0;
	check(ok, "a failed security server: refused, one denial audited with what was asked "
		  "(selinux07 and tuned)");
}

int main(void)
{
	models_init();
	test_decisions();
	test_avc();
	test_server_failure();
	printf("models-selinux07: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
