#!/usr/bin/env bash
# Boots the firmware once in wall-clock time: the QEMU command of `make
# run` without -icount, so that the timers run at the host's pace and
# the guest's instructions take what they take.  The figures are not
# compared (the counter self-check may well say MISMATCH), but the
# firmware must go on and reach its end: a tick or a console wait that
# only works under -icount stops it, and a timeout is a failure.
#   wallclock.sh BOARD LOG QEMU-COMMAND...   (the command without -icount)
# The last line is "wallclock BOARD: N passed, N failed".
set -u
board=$1 log=$2
shift 2
pass=0 fail=0
check() {	# check WHAT COMMAND...
	if "${@:2}"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "  [$board] wallclock FAIL: $1"; fi
}
for a in "$@"; do
	[[ $a == -icount ]] && { echo "wallclock $board: 0 passed, 1 failed (-icount in the command)"; exit 1; }
done
limit=${WALLCLOCK_TIMEOUT:-120}
start=$(date +%s)
timeout --foreground "$limit" "$@" </dev/null 2>&1 | tr -d '\r' >"$log"
rc=${PIPESTATUS[0]}
echo "  [$board] wallclock: QEMU ran $(($(date +%s) - start)) s (log: $log)"
check "QEMU ended by itself within ${limit} s (status $rc)" test "$rc" -eq 0
check "one banner" test "$(grep -c "^mac-fw: board=$board " "$log")" -eq 1
check "no panic" bash -c '! grep -q "^PANIC" "$1"' _ "$log"
check "the run ends with 'all tasks have exited'" \
	test "$(grep -v '^[[:space:]]*$' "$log" | tail -1)" = "all tasks have exited"
echo "wallclock $board: $pass passed, $fail failed"
((fail == 0))
