#!/usr/bin/env bash
# Boots the firmware image (what `make run` shows) and checks its report:
# the banner, an exact counter self-check, the BENCH lines of every
# benchmark and strategy, and the sample application's run to its end.
# Kernel lines are matched from the start of a line, where a task's
# never begins: those start with "[pid N name] ".  Without a command, the
# log of a boot made elsewhere (a lab's) is checked as it is.
#   run-firmware.sh BOARD LOG [QEMU-COMMAND...]
# RUN_PLAN=short: the boot ran the short plan (PLAN_LOADER: the
# calibration and seed 000's calls), as the tests of how an image is
# loaded and started boot it: its own lines are checked, and the
# application's run.
set -u
board=$1 log=$2
shift 2
if (($# > 0)); then
	timeout --foreground "${QEMU_TIMEOUT:-120}" "$@" </dev/null 2>&1 | tr -d '\r' >"$log"
fi
pass=0 fail=0
expect_tag="[$board] firmware:"
. "$(dirname "$0")/log-expect.sh"
expect "one boot, one banner" "^mac-fw: board=$board " 1
expect "counter self-check exact" "^counter self-check: .*: exact$" 1
# the banner first: a board whose counter misbehaves has said what it is
first_counter=$(grep -nm1 '^counter' "$log" | cut -d: -f1)
banner_at=$(grep -nm1 '^mac-fw: board=' "$log" | cut -d: -f1)
if [[ -n $first_counter && -n $banner_at ]] && ((banner_at < first_counter)); then
	pass=$((pass + 1))
else
	fail=$((fail + 1)); echo "  $expect_tag FAIL: the banner comes before the counter's lines"
fi
strategies="none flat selinux07 selinux07tuned smack smackhash smackfix"
# expect_benches BENCH...: one well-formed line of each at arg 0, by every strategy
expect_benches() {
	local b s
	for s in $strategies; do
		for b in "$@"; do
			expect "BENCH $b $s" "^BENCH board=$board bench=$b strategy=$s arg=0 unit=(insns|cycles|ticks) n=[0-9]+ min=[0-9]+ median=[0-9]+ mean=[0-9]+\\.[0-9]{2} max=[0-9]+$" 1
		done
	done
}
# the application's own lines, behind their task's prefix, and its end
expect_app() {
	expect "the updater replaces the image" "^\\[pid [0-9]+ updater\\] updater: firmware image replaced$" 1
	expect "the bounded hook is denied the key" '^avc:  denied  \{ write \} for  pid=[0-9]+ comm="update-hook" path="/etc/key" .*tclass=file permissive=0$' 1
	expect "control receives three readings" "^\\[pid [0-9]+ control\\] control: reading [0-9]+$" 3
	expect "the application runs to its end" "^all tasks have exited$" 1
	expect "no panic, no killed task" "^(PANIC|killed task)" 0
}
if [[ ${RUN_PLAN:-} == short ]]; then
	expect "the calibration: every sequence within its figures" \
		"^calib: ([0-9]+) of \\1 sequences within their figures" 1
	expect_benches null read write read-cold write-cold
	expect "SUMMARY of the short plan" "^SUMMARY board=$board unit=.* read_none=[0-9]+ .* check_read_site=[0-9]+$" 1
	expect_app
	echo "firmware $board (short plan): $pass passed, $fail failed"
	((fail == 0))
	exit
fi
expect_benches null read write stat
for s in $strategies; do
	expect "BENCH walk $s, depths 1..8" "^BENCH board=$board bench=walk strategy=$s arg=[1-8] " 8
	expect "BENCH statn $s, 100..800 and 1600 labels" "^BENCH board=$board bench=statn strategy=$s arg=[0-9]+00 " 9
done
expect "BENCH label smack, 100..1000 labels" "^BENCH board=$board bench=label strategy=smack arg=[0-9]+00 " 10
expect "BENCH label smackhash, 100..1000 labels" "^BENCH board=$board bench=label strategy=smackhash arg=[0-9]+00 " 10
expect "BENCH label smackfix, 100..1000 labels" "^BENCH board=$board bench=label strategy=smackfix arg=[0-9]+00 " 10
for s in smack smackhash smackfix; do
	expect "BENCH label-app $s, the package names" "^BENCH board=$board bench=label-app strategy=$s arg=600 " 1
done
for set in statn app; do
	expect "SLOTS $set: 16 counts" "^SLOTS board=$board set=$set arg=600 slots=([0-9]+,){15}[0-9]+$" 1
done
for s in flat selinux07 selinux07tuned smack smackhash smackfix; do
	expect "BENCH check-file-read $s" "^BENCH board=$board bench=check-file-read strategy=$s " 1
	expect "BENCH check-dir-search $s" "^BENCH board=$board bench=check-dir-search strategy=$s " 1
done
expect "BENCH switch" "^BENCH board=$board bench=switch strategy=none " 1
# every BENCH line: a mean with two decimals, within [min, max]
bench_bad=$(grep -E '^BENCH ' "$log" | awk '{
	min = mean = max = ""
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == "min") min = kv[2]; else if (kv[1] == "mean") mean = kv[2]
		else if (kv[1] == "max") max = kv[2]
	}
	if (mean !~ /^[0-9]+\.[0-9][0-9]$/ || min == "" || max == "" || mean + 0 < min + 0 || mean + 0 > max + 0) print
}' | wc -l)
if ((bench_bad == 0)); then
	pass=$((pass + 1))
