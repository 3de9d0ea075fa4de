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
