#!/usr/bin/env bash
# The audit2allow round trip on one board: the denials that learner_t's
# accesses logged in the test run become rules (audit2allow), the rules
# go into the test policy, and in a rebuilt image the same accesses pass.
#   roundtrip.sh BOARD   (after `make BOARD=... target-test`)
set -u
board=$1
log=build/$board/test.log
dir=build/roundtrip/$board
pass=0 fail=0
check() {
	if eval "$2"; then pass=$((pass + 1)); echo "PASS roundtrip: $1"
	else fail=$((fail + 1)); echo "FAIL roundtrip: $1"; fi
}
finish() { echo "roundtrip $board: $pass passed, $fail failed"; ((fail == 0)); exit; }

mkdir -p "$dir"
grep -F 'scontext=system_u:system_r:learner_t' "$log" | grep -F 'avc:  denied' >"$dir/denials.log"
check "the test run logged learner_t's denials" "[[ -s $dir/denials.log ]]"
check "every learner access was refused at first" "! grep -q '^LEARN .* ok=' $log"
[[ -s $dir/denials.log ]] || finish

audit2allow -p "build/$board/test/gen/policy.bin" -i "$dir/denials.log" >"$dir/rules.te" 2>"$dir/audit2allow.err"
grep '^allow learner_t ' "$dir/rules.te" >"$dir/allow.te"
check "audit2allow turns them into allow rules" "[[ -s $dir/allow.te ]]"
cat "$dir/allow.te"
# TE rules go before the roles, users, constraints and contexts
awk -v rules="$dir/allow.te" '/^role / && !done { while ((getline r < rules) > 0) print r; done = 1 } { print }' \
	tests/target/test.conf >"$dir/test.conf"

make --no-print-directory -s BOARD="$board" BUILD="$dir/build" test_POLICY="$dir/test.conf" \
	RESULTS="$dir/results" target-test >"$dir/make.log" 2>&1
second=$dir/build/test.log
check "the image rebuilt with those rules boots" "grep -q '^TEST-END$' $second"
check "learner's accesses now pass" \
	"[[ \$(grep -c '^LEARN .* ok=' $second) -eq \$(grep -c '^LEARN ' $log) ]]"
check "and log no denial" "[[ -f $second ]] && ! grep -F 'scontext=system_u:system_r:learner_t' $second | grep -qF 'avc:  denied'"
finish
