/* A model's parameter by name: the glue's command line, the tests. */
#include <string.h>
#include "model.h"

struct sim_param *sim_param_find(struct sim_model *m, const char *name)
{
	for (size_t i = 0; i < m->nparams; i++)
		if (!strcmp(m->params[i].name, name))
			return &m->params[i];
	return NULL;
}
