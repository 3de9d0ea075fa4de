#!/usr/bin/env bash
# Adds up the "N passed, N failed" lines of every part of `make test`.
set -u
dir=$1
passed=0 failed=0
for f in "$dir"/*.sum; do
	[[ -e $f ]] || continue
	line=$(tail -1 "$f")
	p=$(sed -nE 's/.*[^0-9]([0-9]+) passed.*/\1/p; s/^([0-9]+) passed.*/\1/p' <<<"$line" | head -1)
	q=$(sed -nE 's/.* ([0-9]+) failed.*/\1/p' <<<"$line")
	if [[ -z $p || -z $q ]]; then
		echo "$(basename "$f" .sum): no summary line" >&2
		q=1 p=0
	fi
	passed=$((passed + p)) failed=$((failed + q))
done
# the slowest parts, to keep the whole within its time
for f in "$dir"/*.time; do
	[[ -e $f ]] && echo "$(cat "$f") $(basename "$f" .time)"
done | sort -rn | head -8 | awk '{ printf "  %4d s  %s\n", $1, $2 }' | sed '1i slowest parts:' >&2
echo "$passed passed, $failed failed"
((failed == 0))
