#!/usr/bin/env bash
# Checks the Verdex OpenOCD config without a board: OpenOCD's built-in
# dummy adapter loads it, lists the flash banks and reads the image as
# verdex_flash would.  Fails on an OpenOCD error, a missing or misplaced
# flash bank, an image that does not fit, or a missing verdex_flash.
#   openocd-check.sh [IMAGE.bin]     (OPENOCD_CFG overrides the config)
set -u
here=$(cd "$(dirname "$0")" && pwd)
img=${1:-build/verdex/firmware.bin}
cfg=${OPENOCD_CFG:-$here/openocd.cfg}
flash_bytes=33554432

# The last line is "N passed, N failed", as tools/run-part.sh expects.
fail() {
	echo "openocd-check: FAILED: $*" >&2
	echo "openocd-check verdex: 0 passed, 1 failed"
	exit 1
}
[[ -r $img ]] || fail "no image $img (make BOARD=verdex)"
size=$(stat -c %s "$img")
((size <= flash_bytes)) || fail "$img is $size bytes, the flash $flash_bytes"

# Every command verdex_flash runs must exist: its body is not run here.
# A group (flash) answers "any" and only its subcommands "exec".
check_body='foreach line [split [info body verdex_flash] "\n"] {
	set line [string trim $line]
	if {$line eq "" || [string index $line 0] eq "#"} continue
	set two [command mode {*}[lrange $line 0 1]]
	set one [command mode [lindex $line 0]]
	if {$one eq "unknown" || ($two eq "unknown" && $one eq "any" && [llength $line] > 1)} {
		echo "unknown command: $line"
	}
}'

# JTAG ID errors are expected: the dummy adapter has no chain behind it.
# Without init, this OpenOCD's shutdown crashes.
out=$(cd "$(dirname "$img")" && timeout 30 openocd \
	-c "gdb_port disabled; telnet_port disabled; tcl_port disabled" \
	-f interface/dummy.cfg -f "$cfg" -c init \
	-c "echo \"banks: [flash list]\"" \
	-c "test_image $(basename "$img") 0x0 bin" \
	-c "echo \"procs: [info procs verdex_flash]\"" \
	-c "if {[info procs verdex_flash] ne {}} {$check_body}" \
	-c shutdown 2>&1)
rc=$?
((rc == 0)) || { echo "$out" | tail -5 >&2; fail "openocd exited with $rc"; }
grep -q '^banks: .*driver cfi base 0 size '"$flash_bytes"' ' <<<"$out" ||
	fail "no 32 MiB CFI flash bank at 0x0 in $cfg"
grep -q "^address 0x00000000 length $(printf '0x%08x' "$size")$" <<<"$out" ||
	fail "test_image did not read $img at 0x0"
grep -q '^procs: verdex_flash$' <<<"$out" || fail "$cfg defines no verdex_flash"
! grep '^unknown command: ' <<<"$out" >&2 || fail "verdex_flash runs an unknown command"
echo "openocd-check: $cfg OK ($img, $size bytes at 0x0)"
echo "openocd-check verdex: 1 passed, 0 failed"
