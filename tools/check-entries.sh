#!/usr/bin/env bash
# Every task and program entry a manifest names is a function that the
# device's task sources define, checked before the link so that a typo
# is reported at the manifest's line, not as the linker's undefined
# reference:
#   check-entries.sh NM ENTRIES OBJECT...
# ENTRIES is mac-polc's --entries file: "MANIFEST:LINE KIND NAME... ENTRY".
set -uo pipefail
(($# >= 3)) || { echo "usage: check-entries.sh NM ENTRIES OBJECT..." >&2; exit 2; }
nm=$1 entries=$2
shift 2
defined=$("$nm" --defined-only "$@" | awk '$2 == "T" { print $3 }' | sort -u)
bad=0
while read -r where kind rest; do
	entry=${rest##* }
	name=${rest% *}
	if ! grep -qxF -- "$entry" <<<"$defined"; then
		echo "$where: $kind $name: its entry $entry is defined by no task source;" \
			"they define: $(echo $defined | sed 's/ /, /g')" >&2
		bad=1
	fi
done <"$entries"
exit $bad
