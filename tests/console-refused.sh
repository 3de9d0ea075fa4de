#!/usr/bin/env bash
# The serial console's enforce refused: the firmware rebuilt from the
# device policy without its setenforce rule for console_t, then driven by
# tests/console-test.py, which reads that policy and expects the avc
# denial, the error and the mode kept (after `make BOARD=... console-test`);
# only that: the rest of the console is the same firmware's (CONSOLE_ONLY).
#   console-refused.sh BOARD
set -u -o pipefail
board=${1:?usage: console-refused.sh BOARD}
dir=build/variants/$board/console-refused
mkdir -p "$dir"
rule='^allow console_t security_t:security setenforce;$'
if ! grep -q "$rule" monitor/policy/device.conf; then
	echo "console-refused: monitor/policy/device.conf has no line matching '$rule'"
	echo "console-refused $board: 0 passed, 1 failed"
	exit 1
fi
grep -v "$rule" monitor/policy/device.conf >"$dir/device.conf"
rm -rf "$dir/results"
# the image on both cores first, then the console's test of it
make --no-print-directory -s -j2 BOARD="$board" BUILD="$dir/build" MAC_POLICY_SRC="$dir/device.conf" all &&
	CONSOLE_ONLY=enforce make --no-print-directory -s BOARD="$board" BUILD="$dir/build" \
		MAC_POLICY_SRC="$dir/device.conf" RESULTS="$dir/results" CONSOLE_TEST_PLAN=short console-test
st=$?
# console-test runs more than one part (the console, its quit key): one
# line for them all
total=$(tools/test-summary.sh "$dir/results")
sum_st=$?
echo "console-refused $board: $total"
exit $((st || sum_st))
