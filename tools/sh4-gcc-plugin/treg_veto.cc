/*
 * GCC plugin for sh4-linux-gnu-gcc 12.2: turn off the sh_treg_combine* RTL passes.
 *
 * GCC PR target/106609 (fixed in 12.4/13): sh_treg_combine2/3 misread a predicate and
 * delete the `tst` that sets T before a conditional branch, so the branch tests a stale
 * T bit left by earlier code. -fdisable-rtl-* cannot reach these passes because they are
 * registered by the SH back end, so they are vetoed at gate time instead. The passes only
 * optimise; skipping them costs a few instructions, never correctness.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "context.h"
#include "tree-pass.h"

#include <cstring>

/* Required by GCC to load the plugin at all. */
int plugin_is_GPL_compatible;

static const char prefix[] = "sh_treg_combine";

static void veto_gate(void *gcc_data, void *)
{
	bool *gate_status = static_cast<bool *>(gcc_data);

	if (current_pass && current_pass->name
	    && !strncmp(current_pass->name, prefix, sizeof(prefix) - 1))
		*gate_status = false;
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	/* The pass names and the gate protocol are those of the GCC the plugin was built for. */
	if (!plugin_default_version_check(version, &gcc_version)) {
		fprintf(stderr, "%s: built for GCC %s, loaded by GCC %s\n",
			info->base_name, gcc_version.basever, version->basever);
		return 1;
	}
	register_callback(info->base_name, PLUGIN_OVERRIDE_GATE, veto_gate, NULL);
	return 0;
}
