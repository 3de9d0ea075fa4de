#!/usr/bin/env bash
# The test image rebuilt from changed policy sources, on one board
# (after `make BOARD=... target-test`, whose log is the first run):
#  - audit2allow round trip: learner_t's denials become rules, added to
#    the test policy; in the rebuilt image the same accesses pass;
#  - permissive mode: the manifest's `enforcing 0` logs denials with
#    permissive=1 and lets them through.
#   variants.sh BOARD
set -u
board=$1
log=build/$board/test.log
top=build/variants/$board
pass=0 fail=0
check() {
	if eval "$2"; then pass=$((pass + 1)); echo "PASS variants: $1"
	else fail=$((fail + 1)); echo "FAIL variants: $1"; fi
}
# boot DIR POLICY MANIFEST: builds and runs the test image; its log is DIR/build/test.log
boot() {
	make --no-print-directory -s BOARD="$board" BUILD="$1/build" test_POLICY="$2" \
		test_MANIFEST="$3" RESULTS="$1/results" target-test >"$1/make.log" 2>&1
}
learner_denials() { grep -F 'scontext=system_u:system_r:learner_t' "$1" | grep -F 'avc:  denied'; }

roundtrip() {
	local dir=$top/roundtrip
	mkdir -p "$dir"
	learner_denials "$log" >"$dir/denials.log"
	check "the test run logged learner_t's denials" "[[ -s $dir/denials.log ]]"
	check "every learner access was refused at first" "! grep -q '^LEARN .* ok=' $log"
	audit2allow -p "build/$board/test/gen/policy.bin" -i "$dir/denials.log" 2>"$dir/audit2allow.err" |
		grep '^allow learner_t ' >"$dir/allow.te"
	check "audit2allow turns them into allow rules" "[[ -s $dir/allow.te ]]"
	cat "$dir/allow.te"
	# TE rules go before the roles, users, constraints and contexts
	awk -v rules="$dir/allow.te" '/^role / && !done { while ((getline r < rules) > 0) print r; done = 1 } { print }' \
		tests/target/test.conf >"$dir/test.conf"
	boot "$dir" "$dir/test.conf" tests/target/test.manifest
	local second=$dir/build/test.log
	check "the image rebuilt with those rules boots" "grep -q '^TEST-END$' $second"
	check "learner's accesses now pass" \
		"[[ \$(grep -c '^LEARN .* ok=' $second) -eq \$(grep -c '^LEARN ' $log) ]]"
	check "and log no denial" "[[ -f $second ]] && ! learner_denials $second | grep -q ."
}

permissive() {
	local dir=$top/permissive
	mkdir -p "$dir"
	sed 's/^enforcing 1$/enforcing 0/' tests/target/test.manifest >"$dir/test.manifest"
	boot "$dir" tests/target/test.conf "$dir/test.manifest"
	local run=$dir/build/test.log
	check "permissive mode: the image boots" "grep -q '^TEST-END$' $run"
	check "permissive mode: denials are logged with permissive=1" \
		"learner_denials $run | grep -q 'permissive=1' && ! learner_denials $run | grep -q 'permissive=0'"
	check "permissive mode: and allowed" \
		"[[ \$(grep -c '^LEARN .* ok=' $run) -eq \$(grep -c '^LEARN ' $log) ]]"
}

roundtrip
permissive
echo "variants $board: $pass passed, $fail failed"
((fail == 0))
