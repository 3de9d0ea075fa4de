/*
 * mac_unit_test.c - host unit test of mac.h/mac.c on the tables compiled
 * from the device policy and manifest. Prints PASS/FAIL lines; writes
 * the denial lines it saw to argv[1] for the audit2allow check.
 */
#include <stdio.h>
#include <string.h>

#include "mac.h"

#define UT_LINES 64
#define UT_LINE_MAX 512

static char ut_log[UT_LINES][UT_LINE_MAX];
static int ut_nlog;
static int ut_failed;
static FILE *ut_denials;


void logger_main(void);	/* tests/host/device_tasks.c */

static const struct mac_init_task *ut_task(const char *name)
{
	const struct mac_init_task *t;

	for (t = mac_init_tasks; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return t;
}

void mac_log_line(const char *line)
{
	if (ut_nlog < UT_LINES)
		snprintf(ut_log[ut_nlog++], UT_LINE_MAX, "%s", line);
	if (ut_denials && strstr(line, "avc:  denied "))
		fprintf(ut_denials, "%s\n", line);
}

static void ut_check(int ok, const char *what)
{
	printf("%s unit: %s\n", ok ? "PASS" : "FAIL", what);
	ut_failed += !ok;
}

static void ut_reset(void)
{
	ut_nlog = 0;
	mac_reset_stats();
	mac_set_enforcing(true);
}

static const struct mac_audit_data ut_logger = { 2, "logger", "/etc/fw/image", NULL };
static const struct mac_audit_data ut_control = { 4, "control", NULL, "sensor" };

static void ut_allowed(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];

	ut_reset();
	ut_check(mac_check(s, MAC_CLASS_FILE, MAC_TYPE_LOG_T,
			   MAC_PERM_FILE__APPEND | MAC_PERM_FILE__OPEN, &ut_logger) == 0 &&
		 ut_nlog == 0 && mac_stats.slow == 0,
		 "allowed, silent, fast path only");
}

static void ut_denied(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];
	const char *want = "avc:  denied  { read } for  pid=2 comm=\"logger\" "
		"path=\"/etc/fw/image\" scontext=system_u:system_r:logger_t "
		"tcontext=system_u:object_r:fw_t tclass=file permissive=0";

	ut_reset();
	ut_check(mac_check(s, MAC_CLASS_FILE, MAC_TYPE_FW_T, MAC_PERM_FILE__READ,
			   &ut_logger) == -MAC_EACCES, "denied returns -EACCES");
	ut_check(ut_nlog == 1 && !strcmp(ut_log[0], want), "denial line as SELinux prints it");
	if (ut_nlog == 1 && strcmp(ut_log[0], want))
		printf("  got:  %s\n  want: %s\n", ut_log[0], want);
}

static void ut_dontaudit(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];

	ut_reset();
	ut_check(mac_check(s, MAC_CLASS_FILE, MAC_TYPE_KEY_T, MAC_PERM_FILE__READ,
			   &ut_logger) == -MAC_EACCES && ut_nlog == 0,
		 "dontaudit: denied and silent");
}

static void ut_auditallow(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];
	const struct mac_audit_data ad = { 2, "logger", NULL, "messages" };

	ut_reset();
	ut_check(mac_check(s, MAC_CLASS_FILE, MAC_TYPE_LOG_T,
			   MAC_PERM_FILE__CREATE | MAC_PERM_FILE__WRITE, &ad) == 0,
		 "auditallow: granted");
	ut_check(ut_nlog == 1 && !strcmp(ut_log[0],
		 "avc:  granted  { create } for  pid=2 comm=\"logger\" name=\"messages\" "
		 "scontext=system_u:system_r:logger_t tcontext=system_u:object_r:log_t "
		 "tclass=file"), "auditallow: logs a granted line of the audited perms only");
}

static void ut_permissive(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];

	ut_reset();
	mac_set_enforcing(false);
	ut_check(mac_check(s, MAC_CLASS_FILE, MAC_TYPE_FW_T, MAC_PERM_FILE__READ,
			   &ut_logger) == 0, "global permissive: allowed");
	ut_check(ut_nlog == 1 && strstr(ut_log[0], " permissive=1") != NULL,
		 "global permissive: logged with permissive=1");
	mac_set_enforcing(true);
}

static void ut_domain_permissive(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_SENSOR_T];
	const struct mac_audit_data ad = { 3, "sensor", "/etc/key", NULL };

	ut_reset();
	ut_check(mac_type_permissive[MAC_TYPE_SENSOR_T] &&
		 !mac_type_permissive[MAC_TYPE_LOGGER_T], "permissive flag per domain");
	ut_check(mac_check(s, MAC_CLASS_FILE, MAC_TYPE_KEY_T, MAC_PERM_FILE__READ,
			   &ad) == 0 && ut_nlog == 1 &&
		 strstr(ut_log[0], "scontext=system_u:system_r:sensor_t") &&
		 strstr(ut_log[0], " permissive=1"),
		 "permissive domain: allowed and logged");
}

