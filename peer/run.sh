#!/usr/bin/env bash
# Boots a peer kernel under QEMU and keeps its console (CR stripped) in
# LOG once the init has said "peer: done"; QEMU is stopped then (the
# init's reboot ends it too, with -no-reboot).  A boot that does not
# get there within TIMEOUT seconds leaves LOG.failed and fails.
#   run.sh TIMEOUT LOG QEMU-COMMAND...
set -u -o pipefail
timeout=$1 log=$2
shift 2
mkdir -p "$(dirname "$log")"
raw=$log.raw
rm -f "$log" "$log.failed"
"$@" </dev/null >"$raw" 2>&1 &
qemu=$!
end=$((SECONDS + timeout))
while kill -0 $qemu 2>/dev/null && ((SECONDS < end)) && ! grep -qs '^peer: done' "$raw"; do
	sleep 1
done
sleep 1
kill $qemu 2>/dev/null
wait $qemu 2>/dev/null
tr -d '\r' <"$raw" >"$log.tmp" && rm -f "$raw"
if grep -q '^peer: done' "$log.tmp"; then
	mv "$log.tmp" "$log"
	exit 0
fi
mv "$log.tmp" "$log.failed"
echo "peer: the boot did not finish within ${timeout} s: $log.failed" >&2
tail -20 "$log.failed" >&2
exit 1
