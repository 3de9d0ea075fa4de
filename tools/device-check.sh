#!/usr/bin/env bash
# make DEVICE=DIR check: a device's manifest against its policy.
#   device-check.sh NAME POLICY POLICY.bin MANIFEST SCRATCH
# 1. where the policy is an installed one ($SELINUX_ROOT/NAME/policy/),
#    every object of the manifest carries the context its file_contexts
#    gives (tools/check-contexts.sh); a policy of the device's own has
#    no file_contexts, and this step says so;
# 2. every decision of the manifest's tables is libsepol's
#    (tools/check-decisions.sh).
# Environment: MAC_POLC, SEPOL_REF, HOST_CC.  Ends with
# "device-check NAME: N passed, N failed".
set -u
(($# == 5)) || { echo "usage: device-check.sh NAME POLICY POLICY.bin MANIFEST SCRATCH" >&2; exit 2; }
name=$1 policy=$2 bin=$3 manifest=$4 tmp=$5
root=${SELINUX_ROOT:-/etc/selinux}
pass=0 fail=0
mkdir -p "$tmp"

result() {
	if (($2 == 0)); then pass=$((pass + 1)); echo "PASS $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi
}

installed=
if [[ $policy == "$root"/*/policy/policy.* ]]; then
	installed=${policy#"$root"/}
	installed=${installed%%/*}
fi
if [[ -n $installed && -r $root/$installed/contexts/files/file_contexts ]]; then
	tools/check-contexts.sh "$installed" "$manifest"
	result "$name: the manifest's labels are $installed's file_contexts'" $?
else
	echo "SKIP $name: $policy has no file_contexts beside it: the labels are the manifest's own"
fi
MAC_DIR=monitor sh tools/check-decisions.sh "$bin" "$manifest" "$tmp/decisions"
result "$name: every decision of the tables is libsepol's" $?
echo "device-check $name: $pass passed, $fail failed"
((fail == 0))
