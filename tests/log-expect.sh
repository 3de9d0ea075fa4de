# log-expect.sh - sourced by the scripts that judge a QEMU run's log.
# expect NAME REGEX [COUNT]: the lines of $log that match REGEX (kernel
# lines match from the line's start), exactly COUNT of them or at least
# one; counted in pass and fail, a failure said after $expect_tag.
expect() {
	local n
	n=$(grep -cE -- "$2" "$log")
	if [[ -n ${3:-} && $n -eq $3 ]] || [[ -z ${3:-} && $n -ge 1 ]]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "  $expect_tag FAIL: $1 (found $n)"
	fi
}

# latency_bound PHASE...: the kernel's worst tick latency in each phase
# (flat, or the application's profiling table) is within the kernel's
# bound of 4,000 instructions: every path through it is shorter,
# wherever the ticks fall.  Instruction counts only (QEMU): on a board
# the unit is its timer's.
LATENCY_BOUND=4000
latency_bound() {
	local phase max
	for phase in "$@"; do
		max=$(sed -nE "s/^LATENCY board=[^ ]+ phase=$phase strategy=(flat|profile) unit=insns .* max=([0-9]+)$/\2/p" "$log")
		[[ -z $max ]] && continue
		if ((max <= LATENCY_BOUND)); then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "  $expect_tag FAIL: $phase: the tick waited $max insns, past $LATENCY_BOUND"
		fi
	done
}

# latency_calls: the latency suite's line for every system call of the
# table (kernel/syscalls.h, read here, not listed) and for the fault
# kill (tests/target/ulatency.c): each sampled, and on the flat table
# each call's worst within LATENCY_BOUND.  The profiled table's are
# measurement only, as the models' are.
latency_calls() {
	local root call line n max calls
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	calls=$(sed -nE 's/^[[:space:]]*X\(SYS_[A-Z0-9_]+,[[:space:]]*sys_([a-z0-9_]+),.*/\1/p' \
		"$root/kernel/syscalls.h")
	for call in $calls fault; do
		line=$(grep -E "^LATENCY board=[^ ]+ call=$call " "$log" | tail -1)
		n=$(sed -nE 's/.* n=([0-9]+) .*/\1/p' <<<"$line")
		max=$(sed -nE 's/.* max=([0-9]+)$/\1/p' <<<"$line")
		if [[ -z $line || ${n:-0} -eq 0 ]]; then
			fail=$((fail + 1))
			echo "  $expect_tag FAIL: latency: $call not driven (no sample)"
		elif [[ $line != *" strategy=flat unit=insns "* ]] || ((max <= LATENCY_BOUND)); then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "  $expect_tag FAIL: latency: $call held the tick $max insns, past $LATENCY_BOUND"
		fi
	done
}
