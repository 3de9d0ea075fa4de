#!/usr/bin/env bash
# The test image rebuilt from changed policy sources, on one board
# (after `make BOARD=... target-test`, whose log is the first run):
#  - audit2allow round trip: learner_t's denials become rules, added to
#    the test policy; in the rebuilt image the same accesses pass;
#  - permissive mode: the manifest's `enforcing 0` logs denials with
#    permissive=1 and lets them through;
#  - forgery: a task's lines that look like the kernel's (forger_main)
#    fool none of the tools that read the log.
# Kernel lines start at the beginning of a line; a task's start with
# "[pid N name] " (kernel/device.c).
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
	rm -f "$1/build/test.log"
	# the image on both cores first, then its boot
	make --no-print-directory -s -j2 BOARD="$board" BUILD="$1/build" test_POLICY="$2" \
		test_MANIFEST="$3" "$1/build/test.elf" >"$1/make.log" 2>&1 &&
		make --no-print-directory -s BOARD="$board" BUILD="$1/build" test_POLICY="$2" \
			test_MANIFEST="$3" RESULTS="$1/results" target-test >>"$1/make.log" 2>&1
}
learner_denials() { grep -E '^avc:  denied ' "$1" | grep -F 'scontext=system_u:system_r:learner_t'; }
# learner's report of each access, a task's line: LEARN WHAT ok=N|error=N
learned() { grep -cE "^\[pid [0-9]+ learner\] LEARN .*${2:-}" "$1"; }

roundtrip() {
	local dir=$top/roundtrip
	mkdir -p "$dir"
	learner_denials "$log" >"$dir/denials.log"
	check "the test run logged learner_t's denials" "[[ -s $dir/denials.log ]]"
	check "every learner access was refused at first" "[[ \$(learned $log ' ok=') -eq 0 && \$(learned $log) -gt 0 ]]"
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
	check "learner's accesses now pass" "[[ \$(learned $second ' ok=') -eq \$(learned $log) ]]"
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
	check "permissive mode: and allowed" "[[ \$(learned $run ' ok=') -eq \$(learned $log) ]]"
}

forgery() {
	local dir=$top/forgery sum=build/results/target-$board.sum
	mkdir -p "$dir"
	check "forged lines are in the log, behind the forger's prefix" \
		"[[ \$(grep -cE '^\[pid [0-9]+ forger\] \??(avc:|BENCH|99 passed|target )' $log) -eq 5 ]]"
	check "no line starts with a forged text" \
		"! grep -qE '^(avc:  denied  \\{ read \\} for  pid=5 comm=\"learner\" path=\"/etc/secret\"|BENCH .*bench=forged|(target $board: )?99 passed)' $log"
	check "audit2allow's rules leave the forged denial out" \
		"[[ -s $top/roundtrip/allow.te ]] && ! grep 'secret_t:file' $top/roundtrip/allow.te | grep -qw read"
	check "report.py finds no figure in a task's BENCH lines" \
		"! tools/report.py --no-plots -o $dir/report $log >$dir/bench.out 2>&1 && grep -q 'no BENCH lines' $dir/bench.out"
	check "run-qemu.sh reads the same summary from the log again" \
		"TEST_ELF=build/$board/test.elf TEST_POLICY_DUMP=build/$board/test/gen/policy.dump \
		tests/run-qemu.sh $board $dir/again.log $dir/again.sum cat $log >/dev/null 2>&1 && cmp -s $dir/again.sum $sum"
	grep -v "^target $board: [0-9]* passed" "$log" >"$dir/cut.txt"
	check "run-qemu.sh takes no task's line for the missing summary" \
		"! tests/run-qemu.sh $board $dir/cut.log $dir/cut.sum cat $dir/cut.txt >$dir/cut.out 2>&1 && grep -q 'no summary line' $dir/cut.out"
}

roundtrip
permissive
forgery
echo "variants $board: $pass passed, $fail failed"
((fail == 0))
