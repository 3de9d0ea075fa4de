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
