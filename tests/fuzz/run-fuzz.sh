#!/usr/bin/env bash
# run-fuzz.sh DIR SECONDS TARGET... - runs each fuzz target DIR/fuzz_TARGET
# for SECONDS from its seeds (tests/fuzz/corpus/TARGET, DIR/seeds/TARGET),
# adding what it finds to DIR/TARGET/corpus. A target fails on a crash,
# a leak, a timeout, running out of memory or any sanitizer report; its
# reproducer is left in DIR/TARGET/. Ends with "fuzz: N passed, N failed".
set -u
dir=$1 seconds=$2
shift 2
passed=0 failed=0

# The last status line of libFuzzer, e.g. "#123 DONE cov: 456 ft: 789 ...".
figures() {
	local log=$1 execs cov ft corp
	execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -1)
	cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
	ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
	corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
	echo "${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
}

# start_target TARGET: the fuzzer in the background, its status into DIR/TARGET.rc
start_target() {
	local t=$1
	mkdir -p "$dir/$t/corpus" "$dir/seeds/$t"
	rm -f "$dir/$t"/crash-* "$dir/$t"/leak-* "$dir/$t"/timeout-* "$dir/$t"/oom-*
	{
		"$dir/fuzz_$t" -seed=1 -max_total_time="$seconds" -timeout=10 \
			-rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 \
			-artifact_prefix="$dir/$t/" "$dir/$t/corpus" \
			"tests/fuzz/corpus/$t" "$dir/seeds/$t" >"$dir/$t.log" 2>&1
		echo $? >"$dir/$t.rc"
	} &
}

judge_target() {
	local t=$1 log=$dir/$1.log rc
	rc=$(cat "$dir/$t.rc")
	if ((rc == 0)) && ! grep -qE 'ERROR: |runtime error:|DEADLYSIGNAL' "$log"; then
		passed=$((passed + 1))
		echo "PASS fuzz $t: $(figures "$log") in ${seconds} s"
		return
	fi
	failed=$((failed + 1))
	echo "FAIL fuzz $t (exit status $rc): $(figures "$log"); log $log"
	grep -E 'ERROR: |runtime error:|SUMMARY:|artifact_prefix|Test unit written' "$log" | head -20
}

# the targets side by side (one a core), each judged once all have ended
for t in "$@"; do
	start_target "$t"
done
wait
for t in "$@"; do
	judge_target "$t"
done
echo "fuzz: $passed passed, $failed failed"
((failed == 0))
