#!/usr/bin/env bash
# Checks the images `make` writes for one board against the ELF they
# come from, and boots them the way the boards' boot loaders would:
#   - firmware.uImage: mkimage -l gives the CPU, a kernel image,
#     uncompressed, load = __image_start and entry = the ELF entry (or
#     __uimage_entry); its payload is firmware.bin;
#   - firmware.srec, read with every checksum checked, carries the ELF's
#     loaded sections, as firmware.bin has them, and nothing in .bss,
#     .noinit or between sections; a corrupted record, a record in .bss
#     and a missing record are rejected; the memory it leaves (every
#     byte it does not carry garbage) is what the boot cases call loads;
#   - make uboot-cmds prints the ELF's and the uImage header's
#     addresses (loady, loads, loadb, tftpboot), a uImage download clear
#     of the image, the flash address make flash writes to, and the
#     files' sizes; docs/boards.md shows the same commands;
#   - each boot case NAME=QEMU-COMMAND boots, its report as
#     tests/run-firmware.sh expects it.
#   images.sh --board B --elf FIRMWARE.elf [--flash BASE OFFSET]
#             [--short-plan QEMU-OPTIONS] [NAME=COMMAND]...
# --short-plan: each boot gets those options (the Makefile's PLAN_LOADER)
# and runs the short plan: how an image is loaded and started shows in
# any boot, and firmware-test checks the whole plan's report.
# The last line is "images BOARD: N passed, N failed".
set -u -o pipefail
board="" elf="" flash_addr="" plan_opts=""
while [[ $# -gt 0 && $1 == --* ]]; do
	case $1 in
	--board) board=$2; shift 2 ;;
	--elf) elf=$2; shift 2 ;;
	--flash) flash_addr=$(printf '0x%08x' $(($2 + $3))); shift 3 ;;
	--short-plan) plan_opts=$2; export RUN_PLAN=short; shift 2 ;;
	*) echo "images: unknown option $1" >&2; exit 2 ;;
	esac
done
[[ -n $board && -r $elf ]] || { echo "images: usage: images.sh --board B --elf ELF [--flash BASE OFFSET] [--short-plan QEMU-OPTIONS] [NAME=COMMAND]..." >&2; exit 2; }
stem=${elf%.elf} dir=$(dirname "$elf")/images-test
mkdir -p "$dir"
pass=0 fail=0
check() {	# check NAME COMMAND...
	if "${@:2}"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "  [$board] FAIL: images: $1"; fi
}
same() { [[ $1 == "$2" ]] || { echo "    got '$1', expected '$2'"; return 1; }; }
hex() { printf '0x%08x' "$1"; }

# What the ELF says, read here straight from it (not through the
# tools/image-addrs.sh the build uses), so that the two can disagree.
syms=$(readelf -sW "$elf")
sym() { awk -v n="$1" '$8 == n { print "0x" $2; exit }' <<<"$syms"; }
load=$(sym __image_start) end=$(sym __image_end) entry=$(sym __uimage_entry)
[[ -n $entry ]] || entry=$(readelf -hW "$elf" | awk '/Entry point address:/ { print $4 }')
load=$(hex "$load") end=$(hex "$end") entry=$(hex "$entry")
case $(readelf -hW "$elf" | awk -F: '/Machine:/ { print $2 }' | xargs) in
ARM) arch="ARM" ;;
*SuperH*) arch="SuperH" ;;
*) arch="unknown machine" ;;
esac
echo "images $board: load $load, entry $entry, end $end ($arch)"

# --- the uImage -------------------------------------------------------
info=$(mkimage -l "$stem.uImage" 2>&1)
field() { sed -nE "s/^$1: *//p" <<<"$info" | head -1; }
check "uImage type: $arch Linux Kernel Image (uncompressed)" \
	same "$(field 'Image Type')" "$arch Linux Kernel Image (uncompressed)"
check "uImage load address is __image_start" same "0x$(field 'Load Address')" "$load"
check "uImage entry point is the ELF's" same "0x$(field 'Entry Point')" "$entry"
check "uImage data size is the .bin's" \
	same "$(field 'Data Size' | awk '{ print $1 }')" "$(stat -c %s "$stem.bin")"
check "uImage payload is firmware.bin" \
	cmp -s <(tail -c +65 "$stem.uImage") "$stem.bin"

# --- the S-records ----------------------------------------------------
# the memory they leave, every byte they do not carry 0xA5: booted below
# (the board's IMAGE_BOOTS name it images-test/loads.bin)
check "S-records are the ELF's loaded sections as in firmware.bin, none in .bss, start $entry" \
	tests/srec-check.py --fill "$dir/loads.bin" "$stem.srec" "$elf" "$stem.bin" "$load" "$entry"
