#!/usr/bin/env bash
# Checks a PXA270 board's flashing without a board:
#   - OpenOCD (built-in dummy adapter) loads the board's config; its
#     flash bank has the base, size and widths of boards/<board>/flash.mk;
#     test_image reads the image at the address flash.sh would write it
#     to; pxa270_flash exists and every command in it is known;
#   - flash.sh, with a stand-in for OpenOCD, writes at FLASH_OFFSET,
#     or at 0x0 after its warning with --whole 1, and refuses, without
#     starting OpenOCD, an offset inside U-Boot's blocks, an offset off
#     an erase block, an image too large for the flash and a missing
#     adapter.
#   openocd-check.sh --board B --chip-width C --bus-width W
#                    --cfg CFG --base B --size S --block E --reserved R
#                    --offset O IMAGE.bin
# The last line is "openocd-check BOARD: N passed, N failed".
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
board="" chip="" bus="" layout=()
while (($# > 1)); do
	case $1 in
	--board) board=$2; shift 2 ;;
	--chip-width) chip=$2; shift 2 ;;
	--bus-width) bus=$2; shift 2 ;;
	--cfg|--base|--size|--block|--reserved|--offset) layout+=("$1" "$2"); shift 2 ;;
	*) echo "openocd-check: unknown option $1" >&2; exit 2 ;;
	esac
done
img=${1:?usage: see the head of $0}
opt() {	# opt NAME: the value of --NAME in the layout
	local i
	for ((i = 0; i < ${#layout[@]}; i += 2)); do
		[[ ${layout[i]} == "--$1" ]] && { echo "${layout[i + 1]}"; return; }
	done
	echo "openocd-check: --$1 is missing" >&2; exit 2
}
cfg=$(opt cfg) base=$(opt base) size=$(opt size) block=$(opt block)
reserved=$(opt reserved) offset=$(opt offset)
pass=0 fail=0
check() {	# check NAME COMMAND...: one result
	if "${@:2}"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "  [$board] FAIL: openocd: $1"; fi
}
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

# --- the config under OpenOCD's dummy adapter -------------------------
address=$(printf '0x%08x' $((base + offset)))
bytes=$(stat -c %s "$img") || exit 1
# Every command pxa270_flash runs must exist: its body is not run here.
# A group (flash) answers "any" and only its subcommands "exec".
check_body='foreach line [split [info body pxa270_flash] "\n"] {
	set line [string trim $line]
	if {$line eq "" || [string index $line 0] eq "#"} continue
	set two [command mode {*}[lrange $line 0 1]]
	set one [command mode [lindex $line 0]]
	if {$one eq "unknown" || ($two eq "unknown" && $one eq "any" && [llength $line] > 1)} {
		echo "unknown command: $line"
	}
}'
cfg_path=$(realpath "$cfg") || exit 1
# JTAG ID errors are expected: the dummy adapter has no chain behind it.
# Without init, this OpenOCD's shutdown crashes.
out=$(cd "$(dirname "$img")" && timeout 30 openocd \
	-c "gdb_port disabled; telnet_port disabled; tcl_port disabled" \
	-f interface/dummy.cfg -f "$cfg_path" -c init \
	-c "echo \"banks: [flash list]\"" \
	-c "test_image $(basename "$img") $address bin" \
	-c "echo \"procs: [info procs pxa270_flash]\"" \
	-c "if {[info procs pxa270_flash] ne {}} {$check_body}" \
	-c shutdown 2>&1)
rc=$?
((rc == 0)) || echo "$out" | tail -5 | sed "s/^/  [$board] | /"
check "OpenOCD loads $cfg and exits 0 (status $rc)" test $rc -eq 0
bank="base $((base)) size $((size)) bus_width $bus chip_width $chip "
check "one CFI bank: $bank" grep -q "^banks: {name [^ ]* driver cfi $bank" <<<"$out"
check "test_image reads $img at $address" \
	grep -q "^address $address length $(printf '0x%08x' "$bytes")$" <<<"$out"
check "$cfg defines pxa270_flash" grep -q '^procs: pxa270_flash$' <<<"$out"
check "pxa270_flash runs only known commands" \
	bash -c '! grep "^unknown command: " >&2' <<<"$out"

# --- flash.sh, with a stand-in that records how OpenOCD was called ----
stub=$tmp/openocd
printf '#!/bin/sh\necho "$@" >"%s/called"\n' "$tmp" >"$stub" && chmod +x "$stub"
flash() {	# flash ARGS...: runs flash.sh, its output in $tmp/out
	rm -f "$tmp/called"
	OPENOCD=$stub "$here/flash.sh" "$@" >"$tmp/out" 2>&1
}
called() { [[ -f $tmp/called ]] && grep -qF -- "$1" "$tmp/called"; }
refused() {	# refused MESSAGE-REGEX: failed, said why, OpenOCD not started
	[[ ! -f $tmp/called ]] && grep -qE -- "$1" "$tmp/out"
}
adapter=interface/ftdi/olimex-arm-usb-ocd-h.cfg

flash "${layout[@]}" --adapter "$adapter" "$img"
check "writes at FLASH_OFFSET ($address) with the adapter and $cfg" \
	called "-f $adapter -f $cfg -c pxa270_flash $img $address"
flash "${layout[@]}" --whole 1 --adapter "$adapter" "$img"
check "FLASH_WHOLE=1 warns that U-Boot is erased, then writes at 0x0" \
	bash -c 'grep -q "ERASES U-BOOT" "$1" && grep -qF -- "pxa270_flash $2 0x$(printf %08x "$3")" "$4"' \
	_ "$tmp/out" "$img" "$base" "$tmp/called"
flash "${layout[@]}" "$img"
check "no adapter: stops, naming OPENOCD_ADAPTER" refused "OPENOCD_ADAPTER is not set"
check "no adapter: the message gives an example" grep -q "OPENOCD_ADAPTER=interface/.*\.cfg" "$tmp/out"
flash "${layout[@]}" --offset $((reserved - block)) --adapter "$adapter" "$img"
check "an offset inside U-Boot's blocks is refused" refused "inside U-Boot"
flash "${layout[@]}" --offset $((offset + block / 2)) --adapter "$adapter" "$img"
check "an offset off an erase block is refused" refused "does not start an erase block"
truncate -s $((size - offset + 1)) "$tmp/big.bin"
flash "${layout[@]}" --adapter "$adapter" "$tmp/big.bin"
check "an image one byte too large for the flash is refused" refused "does not fit"
truncate -s $((size - offset)) "$tmp/fits.bin"
flash "${layout[@]}" --adapter "$adapter" "$tmp/fits.bin"
check "an image that fills the flash up to its end is written" called "$tmp/fits.bin $address"

echo "openocd-check $board: $pass passed, $fail failed"
((fail == 0))
