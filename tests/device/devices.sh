#!/usr/bin/env bash
# A user's own devices, as docs/device.md makes them:
# make new-device writes both (the kernel-language policy and Debian's
# default policy) into a directory outside the tree; each is built and
# booted on every board, its log and its report checked (the profile,
# the benchmarks, the tables' size), and `make DEVICE=DIR check` run.
#   devices.sh BOARD...
# Ends with "devices: N passed, N failed".
set -u
(($# >= 1)) || { echo "usage: devices.sh BOARD..." >&2; exit 2; }
boards=("$@")
tmp=$(mktemp -d /tmp/mac-fw-devices.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
. "$(dirname "$0")/../log-expect.sh"

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "  [$1] FAIL: $2"; }
make_q() { make --no-print-directory -s "$@"; }

# judge_log DEVICE BOARD LOG: the device's boot and its report's end
judge_log() {
	local dev=$1 board=$2 b s
	log=$3 expect_tag="[$board $dev]"
	expect "one boot" "^mac-fw: board=$board " 1
	expect "the device's line" "^device: $dev: [0-9]+ tasks at boot, [0-9]+ programs, .*enforcing$" 1
	expect "no panic, no killed task" "^(PANIC|killed task)" 0
	expect "logd logged init's lines" "^\\[pid [0-9]+ rsyslogd\\] logd: lines logged: 3$" 1
	expect "the profile's total" "^PROFILE board=$board site=total checks=[1-9][0-9]* cost=[0-9]+ syscall_cost=[1-9][0-9]* unit=insns share=" 1
	expect "the tables' size" "^TABLES board=$board device=$dev bytes=[1-9][0-9]* domains=[1-9][0-9]* types=[1-9]" 1
	for b in null read write stat walk; do
		for s in none flat smack smackhash smackfix; do
			expect "$b for $s" "^BENCH board=$board bench=$b strategy=$s arg=[0-9]+ unit=insns n=201 " 1
		done
	done
	expect "a check of a class:permission the tasks used" \
		"^BENCH board=$board bench=check-(channel-send|sock_file-write) strategy=flat arg=0 unit=insns " 1
	expect "the report's table" "^what the checks cost on $dev \\(insns, median per call" 1
	expect "the report's end" "^all tasks have exited$" 1
	summary_ok "$board $dev" "$log"
}

# summary_ok TAG LOG: the closing summary against the BENCH lines above
# it (tests/summary_check.py), and the checker fails it once it is gone
summary_ok() {
	local out
	if out=$(tests/summary_check.py --device "$board" "$2"); then
		ok
	else
		bad "$1" "the summary: $(grep FAIL <<<"$out" | head -3 | tr '\n' ' ')"
	fi
	if sed '/^SUMMARY /d' "$2" >"$2.mutant" && ! tests/summary_check.py --device "$board" "$2.mutant" \
		>/dev/null; then
		ok
	else
		bad "$1" "the summary checker accepts a log without its SUMMARY line"
	fi
	rm -f "$2.mutant"
}

# flat_costs LOG: flat's read median is above none's (the check is in it)
flat_costs() {
	local none flat
	none=$(sed -nE 's/^BENCH .* bench=read strategy=none .* median=([0-9]+) .*/\1/p' "$1")
	flat=$(sed -nE 's/^BENCH .* bench=read strategy=flat .* median=([0-9]+) .*/\1/p' "$1")
	[[ -n $none && -n $flat ]] && ((flat > none))
}

# one_device DIR: on every board, then its report and its check
one_device() {
	local dir=$1 dev b logs=()
	dev=$(basename "$dir")
	for b in "${boards[@]}"; do
		if ! make_q -j2 BOARD="$b" DEVICE="$dir" >"$tmp/$dev-$b.build" 2>&1; then
			bad "$b $dev" "the build: $(tail -3 "$tmp/$dev-$b.build")"
			continue
		fi
		timeout 120 make --no-print-directory -s BOARD="$b" DEVICE="$dir" run </dev/null 2>&1 | tr -d '\r' \
			>"$tmp/$dev-$b.log"
		judge_log "$dev" "$b" "$tmp/$dev-$b.log"
		if flat_costs "$tmp/$dev-$b.log"; then ok; else bad "$b $dev" "flat's read is not above none's"; fi
		logs+=("$tmp/$dev-$b.log")
	done
	if tools/report.py --no-plots -o "$tmp/report-$dev" "${logs[@]}" >/dev/null &&
		grep -q "^# The report of $dev$" "$tmp/report-$dev/report.md" &&
		(($(cat "$tmp/report-$dev"/report-*.md | grep -c "^### calls: ") == ${#logs[@]})) &&
		cat "$tmp/report-$dev"/report-*.md | grep -q "^### tables: "; then
		ok
	else
		bad "$dev" "its report (tools/report.py) lacks its tables"
	fi
	if make_q BOARD="${boards[0]}" DEVICE="$dir" check >"$tmp/$dev.check" 2>&1 &&
		grep -q "^device-check $dev: [1-9][0-9]* passed, 0 failed$" "$tmp/$dev.check"; then
		ok
	else
		bad "$dev" "make check: $(tail -3 "$tmp/$dev.check")"
	fi
}

make_q new-device DIR="$tmp/test-hello" >/dev/null && ok || bad new-device "make new-device"
make_q new-device DIR="$tmp/test-hello-debian" POLICY=default >/dev/null && ok ||
	bad new-device "make new-device POLICY=default"
if make_q new-device DIR="$tmp/test-hello" >/dev/null 2>&1; then
	bad new-device "it wrote into a directory that exists"
else
	ok
fi
for d in "$tmp/test-hello" "$tmp/test-hello-debian"; do
	[[ -d $d ]] && one_device "$d"
done
# on Debian's MLS policy the device builds (its spawn's range is the
# policy's range_transition); the boot is the default one's
if make_q new-device DIR="$tmp/test-hello-mls" POLICY=mls >/dev/null &&
	make_q BOARD="${boards[0]}" DEVICE="$tmp/test-hello-mls" all >"$tmp/mls.build" 2>&1; then
	ok
else
	bad hello-mls "make new-device POLICY=mls, then its build: $(tail -2 "$tmp/mls.build")"
fi
# the Debian device's labels are file_contexts': a changed one is caught
sed -i '0,/object_r:etc_t:/s//object_r:root_t:/' "$tmp/test-hello-debian/device.manifest"
if make_q BOARD="${boards[0]}" DEVICE="$tmp/test-hello-debian" check >/dev/null 2>&1; then
	bad hello-debian "make check took a label file_contexts does not give"
else
	ok
fi
rm -rf build/*/test-hello build/*/test-hello-debian build/*/test-hello-mls
echo "devices: $pass passed, $fail failed"
((fail == 0))