srec_rejected() {	# srec_rejected NAME SREC PATTERN: srec-check refuses it, saying PATTERN
	check "S-records: $1 rejected" bash -c 'out=$0 pat=$1; shift
		! tests/srec-check.py "$@" >"$out" && grep -q "$pat" "$out" || { cat "$out"; false; }' \
		"$dir/srec-${1// /-}.out" "$3" "$2" "$elf" "$stem.bin" "$load" "$entry"
}
# one data byte changed in a record halfway through, its checksum not
awk 'NR == 1000 { c = substr($0, 13, 1); $0 = substr($0, 1, 12) (c == "0" ? "1" : "0") substr($0, 14) } { print }' \
	"$stem.srec" >"$dir/corrupt.srec"
srec_rejected "a wrong checksum" "$dir/corrupt.srec" "line 1000: checksum"
# a record of zeros in .bss, as a gap fill would write it
bss=$(( $(sym __bss_start) + 64 ))
printf 'S309%08X00000000%02X\n' "$bss" \
	$(( 0xFF - ((9 + (bss >> 24) + (bss >> 16 & 255) + (bss >> 8 & 255) + (bss & 255)) & 255) )) |
	cat - "$stem.srec" >"$dir/bss.srec"
srec_rejected "a record in .bss" "$dir/bss.srec" "in .bss, which the start-up clears"
# one record of the text left out
awk -v n="$(grep -n '^S3' "$stem.srec" | sed -n 100p | cut -d: -f1)" 'NR != n' "$stem.srec" \
	>"$dir/short.srec"
srec_rejected "a missing record" "$dir/short.srec" "no data for"

# --- make uboot-cmds --------------------------------------------------
cmds=$(make --no-print-directory -s BOARD="$board" uboot-cmds | grep -v '^#')
arg() { awk -v c="$1" -v f="${2:-}" '$1 == c && (f == "" || $3 == f) { print $2 }' <<<"$cmds"; }
check "uboot-cmds: loads, then go to the entry" \
	same "$(grep -A1 '^loads$' <<<"$cmds" | tr '\n' ' ')" "loads go $entry "
check "uboot-cmds: loadb at the load address" same "$(arg loadb)" "$load"
check "uboot-cmds: loady at the load address, then go to the entry" \
	same "$(grep -A1 '^loady ' <<<"$cmds" | tr '\n' ' ')" "loady $load go $entry "
check "uboot-cmds: tftpboot firmware.bin at the load address" same "$(arg tftpboot firmware.bin)" "$load"
gos=$(arg go | sort -u | tr '\n' ' ')
check "uboot-cmds: go to the entry${flash_addr:+ and to the flash copy}" \
	same "$gos" "$(printf '%s\n' "$entry" $flash_addr | sort -u | tr '\n' ' ')"
all_cmds=$(make --no-print-directory -s BOARD="$board" uboot-cmds)
for f in bin srec; do
	n=$(stat -c %s "$stem.$f")
	check "uboot-cmds: firmware.$f's size ($n bytes) and its time at 115200 baud" \
		grep -qE "^#.* $n bytes.*: [0-9]+\.[0-9] s" <<<"$all_cmds"
done
dl=$(arg tftpboot firmware.uImage)
check "uboot-cmds: bootm where the uImage was downloaded" same "$(arg bootm)" "$dl"
uimage_bytes=$(stat -c %s "$stem.uImage")
check "uboot-cmds: the download ($dl) is clear of the image ($load..$end)" \
	test -n "$dl" -a $((dl + uimage_bytes <= load || dl >= end)) -eq 1

# the manual's commands for this board, an indented block between markers
readme=$(awk -v m="<!-- uboot-cmds:$board -->" '$0 == m { on = 1; next }
	on && /^<!-- \/uboot-cmds -->/ { exit } on && sub(/^    /, "")' docs/boards.md)
check "docs/boards.md: the U-Boot commands for $board are uboot-cmds'" same "$readme" "$cmds"

# --- boots ------------------------------------------------------------
# Two at a time, one a core: each boot's output and status kept, then
# shown and checked in order.
boot() {	# boot NAME QEMU-COMMAND...
	tests/run-firmware.sh "$board" "$dir/boot-$1.log" "${@:2}" >"$dir/boot-$1.out" 2>&1
	echo $? >"$dir/boot-$1.rc"
}
running=0
for c in "$@"; do
	name=${c%%=*}
	read -ra cmd <<<"${c#*=} $plan_opts"
	echo "images $board: booting $name: ${cmd[*]}"
	((running < 2)) || { wait -n; running=$((running - 1)); }
	boot "$name" "${cmd[@]}" &
	running=$((running + 1))
done
wait
for c in "$@"; do
	name=${c%%=*}
	cat "$dir/boot-$name.out"
	check "boot $name" [ "$(cat "$dir/boot-$name.rc")" = 0 ]
done

echo "images $board: $pass passed, $fail failed"
((fail == 0))
