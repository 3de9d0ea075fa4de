/*
 * polc_manifest.c - the manifest: one statement per line, words split on
 * blanks, "quoted strings" with \n \t \" \\ escapes, # to end of line.
 * The format is described in monitor/policy/device.manifest and
 * monitor/README.md. Only syntax is checked here; names are resolved
 * against the policy in polc_model.c and, for class and map statements,
 * polc_classes.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "polc.h"
#include "kernel_limits.h"

#define POLC_LINE_MAX 1024
#define POLC_WORDS_MAX (POLC_MAX_PERMS + 2)

struct polc_line {
	const char *file;
	int line;
	char *word[POLC_WORDS_MAX];
	bool quoted[POLC_WORDS_MAX];
	int nword;
};

struct polc_keyword {
	const char *name;
	enum polc_item_kind kind;
	int min_words;		/* after the keyword */
	int max_words;
};

static const struct polc_keyword polc_keywords[] = {
	{ "class", POLC_CLASS, 2, POLC_MAX_PERMS + 1 },
	{ "task", POLC_TASK, 4, 4 },
	{ "dir", POLC_DIR, 2, 2 },
	{ "file", POLC_FILE, 2, 3 },
	{ "sock_file", POLC_SOCK_FILE, 2, 2 },
	{ "fifo_file", POLC_FIFO_FILE, 2, 2 },
	{ "chr_file", POLC_CHR_FILE, 2, 2 },
	{ "channel", POLC_CHANNEL, 2, 2 },
	{ "spawn", POLC_SPAWN, 3, 3 },
	{ "create", POLC_CREATE, 4, 4 },
	{ "enforcing", POLC_ENFORCING, 1, 1 },
	{ "limit", POLC_LIMIT, 3, 2 * POLC_NLIMITS + 1 },
	{ "map", POLC_MAP, 3, POLC_MAX_PERMS + 1 },
};

/* Kinds of objects SELinux has and the kernel cannot make, with why. */
static const struct {
	const char *name, *why;
} polc_refused[] = {
	{ "lnk_file", "the kernel has no symbolic links: declare the object the "
		      "link points to under this path instead" },
	{ "blk_file", "the kernel has no block devices: a device is a chr_file" },
};

/* Half of a table by default: no one domain can take it all.  Messages
 * are shared per channel, so a domain gets half of one channel's queue;
 * handles are per task, and 16 of them is what one task can hold. */
const struct polc_limit_key polc_limit_keys[POLC_NLIMITS] = {
	{ "tasks", TASK_MAX, TASK_MAX / 2 },
	{ "nodes", NODE_MAX, NODE_MAX / 2 },
	{ "blocks", FILE_BLOCKS, FILE_BLOCKS / 2 },
	{ "handles", TASK_MAX * HANDLE_MAX, TASK_MAX * HANDLE_MAX / 2 },
	{ "messages", CHAN_MAX * CHAN_DEPTH, CHAN_DEPTH / 2 },
};

static int polc_unescape(char c)
{
	switch (c) {
	case 'n': return '\n';
	case 't': return '\t';
	case '"': return '"';
	case '\\': return '\\';
	default: return -1;
	}
}

/* Reads one "quoted" word in place; returns the char after it or NULL. */
static char *polc_quoted(struct polc_line *l, char *p)
{
	char *out = p;
	int c;

	l->word[l->nword] = out;
	l->quoted[l->nword++] = true;
	for (p++; *p && *p != '"'; p++) {
		if (*p != '\\') {
			*out++ = *p;
			continue;
		}
		c = polc_unescape(*++p);
		if (c < 0) {
			polc_error_at(l->file, l->line, "bad escape in string");
			return NULL;
		}
		*out++ = (char)c;
	}
	if (*p != '"') {
		polc_error_at(l->file, l->line, "unterminated string");
		return NULL;
	}
	*out = '\0';
	return p + 1;
}

