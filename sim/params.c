/* A model's parameter table, by name (model.h), and what a parameter's
 * source must say. */
#include <stdio.h>
#include <string.h>
#include "model.h"

struct sim_param *sim_param_find(struct sim_model *m, const char *name)
{
	for (size_t i = 0; i < m->nparams; i++)
		if (strcmp(m->params[i].name, name) == 0)
			return &m->params[i];
	return NULL;
}

bool sim_param_ranged(const struct sim_param *p)
{
	return p->lo < p->hi && p->lo <= p->value && p->value <= p->hi;
}

/* Words with which a source admits no document states the figure. */
static const char *const sim_guess_words[] = {
	"chosen", "not stated", "recalled", "silent", "no figure", "estimate", "about", NULL
};

static bool sim_mentions(const char *s, const char *const *words)
{
	for (; *words; words++)
		if (strstr(s, *words))
			return true;
	return false;
}

const char *sim_param_unsourced(const struct sim_param *p, const char *const *cites)
{
	if (p->lo || p->hi)
		return sim_param_ranged(p) ? NULL : "a range that does not hold its value";
	if (!p->source || !sim_mentions(p->source, cites))
		return "no citation and no range";
	if (sim_mentions(p->source, sim_guess_words))
		return "a guess with no range";
	return NULL;
}

void sim_param_range_cell(const struct sim_param *p, char *buf, size_t len)
{
	if (p->lo || p->hi)
		snprintf(buf, len, "%ld..%ld", p->lo, p->hi);
	else
		snprintf(buf, len, "-");
}
