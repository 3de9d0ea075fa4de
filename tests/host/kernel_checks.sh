#!/bin/sh
# kernel_checks.sh [HEADER [SYSFS]] - compares include/mac_kernel_checks.h with the
# MAC_CLASS_X and MAC_PERM_X__Y constants the kernel and the firmware use
# (kernel/, app/, report/, monitor/*.c, monitor/sel07/, arch/, boards/);
# each pair the kernel checks with the file class's constant
# (MAC_KERNEL_FILE_BIT_CHECKS) with its assertion in SYSFS (kernel/sys_fs.c,
# or a copy) that it is on the file class's bit; and each pair of
# SYSCALL_CHECKS (kernel/syscalls.h)
# that the handlers check with another class's constant in that list.
# Prints what is missing or only on one side and exits 1 if anything is.
# Run from the top of the tree.

HEADER=${1:-include/mac_kernel_checks.h}
SYSFS=${2:-kernel/sys_fs.c}

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
		kernel app report monitor/*.c monitor/sel07 arch boards | LC_ALL=C sort -u
}

# X(class, perm) of one list of the header, as "class perm"
list_pairs() {
	sed -n "/^#define $1(X)/,/^\$/p" "$HEADER" |
		sed -n 's/^[[:space:]]*X(\([a-z0-9_]*\), *\([a-z0-9_]*\)).*/\1 \2/p'
}

# a pair on the file class's bit, not asserted so, or in no other list
file_bit_missing() {
	list_pairs MAC_KERNEL_CHECKS >"$tmp/pairs"
	list_pairs MAC_KERNEL_OBJECT_CHECKS >>"$tmp/pairs"
	list_pairs MAC_KERNEL_FILE_BIT_CHECKS | while read -r c p; do
		grep -qx "$c $p" "$tmp/pairs" ||
			echo "on the file class's bit but in no list mac-polc requires: $c $p"
		C=$(echo "$c" | tr a-z A-Z) P=$(echo "$p" | tr a-z A-Z)
		grep -q "_Static_assert(MAC_PERM_${C}__$P == MAC_PERM_FILE__$P," "$SYSFS" ||
			echo "checked with the file class's constant, not asserted in $SYSFS: $c $p"
	done
}

# A pair SYSCALL_CHECKS names whose own constant no handler uses (but in
# an assertion) is checked with another class's constant: it must be on
# the file class's bit.
other_class_missing() {
	list_pairs MAC_KERNEL_FILE_BIT_CHECKS >"$tmp/file_bits"
	for f in kernel/sys_*.c; do
		[ "$f" = kernel/sys_fs.c ] && f=$SYSFS
		grep -v '_Static_assert' "$f"
	done >"$tmp/handlers"
	sed -n '/^#define SYSCALL_CHECKS/,/^$/p' kernel/syscalls.h |
		grep -oE 'X\([a-z_]+, *[a-z_]+, *[a-z_]+\)' |
		sed -E 's/X\(([a-z_]+), *([a-z_]+), *([a-z_]+)\)/\2 \3/' | LC_ALL=C sort -u |
		while read -r c p; do
			C=$(echo "$c" | tr a-z A-Z) P=$(echo "$p" | tr a-z A-Z)
			grep -qw "MAC_PERM_${C}__$P" "$tmp/handlers" || grep -qx "$c $p" "$tmp/file_bits" ||
				echo "checked with another class's constant, not on the file class's bit: $c $p"
		done
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
if [ -z "$(list_pairs MAC_KERNEL_FILE_BIT_CHECKS)" ]; then
	echo "no MAC_KERNEL_FILE_BIT_CHECKS in $HEADER" >>"$tmp/diff"
fi
file_bit_missing >>"$tmp/diff"
other_class_missing >>"$tmp/diff"
if [ -s "$tmp/diff" ]; then
	cat "$tmp/diff"
	exit 1
fi
echo "$(grep -c PERM "$tmp/listed") permissions of $(grep -c CLASS "$tmp/listed") classes, $(list_pairs MAC_KERNEL_FILE_BIT_CHECKS | wc -l) on the file class's bit, each asserted"