static char *polc_plain(struct polc_line *l, char *p)
{
	char c;

	l->word[l->nword] = p;
	l->quoted[l->nword++] = false;
	while (*p && !isspace((unsigned char)*p) && *p != '#' && *p != '"')
		p++;
	if (*p == '"') {
		polc_error_at(l->file, l->line, "bad syntax: quote inside a word");
		return NULL;
	}
	c = *p;
	*p = '\0';
	/* Stay on the terminator at a comment so that polc_split stops. */
	return c && c != '#' ? p + 1 : p;
}

static int polc_split(struct polc_line *l, char *p)
{
	l->nword = 0;
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			return 0;
		if (l->nword == POLC_WORDS_MAX) {
			polc_error_at(l->file, l->line, "bad syntax: too many words");
			return -1;
		}
		p = *p == '"' ? polc_quoted(l, p) : polc_plain(l, p);
		if (!p)
			return -1;
	}
}

static const struct polc_keyword *polc_keyword(const char *word)
{
	size_t i;

	for (i = 0; i < sizeof(polc_keywords) / sizeof(polc_keywords[0]); i++)
		if (!strcmp(polc_keywords[i].name, word))
			return &polc_keywords[i];
	return NULL;
}

static bool polc_is_ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static bool polc_is_path(const char *s)
{
	size_t n = strlen(s);

	if (s[0] != '/' || strstr(s, "//"))
		return false;
	return n == 1 || s[n - 1] != '/';
}

/* Only a file's content may be a string: names and labels are words. */
static int polc_check_words(const struct polc_line *l, int last)
{
	int i;

	for (i = 1; i < l->nword && i < last; i++) {
		if (l->quoted[i]) {
			polc_error_at(l->file, l->line,
				      "bad syntax: unexpected string");
			return -1;
		}
	}
	return 0;
}

/* KPERM=PPERM: a kernel permission and the policy's, both names. */
static bool polc_is_pair(const char *s)
{
	const char *eq = strchr(s, '=');
	char k[128];

	if (!eq || eq == s || (size_t)(eq - s) >= sizeof(k))
		return false;
	memcpy(k, s, (size_t)(eq - s));
	k[eq - s] = '\0';
	return polc_is_ident(k) && polc_is_ident(eq + 1);
}

/* map KCLASS PCLASS KPERM=PPERM...: names are checked in polc_classes.c. */
static int polc_fill_map(const struct polc_line *l)
{
	int i;

	for (i = 1; i < 3; i++) {
		if (polc_is_ident(l->word[i]))
			continue;
		polc_error_at(l->file, l->line, "bad syntax: '%s' is not a class name",
			      l->word[i]);
		return -1;
	}
	for (i = 3; i < l->nword; i++) {
		if (polc_is_pair(l->word[i]))
			continue;
		polc_error_at(l->file, l->line, "bad syntax: '%s' is not "
			      "KERNEL_PERM=POLICY_PERM", l->word[i]);
		return -1;
	}
	return 0;
}

static int polc_fill_task(struct polc_item *it, const struct polc_line *l)
{
	char *end;

	if (!polc_is_ident(l->word[2])) {
		polc_error_at(l->file, l->line,
			      "bad syntax: entry '%s' is not a C identifier",
			      l->word[2]);
		return -1;
	}
	it->number = strtol(l->word[3], &end, 10);
	if (*end || end == l->word[3] || it->number < 0 || it->number > 255) {
		polc_error_at(l->file, l->line,
			      "bad syntax: priority '%s' is not 0..255",
			      l->word[3]);
		return -1;
	}
	it->entry = polc_strdup(l->word[2]);
	it->context = polc_strdup(l->word[4]);
	return 0;
}

