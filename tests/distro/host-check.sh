#!/usr/bin/env bash
# The distro image's host checks, for one policy:
#   host-check.sh DISTRO POLICY.bin MANIFEST
# 1. the manifest's object labels are file_contexts' (check-contexts.sh),
#    and a manifest with one label changed is caught;
# 2. every decision of the manifest's tables, read back through mac.h,
#    is sepol_compute_av's for the same context strings
#    (tools/check-decisions.sh, as the monitor's own tests use it).
# Environment: MAC_POLC, SEPOL_REF, HOST_CC, MAC_DIR, and DISTRO_TMP (a
# scratch directory, default a new one).  Ends with
# "distro-host DISTRO: N passed, N failed".
set -u
(($# == 3)) || { echo "usage: host-check.sh DISTRO POLICY.bin MANIFEST" >&2; exit 2; }
distro=$1 policy=$2 manifest=$3
: "${MAC_POLC:?set MAC_POLC}" "${SEPOL_REF:?set SEPOL_REF}"
pass=0 fail=0
tmp=${DISTRO_TMP:-$(mktemp -d)}
mkdir -p "$tmp"

# result NAME STATUS WANT: WANT is 0 (must pass) or 1 (must be caught)
result() {
	if { (($2 == 0)) && (($3 == 0)); } || { (($2 != 0)) && (($3 == 1)); }; then
		pass=$((pass + 1)); echo "PASS $1"
	else
		fail=$((fail + 1)); echo "FAIL $1"
	fi
}

tools/check-contexts.sh "$distro" "$manifest"
result "$distro: the manifest's labels are file_contexts'" $? 0
# the root's type swapped for another of the manifest's
sed '0,/object_r:root_t:/s//object_r:etc_t:/' "$manifest" >"$tmp/mutant.manifest"
tools/check-contexts.sh "$distro" "$tmp/mutant.manifest" >/dev/null
result "$distro: a changed label is caught" $? 1

sh tools/check-decisions.sh "$policy" "$manifest" "$tmp/decisions"
result "$distro: every decision of the tables is libsepol's" $? 0
echo "distro-host $distro: $pass passed, $fail failed"
((fail == 0))
