#!/usr/bin/env bash
# An image follows what defines it, with no touch and no clean:
#   rebuild-test.sh BOARD SCRATCH
# builds BOARD's firmware, then with MAC_MANIFEST a copy of the device
# manifest in permissive mode (the header must say so), then plainly
# again (enforcing, and the very bytes of the first build), then with a
# manifest and a policy source that have a mistake (the failure must name
# that file and line, not a generated one), then plainly again.
# Ends with "N passed, N failed".
set -u -o pipefail
board=$1 scratch=$2
make=${MAKE:-make}
build=build/$board
header=$build/firmware/gen/mac_policy.h
pass=0 fail=0
mkdir -p "$scratch"

ok() { echo "  ok: $1"; pass=$((pass + 1)); }
bad() { echo "  FAIL: $1"; fail=$((fail + 1)); }
build() { "$make" --no-print-directory -j2 BOARD="$board" "$@" >"$scratch/make.log" 2>&1; }
check() {	# check WHAT COMMAND...
	local what=$1
	shift
	if "$@"; then ok "$what"; else bad "$what"; fi
}
mode() { sed -n 's/^#define MAC_ENFORCING \([01]\)$/\1/p' "$header"; }

if ! build; then
	cat "$scratch/make.log"
	bad "the first build"
	echo "rebuild: $pass passed, $fail failed"
	exit 1
fi
ok "the first build"
cp "$build/firmware.bin" "$scratch/first.bin"
check "the device manifest is enforcing" test "$(mode)" = 1

manifest=$(sed -n 's/^MAC_MANIFEST ?= //p' monitor/monitor.mk)
manifest=${manifest/\$(MAC_DIR)/monitor}
grep -q '^enforcing 1$' "$manifest" || bad "$manifest has no 'enforcing 1' line to change"
sed 's/^enforcing 1$/enforcing 0/' "$manifest" >"$scratch/permissive.manifest"
check "make MAC_MANIFEST=permissive.manifest builds" build MAC_MANIFEST="$scratch/permissive.manifest"
check "its header says permissive" test "$(mode)" = 0

check "a plain make after it builds" build
check "its header says enforcing again" test "$(mode)" = 1
check "its firmware is the first build's, byte for byte" cmp -s "$build/firmware.bin" "$scratch/first.bin"

line=$(grep -n '^enforcing 1$' "$manifest" | cut -d: -f1)
sed 's/^enforcing 1$/enforcng 1/' "$manifest" >"$scratch/typo.manifest"
if build MAC_MANIFEST="$scratch/typo.manifest"; then
	bad "a manifest with a typo fails"
else
	ok "a manifest with a typo fails"
fi
check "the failure names typo.manifest:$line" grep -q "^$scratch/typo.manifest:$line: .*enforcng" "$scratch/make.log"
check "and no generated manifest" bash -c "! grep -q 'gen/[a-z-]*\.manifest:[0-9]' '$scratch/make.log'"

conf=$(sed -n 's/^MAC_POLICY_SRC ?= //p' monitor/monitor.mk)
conf=${conf/\$(MAC_DIR)/monitor}
at=$(grep -n '^allow ' "$conf" | head -1 | cut -d: -f1)
awk -v at="$at" 'NR == at { print "allow ;" } { print }' "$conf" >"$scratch/typo.conf"
if build MAC_POLICY_SRC="$scratch/typo.conf"; then
	bad "a policy source with a typo fails"
else
	ok "a policy source with a typo fails"
fi
check "the failure names typo.conf:$at" grep -q "$scratch/typo.conf:$at:" "$scratch/make.log"

check "a plain make after them builds, no touch" build
check "its header says enforcing" test "$(mode)" = 1
check "its firmware is the first build's, byte for byte" cmp -s "$build/firmware.bin" "$scratch/first.bin"
build
check "and a make after it compiles, generates and links nothing" \
	bash -c "! grep -Eq '^  (CC|AS|LD|MACPOLC|POLICY|GEN) ' '$scratch/make.log'"

echo "rebuild: $pass passed, $fail failed"
((fail == 0))
