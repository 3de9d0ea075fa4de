#!/usr/bin/env bash
# make run and make cycles keep the console in the log make report reads,
# and make report boots only what is missing or stale:
#   logs-test.sh BOARD
# QEMU is a stand-in that counts its boots and prints the recorded boot
# beside this file (its lines end in CRLF, as a serial console's), whole or cut short; the
# logs and the report go to a directory of their own.  The board's
# firmware is built as make all builds it.  Ends with "report-logs: N
# passed, N failed".
set -u
board=${1:-r2dplus}
here=$(cd "$(dirname "$0")" && pwd)
make=${MAKE:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "  FAIL: $*"; }
check() { if eval "$2"; then ok; else bad "$1"; fi; }

# the stand-in: FAKE_CUT=1 prints half the boot and fails as a killed QEMU
cat >"$tmp/qemu" <<EOF
#!/bin/sh
echo boot >>"$tmp/boots"
if [ "\${FAKE_CUT:-0}" = 1 ]; then
	head -n 60 "$here/sample-$board.log"; exit 3
fi
cat "$here/sample-$board.log"
EOF
chmod +x "$tmp/qemu"
qemu_var=$(case $board in r2dplus) echo R2D_QEMU ;; *) echo PXA270_QEMU ;; esac)
m() { $make --no-print-directory -s BOARD="$board" BENCH_DIR="$tmp/bench" \
	REPORT_DIR="$tmp/report" "$qemu_var=$tmp/qemu" "$@"; }
boots() { [[ -f $tmp/boots ]] && wc -l <"$tmp/boots" || echo 0; }
log=$tmp/bench/$board.log
tr -d '\r' <"$here/sample-$board.log" >"$tmp/want.log"

$make --no-print-directory -s BOARD="$board" all >/dev/null || { bad "make all"; exit 1; }
m run >"$tmp/run.out" 2>&1
rc=$?
check "make run: status 0, one boot" "((rc == 0)) && (($(boots) == 1))"
check "make run: the console on the terminal as QEMU printed it" \
	"cmp -s $tmp/run.out $here/sample-$board.log"
check "make run: the same console in the log, CR stripped" "cmp -s $log $tmp/want.log"
stamp() { date -r "$1" +%s.%N 2>/dev/null; }
before=$(stamp "$log")
m report >"$tmp/report.out" 2>&1
check "make report after make run boots nothing" "(($? == 0)) && (($(boots) == 1))"
check "and reads the run's log, untouched" "[[ $(stamp "$log") == $before ]] &&
	grep -q 'from $log' $tmp/report.out && [[ -s $tmp/report/report.md ]]"

# the Linux peer's logs where make peer writes them (the fixtures beside
# this file, where the board has them): in the board's report, no boot more
if [[ -f $here/peer-$board-selinux.log ]]; then
	mkdir -p "$tmp/peer/$board"
	for k in selinux nolsm; do cp "$here/peer-$board-$k.log" "$tmp/peer/$board/$k.log"; done
	m PEER_DIR="$tmp/peer" report >"$tmp/peer.out" 2>&1
	check "make report takes the peer's logs where make peer wrote them" "(($? == 0)) &&
		(($(boots) == 1)) && grep -q \"Linux's linux-nolsm from $tmp/peer/$board/nolsm.log\" \
		$tmp/peer.out && grep -q '^### linux: ' $tmp/report/report-$board.md"
fi

touch -d "@$(($(stat -c %Y "build/$board/firmware.elf") - 10))" "$log"
m report >/dev/null 2>&1
check "a log older than the firmware is booted again" "(($(boots) == 2)) && [[ $log -nt build/$board/firmware.elf ]]"

FAKE_CUT=1 m run >"$tmp/cut.out" 2>&1
rc=$?
check "a run cut short fails with QEMU's status" "((rc != 0)) && (($(boots) == 3)) &&
	grep -q 'Error 3' $tmp/cut.out"
check "its log is written as far as it came" "(($(wc -l <"$log") == 60))"
m report >/dev/null 2>&1
check "make report does not take the cut log: it boots again" "(($(boots) == 4)) &&
	grep -qx 'all tasks have exited' $log"

m cycles >/dev/null 2>&1
rc=$?
check "make cycles writes the model's log" "((rc == 0)) && (($(boots) == 5)) &&
	cmp -s $tmp/bench/$board-cycles.log $tmp/want.log"
m CYCLES=1 report >/dev/null 2>&1
check "make report CYCLES=1 after make cycles boots nothing" "(($? == 0)) && (($(boots) == 5))"
m PLAN=short cycles >/dev/null 2>&1
check "a short plan's boot is not kept for the report" "(($(boots) == 6)) &&
	cmp -s $tmp/bench/$board-cycles.log $tmp/want.log"
m HW=1 run >/dev/null 2>&1
check "nor the boot of another image of the board (HW=1)" "(($(boots) == 7)) &&
	cmp -s $log $tmp/want.log"

echo "report-logs: $pass passed, $fail failed"
((fail == 0))
