#!/usr/bin/env bash
# The distro image's host checks, for one policy:
#   host-check.sh DISTRO POLICY.bin MANIFEST GEN_DIR
# 1. the manifest's object labels are file_contexts' (check-contexts.sh),
#    and a manifest with one label changed is caught;
# 2. every decision of the tables generated in GEN_DIR, read back
#    through mac.h (decisions.c), is sepol_compute_av's for the same
#    context strings (check-decisions.py), and a changed decision is
#    caught.
# Environment: SEPOL_REF, HOST_CC, MAC_DIR.  Ends with
# "distro-host DISTRO: N passed, N failed".
set -u
(($# == 4)) || { echo "usage: host-check.sh DISTRO POLICY.bin MANIFEST GEN_DIR" >&2; exit 2; }
distro=$1 policy=$2 manifest=$3 gen=$4
: "${SEPOL_REF:?set SEPOL_REF to the sepol_ref binary}" "${HOST_CC:=cc}" "${MAC_DIR:=monitor}"
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# result NAME STATUS WANT: WANT is 0 (must pass) or 1 (must be caught)
result() {
	if { (($2 == 0)) && (($3 == 0)); } || { (($2 != 0)) && (($3 == 1)); }; then
		pass=$((pass + 1)); echo "PASS $1"
	else
		fail=$((fail + 1)); echo "FAIL $1"
	fi
}

tests/distro/check-contexts.sh "$distro" "$manifest"
result "$distro: the manifest's labels are file_contexts'" $? 0
# the first object's type swapped for another of the manifest's
sed '0,/object_r:root_t:/s//object_r:etc_t:/' "$manifest" >"$tmp/mutant.manifest"
tests/distro/check-contexts.sh "$distro" "$tmp/mutant.manifest" >/dev/null
result "$distro: a changed label is caught" $? 1

# the manifest's task entries: empty functions, for the host link only
sed -n 's/^extern void \(.*\)(void);$/void \1(void) {}/p' "$gen/mac_policy.c" | sort -u >"$tmp/entries.c"
if $HOST_CC -std=gnu11 -O1 -Wall -Wextra -Werror -I"$MAC_DIR" -I"$gen" -o "$tmp/decisions" \
	tests/distro/decisions.c "$MAC_DIR/mac.c" "$gen/mac_policy.c" "$tmp/entries.c" &&
	"$tmp/decisions" >"$tmp/decisions.txt"; then
	tests/distro/check-decisions.py "$SEPOL_REF" "$policy" "$manifest" "$tmp/decisions.txt"
	result "$distro: every decision is libsepol's" $? 0
	tests/distro/check-decisions.py "$SEPOL_REF" "$policy" "$manifest" "$tmp/decisions.txt" \
		--mutate | sed -n 's/^distro-decisions/  with one decision changed:/p'
	result "$distro: a changed decision is caught" "${PIPESTATUS[0]}" 1
else
	result "$distro: the decisions build and run" 1 0
fi
echo "distro-host $distro: $pass passed, $fail failed"
((fail == 0))