static void ut_process_target(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_CONTROL_T];

	ut_reset();
	ut_check(mac_check(s, MAC_CLASS_PROCESS, MAC_TYPE_SENSOR_T,
			   MAC_PERM_PROCESS__SIGNAL, &ut_control) == 0, "control may signal sensor");
	ut_check(mac_check(s, MAC_CLASS_PROCESS, MAC_TYPE_SENSOR_T,
			   MAC_PERM_PROCESS__SIGKILL, &ut_control) == -MAC_EACCES &&
		 ut_nlog == 1 && strstr(ut_log[0], "tcontext=system_u:system_r:sensor_t "),
		 "a task target runs as system_r");
}

static void ut_bounds_and_bools(void)
{
	const struct mac_subject *hook = &mac_subjects[MAC_TYPE_UPDATER_HOOK_T];
	const struct mac_subject *upd = &mac_subjects[MAC_TYPE_UPDATER_T];

	ut_reset();
	ut_check(mac_check(hook, MAC_CLASS_FILE, MAC_TYPE_KEY_T, MAC_PERM_FILE__READ,
			   NULL) == 0 &&
		 mac_check(hook, MAC_CLASS_FILE, MAC_TYPE_KEY_T, MAC_PERM_FILE__WRITE,
			   NULL) == -MAC_EACCES, "typebounds strip what the parent lacks");
	ut_check(mac_check(upd, MAC_CLASS_FILE, MAC_TYPE_FW_T, MAC_PERM_FILE__WRITE,
			   NULL) == 0, "boolean fw_update_allowed=true grants write");
}

static void ut_hex_comm(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];
	const struct mac_audit_data ad = { 2, "a b", NULL, NULL };

	ut_reset();
	mac_check(s, MAC_CLASS_FILE, MAC_TYPE_FW_T, MAC_PERM_FILE__READ, &ad);
	ut_check(ut_nlog == 1 && strstr(ut_log[0], " comm=612062 "),
		 "an untrusted comm is printed in hex");
}

static void ut_counters(void)
{
	const struct mac_subject *s = &mac_subjects[MAC_TYPE_LOGGER_T];

	ut_reset();
	mac_check(s, MAC_CLASS_FILE, MAC_TYPE_LOG_T, MAC_PERM_FILE__APPEND, NULL);
	mac_check(s, MAC_CLASS_FILE, MAC_TYPE_LOG_T, MAC_PERM_FILE__CREATE, NULL);
	mac_check(s, MAC_CLASS_FILE, MAC_TYPE_KEY_T, MAC_PERM_FILE__READ, NULL);
	mac_check(s, MAC_CLASS_FILE, MAC_TYPE_FW_T, MAC_PERM_FILE__READ, NULL);
	mac_check(&mac_subjects[MAC_TYPE_SENSOR_T], MAC_CLASS_FILE, MAC_TYPE_FW_T,
		  MAC_PERM_FILE__READ, NULL);
	ut_check(mac_stats.lookups == 5 && mac_stats.slow == 4 &&
		 mac_stats.denials == 2 && mac_stats.permissive == 1 &&
		 mac_stats.granted == 1 && mac_stats.audited == 3,
		 "counters: lookups, slow, denials, permissive, granted, audited");
}

static void ut_manifest(void)
{
	const struct mac_init_object *o;
	int key = 0;

	for (o = mac_init_objects; o->path; o++)
		key |= !strcmp(o->path, "/etc/key") && o->type == MAC_TYPE_KEY_T &&
		       o->kind == MAC_KIND_FILE && !strcmp(o->content, "0123456789abcdef");
	ut_check(key, "initial objects carry their column");
	ut_check(ut_task("logger")->entry == logger_main &&
		 ut_task("logger")->domain == MAC_TYPE_LOGGER_T &&
		 ut_task("logger")->priority == 5 && !mac_init_tasks[MAC_NTASKS].name,
		 "initial tasks: entry, domain, priority");
	ut_check(!strcmp(mac_init_channels[0].name, "readings") &&
		 mac_init_channels[0].type == MAC_TYPE_READINGS_CHAN_T, "channels");
	ut_check(mac_spawn_type(MAC_TYPE_INIT_T, MAC_TYPE_UPDATER_EXEC_T) == MAC_TYPE_UPDATER_T &&
		 mac_spawn_type(MAC_TYPE_LOGGER_T, MAC_TYPE_UPDATER_EXEC_T) == MAC_TYPE_LOGGER_T,
		 "spawn transitions, default keeps the domain");
	ut_check(mac_create_type(MAC_CLASS_FILE, MAC_TYPE_LOGGER_T, MAC_TYPE_VAR_LOG_T) == MAC_TYPE_LOG_T &&
		 mac_create_type(MAC_CLASS_FILE, MAC_TYPE_INIT_T, MAC_TYPE_ETC_T) == MAC_TYPE_ETC_T &&
		 mac_create_lists[MAC_CLASS_FD].cells == NULL,
		 "create transitions, default inherits the parent");
}

/* The transition lists: a domain's own cell, a cell every domain gets
 * (MAC_ANY_DOMAIN), and the default, each found where it should be. */
