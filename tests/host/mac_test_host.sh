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

# ---- size limits, and --dump in chunks

# The figures come from sepol_ref's count (the differential above).
n=$(cat "$T/device.conf.count")
reject "dump limit: the device policy over --max-triples 1000" \
	"dump: $n triples" "$MAC_POLC" --dump --max-triples 1000 "$DEVICE_BIN"
reject "table limit: the device manifest over --max-table-bytes 4096" \
	"over the limit of 4096" \
	"$MAC_POLC" --max-table-bytes 4096 -o "$T/out" "$DEVICE_BIN" "$DEVICE_MANIFEST"
reject "table limit: a limit that is not a number" "--max-table-bytes 12x: not a number" \
	"$MAC_POLC" --max-table-bytes 12x -o "$T/out" "$DEVICE_BIN" "$DEVICE_MANIFEST"
reject "dump: an unknown domain" "--domain nosuch_t: " \
	"$MAC_POLC" --dump --domain nosuch_t "$DEVICE_BIN"
reject "dump: an unknown class" "--class nosuch: unknown class" \
	"$MAC_POLC" --dump --class file,nosuch "$DEVICE_BIN"

# mac-polc's dump of a subset, sorted as it comes, against sepol_ref's of
# the same subset, sorted here; FLAGS may add mac-polc's own options.
dump_subset() {
	label=$1 policy=$2 flags=$3
	shift 3
	"$SEPOL_REF" "$@" "$policy" 2>"$T/$label.count" | LC_ALL=C sort >"$T/$label.ref"
	# shellcheck disable=SC2086
	if ! CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" "$MAC_POLC" --dump $flags "$@" \
		"$policy" >"$T/$label.dump" 2>"$T/$label.err"; then
		fail "dump $label: $(tail -1 "$T/$label.err")"
		return 1
	fi
	n=$(cat "$T/$label.count")
	if [ "$n" -eq 0 ] || ! cmp -s "$T/$label.ref" "$T/$label.dump"; then
		bad=$(diff "$T/$label.ref" "$T/$label.dump" | grep -c '^[<>]')
		fail "dump $label: $bad lines differ over $n triples"
		return 1
	fi
	pass "dump $label: $n triples, $(wc -l <"$T/$label.dump") rules, 0 mismatches, in order"
}

# A background job of a script ignores SIGINT, and so would mac-polc.
spawn_dump() {
	TMPDIR="$T/tmp" CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" \
		env --default-signal=INT "$MAC_POLC" --dump "$@" >/dev/null 2>"$T/sig.err" &
	pid=$!
}

# Sends SIG once WHAT exists in the dump's directory (and DELAY more
# seconds); mac-polc must end by the signal, leaving nothing behind.
interrupt() {
	label=$1 sig=$2 what=$3 delay=$4
	shift 4
	rm -rf "$T/tmp"
	mkdir -p "$T/tmp"
	spawn_dump "$@"
	i=0
	while ! ls "$T"/tmp/mac-polc.*/"$what" >/dev/null 2>&1 && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep "$delay"
	dir=$(ls -d "$T"/tmp/mac-polc.* 2>/dev/null)
	kill -"$sig" $pid
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL $pid 2>/dev/null
	wait $pid
	rc=$?
	left=$(ls -A "$T/tmp")
	busy=$(ps -eo args | grep -F "$dir" | grep -v grep)
	if [ -z "$dir" ]; then
		fail "signal $label: no dump directory to remove"
	elif [ $rc -eq 0 ] || [ -n "$left" ] || [ -n "$busy" ]; then
		fail "signal $label: exit $rc, left '$left', running '$busy'"
	else
		pass "signal $label: exit $rc, $(basename "$dir") and the compiler's files gone"
	fi
}

DEBIAN=/etc/selinux/default/policy/policy.33
FC=/etc/selinux/default/contexts/files/file_contexts