static int polc_fill_object(struct polc_item *it, const struct polc_line *l)
{
	if (!polc_is_path(l->word[1])) {
		polc_error_at(l->file, l->line,
			      "bad syntax: '%s' is not an absolute path",
			      l->word[1]);
		return -1;
	}
	it->context = polc_strdup(l->word[2]);
	if (l->nword == 4) {
		if (!l->quoted[3]) {
			polc_error_at(l->file, l->line,
				      "bad syntax: file content must be a \"string\"");
			return -1;
		}
		it->content = polc_strdup(l->word[3]);
	}
	return 0;
}

static int polc_fill_enforcing(struct polc_item *it, const struct polc_line *l)
{
	if (strcmp(l->word[1], "0") && strcmp(l->word[1], "1")) {
		polc_error_at(l->file, l->line, "bad syntax: enforcing is 0 or 1");
		return -1;
	}
	it->number = l->word[1][0] - '0';
	return 0;
}

static int polc_limit_index(const char *key)
{
	int k;

	for (k = 0; k < POLC_NLIMITS; k++)
		if (!strcmp(polc_limit_keys[k].name, key))
			return k;
	return -1;
}

static int polc_fill_limit_pair(struct polc_item *it, const struct polc_line *l, int i)
{
	int k = polc_limit_index(l->word[i]);
	char *end;

	if (k < 0) {
		polc_error_at(l->file, l->line, "unknown limit '%s': not tasks, nodes, "
			      "blocks, handles or messages", l->word[i]);
		return -1;
	}
	if (it->limit[k] >= 0) {
		polc_error_at(l->file, l->line, "limit '%s' given twice", l->word[i]);
		return -1;
	}
	it->limit[k] = strtol(l->word[i + 1], &end, 10);
	if (*end || end == l->word[i + 1] || !isdigit((unsigned char)*l->word[i + 1])) {
		polc_error_at(l->file, l->line, "bad number '%s' for limit '%s'",
			      l->word[i + 1], l->word[i]);
		return -1;
	}
	if (it->limit[k] > polc_limit_keys[k].table) {
		polc_error_at(l->file, l->line, "limit %s %s is over the table size %ld",
			      l->word[i], l->word[i + 1], polc_limit_keys[k].table);
		return -1;
	}
	return 0;
}

/* DOMAIN then KEY N pairs; what is not named keeps its default. */
static int polc_fill_limit(struct polc_item *it, const struct polc_line *l)
{
	int i, k;

	for (k = 0; k < POLC_NLIMITS; k++)
		it->limit[k] = -1;
	if (l->nword % 2) {
		polc_error_at(l->file, l->line, "bad syntax: limit takes DOMAIN, then KEY NUMBER pairs");
		return -1;
	}
	for (i = 2; i < l->nword; i += 2)
		if (polc_fill_limit_pair(it, l, i))
			return -1;
	return 0;
}

static int polc_fill(struct polc_item *it, const struct polc_line *l)
{
	int i;

	it->name = polc_strdup(l->word[1]);
	for (i = 1; i < l->nword; i++)
		it->words[it->nwords++] = polc_strdup(l->word[i]);
	switch (it->kind) {
	case POLC_TASK:
		return polc_fill_task(it, l);
	case POLC_DIR:
	case POLC_FILE:
	case POLC_SOCK_FILE:
	case POLC_FIFO_FILE:
	case POLC_CHR_FILE:
		return polc_fill_object(it, l);
	case POLC_CHANNEL:
		it->context = polc_strdup(l->word[2]);
		return 0;
	case POLC_ENFORCING:
		return polc_fill_enforcing(it, l);
	case POLC_LIMIT:
		return polc_fill_limit(it, l);
	case POLC_MAP:
		return polc_fill_map(l);
	default:
		return 0;
	}
}

static int polc_refuse(const struct polc_line *l)
{
	size_t i;

	for (i = 0; i < sizeof(polc_refused) / sizeof(polc_refused[0]); i++) {
		if (l->quoted[0] || strcmp(polc_refused[i].name, l->word[0]))
			continue;
		polc_error_at(l->file, l->line, "%s not supported: %s",
			      polc_refused[i].name, polc_refused[i].why);
		return -1;
	}
	return 0;
}

