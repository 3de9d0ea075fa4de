#!/bin/sh
# syscall_checks.sh [HEADER] - every (class, permission) pair the system
# calls' handlers (kernel/sys_*.c) check, as MAC_PERM_<CLASS>__<PERM>,
# must be in SYSCALL_CHECKS (kernel/syscalls.h), the list the report's
# SYSCHECK lines and checks table come from; and each call that list
# names must be in SYSCALLS.  sock_file and fifo_file are checked with
# the file bits (sys_fs.c asserts it): they are file's pairs.  Prints
# what is missing and exits 1 if anything is.  Run from the top of the tree.

HEADER=${1:-kernel/syscalls.h}

listed() {
	sed -n '/^#define SYSCALL_CHECKS/,/^$/p' "$HEADER" |
		grep -oE 'X\([a-z_]+, *[a-z_]+, *[a-z_]+\)' |
		sed -E 's/X\(([a-z_]+), *([a-z_]+), *([a-z_]+)\)/\1 \2 \3/'
}

used() {
	grep -hoE 'MAC_PERM_[A-Z0-9_]+__[A-Z0-9_]+' kernel/sys_*.c |
		grep -vE 'MAC_PERM_(SOCK|FIFO)_FILE__' | sed -E 's/MAC_PERM_(.*)__(.*)/\1 \2/' |
		tr A-Z a-z | LC_ALL=C sort -u
}

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
listed >"$tmp/listed"
used >"$tmp/used"
if [ ! -s "$tmp/listed" ] || [ ! -s "$tmp/used" ]; then
	echo "syscall_checks: nothing found ($HEADER or kernel/sys_*.c)"
	exit 2
fi
cut -d' ' -f2,3 "$tmp/listed" | LC_ALL=C sort -u >"$tmp/pairs"
LC_ALL=C comm -13 "$tmp/pairs" "$tmp/used" | sed 's/^/checked but in no call of SYSCALL_CHECKS: /' >"$tmp/diff"
for call in $(cut -d' ' -f1 "$tmp/listed" | sort -u); do
	grep -qE "X\\(SYS_[A-Z_]+,[[:space:]]*sys_$call," "$HEADER" ||
		echo "SYSCALL_CHECKS names $call, which SYSCALLS has not" >>"$tmp/diff"
done
if [ -s "$tmp/diff" ]; then
	cat "$tmp/diff"
	exit 1
fi
echo "$(wc -l <"$tmp/listed") checks of $(cut -d' ' -f1 "$tmp/listed" | sort -u | wc -l) calls, every pair the handlers check"
