#!/usr/bin/env bash
# Runs one part of `make test`, shows its output, and keeps its closing
# "N passed, N failed" line in DIR/NAME.sum for the overall summary, and
# its seconds in DIR/NAME.time.
#   run-part.sh NAME DIR COMMAND...
set -u -o pipefail
name=$1 dir=$2
shift 2
mkdir -p "$dir"
start=$(date +%s)
"$@" 2>&1 | tee "$dir/$name.log"
rc=$?
echo "$(($(date +%s) - start))" >"$dir/$name.time"
line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$dir/$name.log" | tail -1)
if ((rc != 0)) && [[ $line == *" 0 failed"* || -z $line ]]; then
	line="$name: 0 passed, 1 failed (exit status $rc)"
fi
echo "${line:-$name: 0 passed, 1 failed (no summary)}" >"$dir/$name.sum"
exit $rc
