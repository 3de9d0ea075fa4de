/*
 * fuzz_policy.c - libFuzzer target: any bytes as a binary policy, read
 * and compiled with a fixed manifest (FUZZ_MANIFEST, the device
 * manifest) by the same steps as mac-polc: load, resolve, tables, write.
 */
#include <stdlib.h>

#include "fuzz_util.h"
#include "polc.h"

static struct polc_manifest fuzz_manifest;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (polc_manifest_parse(FUZZ_MANIFEST, &fuzz_manifest))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *fp = fuzz_begin(data, size);
	int rc = 1;

	if (!polc_policy_read(fp, "fuzz.bin"))
		rc = polc_tables(&fuzz_manifest, fuzz_outdir(), NULL);
	polc_policy_free();
	fuzz_end(fp, rc);
	return 0;
}
