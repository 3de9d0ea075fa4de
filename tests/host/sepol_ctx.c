/*
 * sepol_ctx.c - libsepol's answer for context pairs: the reference the
 * generated tables of a manifest are held against (mac_decisions.c).
 *
 *   sepol_ctx POLICY.bin CONTEXTS CLASS...
 *
 * CONTEXTS holds one context per line, "S CONTEXT" for a subject, "T
 * CONTEXT" for a target only; every subject is also a target. For every
 * (subject, target, class) it prints, from sepol_compute_av with the
 * context strings and nothing of the compiler's code:
 *
 *   SCONTEXT TCONTEXT CLASS allowed=0x.. auditallow=0x.. auditdeny=0x..
 *
 * the vectors masked to the class's permissions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sepol/debug.h>
#include <sepol/policydb/services.h>
#include <sepol/sepol.h>

#define CTX_MAX 4096

struct ctx_list {
	char **text;
	sepol_security_id_t *sid;
	size_t n, nsubjects;
};

static void ctx_die(const char *what, const char *arg)
{
	fprintf(stderr, "sepol_ctx: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static void ctx_add(struct ctx_list *l, const char *text)
{
	l->text = realloc(l->text, sizeof(*l->text) * (l->n + 1));
	l->sid = realloc(l->sid, sizeof(*l->sid) * (l->n + 1));
	if (!l->text || !l->sid)
		ctx_die("out of memory", NULL);
	l->text[l->n] = strdup(text);
	if (sepol_context_to_sid(text, strlen(text) + 1, &l->sid[l->n]) < 0)
		ctx_die("not a valid context", text);
	l->n++;
}

/* Subjects first, in file order, then the targets. */
static void ctx_read(struct ctx_list *l, const char *path)
{
	char line[CTX_MAX];
	int pass;

	for (pass = 0; pass < 2; pass++) {
		FILE *f = fopen(path, "r");

		if (!f)
			ctx_die("cannot open", path);
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = '\0';
			if ((line[0] == 'S') == (pass == 0) && line[1] == ' ')
				ctx_add(l, line + 2);
		}
		fclose(f);
		if (pass == 0)
			l->nsubjects = l->n;
	}
}

static uint32_t ctx_mask(sepol_security_class_t c)
{
	uint32_t mask = 0;

	for (unsigned int bit = 0; bit < 32; bit++) {
		const char *s = sepol_av_perm_to_string(c, (sepol_access_vector_t)1 << bit);

		while (s && *s == ' ')
			s++;
		if (s && *s)
			mask |= 1u << bit;
	}
	return mask;
}

static void ctx_pair(const struct ctx_list *l, size_t s, size_t t, const char *cls)
{
	sepol_security_class_t c;
	struct sepol_av_decision avd;
	uint32_t mask;

	if (sepol_string_to_security_class(cls, &c) < 0)
		ctx_die("unknown class", cls);
	if (sepol_compute_av(l->sid[s], l->sid[t], c, ~0u, &avd) < 0)
		ctx_die("sepol_compute_av failed for", l->text[s]);
	mask = ctx_mask(c);
	printf("%s %s %s allowed=0x%x auditallow=0x%x auditdeny=0x%x\n", l->text[s],
	       l->text[t], cls, avd.allowed & mask, avd.auditallow & mask,
	       avd.auditdeny & mask);
}

int main(int argc, char **argv)
{
	struct ctx_list l = { NULL, NULL, 0, 0 };
	FILE *fp;

	if (argc < 4)
		ctx_die("usage: sepol_ctx POLICY.bin CONTEXTS CLASS...", NULL);
	sepol_debug(0);
	fp = fopen(argv[1], "rb");
	if (!fp || sepol_set_policydb_from_file(fp) < 0)
		ctx_die("cannot load policy", argv[1]);
	fclose(fp);
	ctx_read(&l, argv[2]);
	for (size_t s = 0; s < l.nsubjects; s++)
		for (size_t t = 0; t < l.n; t++)
			for (int c = 3; c < argc; c++)
				ctx_pair(&l, s, t, argv[c]);
	return 0;
}
