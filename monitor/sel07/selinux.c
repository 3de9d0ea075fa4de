/*
 * What selinux_init and the first policy load did for the model: the
 * SID table, the avtab, the AVC and the tasks' and files' security
 * structures; Smack starts as in every image.
 */
#include "sel07.h"

#if MAC_SEL07_MODEL

void models_init(void)
{
	sel07_sidtab_init();
	sel07_avtab_init();
	sel07_avc_init();
	sel07_hooks_init();
	smack_model_init();
}

#endif
