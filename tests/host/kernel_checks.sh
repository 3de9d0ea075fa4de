#!/bin/sh
# kernel_checks.sh [HEADER] - compares include/mac_kernel_checks.h with the
# MAC_CLASS_X and MAC_PERM_X__Y constants the kernel and the firmware use
# (kernel/, app/, monitor/*.c, arch/, boards/). Prints what only one side
# has and exits 1 if they differ. Run from the top of the tree.

HEADER=${1:-include/mac_kernel_checks.h}

# X(class, perm) lines of the header, as the constants they stand for
listed() {
	sed -n 's/^[[:space:]]*X(\([a-z0-9_]*\), *\([a-z0-9_]*\)).*/\1 \2/p' "$HEADER" |
		tr a-z A-Z | while read -r c p; do
			echo "MAC_CLASS_$c"
			echo "MAC_PERM_${c}__$p"
		done | LC_ALL=C sort -u
}

used() {
	grep -rhoE 'MAC_(PERM_[A-Z0-9_]+__[A-Z0-9_]+|CLASS_[A-Z0-9_]+)' \
		kernel app monitor/*.c arch boards | LC_ALL=C sort -u
}

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
listed >"$tmp/listed"
used >"$tmp/used"
if [ ! -s "$tmp/listed" ] || [ ! -s "$tmp/used" ]; then
	echo "kernel_checks: nothing found ($HEADER or the sources)"
	exit 2
fi
LC_ALL=C comm -13 "$tmp/listed" "$tmp/used" | sed 's/^/used but not in the list: /' >"$tmp/diff"
LC_ALL=C comm -23 "$tmp/listed" "$tmp/used" | sed 's/^/listed but not used: /' >>"$tmp/diff"
if [ -s "$tmp/diff" ]; then
	cat "$tmp/diff"
	exit 1
fi
echo "$(grep -c PERM "$tmp/listed") permissions of $(grep -c CLASS "$tmp/listed") classes"
