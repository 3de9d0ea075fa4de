/*
 * fuzz_manifest.c - libFuzzer target: any bytes as a manifest, compiled
 * against a fixed binary policy (FUZZ_POLICY, built from the device
 * policy) by the same steps as mac-polc: parse, resolve, tables, write.
 */
#include <stdlib.h>

#include "fuzz_util.h"
#include "polc.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (polc_policy_load(FUZZ_POLICY))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *fp = fuzz_begin(data, size);
	struct polc_manifest m;
	int rc = 1;

	if (!polc_manifest_read(fp, "fuzz.manifest", &m))
		rc = polc_tables(&m, fuzz_outdir(), NULL);
	polc_manifest_free(&m);
	fuzz_end(fp, rc);
	return 0;
}
