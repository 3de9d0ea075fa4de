/*
 * mac.c - the monitor's slow path: permissive modes, audit lines and
 * counters. Reached only when mac_check() sees a denial or a permission
 * that auditallow logs, so nothing here is on the fast path.
 *
 * Lines are formatted as the SELinux kernel prints them, so that the
 * usual tools (audit2allow, audit2why) read a firmware log unchanged.
 */
#include "mac.h"

struct mac_stats mac_stats;

/* A line may be put together with interrupts masked (a refused
 * context's, the models', an avc line the kernel does not defer): each
 * byte costs a load, a store and the tests of the loop, the
 * end is kept in a local (a store through text could alias b->len), and
 * the '\0' is written once a piece. */
void mac_put(struct mac_buf *b, const char *s)
{
	char *d = b->text + b->len;
	const char *end = b->text + MAC_LINE_MAX - 1;

	while (d < end && (*d = *s) != '\0')
		d++, s++;
	*d = '\0';
	b->len = (size_t)(d - b->text);
}

static void mac_put_char(struct mac_buf *b, char c)
{
	if (b->len < MAC_LINE_MAX - 1) {
		b->text[b->len++] = c;
		b->text[b->len] = '\0';
	}
}

/* By subtracting powers of ten: neither CPU divides in hardware. */
void mac_put_uint(struct mac_buf *b, uint32_t v)
{
	static const uint32_t pow10[] = { 1000000000, 100000000, 10000000, 1000000,
					  100000, 10000, 1000, 100, 10, 1 };
	int i = 0;

	while (i < 9 && v < pow10[i])
		i++;
	for (; i < 10; i++) {
		char digit = '0';

		while (v >= pow10[i])
			v -= pow10[i], digit++;
		mac_put_char(b, digit);
	}
}

void mac_put_hex(struct mac_buf *b, uint32_t v, int digits)
{
	static const char hex[] = "0123456789abcdef";

	while (digits-- > 0)
		mac_put_char(b, hex[(v >> (4 * digits)) & 15]);
}

static bool mac_harmless(unsigned char c)
{
	return c != '"' && c >= 0x21 && c <= 0x7e;
}

/* As audit_log_untrustedstring(): quoted if harmless, else hex.  Copied
 * quoted in one pass, and written again in hex only if a byte is not. */
void mac_put_untrusted(struct mac_buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t start = b->len;
	const char *p;

	mac_put_char(b, '"');
	for (p = s; *p && mac_harmless((unsigned char)*p); p++)
		mac_put_char(b, *p);
	if (!*p) {
		mac_put_char(b, '"');
		return;
	}
	b->len = start;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		mac_put_char(b, hex[c >> 4]);
		mac_put_char(b, hex[c & 15]);
	}
}

static void mac_put_perms(struct mac_buf *b, unsigned int tclass, mac_vec_t av)
{
	const char *const *names = mac_perm_name[tclass];
	unsigned int bit;

	mac_put(b, " {");
	for (bit = 0; bit < 32 && av >> bit; bit++) {
		if (!(av & ((mac_vec_t)1 << bit)) || !names[bit])
			continue;
		mac_put_char(b, ' ');
		mac_put(b, names[bit]);
	}
	mac_put(b, " }");
}

void mac_put_who(struct mac_buf *b, const struct mac_audit_data *ad)
{
	if (!ad)
		return;
	mac_put(b, " pid=");
	mac_put_uint(b, ad->pid);
	mac_put(b, " comm=");
	mac_put_untrusted(b, ad->comm ? ad->comm : "");
	if (ad->path) {
		mac_put(b, " path=");
		mac_put_untrusted(b, ad->path);
	} else if (ad->name) {
		mac_put(b, " name=");
		mac_put_untrusted(b, ad->name);
	}
}

/* Up to the end of dst (n bytes), always ended. */
static void mac_copy_str(char *dst, const char *src, size_t n)
{
	while (n > 1 && *src)
		*dst++ = *src++, n--;
	*dst = '\0';
}

void mac_audit(const struct mac_subject *s, unsigned int tclass,
	       mac_col_t tcol, mac_vec_t audited, int denied,
	       bool permissive, const struct mac_audit_data *ad)
{
	struct mac_avc a = { .audited = audited, .stype = s->type, .tcol = tcol,
			     .tclass = (uint8_t)tclass, .denied = denied != 0,
			     .permissive = permissive };

	if (ad) {
		const char *str = ad->path ? ad->path : ad->name;

		a.who = 1;
		a.pid = ad->pid;
		a.what = ad->path ? 'p' : ad->name ? 'n' : 0;
		mac_copy_str(a.comm, ad->comm ? ad->comm : "", sizeof(a.comm));
		mac_copy_str(a.str, str ? str : "", sizeof(a.str));
	}
	mac_stats.audited++;
	mac_log_avc(&a);
}

void mac_avc_format(const struct mac_avc *a, struct mac_buf *b)
{
	b->len = 0;
	mac_put(b, a->denied ? "avc:  denied " : "avc:  granted ");
	mac_put_perms(b, a->tclass, a->audited);
	mac_put(b, " for ");
	if (a->who) {
		struct mac_audit_data ad = { .pid = a->pid, .comm = a->comm,
					     .path = a->what == 'p' ? a->str : NULL,
					     .name = a->what == 'n' ? a->str : NULL };

		mac_put_who(b, &ad);
	}
	mac_put(b, " scontext=");
	mac_put(b, mac_context_name[a->stype]);
	mac_put(b, " tcontext=");
	mac_put(b, mac_context_name[a->tcol]);
	mac_put(b, " tclass=");
	mac_put(b, mac_class_name[a->tclass]);
	if (a->denied)
		mac_put(b, a->permissive ? " permissive=1" : " permissive=0");
}

