/*
 * Per-domain quotas: what each domain's tasks hold of the kernel's
 * shared tables, against the share the manifest gives it
 * (mac_domain_limits).  A full share is -E_DQUOT, apart from a full
 * table, so that a task can tell its own excess from the system's.
 */
#include "kernel.h"

static uint16_t quota_used[MAC_NDOMAINS][MAC_NLIMITS];

int quota_charge(mac_col_t domain, enum mac_limit what)
{
	if (domain == QUOTA_KERNEL)
		return 0;
	if (unlikely(quota_used[domain][what] >= mac_domain_limits[domain][what]))
		return -E_DQUOT;
	quota_used[domain][what]++;
	return 0;
}

void quota_release(mac_col_t domain, enum mac_limit what)
{
	if (domain != QUOTA_KERNEL)
		quota_used[domain][what]--;
}

uint32_t quota_in_use(mac_col_t domain, enum mac_limit what)
{
	return quota_used[domain][what];
}
