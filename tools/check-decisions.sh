#!/bin/sh
# check-decisions.sh POLICY.bin MANIFEST DIR: compiles the manifest's
# tables into DIR, reads every (subject context, target context, class)
# back through mac.h (mac_decisions.c) and compares each with libsepol's
# sepol_compute_av on the same context strings (sepol_ref --contexts).
# Prints "N decisions, M differ"; exits non-zero if any differs or a step
# fails. Environment: MAC_POLC, SEPOL_REF, HOST_CC, MAC_DIR.
set -u
: "${MAC_DIR:=monitor}"
: "${HOST_CC:=cc}"
policy=$1
manifest=$2
dir=$3
mkdir -p "$dir"
if ! "$MAC_POLC" -o "$dir" "$policy" "$manifest" >"$dir/polc.out" 2>&1; then
	echo "mac-polc failed: $(head -3 "$dir/polc.out")"
	exit 1
fi
# the manifest's task entries: empty functions, for the link only
sed -n 's/^extern void \(.*\)(void);$/void \1(void) {}/p' "$dir/mac_policy.c" |
	sort -u >"$dir/entries.c"
if ! $HOST_CC -std=c99 -O1 -Wall -Wextra -Werror -I"$MAC_DIR" -I"$dir" \
	-o "$dir/decisions" tests/host/mac_decisions.c "$MAC_DIR/mac.c" \
	"$dir/mac_policy.c" "$dir/entries.c" >"$dir/cc.out" 2>&1; then
	echo "mac_decisions does not build: $(head -3 "$dir/cc.out")"
	exit 1
fi
"$dir/decisions" --contexts >"$dir/contexts" || exit 1
"$dir/decisions" | LC_ALL=C sort >"$dir/tables.txt" || exit 1
"$SEPOL_REF" --contexts "$dir/contexts" "$policy" 2>/dev/null | grep '^av ' |
	LC_ALL=C sort >"$dir/libsepol.txt" || exit 1
n=$(wc -l <"$dir/tables.txt")
bad=$(diff "$dir/tables.txt" "$dir/libsepol.txt" | grep -c '^>')
echo "$n decisions, $bad differ"
[ "$n" -gt 0 ] && [ "$bad" -eq 0 ] && cmp -s "$dir/tables.txt" "$dir/libsepol.txt"
