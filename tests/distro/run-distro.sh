#!/usr/bin/env bash
# Boots a distro image under QEMU and judges its run: one boot, the
# image's policy line, no panic and no killed task, every task exited,
# and every ACCESS line a task printed held against libsepol's answer
# for that task's context and the object's (check-access.py).
#   run-distro.sh BOARD DISTRO LOG POLICY.bin MANIFEST SEPOL_REF QEMU-COMMAND...
# Ends with "distro BOARD DISTRO: N passed, N failed".
set -u
(($# >= 7)) || { echo "usage: run-distro.sh BOARD DISTRO LOG POLICY MANIFEST SEPOL_REF QEMU..." >&2; exit 2; }
board=$1 distro=$2 log=$3 policy=$4 manifest=$5 sepol_ref=$6
shift 6
timeout_s=${QEMU_TIMEOUT:-60}
mkdir -p "$(dirname "$log")"
timeout --foreground "$timeout_s" "$@" </dev/null 2>&1 | tr -d '\r' >"$log"
rc=${PIPESTATUS[0]}
pass=0 fail=0
expect_tag="[$board $distro]"
. "$(dirname "$0")/../log-expect.sh"
if ((rc == 124)); then
	fail=$((fail + 1)); echo "  [$board $distro] FAIL: timed out after ${timeout_s}s"
fi
expect "one boot, one banner" "^mac-fw: board=$board " 1
expect "the image's policy, enforcing" "^distro: policy $distro, MLS, .* enforcing$" 1
expect "the models' note" "^distro: models: " 1
expect "no panic, no killed task" "^(PANIC|killed task)" 0
# the nodes stand for devices this kernel has no driver for: they are
# opened (the check), never read or written
expect "the manifest's devices: all but ttyS0 and kmsg have drivers" \
	"^manifest: /dev/(ttyS0|kmsg) is no device of this kernel$" 2
expect "no other stray manifest object" "^manifest:" 2
expect "every task exited" "^all tasks have exited$" 1
expect "syslogd logged every client's line" "^\\[pid [0-9]+ rsyslogd\\] syslogd: lines logged: [1-9]" 1
expect "a denial is logged as SELinux does" '^avc:  denied  \{ [a-z_ ]+ \} for  pid=[0-9]+ comm="[a-z]+" .*scontext=system_u:system_r:[a-z_]+_t:s[0-9].* tclass=[a-z_]+ permissive=0$'
checked=$(tests/distro/check-access.py "$log" "$policy" "$manifest" "$sepol_ref" 2>&1)
echo "$checked" | sed "s/^/  [$board $distro] /"
p=$(sed -nE 's/^distro-access .*: ([0-9]+) passed, ([0-9]+) failed$/\1/p' <<<"$checked")
f=$(sed -nE 's/^distro-access .*: ([0-9]+) passed, ([0-9]+) failed$/\2/p' <<<"$checked")
pass=$((pass + ${p:-0}))
fail=$((fail + ${f:-1}))
# the check catches a wrong verdict: the first granted access turned
# into a denial
sed '0,/^\(\[pid [0-9]* [^]]*\] ACCESS .*\) ok$/s//\1 error=13/' "$log" >"$log.mutant"
if tests/distro/check-access.py "$log.mutant" "$policy" "$manifest" "$sepol_ref" >/dev/null 2>&1; then
	fail=$((fail + 1)); echo "  [$board $distro] FAIL: a changed verdict is not caught"
else
	pass=$((pass + 1))
fi
rm -f "$log.mutant"
echo "distro $board $distro: $pass passed, $fail failed"
((fail == 0))
