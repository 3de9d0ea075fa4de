#!/bin/sh
# mac_test_host.sh - host tests of the reference monitor, run by
# `make test-monitor-host`. Environment: MAC_POLC, SEPOL_REF (built
# tools), MAC_TEST_DIR (scratch), MAC_DIR (monitor sources), HOST_CC.
# Ends with one line "N passed, N failed"; exits non-zero on a failure.

: "${MAC_DIR:=monitor}"
: "${HOST_CC:=cc}"
: "${MAC_TEST_DIR:=build/host/monitor/test}"
POLICIES=tests/policy
DEVICE_CONF=$MAC_DIR/policy/device.conf
DEVICE_MANIFEST=$MAC_DIR/policy/device.manifest
TOBIN=$MAC_DIR/compiler/mac-policy-bin
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

rm -rf "$MAC_TEST_DIR"
mkdir -p "$MAC_TEST_DIR" || exit 1
T=$MAC_TEST_DIR

# ---- differential: the generated tables against sepol_compute_av

diff_policy() {
	src=$1
	name=$(basename "$src")
	bin=$T/$name.bin
	if ! $TOBIN "$src" "$bin" 2>"$T/$name.err"; then
		fail "differential $name: policy does not build"
		return
	fi
	"$SEPOL_REF" "$bin" 2>"$T/$name.count" | LC_ALL=C sort >"$T/$name.ref"
	if ! CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" "$MAC_POLC" --dump "$bin" \
		>"$T/$name.dump" 2>"$T/$name.err"; then
		fail "differential $name: dump failed"
		return
	fi
	n=$(cat "$T/$name.count")
	if ! cmp -s "$T/$name.ref" "$T/$name.dump"; then
		bad=$(diff "$T/$name.ref" "$T/$name.dump" | grep -c '^[<>]')
		fail "differential $name: $bad lines differ over $n triples"
		return
	fi
	lines=$(wc -l <"$T/$name.dump")
	pass "differential $name: $n triples, $lines rules, 0 mismatches"
	total_triples=$((total_triples + n))
}

total_triples=0
for p in "$DEVICE_CONF" $POLICIES/*.conf $POLICIES/*.cil; do
	case $(basename "$p") in bad_*) continue ;; esac
	diff_policy "$p"
done
echo "     differential total: $total_triples triples"

# ---- the device policy and manifest must compile

DEVICE_BIN=$T/device.conf.bin
mkdir -p "$T/gen"
if "$MAC_POLC" -o "$T/gen" "$DEVICE_BIN" "$DEVICE_MANIFEST" >"$T/gen.out" 2>&1; then
	pass "device manifest compiles: $(sed -n 's/.*tables \([0-9]*\) bytes.*/\1/p' "$T/gen.out") bytes of tables"
else
	fail "device manifest compiles: $(cat "$T/gen.out")"
fi

# ---- full contexts: every (subject context, target context, class) of a
# manifest's tables is libsepol's decision for those two contexts

decisions() {
	label=$1
	if out=$(MAC_POLC="$MAC_POLC" SEPOL_CTX="$SEPOL_CTX" HOST_CC="$HOST_CC" \
		MAC_DIR="$MAC_DIR" tests/host/check-decisions.sh "$2" "$3" "$T/dec-$label"); then
		pass "decisions $label against libsepol: $out"
	else
		fail "decisions $label against libsepol: $out"
	fi
}
decisions device "$DEVICE_BIN" "$DEVICE_MANIFEST"
decisions mls_device "$T/mls_device.conf.bin" $POLICIES/mls_device.manifest
$TOBIN tests/target/test.conf "$T/test.conf.bin" 2>/dev/null
decisions test-image "$T/test.conf.bin" tests/target/test.manifest
# MLS matters there: a task at s1 reads a file at s0, not one at s2:c1
# (file read is the first permission of mls_device.conf's file class)
may_read() {
	v=$(sed -n "s/^guest_u:system_r:shell_t:s1 $1 file allowed=\(0x[0-9a-f]*\) .*/\1/p" \
		"$T/dec-mls_device/tables.txt")
	[ -n "$v" ] && [ $((v & 1)) -eq 1 ]
}
if may_read system_u:object_r:etc_t:s0 && ! may_read system_u:object_r:etc_t:s2:c1; then
	pass "contexts: shell_t at s1 may read etc_t at s0, not at s2:c1"
else
	fail "contexts: the MLS decisions for shell_t at s1 are not as the policy says"
fi
# range_transition and role_transition land where the policy says
spawned() { sed -n '/mac_spawn_table/,/^};/p' "$T/dec-mls_device/mac_policy.c" | grep -c "$1"; }
if grep -q '"system_u:system_r:logd_t:s2"' "$T/dec-mls_device/mac_policy.c" &&
   grep -q '"system_u:admin_r:admin_t:s0-s3:c0,c1"' "$T/dec-mls_device/mac_policy.c" &&
   [ "$(spawned MAC_NO_LABEL)" -gt 0 ]; then
	pass "contexts: range_transition gives logd_t:s2, role_transition admin_r; norole_t is no label"
else
	fail "contexts: transitions in the MLS device tables"
fi

