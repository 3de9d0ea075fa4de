#!/usr/bin/env bash
# Prints the disassembly of one out-of-line check (bench_check_probe in
# app/bench.c) and counts the instructions of its fast path: from the
# entry to the first return, the return included (and, on SH-4, its delay
# slot), when the check passes and no branch is taken.
#   check-disasm.sh OBJDUMP ELF
set -euo pipefail
objdump=$1 elf=$2
dis=$("$objdump" -d --no-show-raw-insn "$elf")
body=$(awk '/<bench_check_probe>:$/ { on = 1; next } on && /^$/ { exit } on' <<<"$dis")
[[ -n $body ]] || { echo "check-disasm: no bench_check_probe in $elf" >&2; exit 1; }
echo "$body"
n=$(awk -F'\t' 'NF >= 2 { n++; m = $2; sub(/ .*/, "", m)
	if (done) { print n; exit }
	if (m == "rts") done = 1
	else if (m == "bx" || (m ~ /^(ldm|pop)/ && $0 ~ /pc/)) { print n; exit } }' <<<"$body")
echo "fast path: $n instructions, call and return included"
