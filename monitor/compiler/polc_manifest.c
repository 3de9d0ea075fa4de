/*
 * polc_manifest.c - the manifest: one statement per line, words split on
 * blanks, "quoted strings" with \n \t \" \\ escapes, # to end of line.
 * The format is described in monitor/policy/device.manifest and
 * docs/monitor.md. Syntax, and what a name, path and entry may be
 * (they go into the generated C and the kernel's tables), is checked
 * here; labels are resolved against the policy in polc_model.c, class and
 * map statements in polc_classes.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "polc.h"
#include "kernel_limits.h"

/* A kernel built with more nodes than the firmware's: make bench-polc's
 * compiler (-DPOLC_NODE_MAX=N) takes the statn benchmark's manifests of
 * up to ten thousand files, as such a kernel's build would. */
#ifdef POLC_NODE_MAX
#undef NODE_MAX
#define NODE_MAX POLC_NODE_MAX
#endif

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
	{ "program", POLC_PROGRAM, 2, 2 },
	{ "policy", POLC_POLICY, 1, 1 },
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

/* ---- what a name, an entry and a path may be */

/* Length of the UTF-8 sequence at s, 0 if it is not one: overlong
 * forms, surrogates and code points past U+10FFFF are not. */
static size_t polc_utf8_len(const unsigned char *s)
{
	size_t n, i;
	unsigned char lo = 0x80, hi = 0xbf;

	if (*s >= 0xc2 && *s <= 0xdf)
		n = 2;
	else if (*s >= 0xe0 && *s <= 0xef)
		n = 3;
	else if (*s >= 0xf0 && *s <= 0xf4)
		n = 4;
	else
		return 0;
	if (*s == 0xe0)
		lo = 0xa0;
	else if (*s == 0xed)
		hi = 0x9f;
	else if (*s == 0xf0)
		lo = 0x90;
	else if (*s == 0xf4)
		hi = 0x8f;
	for (i = 1; i < n; i++, lo = 0x80, hi = 0xbf)
		if (s[i] < lo || s[i] > hi)
			return 0;
	return n;
}

/* Printable UTF-8: no control byte (C0, DEL, C1), no broken sequence. */
static int polc_check_text(const struct polc_line *l, const char *what,
			   const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n;

	while (*s) {
		n = *s < 0x80 ? 1 : polc_utf8_len(s);
		if (*s < 0x20 || *s == 0x7f || (n == 2 && s[0] == 0xc2 && s[1] < 0xa0)) {
			polc_error_at(l->file, l->line, "%s: control character at byte %zu",
				      what, (size_t)(s - (const unsigned char *)text) + 1);
			return -1;
		}
		if (!n) {
			polc_error_at(l->file, l->line, "%s: not UTF-8 (byte 0x%02x at %zu)",
				      what, *s, (size_t)(s - (const unsigned char *)text) + 1);
			return -1;
		}
		s += n;
	}
	return 0;
}

/* What a name says in a message: the word of a line at i. */
static const char *polc_word_what(enum polc_item_kind kind, int i)
{
	if (i == 1 && kind == POLC_TASK)
		return "task name";
	if (i == 1 && kind == POLC_CHANNEL)
		return "channel name";
	if ((i == 1 && ((kind >= POLC_DIR && kind <= POLC_CHR_FILE) || kind == POLC_PROGRAM)) ||
	    (i == 2 && (kind == POLC_SPAWN || kind == POLC_CREATE)))
		return "path";
	if (i == 1 && kind == POLC_POLICY)
		return "policy";
	return i == 3 && kind == POLC_FILE ? "content" : "word";
}

/* A task or channel name: as long as the kernel keeps (with its NUL). */
static int polc_check_name(const struct polc_line *l, const char *what,
			   const char *name, size_t max)
{
	if (!*name) {
		polc_error_at(l->file, l->line, "%s: empty", what);
		return -1;
	}
	if (strlen(name) >= max) {
		polc_error_at(l->file, l->line, "%s '%s': longer than %zu bytes",
			      what, name, max - 1);
		return -1;
	}
	return 0;
}