static void ut_sparse_transitions(void)
{
	const struct mac_trans_list *l = &mac_create_lists[MAC_CLASS_FILE];
	int sorted = 1, any = 0;
	uint32_t i;

	for (i = 0; i + 1 < l->n; i++)
		sorted &= l->cells[i].from < l->cells[i + 1].from ||
			  (l->cells[i].from == l->cells[i + 1].from &&
			   l->cells[i].on < l->cells[i + 1].on);
	for (i = 0; i < l->n; i++)
		any += l->cells[i].from == MAC_ANY_DOMAIN;
	ut_check(sorted && any > 0 && l->n < MAC_NDOMAINS * MAC_NTYPES / 8,
		 "create list: sorted, a few cells, shared ones for any domain");
	/* a file created in a directory labelled with a process context gets a
	 * role files may not have, for every domain alike */
	ut_check(mac_create_type(MAC_CLASS_FILE, MAC_TYPE_LOGGER_T, MAC_TYPE_INIT_T) ==
		 MAC_NO_LABEL &&
		 mac_create_type(MAC_CLASS_FILE, MAC_TYPE_SENSOR_T, MAC_TYPE_INIT_T) ==
		 MAC_NO_LABEL, "create: a cell of every domain found, MAC_NO_LABEL kept");
	ut_check(mac_spawn_type(MAC_TYPE_SENSOR_T, MAC_TYPE_ETC_T) == MAC_TYPE_SENSOR_T &&
		 mac_create_type(MAC_CLASS_DIR, MAC_TYPE_LOGGER_T, MAC_TYPE_TMP_T) ==
		 mac_create_type(MAC_CLASS_DIR, MAC_TYPE_BENCH_T, MAC_TYPE_TMP_T),
		 "no cell: the default (the domain, the parent)");
}

/* The layout: the kernel's permissions in the low bits, the file-like
 * classes' shared bits alike, each object's index that of its class. */
static void ut_layout(void)
{
	const struct mac_init_object *o;
	int ok = 1;

	ut_check((MAC_PERM_FILE__READ | MAC_PERM_FILE__WRITE | MAC_PERM_FILE__GETATTR |
		  MAC_PERM_DIR__SEARCH) <= 0xff,
		 "read, write, getattr, search within SH-4's tst #imm");
	ut_check(MAC_PERM_FILE__CREATE == MAC_PERM_DIR__CREATE &&
		 MAC_PERM_FILE__UNLINK == MAC_PERM_CHR_FILE__UNLINK &&
		 MAC_PERM_FILE__GETATTR == MAC_PERM_CHR_FILE__GETATTR &&
		 MAC_PERM_FILE__OPEN == MAC_PERM_DIR__OPEN &&
		 MAC_PERM_FILE__WRITE == MAC_PERM_CHR_FILE__WRITE,
		 "the file-like classes' shared permissions on one bit");
	ut_check((mac_kernel_bits[MAC_CLASS_FILE] & MAC_PERM_FILE__SETATTR) == 0 &&
		 (mac_kernel_bits[MAC_CLASS_DIR] & MAC_PERM_DIR__SEARCH) &&
		 !strcmp(mac_perm_name[MAC_CLASS_DIR][__builtin_ctz(MAC_PERM_DIR__SEARCH)],
			 "search"), "the kernel's bits, and the names by the new numbering");
	for (o = mac_init_objects; o->path; o++) {
		unsigned int c = o->kind == MAC_KIND_DIR ? MAC_CLASS_DIR :
				 o->kind == MAC_KIND_CHR_FILE ? MAC_CLASS_CHR_FILE : MAC_CLASS_FILE;
		ok &= o->ccol == mac_ccol(c, o->type);
	}
	ut_check(ok, "every object's index is its column's in its class");
	/* the fast test of a permission the kernel never asks for fails, and
	 * the slow path still decides it: init_t may setattr nothing here */
	ut_reset();
	ut_check(mac_check(&mac_subjects[MAC_TYPE_INIT_T], MAC_CLASS_FILE, MAC_TYPE_ETC_T,
			   MAC_PERM_FILE__SETATTR, NULL) ==
		 ((mac_lookup_av(&mac_subjects[MAC_TYPE_INIT_T], MAC_CLASS_FILE,
				 MAC_TYPE_ETC_T).allowed & MAC_PERM_FILE__SETATTR) ? 0 : -MAC_EACCES) &&
		 mac_stats.slow == 1, "a permission outside the fast bits: the slow path decides");
}

int main(int argc, char **argv)
{
	ut_denials = argc > 1 ? fopen(argv[1], "w") : NULL;
	ut_allowed();
	ut_denied();
	ut_dontaudit();
	ut_auditallow();
	ut_permissive();
	ut_domain_permissive();
	ut_process_target();
	ut_bounds_and_bools();
	ut_hex_comm();
	ut_counters();
	ut_manifest();
	ut_sparse_transitions();
	ut_layout();
	if (ut_denials)
		fclose(ut_denials);
	return ut_failed ? 1 : 0;
}