else
	fail=$((fail + 1)); echo "  $expect_tag FAIL: BENCH lines: a mean with two decimals in [min, max] ($bench_bad lines not)"
fi
# the seeds' tables and the lines beside them (AVCSTAT, LABELSTAT, SYSCHECK)
report_out=$("$(dirname "$0")/check-report.py" "$board" "$log")
echo "$report_out" | grep -v '^check-report:' | sed "s/^/  $expect_tag /"
report_counts=$(echo "$report_out" | sed -nE 's/^check-report: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p')
if [[ -n $report_counts ]]; then
	pass=$((pass + ${report_counts% *})) fail=$((fail + ${report_counts#* }))
else
	fail=$((fail + 1)); echo "  $expect_tag FAIL: check-report.py gave no summary"
fi
# the checker sees a damaged report: a table, a size, a counter, a pair
# gone; the summary gone, one of its figures or a figure it is made of
# changed, a key gone
mutants=('/^-- table walk:/d' '/bench=statn strategy=flat arg=1600 /d'
	's/^\(AVCSTAT .* hits=\)\([0-9]*\)/\1\21/' '/^SYSCHECK .*syscall=stat /d'
	'/^  400 /s/ [0-9.]*$/ -/' '/^SUMMARY /d' 's/^\(SUMMARY .* read_flat=\)\([0-9]*\)/\1\21/'
	'/^BENCH .* bench=walk strategy=none arg=1 /s/median=\([0-9]*\)/median=1\1/'
	'/^BENCH .* bench=statn strategy=selinux07 arg=500 /s/mean=\([0-9]*\)/mean=1\1/'
	's/^\(SUMMARY .*\) check_loop=[0-9]*/\1/')
for m in "${mutants[@]}"; do
	if sed "$m" "$log" >"$log.mutant" && cmp -s "$log" "$log.mutant"; then
		fail=$((fail + 1)); echo "  $expect_tag FAIL: mutation $m changed nothing"
	elif "$(dirname "$0")/check-report.py" "$board" "$log.mutant" >/dev/null; then
		fail=$((fail + 1)); echo "  $expect_tag FAIL: check-report.py accepts a report damaged by $m"
	else
		pass=$((pass + 1))
	fi
done
rm -f "$log.mutant"
# the tick's latency: one line per benchmark strategy, one for the
# application, each well-formed and its figures in order
latency_fields="unit=(insns|cycles|ticks) n=[0-9]+ min=[0-9]+ median=[0-9]+ max=[0-9]+$"
for s in $strategies; do
	expect "LATENCY bench $s" "^LATENCY board=$board phase=bench strategy=$s $latency_fields" 1
done
# the application runs on the profiling table (kernel/profile.c)
expect "LATENCY app" "^LATENCY board=$board phase=app strategy=profile $latency_fields" 1
expect "LATENCY lines: no other" "^LATENCY " 8
disorder=$(sed -nE 's/^LATENCY .* n=([0-9]+) min=([0-9]+) median=([0-9]+) max=([0-9]+)$/\1 \2 \3 \4/p' "$log" |
	awk '$1 > 0 && !($2 <= $3 && $3 <= $4) || $1 == 0 && ($2 || $3 || $4)' | wc -l)
if ((disorder == 0)); then
	pass=$((pass + 1))
else
	fail=$((fail + 1)); echo "  $expect_tag FAIL: LATENCY lines: min <= median <= max ($disorder out of order)"
fi
latency_bound bench app
# a yield that came back to the task that made it is no switch
expect "every switch sample from one task to the other" \
	"^bench: switch: [0-9]+ samples, 0 of them a task yielding to itself$" 1
expect_app
. "$(dirname "$0")/profile-expect.sh"
echo "firmware $board: $pass passed, $fail failed"
((fail == 0))