static const char *polc_component_error(const char *c, size_t n, bool last)
{
	if (n == 0)
		return last ? "a trailing slash" : "an empty component";
	if ((n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
		return "a component . or ..";
	return NULL;
}

/* Absolute, no empty, "." or ".." component, no trailing slash, each
 * component, the whole and its depth as the kernel takes (with a NUL). */
static int polc_check_path(const struct polc_line *l, const char *path)
{
	const char *c, *end, *why = path[0] == '/' ? NULL : "not an absolute path";
	size_t n, depth = 0;

	for (c = path + 1; !why && path[1]; c = end + 1) {
		end = strchr(c, '/');
		if (++depth > PATH_DEPTH_MAX) {	/* no task's walk would reach it */
			polc_error_at(l->file, l->line, "bad path '%s': deeper than %d names",
				      path, PATH_DEPTH_MAX);
			return -1;
		}
		n = end ? (size_t)(end - c) : strlen(c);
		why = polc_component_error(c, n, !end);
		if (!why && n >= NODE_NAME_MAX) {
			polc_error_at(l->file, l->line, "bad path '%s': component '%.*s' "
				      "is longer than %d bytes", path, (int)n, c, NODE_NAME_MAX - 1);
			return -1;
		}
		if (!end)
			break;
	}
	if (why) {
		polc_error_at(l->file, l->line, "bad path '%s': %s", path, why);
		return -1;
	}
	if (strlen(path) >= PATH_MAX_LEN) {
		polc_error_at(l->file, l->line, "bad path '%s': longer than %d bytes",
			      path, PATH_MAX_LEN - 1);
		return -1;
	}
	return 0;
}

/* An entry is declared in mac_policy.c as extern void ENTRY(void), next
 * to mac.h and the standard headers it includes, and linked with the
 * kernel: these words would not compile there or would name what is not
 * a task's function. */
static const char *const polc_c_keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "float", "for", "goto", "if",
	"inline", "int", "long", "register", "restrict", "return", "short",
	"signed", "sizeof", "static", "struct", "switch", "typedef", "union",
	"unsigned", "void", "volatile", "while", "asm", "typeof", NULL
};

/* The macros of stdbool.h, stddef.h and mac.h that are not in capitals. */
static const char *const polc_header_macros[] = {
	"bool", "true", "false", "offsetof", "likely", "unlikely", NULL
};

/* Functions and objects of the standard C library (C11 7.1.3 reserves
 * them); math functions also with an f or l after them. */
static const char *const polc_libc_names[] = {
	"abort", "abs", "atexit", "atof", "atoi", "atol", "atoll", "bsearch",
	"calloc", "div", "exit", "free", "getenv", "labs", "ldiv", "llabs",
	"lldiv", "malloc", "mblen", "mbstowcs", "mbtowc", "qsort", "rand",
	"realloc", "srand", "strtod", "strtof", "strtol", "strtold", "strtoll",
	"strtoul", "strtoull", "system", "wcstombs", "wctomb", "aligned_alloc",
	"at_quick_exit", "quick_exit", "printf", "fprintf", "sprintf",
	"snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "scanf",
	"fscanf", "sscanf", "vscanf", "vfscanf", "vsscanf", "puts", "fputs",
	"putchar", "putc", "fputc", "getchar", "getc", "fgetc", "gets", "fgets",
	"ungetc", "fopen", "fclose", "freopen", "fflush", "fread", "fwrite",
	"fseek", "ftell", "rewind", "fgetpos", "fsetpos", "clearerr", "feof",
	"ferror", "perror", "remove", "rename", "tmpfile", "tmpnam", "setbuf",
	"setvbuf", "stdin", "stdout", "stderr", "memchr", "memcmp", "memcpy",
	"memmove", "memset", "strcat", "strchr", "strcmp", "strcoll", "strcpy",
	"strcspn", "strerror", "strlen", "strncat", "strncmp", "strncpy",
	"strpbrk", "strrchr", "strspn", "strstr", "strtok", "strxfrm",
	"isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph",
	"islower", "isprint", "ispunct", "isspace", "isupper", "isxdigit",
	"tolower", "toupper", "clock", "difftime", "mktime", "time", "asctime",
	"ctime", "gmtime", "localtime", "strftime", "timespec_get", "longjmp",
	"setjmp", "signal", "raise", "setlocale", "localeconv", "errno",
	"assert", "imaxabs", "imaxdiv", "strtoimax", "strtoumax", "wcstoimax",
	"wcstoumax", "btowc", "wctob", "mbsinit", "mbrlen", "mbrtowc",
	"wcrtomb", "mbsrtowcs", "wcsrtombs", "fwprintf", "fwscanf", "swprintf",
	"swscanf", "vfwprintf", "vfwscanf", "vswprintf", "vswscanf", "vwprintf",
	"vwscanf", "wprintf", "wscanf", "fgetwc", "fgetws", "fputwc", "fputws",
	"fwide", "getwc", "getwchar", "putwc", "putwchar", "ungetwc", "wcstod",
	"wcstof", "wcstold", "wcstol", "wcstoll", "wcstoul", "wcstoull",
	"wcscpy", "wcsncpy", "wmemcpy", "wmemmove", "wcscat", "wcsncat",
	"wcscmp", "wcscoll", "wcsncmp", "wcsxfrm", "wmemcmp", "wcschr",
	"wcscspn", "wcspbrk", "wcsrchr", "wcsspn", "wcsstr", "wcstok", "wmemchr",
	"wcslen", "wmemset", "wcsftime", "iswalnum", "iswalpha", "iswblank",
	"iswcntrl", "iswdigit", "iswgraph", "iswlower", "iswprint", "iswpunct",
	"iswspace", "iswupper", "iswxdigit", "iswctype", "wctype", "towlower",
	"towupper", "towctrans", "wctrans", "feclearexcept", "fegetexceptflag",
	"feraiseexcept", "fesetexceptflag", "fetestexcept", "fegetround",
	"fesetround", "fegetenv", "feholdexcept", "fesetenv", "feupdateenv",
	"mbrtoc16", "c16rtomb", "mbrtoc32", "c32rtomb", "thrd_create",
	"thrd_exit", "mtx_init", "mtx_lock", "call_once", "tss_create", NULL
};

static const char *const polc_libm_names[] = {
	"acos", "asin", "atan", "atan2", "cos", "sin", "tan", "acosh", "asinh",
	"atanh", "cosh", "sinh", "tanh", "exp", "exp2", "expm1", "frexp",
	"ilogb", "ldexp", "log", "log10", "log1p", "log2", "logb", "modf",
	"scalbn", "scalbln", "cbrt", "fabs", "hypot", "pow", "sqrt", "erf",
	"erfc", "lgamma", "tgamma", "ceil", "floor", "nearbyint", "rint",
	"lrint", "llrint", "round", "lround", "llround", "trunc", "fmod",
	"remainder", "remquo", "copysign", "nan", "nextafter", "nexttoward",
	"fdim", "fmax", "fmin", "fma", "cacos", "casin", "catan", "ccos",
	"csin", "ctan", "cacosh", "casinh", "catanh", "ccosh", "csinh", "ctanh",
	"cexp", "clog", "cabs", "cpow", "csqrt", "carg", "cimag", "conj",
	"cproj", "creal", NULL
};

/* Prefixes of the kernel's, the monitor's, the models' and the user
 * library's own functions and data. */
static const char *const polc_reserved_prefixes[] = {
	"mac_", "MAC_", "sel07", "smack_", "models_", "arch_", "board_",
	"pxa270_", "sh7751r_", "kernel_", "sched_", "obj_", "chan_",
	"handle_", "mm_", "quota_", "sys_", "syscall_", "dev_", "fs_",
	"audit_", "boot_", "ktest_", "user_", "u_", NULL
};

static bool polc_in(const char *const *list, const char *s, size_t n)
{
	for (; *list; list++)
		if (strlen(*list) == n && !strncmp(*list, s, n))
			return true;
	return false;
}

static bool polc_is_libc(const char *s)
{
	size_t n = strlen(s);

	if (polc_in(polc_libc_names, s, n) || polc_in(polc_libm_names, s, n))
		return true;
	return n > 1 && (s[n - 1] == 'f' || s[n - 1] == 'l') &&
	       polc_in(polc_libm_names, s, n - 1);
}

static const char *polc_reserved_prefix(const char *s)
{
	const char *const *p;

	for (p = polc_reserved_prefixes; *p; p++)
		if (!strncmp(s, *p, strlen(*p)))
			return *p;
	return NULL;
}

static bool polc_has_lower(const char *s)
{
	for (; *s; s++)
		if (islower((unsigned char)*s))
			return true;
	return false;
}

static int polc_check_entry(const struct polc_line *l, const char *e)
{
	size_t n = strlen(e);
	const char *why = NULL, *prefix = polc_reserved_prefix(e);

	if (polc_in(polc_c_keywords, e, n))
		why = "is a C keyword";
	else if (e[0] == '_')
		why = "starts with _, reserved to the C implementation";
	else if (polc_in(polc_header_macros, e, n))
		why = "is a macro of stdbool.h, stddef.h or mac.h";
	else if (!polc_has_lower(e))
		why = "has no small letter, as macros have";
	else if (n > 2 && !strcmp(e + n - 2, "_t"))
		why = "ends in _t, reserved to types";
	else if (polc_is_libc(e))
		why = "is a function of the C library";
	if (why) {
		polc_error_at(l->file, l->line, "entry '%s' %s", e, why);
		return -1;
	}
	if (prefix) {
		polc_error_at(l->file, l->line, "entry '%s' starts with '%s', reserved "
			      "to the kernel and the monitor", e, prefix);
		return -1;
	}
	return 0;
}

/* Names, paths and a file's content may be strings; the other words,
 * labels and entries among them, may not. */
static bool polc_may_quote(enum polc_item_kind kind, int i)
{
	return strcmp(polc_word_what(kind, i), "word") != 0;
}

/* Every word but a file's content is printable UTF-8. */
static int polc_check_words(const struct polc_line *l, enum polc_item_kind kind)
{
	const char *what;
	int i;

	for (i = 1; i < l->nword; i++) {
		what = polc_word_what(kind, i);
		if (strcmp(what, "content") && polc_check_text(l, what, l->word[i]))
			return -1;
		if (l->quoted[i] && !polc_may_quote(kind, i)) {
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

/* A task's or a program's ENTRY: a function the image's task sources
 * define, void ENTRY(uintptr_t arg), run in user mode. */
static int polc_fill_entry(struct polc_item *it, const struct polc_line *l, const char *e)
{
	if (!polc_is_ident(e)) {
		polc_error_at(l->file, l->line,
			      "bad syntax: entry '%s' is not a C identifier", e);
		return -1;
	}
	if (polc_check_entry(l, e))
		return -1;
	it->entry = polc_strdup(e);
	return 0;
}

static int polc_fill_task(struct polc_item *it, const struct polc_line *l)
{
	char *end;

	if (polc_check_name(l, "task name", l->word[1], TASK_NAME_MAX))
		return -1;
	if (polc_fill_entry(it, l, l->word[2]))
		return -1;
	it->number = strtol(l->word[3], &end, 10);
	if (*end || end == l->word[3] || !isdigit((unsigned char)*l->word[3])) {
		polc_error_at(l->file, l->line, "bad syntax: priority '%s' is not a number",
			      l->word[3]);
		return -1;
	}
	/* the scheduler indexes its ready masks with it; the level above
	 * is its audit task's */
	if (it->number > TASK_PRIO_MAX) {
		polc_error_at(l->file, l->line, "priority %s is over %d, the highest the "
			      "kernel schedules (%d is its audit task's)", l->word[3],
			      TASK_PRIO_MAX, TASK_PRIO_MAX + 1);
		return -1;
	}
	it->context = polc_strdup(l->word[4]);
	return 0;
}

static int polc_fill_object(struct polc_item *it, const struct polc_line *l)
{
	if (polc_check_path(l, l->word[1]))
		return -1;
	it->context = polc_strdup(l->word[2]);
	if (l->nword == 4) {
		if (!l->quoted[3]) {
			polc_error_at(l->file, l->line,
				      "bad syntax: file content must be a \"string\"");
			return -1;
		}
		if (strlen(l->word[3]) > FILE_DATA_MAX) {
			polc_error_at(l->file, l->line, "content of %zu bytes: a file "
				      "holds at most %d", strlen(l->word[3]), FILE_DATA_MAX);
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
		return polc_check_name(l, "channel name", l->word[1], CHAN_NAME_MAX);
	case POLC_SPAWN:
	case POLC_CREATE:
		return polc_check_path(l, l->word[2]);
	case POLC_ENFORCING:
		return polc_fill_enforcing(it, l);
	case POLC_LIMIT:
		return polc_fill_limit(it, l);
	case POLC_MAP:
		return polc_fill_map(l);
	case POLC_PROGRAM:
		return polc_check_path(l, l->word[1]) ? -1 : polc_fill_entry(it, l, l->word[2]);
	case POLC_POLICY:
		return polc_check_name(l, "policy", l->word[1], POLC_LINE_MAX);
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
	if (polc_check_words(l, k->kind))
		return -1;
	if (m->nitems == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->items = realloc(m->items, sizeof(*m->items) * (size_t)m->cap);
		if (!m->items)
			abort();
		polc_stats.allocations++;
	}
	it = &m->items[m->nitems++];
	memset(it, 0, sizeof(*it));
	it->kind = k->kind;
	it->file = l->file;
	it->line = l->line;
	return polc_fill(it, l);
}

static bool polc_is_object(enum polc_item_kind k)
{
	return k >= POLC_DIR && k <= POLC_CHR_FILE;
}

/* Kinds whose names must be unique: paths, tasks, channels, classes,
 * the domains of limit statements, programs' paths; there is one policy. */
static int polc_name_group(enum polc_item_kind k)
{
	if (polc_is_object(k))
		return 1;
	if (k == POLC_TASK || k == POLC_CHANNEL || k == POLC_CLASS || k == POLC_LIMIT ||
	    k == POLC_PROGRAM || k == POLC_POLICY)
		return (int)k + 2;
	return 0;
}

static const char *polc_group_what(enum polc_item_kind k)
{
	return polc_is_object(k) ? "path" : k == POLC_PROGRAM ? "program" : "name";
}

/* Each name's first statement goes into m->names (objects' paths in
 * group 1, which polc_manifest_object reads); a second one is refused. */
static int polc_check_duplicates(struct polc_manifest *m)
{
	int i, j;

	polc_map_free(&m->names);
	for (i = 0; i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i], *first;
		int group = polc_name_group(it->kind);

		if (!group)
			continue;
		j = polc_map_add(&m->names, group, it->kind == POLC_POLICY ? "" : it->name, i);
		if (j < 0)
			continue;
		first = &m->items[j];
		if (it->kind == POLC_POLICY)
			polc_error_at(it->file, it->line, "a second policy statement "
				      "(the first at %s): a manifest names one policy",
				      polc_where(it->file, first->file, first->line));
		else
			polc_error_at(it->file, it->line, "duplicate %s '%s' (first at %s)",
				      polc_group_what(it->kind), it->name,
				      polc_where(it->file, first->file, first->line));
		return -1;
	}
	return 0;
}

const struct polc_item *polc_manifest_object(const struct polc_manifest *m, const char *path)
{
	int i = polc_map_get(&m->names, polc_name_group(POLC_DIR), path);

	return i < 0 ? NULL : &m->items[i];
}

/* Which of the kernel's boot tables a statement takes an entry of, or -1. */
static int polc_count_kind(const struct polc_item *it)
{
	if (it->kind == POLC_TASK)
		return 0;
	if (it->kind == POLC_CHANNEL)
		return 1;
	if (polc_is_object(it->kind) && strcmp(it->name, "/"))
		return it->kind == POLC_FILE && it->content && *it->content ? 4 : 2;
	return it->kind == POLC_PROGRAM ? 3 : -1;
}

static int polc_count_error(const struct polc_manifest *m, const struct polc_item *it,
			    const char *what, const char *whats, long max)
{
	if (m->reserve_tasks && !strcmp(what, "task"))
		polc_error_at(it->file, it->line, "task '%s': more than the %ld tasks the "
			      "manifest may start (%d of the kernel's %d slots are the "
			      "image's own)", it->name, max, m->reserve_tasks, TASK_MAX);
	else
		polc_error_at(it->file, it->line, "%s '%s': more than the %ld %s the kernel "
			      "has room for", what, it->name, max, whats);
	return -1;
}

/* What the kernel makes at boot fits its tables: a task slot each (less
 * the image's own), a channel each, a node for each object but "/" (the
 * root is there), a program number each (a node keeps it in a byte), a
 * data block for each file with content (else its write at boot fails). */
static int polc_check_counts(const struct polc_manifest *m)
{
	static const struct {
		const char *what, *whats;
		long max;
	} table[] = { { "task", "tasks", TASK_MAX }, { "channel", "channels", CHAN_MAX },
		      { "object", "objects", NODE_MAX - 1 }, { "program", "programs", PROGRAM_MAX },
		      { "file with content", "files with content", FILE_BLOCKS } };
	long count[5] = { 0, 0, 0, 0, 0 }, max;
	int i, k;

	for (i = 0; i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		k = polc_count_kind(it);
		if (k < 0)
			continue;
		max = table[k].max - (k == 0 ? m->reserve_tasks : 0);
		if (k == 4 && ++count[2] > table[2].max)
			return polc_count_error(m, it, table[2].what, table[2].whats, table[2].max);
		if (++count[k] > max)
			return polc_count_error(m, it, table[k].what, table[k].whats, max);
	}
	return 0;
}

/* A program is one of the manifest's files, wherever it is declared. */
static int polc_check_programs(const struct polc_manifest *m)
{
	int i;

	for (i = 0; i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];
		const struct polc_item *f = it->kind == POLC_PROGRAM ?
			polc_manifest_object(m, it->name) : NULL;

		if (it->kind != POLC_PROGRAM || (f && f->kind == POLC_FILE))
			continue;
		if (f)
			polc_error_at(it->file, it->line, "program '%s': %s declares it, "
				      "not as a file", it->name, polc_where(it->file, f->file, f->line));
		else
			polc_error_at(it->file, it->line, "program '%s': no file statement "
				      "of the manifest declares this path", it->name);
		return -1;
	}
	return 0;
}

/* One line without its newline: 1, or 0 at the end, -1 on an error.
 * A NUL would end the line early, and stop at nothing in C strings. */
static int polc_get_line(FILE *fp, struct polc_line *l, char *buf)
{
	size_t n = 0;
	int c;

	while ((c = getc(fp)) != EOF && c != '\n') {
		if (c == '\0') {
			polc_error_at(l->file, l->line, "bad syntax: NUL byte at column %zu",
				      n + 1);
			return -1;
		}
		if (n == POLC_LINE_MAX - 1) {
			polc_error_at(l->file, l->line, "bad syntax: line longer than %d bytes",
				      POLC_LINE_MAX - 1);
			return -1;
		}
		buf[n++] = (char)c;
	}
	if (ferror(fp)) {
		polc_error_at(l->file, l->line, "cannot read: %s", strerror(errno));
		return -1;
	}
	buf[n] = '\0';
	return c != EOF || n;
}

static int polc_parse_lines(FILE *fp, const char *file, struct polc_manifest *m)
{
	char buf[POLC_LINE_MAX];
	struct polc_line l = { .file = file, .line = 0 };
	int rc;

	for (l.line = 1; (rc = polc_get_line(fp, &l, buf)) > 0; l.line++) {
		if (polc_split(&l, buf))
			return -1;
		if (l.nword && polc_parse_line(m, &l))
			return -1;
	}
	return rc;
}

/* The checks of the whole: after the last file, since a later one may
 * declare what an earlier one's statement names. */
static int polc_check_all(struct polc_manifest *m)
{
	if (polc_check_duplicates(m) || polc_check_programs(m))
		return -1;
	return polc_check_counts(m);
}

int polc_manifest_read(FILE *fp, const char *file, struct polc_manifest *m)
{
	memset(m, 0, sizeof(*m));
	m->file = file;
	return polc_parse_lines(fp, file, m) ? -1 : polc_check_all(m);
}

static int polc_parse_one(const char *file, struct polc_manifest *m)
{
	FILE *fp = fopen(file, "r");
	struct stat st;
	int rc;

	if (!fp) {
		polc_error("%s: cannot open manifest: %s", file, strerror(errno));
		return -1;
	}
	if (!fstat(fileno(fp), &st) && S_ISDIR(st.st_mode)) {
		polc_error("%s: is a directory, not a manifest", file);
		fclose(fp);
		return -1;
	}
	rc = polc_parse_lines(fp, file, m);
	fclose(fp);
	return rc;
}

int polc_manifest_parse_all(const char *const *files, int n, int reserve_tasks,
			    struct polc_manifest *m)
{
	int i;

	memset(m, 0, sizeof(*m));
	m->file = files[0];
	m->reserve_tasks = reserve_tasks;
	for (i = 0; i < n; i++)
		if (polc_parse_one(files[i], m))
			return -1;
	return polc_check_all(m);
}

int polc_manifest_parse(const char *file, struct polc_manifest *m)
{
	return polc_manifest_parse_all(&file, 1, 0, m);
}

/* Written whole or not at all: the build takes the file as the list. */
int polc_manifest_entries(const struct polc_manifest *m, const char *out)
{
	char tmp[4096];
	FILE *f;
	int i, rc = 0, keep = polc_clean_count();

	snprintf(tmp, sizeof(tmp), "%s.tmp", out);
	f = fopen(tmp, "w");
	if (!f) {
		polc_error("%s: cannot write: %s", tmp, strerror(errno));
		return -1;
	}
	polc_clean_path(tmp);
	for (i = 0; i < m->nitems; i++) {
		const struct polc_item *it = &m->items[i];

		if (it->kind == POLC_TASK || it->kind == POLC_PROGRAM)
			fprintf(f, "%s:%d %s %s %s\n", it->file, it->line,
				it->kind == POLC_TASK ? "task" : "program", it->name, it->entry);
	}
	if (ferror(f) | fclose(f) || rename(tmp, out)) {
		polc_error("%s: cannot write: %s", out, strerror(errno));
		unlink(tmp);
		rc = -1;
	}
	polc_clean_forget(keep);
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
	m->cap = 0;
	polc_map_free(&m->names);
}
