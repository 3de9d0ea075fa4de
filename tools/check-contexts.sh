#!/usr/bin/env bash
# A device manifest's objects against the policy's file_contexts: every
# dir, file, chr_file, sock_file and fifo_file line must carry the
# context tools/manifest-contexts.sh (matchpathcon) gives its path, and a
# channel line ending in "# PATH" the context of that socket file, so
# that the manifest cannot drift from the policy it names.
#   check-contexts.sh POLICY MANIFEST
# Ends with "distro-contexts NAME: N passed, N failed" (one per line).
set -u
(($# == 2)) || { echo "usage: check-contexts.sh POLICY MANIFEST" >&2; exit 2; }
policy=$1 manifest=$2
[[ -r $manifest ]] || { echo "check-contexts: cannot read $manifest" >&2; exit 2; }
pass=0 fail=0

# expect KIND PATH CONTEXT LINE
expect() {
	local want
	want=$(tools/manifest-contexts.sh "$policy" "$1:$2" | awk '{print $3}')
	if [[ -n $want && $want == "$3" ]]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $manifest:$4: $1 $2 is $3, file_contexts gives ${want:-nothing}"
	fi
}

n=0
while read -r kind path ctx rest; do
	n=$((n + 1))
	case $kind in
	dir | file | chr_file | sock_file | fifo_file) expect "$kind" "$path" "$ctx" $n ;;
	channel)
		if [[ $rest =~ \#\ *(/[^ ]*) ]]; then
			expect sock_file "${BASH_REMATCH[1]}" "$ctx" $n
		fi ;;
	esac
done <"$manifest"
((pass + fail > 0)) || { echo "check-contexts: no object in $manifest" >&2; exit 2; }
echo "distro-contexts $(basename "$manifest" .manifest): $pass passed, $fail failed"
((fail == 0))