# an alias the manifest names (config_t for etc_t) has its constant too
if printf '#include "mac_policy.h"\n_Static_assert(MAC_TYPE_CONFIG_T__SYSTEM_U_OBJECT_R_S0 == MAC_TYPE_ETC_T__SYSTEM_U_OBJECT_R_S0, "alias");\n' |
	$HOST_CC -std=c11 -fsyntax-only -I"$T/dec-mls_device" -x c - 2>"$T/alias.err"; then
	pass "contexts: an alias in the manifest gets the constant of its type"
else
	fail "contexts: alias constant: $(head -2 "$T/alias.err")"
fi

# ---- malformed inputs: rejected, with FILE:LINE: reason, nothing written

reject() {
	label=$1
	expect=$2
	shift 2
	out=$T/reject.out
	rm -rf "$T/out"
	mkdir -p "$T/out"
	if "$@" >"$out" 2>&1; then
		fail "$label: accepted"
		return
	fi
	if ! grep -qF -- "$expect" "$out"; then
		fail "$label: message '$(head -1 "$out")', wanted '$expect'"
		return
	fi
	if [ -n "$(ls -A "$T/out")" ]; then
		fail "$label: wrote $(ls -A "$T/out")"
		return
	fi
	pass "$label: $(head -1 "$out")"
}

# Each names the message it must produce, and its policy if not the device's.
for m in $POLICIES/bad_*.manifest; do
	expect="$(basename "$m")$(sed -n 's/^# expect: //p' "$m")"
	policy=$(sed -n 's/^# policy: //p' "$m")
	bin=$DEVICE_BIN
	[ -n "$policy" ] && bin=$T/$policy.bin
	reject "malformed $(basename "$m")" "$expect" \
		"$MAC_POLC" -o "$T/out" "$bin" "$m"
done
reject "malformed policy bad_syntax.conf" "bad_syntax.conf:6:ERROR 'syntax error'" \
	$TOBIN $POLICIES/bad_syntax.conf "$T/out/policy.bin"
printf 'not a policy\n' >"$T/garbage.bin"
reject "malformed binary policy" "garbage.bin: not a valid binary policy" \
	"$MAC_POLC" -o "$T/out" "$T/garbage.bin" "$DEVICE_MANIFEST"
# Found by the fuzzer: six classes defined, seven counted; a typebounds
# loop, which sent libsepol's security server into endless recursion; a
# chain of two steps, on which it wrote through a NULL pointer.
reject "binary policy with a class value but no class" \
	"crash-class-count-gap.bin: not a valid binary policy: a class value without a class" \
	"$MAC_POLC" -o "$T/out" tests/fuzz/corpus/policy/crash-class-count-gap.bin "$DEVICE_MANIFEST"
reject "binary policy with a typebounds loop" \
	"crash-typebounds-loop.bin: not a valid binary policy: a typebounds chain of more than one step" \
	"$MAC_POLC" -o "$T/out" tests/fuzz/corpus/policy/crash-typebounds-loop.bin "$DEVICE_MANIFEST"
reject "binary policy with a typebounds chain" \
	"crash-typebounds-chain.bin: not a valid binary policy: a typebounds chain of more than one step" \
	"$MAC_POLC" -o "$T/out" tests/fuzz/corpus/policy/crash-typebounds-chain.bin "$DEVICE_MANIFEST"

# ---- unit test of mac.h/mac.c on the device tables, under sanitizers

UNIT=$T/mac_unit_test
if $HOST_CC -std=c99 -g -O1 -Wall -Wextra -Werror -DMAC_STATS=1 \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-I"$MAC_DIR" -I"$T/gen" -o "$UNIT" tests/host/mac_unit_test.c tests/host/device_tasks.c \
	"$MAC_DIR/mac.c" "$T/gen/mac_policy.c" >"$T/unit.cc" 2>&1; then
	pass "unit test builds with -fsanitize=address,undefined"
else
	fail "unit test builds: $(head -5 "$T/unit.cc")"
fi
if [ -x "$UNIT" ]; then
	"$UNIT" "$T/denials.log" >"$T/unit.out" 2>&1
	rc=$?
	grep -E '^(PASS|FAIL) ' "$T/unit.out"
	up=$(grep -c '^PASS ' "$T/unit.out")
	uf=$(grep -c '^FAIL ' "$T/unit.out")
	passed=$((passed + up))
	failed=$((failed + uf))
	if [ $rc -ne 0 ] && [ "$uf" -eq 0 ]; then
		fail "unit test exited $rc: $(tail -3 "$T/unit.out")"
	fi
fi

# ---- audit lines read by audit2allow

if ! command -v audit2allow >/dev/null 2>&1; then
	echo "SKIP audit2allow: not installed"
elif [ ! -s "$T/denials.log" ]; then
	fail "audit2allow: the unit test logged no denial"
else
	audit2allow -p "$DEVICE_BIN" -i "$T/denials.log" >"$T/a2a.out" 2>&1
	for rule in "allow logger_t fw_t:file read;" \
		    "allow control_t sensor_t:process sigkill;"; do
		if grep -qxF "$rule" "$T/a2a.out"; then
			pass "audit2allow reads our denials: $rule"
		else
			fail "audit2allow: no '$rule' in: $(tr '\n' ' ' <"$T/a2a.out")"
		fi
	done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
