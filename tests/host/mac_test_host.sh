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

# ---- the kernel's checks: the list mac-polc holds manifests to

if out=$(tests/host/kernel_checks.sh 2>&1); then
	pass "include/mac_kernel_checks.h lists what the kernel checks: $out"
else
	fail "include/mac_kernel_checks.h and the kernel differ: $(echo "$out" | tr '\n' ' ')"
fi
# The comparison must see a stale list: one check taken out of a copy.
sed '/X(chr_file, open)/d' include/mac_kernel_checks.h >"$T/stale_checks.h"
if out=$(tests/host/kernel_checks.sh "$T/stale_checks.h" 2>&1); then
	fail "kernel_checks.sh accepts a list without chr_file open"
else
	pass "kernel_checks.sh refuses a stale list: $out"
fi

# ---- map: the kernel's channel as the policy's unix_stream_socket

# The constants name the policy's class and bits, so audit lines do too.
map_names() {
	label=$1 bin=$2 manifest=$3 want=$4
	rm -rf "$T/map"
	mkdir -p "$T/map"
	if ! "$MAC_POLC" -o "$T/map" "$bin" "$manifest" >"$T/map.out" 2>&1; then
		fail "$label: $(cat "$T/map.out")"
		return
	fi
	if ! $HOST_CC -std=c99 -Wall -Wextra -Werror -I"$MAC_DIR" -I"$T/map" -o "$T/map/names" \
		tests/host/map_names.c tests/host/device_tasks.c "$T/map/mac_policy.c" >"$T/map.cc" 2>&1; then
		fail "$label: does not build: $(head -3 "$T/map.cc")"
		return
	fi
	got=$("$T/map/names")
	if [ "$got" = "$want" ]; then
		pass "$label: channel send recv are $got"
	else
		fail "$label: channel send recv are '$got', wanted '$want'"
	fi
}
map_names "map onto a class of the policy" "$T/classes.conf.bin" \
	$POLICIES/map_channel.manifest "unix_stream_socket write read"
# A class the policy has may be mapped too (the map decides).
sed 's/^class channel .*/map channel fd send=use recv=use/' "$DEVICE_MANIFEST" >"$T/map_fd.manifest"
map_names "map of a class the policy also has" "$DEVICE_BIN" "$T/map_fd.manifest" "fd use use"

# Two kernel classes on one policy class share its table, create plane too.
sed 's/^class chr_file .*/map chr_file file read=read write=write open=open/' \
	"$DEVICE_MANIFEST" >"$T/map_chr.manifest"
rm -rf "$T/map"
mkdir -p "$T/map"
if "$MAC_POLC" -o "$T/map" "$DEVICE_BIN" "$T/map_chr.manifest" >"$T/map.out" 2>&1 &&
	$HOST_CC -std=c99 -Wall -Wextra -Werror -I"$MAC_DIR" -I"$T/map" -c \
		-o "$T/map/mac_policy.o" "$T/map/mac_policy.c" >"$T/map.cc" 2>&1 &&
	grep -qx '#define MAC_CLASS_CHR_FILE 0' "$T/map/mac_policy.h"; then
	pass "map chr_file onto file: one table, the tables build"
else
	fail "map chr_file onto file: $(cat "$T/map.out" "$T/map.cc" | head -3)"
fi

# A distribution's policy: Debian's reference policy, where installed.
for ref in /etc/selinux/default/policy/policy.33 /etc/selinux/mls/policy/policy.33; do
	if [ ! -f "$ref" ]; then
		echo "SKIP reference policy $ref: not installed"
		continue
	fi
	map_names "reference policy $ref" "$ref" $POLICIES/refpolicy.manifest \
		"unix_stream_socket write read"
	# what the kernel's build would meet: every constant, every assertion
	bad=
	for src in kernel/sys_fs.c kernel/sys_chan.c kernel/handle.c kernel/object.c \
		kernel/sys_task.c kernel/boot.c; do
		$HOST_CC -std=gnu11 -fsyntax-only -Wall -Werror -DSTRATEGY=none \
			-DSTRATEGY_KIND=STRATEGY_NONE -Itests/host/arch -Iinclude -Ikernel \
			-I"$MAC_DIR" -I"$T/map" "$src" >"$T/kernel.cc" 2>&1 || bad="$bad $src"
	done
	if [ -z "$bad" ] && [ -f "$T/map/mac_policy.h" ]; then
		pass "reference policy $ref: the kernel's sources compile against its tables"
	else
		fail "reference policy $ref: the kernel does not compile:$bad: $(head -3 "$T/kernel.cc")"
	fi
	grep -v '^map channel' $POLICIES/refpolicy.manifest >"$T/refpolicy-nomap.manifest"
	reject "reference policy $ref without the map" \
		'refpolicy-nomap.manifest:9: the kernel checks class channel { send recv }, which the policy does not define: map it onto a class the policy has, e.g. "map channel unix_stream_socket send=write recv=read"' \
		"$MAC_POLC" -o "$T/out" "$ref" "$T/refpolicy-nomap.manifest"
done

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