# Debian's whole default policy: refused at once, with the figure; ask
# sepol_ref for the numbers of types and classes.
debian_whole() {
	ntypes=$("$SEPOL_REF" --domain syslogd_t --class file "$DEBIAN" 2>&1 >/dev/null)
	ncls=$("$SEPOL_REF" --domain syslogd_t --target syslogd_t "$DEBIAN" 2>&1 >/dev/null)
	n=$((ntypes * ntypes * ncls))
	start=$(date +%s%N)
	CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" "$MAC_POLC" --dump "$DEBIAN" \
		>"$T/debian.out" 2>"$T/debian.err"
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	msg=$(cat "$T/debian.err")
	case $msg in
	*"dump: $n triples ($ntypes domains x $ntypes targets x $ncls classes"*"--max-triples N"*"--domain TYPE"*"--class CLASS"*) ok=1 ;;
	*) ok=0 ;;
	esac
	if [ $rc -ne 0 ] && [ $ok -eq 1 ] && [ ! -s "$T/debian.out" ] && [ $ms -lt 5000 ]; then
		pass "dump limit: Debian's whole policy refused in $ms ms: $n triples"
	else
		fail "dump limit: Debian's whole policy: exit $rc after $ms ms: $msg"
	fi
}

# A manifest labelled from Debian's file_contexts: over the default
# table limit (1 MiB), and within a raised one. Each executable brings
# in a domain: all of them would make 515.
debian_manifest() {
	{
		echo "class file read write getattr create"
		echo "class dir read search add_name create"
		echo "class chr_file read write"
		echo "class process transition fork"
		for d in syslogd_t sshd_t init_t crond_t getty_t udev_t dhcpc_t ntpd_t; do
			echo "task ${d%_t} ${d%_t}_main 1 system_u:system_r:$d:s0"
		done
		echo "dir / system_u:object_r:root_t:s0"
		grep -o 'system_u:object_r:[a-zA-Z0-9_]*_t:[^ 	]*' "$FC" | sort -u |
			awk '/_exec_t:/ { if (++e > 40) next } { print "file /f" NR " " $0 }'
	} >"$T/debian.manifest"
	reject "table limit: a manifest of Debian's file types over 1 MiB" \
		"over the limit of 1048576 (1.0 MiB)" \
		"$MAC_POLC" -o "$T/out" "$DEBIAN" "$T/debian.manifest"
	rm -rf "$T/out" && mkdir -p "$T/out"
	if "$MAC_POLC" --max-table-bytes 4M -o "$T/out" "$DEBIAN" "$T/debian.manifest" \
		>"$T/debian-gen.out" 2>&1 && [ -s "$T/out/mac_policy.c" ]; then
		pass "table limit: the same with --max-table-bytes 4M: $(sed -n 's/.*: tables \([0-9]*\) bytes.*/\1/p' "$T/debian-gen.out") bytes"
	else
		fail "table limit: --max-table-bytes 4M: $(cat "$T/debian-gen.out")"
	fi
}

if [ ! -f "$DEBIAN" ]; then
	echo "SKIP Debian's default policy: $DEBIAN not installed (selinux-policy-default)"
else
	debian_whole
	dump_subset debian-syslogd "$DEBIAN" "" --domain syslogd_t --class file,dir
	dump_subset debian-targets "$DEBIAN" "" --domain syslogd_t \
		--target var_log_t,etc_t,syslogd_t
	# one domain per chunk: the chunks' lines must merge into one order
	dump_subset debian-chunks "$DEBIAN" "--chunk-triples 8000" \
		--domain syslogd_t,sshd_t --domain init_t,crond_t --class file,dir
	if grep -q "1 domain at a time" "$T/debian-chunks.err"; then
		pass "dump debian-chunks: one domain per chunk"
	else
		fail "dump debian-chunks: not in chunks: $(cat "$T/debian-chunks.err")"
	fi
	interrupt "SIGINT while computing" INT "" 1 --max-triples 3G "$DEBIAN"
	interrupt "SIGTERM between chunks" TERM dump 0.3 --max-triples 1G \
		--chunk-triples 8000 --class file,dir "$DEBIAN"
	interrupt "SIGHUP while compiling" HUP mac_policy.c 0 --max-triples 1G \
		--chunk-triples 8000 --class file,dir "$DEBIAN"
	if [ -f "$FC" ]; then
		debian_manifest
	else
		echo "SKIP table limit on Debian's file types: no $FC"
	fi
fi

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