__attribute__((weak)) void mac_log_avc(const struct mac_avc *a)
{
	struct mac_buf b;

	mac_avc_format(a, &b);
	mac_log_line(b.text);
}

static int mac_granted(const struct mac_subject *s, unsigned int tclass,
		       mac_col_t tcol, mac_vec_t requested,
		       const struct mac_av *av, const struct mac_audit_data *ad)
{
	mac_vec_t audited = requested & av->auditallow;

	if (audited) {
		mac_stats.granted++;
		mac_audit(s, tclass, tcol, audited, 0, false, ad);
	}
	return 0;
}

/* The new context of an exec or create is one the policy refuses: as
 * Linux's security_compute_sid(), log it and refuse the call. */
int mac_refuse_context(mac_col_t domain, mac_col_t tcol, unsigned int tclass)
{
	struct mac_buf b = { .len = 0 };

	mac_put(&b, "security_compute_sid:  invalid context for scontext=");
	mac_put(&b, mac_context_name[domain]);
	mac_put(&b, " tcontext=");
	mac_put(&b, mac_context_name[tcol]);
	mac_put(&b, " tclass=");
	mac_put(&b, mac_class_name[tclass]);
	mac_log_line(b.text);
	return -MAC_EACCES;
}

int mac_audit_slow(const struct mac_subject *s, unsigned int tclass,
		   mac_ccol_t ccol, mac_col_t tcol, mac_vec_t requested,
		   const struct mac_audit_data *ad)
{
	const struct mac_av v = mac_lookup_ccol(s, tclass, ccol), *av = &v;
	mac_vec_t denied = requested & ~av->allowed;
	bool permissive = !mac_enforcing || mac_type_permissive[s->type];

	mac_stats.slow++;
	if (!denied) {
		if (MAC_GRANT_LOG)
			mac_grant_note(s->type, tclass, tcol, requested);
		return mac_granted(s, tclass, tcol, requested, av, ad);
	}
	if (denied & av->auditdeny)
		mac_audit(s, tclass, tcol, denied & av->auditdeny, 1,
			  permissive, ad);
	if (permissive) {
		mac_stats.permissive++;
		return 0;
	}
	mac_stats.denials++;
	return -MAC_EACCES;
}

/* A plane's cell: a binary search of the sorted list, the domain's own
 * cell first, then every domain's, else the default. */
static const struct mac_trans *mac_trans_search(const struct mac_trans_list *l,
						mac_col_t from, mac_col_t on)
{
	uint32_t lo = 0, hi = l->n;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		const struct mac_trans *c = &l->cells[mid];

		if (c->from == from && c->on == on)
			return c;
		if (c->from < from || (c->from == from && c->on < on))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static mac_col_t mac_trans_find(const struct mac_trans_list *l, mac_col_t from,
				mac_col_t on, mac_col_t dflt)
{
	const struct mac_trans *c = mac_trans_search(l, from, on);

	if (!c)
		c = mac_trans_search(l, MAC_ANY_DOMAIN, on);
	return c ? c->to : dflt;
}

mac_col_t mac_spawn_type(mac_col_t domain, mac_col_t exec)
{
	return mac_trans_find(&mac_spawn_list, domain, exec, domain);
}

mac_col_t mac_create_type(unsigned int tclass, mac_col_t domain, mac_col_t parent)
{
	return mac_trans_find(&mac_create_lists[tclass], domain, parent, parent);
}

void mac_set_enforcing(bool on)
{
	mac_enforcing = on;
}

void mac_reset_stats(void)
{
	struct mac_stats zero = { 0 };

	mac_stats = zero;
}

#if MAC_GRANT_LOG
/* The grant log: a set of (domain, class, type), each with the union of
 * the permissions granted, in a fixed open-addressed table. */
#define MAC_GRANTS_MAX 512

struct mac_grant {
	mac_col_t domain, tcol;
	uint8_t tclass, used;
	mac_vec_t perms;
};

static struct mac_grant mac_grants[MAC_GRANTS_MAX];
static uint32_t mac_grants_lost;

int mac_grant_paused;

void mac_grant_note(mac_col_t domain, unsigned int tclass, mac_col_t tcol, mac_vec_t perms)
{
	uint32_t h = ((uint32_t)domain * 31u + tclass) * 131u + tcol;

	if (mac_grant_paused)
		return;

	for (uint32_t i = 0; i < MAC_GRANTS_MAX; i++) {
		struct mac_grant *g = &mac_grants[(h + i) % MAC_GRANTS_MAX];
		if (!g->used) {
			*g = (struct mac_grant){ domain, tcol, (uint8_t)tclass, 1, perms };
			return;
		}
		if (g->domain == domain && g->tcol == tcol && g->tclass == tclass) {
			g->perms |= perms;
			return;
		}
	}
	mac_grants_lost++;
}

void mac_grant_report(void)
{
	struct mac_buf b;

	for (uint32_t i = 0; i < MAC_GRANTS_MAX; i++) {
		const struct mac_grant *g = &mac_grants[i];
		if (!g->used)
			continue;
		b.len = 0;
		mac_put(&b, "GRANT ");
		mac_put(&b, mac_type_name[g->domain]);
		mac_put(&b, " ");
		mac_put(&b, mac_type_name[g->tcol]);
		mac_put(&b, ":");
		mac_put(&b, mac_class_name[g->tclass]);
		mac_put_perms(&b, g->tclass, g->perms);
		mac_log_line(b.text);
	}
	b.len = 0;
	mac_put(&b, "GRANT-END lost=");
	mac_put_uint(&b, mac_grants_lost);
	mac_log_line(b.text);
}
#endif