static int polc_parse_line(struct polc_manifest *m, struct polc_line *l)
{
	const struct polc_keyword *k = polc_keyword(l->word[0]);
	struct polc_item *it;
	int nargs = l->nword - 1;
	bool has_content = k && (k->kind == POLC_FILE);

	if (polc_refuse(l))
		return -1;
	if (!k || l->quoted[0]) {
		polc_error_at(l->file, l->line, "bad syntax: unknown statement '%s'",
			      l->word[0]);
		return -1;
	}
	if (nargs < k->min_words || nargs > k->max_words) {
		polc_error_at(l->file, l->line,
			      "bad syntax: '%s' takes %d to %d words, not %d",
			      k->name, k->min_words, k->max_words, nargs);
		return -1;
	}
	if (polc_check_words(l, has_content ? 3 : l->nword))
		return -1;
	m->items = realloc(m->items, sizeof(*m->items) * (m->nitems + 1));
	if (!m->items)
		abort();
	it = &m->items[m->nitems++];
	memset(it, 0, sizeof(*it));
	it->kind = k->kind;
	it->line = l->line;
	return polc_fill(it, l);
}

static bool polc_is_object(enum polc_item_kind k)
{
	return k >= POLC_DIR && k <= POLC_CHR_FILE;
}

/* Kinds whose names must be unique: paths, tasks, channels, classes,
 * the domains of limit statements. */
static int polc_name_group(enum polc_item_kind k)
{
	if (polc_is_object(k))
		return 1;
	if (k == POLC_TASK || k == POLC_CHANNEL || k == POLC_CLASS || k == POLC_LIMIT)
		return (int)k + 2;
	return 0;
}

static int polc_check_duplicates(const struct polc_manifest *m)
{
	int i, j;

	for (i = 0; i < m->nitems; i++) {
		int group = polc_name_group(m->items[i].kind);

		for (j = 0; group && j < i; j++) {
			if (polc_name_group(m->items[j].kind) != group ||
			    strcmp(m->items[i].name, m->items[j].name))
				continue;
			polc_error_at(m->file, m->items[i].line,
				      "duplicate %s '%s' (first at line %d)",
				      group == 1 ? "path" : "name",
				      m->items[i].name, m->items[j].line);
			return -1;
		}
	}
	return 0;
}

static int polc_parse_file(FILE *fp, struct polc_manifest *m)
{
	char buf[POLC_LINE_MAX];
	struct polc_line l = { .file = m->file, .line = 0 };

	while (fgets(buf, sizeof(buf), fp)) {
		l.line++;
		if (!strchr(buf, '\n') && !feof(fp)) {
			polc_error_at(m->file, l.line, "bad syntax: line too long");
			return -1;
		}
		if (polc_split(&l, buf))
			return -1;
		if (l.nword && polc_parse_line(m, &l))
			return -1;
	}
	return polc_check_duplicates(m);
}

int polc_manifest_read(FILE *fp, const char *file, struct polc_manifest *m)
{
	memset(m, 0, sizeof(*m));
	m->file = file;
	return polc_parse_file(fp, m);
}

int polc_manifest_parse(const char *file, struct polc_manifest *m)
{
	FILE *fp = fopen(file, "r");
	int rc;

	if (!fp) {
		memset(m, 0, sizeof(*m));
		polc_error("%s: cannot open manifest", file);
		return -1;
	}
	rc = polc_manifest_read(fp, file, m);
	fclose(fp);
	return rc;
}

void polc_manifest_free(struct polc_manifest *m)
{
	int i, j;

	for (i = 0; i < m->nitems; i++) {
		struct polc_item *it = &m->items[i];

		free(it->name);
		free(it->entry);
		free(it->context);
		free(it->content);
		for (j = 0; j < it->nwords; j++)
			free(it->words[j]);
	}
	free(m->items);
	m->items = NULL;
	m->nitems = 0;
}
