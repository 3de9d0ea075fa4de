/* A model's parameter table, by name (model.h). */
#include <string.h>
#include "model.h"

struct sim_param *sim_param_find(struct sim_model *m, const char *name)
{
	for (size_t i = 0; i < m->nparams; i++)
		if (strcmp(m->params[i].name, name) == 0)
			return &m->params[i];
	return NULL;
}
