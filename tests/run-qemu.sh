#!/usr/bin/env bash
# Boots a test image under QEMU and judges the run from its console log:
# fails on a timeout, a crash (QEMU error, FAULT, PANIC), a reset loop
# (the banner twice) or a missing summary.  Writes the summary line to SUM.
# Only the kernel's lines count: they start at the beginning of a line,
# a task's start with "[pid N name] " (kernel/device.c).
#   run-qemu.sh BOARD LOG SUM QEMU-COMMAND...
set -u
board=$1 log=$2 sum=$3
shift 3
timeout_s=${QEMU_TIMEOUT:-120}
mkdir -p "$(dirname "$log")" "$(dirname "$sum")"

timeout --foreground "$timeout_s" "$@" </dev/null >"$log" 2>&1
rc=$?
tr -d '\r' <"$log" >"$log.txt" && mv "$log.txt" "$log"
summary=$(grep -E "^target $board: [0-9]+ passed, [0-9]+ failed$" "$log" | tail -1)
why=""
if ((rc == 124)); then why="timed out after ${timeout_s}s"
elif ((rc != 0)); then why="QEMU exited with status $rc"
elif (($(grep -c '^mac-fw: board=' "$log") > 1)); then why="the board reset during the run"
elif grep -qE '^(PANIC|FAULT):' "$log"; then why="crash: $(grep -m1 -E '^(PANIC|FAULT):' "$log")"
elif [[ -z $summary ]]; then why="no summary line"
elif ! grep -q '^TEST-END$' "$log"; then why="no end marker"
fi

# lines the log must hold exactly once
expect=tests/target/expect.txt
extra_pass=0 extra_fail=0
while IFS= read -r line; do
	[[ -z $line || $line == \#* ]] && continue
	if [[ $(grep -cxF -- "$line" "$log") -eq 1 ]]; then
		extra_pass=$((extra_pass + 1))
	else
		extra_fail=$((extra_fail + 1))
		echo "  [$board] FAIL: not exactly once in the log: $line"
	fi
done < <([[ -f $expect ]] && cat "$expect")
# the fuzzer's worst tick latency (the whole run's holds the suite's
# deliberate denials and kills, each an avc or kill line written masked)
if [[ -f $log ]]; then
	pass=0 fail=0 expect_tag="[$board]"
	. "$(dirname "$0")/log-expect.sh"
	latency_bound fuzz
	[[ -n ${TEST_ELF:-} ]] && latency_calls
	extra_pass=$((extra_pass + pass)) extra_fail=$((extra_fail + fail))
fi
# what the log says of kills and grants, against the image and its policy
if [[ -n ${TEST_ELF:-} && -f $log ]]; then
	checked=$(tests/target/check-log.py "$log" "$TEST_ELF" "$TEST_POLICY_DUMP")
	grep '^FAIL' <<<"$checked" | sed "s/^/  [$board] /"
	extra_pass=$((extra_pass + $(sed -nE 's/^check-log: ([0-9]+) passed.*/\1/p' <<<"$checked")))
	extra_fail=$((extra_fail + $(sed -nE 's/^check-log: .* ([0-9]+) failed$/\1/p' <<<"$checked")))
fi
if [[ -n $summary ]]; then
	p=$(sed -nE 's/.* ([0-9]+) passed.*/\1/p' <<<"$summary")
	f=$(sed -nE 's/.* ([0-9]+) failed.*/\1/p' <<<"$summary")
	summary="target $board: $((p + extra_pass)) passed, $((f + extra_fail)) failed"
fi

grep -E '^(FAIL|PASS):' "$log" | sed "s/^/  [$board] /" | grep FAIL
if [[ -n $why ]]; then
	echo "target $board: FAILED: $why (log: $log)"
	tail -5 "$log" | sed 's/^/  | /'
	passed=$(echo "$summary" | sed -nE 's/.* ([0-9]+) passed.*/\1/p')
	echo "target $board: ${passed:-0} passed, 1 failed" >"$sum"
	exit 1
fi
echo "$summary" | tee "$sum"
[[ $summary == *" 0 failed" ]]
