#!/usr/bin/env bash
# The addresses a boot loader needs, read from the linked image so that
# no Makefile or script writes them a second time:
#   load   symbol __image_start (the .bin's first byte)
#   entry  symbol __uimage_entry if the linker script defines one, else
#          the ELF entry point
#   end    symbol __image_end (the image's whole footprint in RAM, bss
#          and page frames included: a download must stay clear of it)
#   image-addrs.sh ELF    prints "LOAD ENTRY END", each as 0x%08x
#   image-addrs.sh --symbol NAME ELF
#                         prints that symbol's value alone, as 0x%08x
#   image-addrs.sh --noinit-phys NAME ELF
#                         the physical address of a .noinit word, where
#                         QEMU's loader device writes it
# readelf reads an ELF of any CPU, so one tool serves every board.
set -u -o pipefail
want= noinit=
if [[ ${1:-} == --symbol || ${1:-} == --noinit-phys ]]; then
	[[ $1 == --noinit-phys ]] && noinit=1
	want=${2:?usage: image-addrs.sh --symbol|--noinit-phys NAME ELF}
	shift 2
fi
elf=${1:?usage: image-addrs.sh [--symbol NAME] ELF}
[[ -r $elf ]] || { echo "image-addrs: cannot read $elf" >&2; exit 1; }

symbols=$(readelf -sW "$elf") || { echo "image-addrs: readelf failed on $elf" >&2; exit 1; }
sym() {	# sym NAME: the symbol's value in hex, empty when absent
	awk -v n="$1" '$8 == n { print $2; exit }' <<<"$symbols"
}
if [[ -n $want ]]; then
	v=$(sym "$want")
	[[ -n $v ]] || { echo "image-addrs: $elf has no symbol $want" >&2; exit 1; }
	if [[ -n $noinit ]]; then
		base=$(readelf -SW "$elf" | awk '$2 == ".noinit" { print $4; exit }')
		phys=$(sym __noinit_phys)
		[[ -n $base && -n $phys ]] || { echo "image-addrs: $elf has no .noinit" >&2; exit 1; }
		(( 16#$v >= 16#$base )) || { echo "image-addrs: $want is not in .noinit" >&2; exit 1; }
		v=$(printf '%x' "$((16#$v - 16#$base + 16#$phys))")
	fi
	printf '0x%08x\n' "$((16#$v))"
	exit 0
fi
load=$(sym __image_start)
end=$(sym __image_end)
entry=$(sym __uimage_entry)
[[ -n $entry ]] || entry=$(readelf -hW "$elf" | awk '/Entry point address:/ { print $4 }')
for v in load entry end; do
	[[ -n ${!v} ]] || { echo "image-addrs: $elf has no $v address (see the linker script)" >&2; exit 1; }
done
printf '0x%08x 0x%08x 0x%08x\n' "$((16#${load#0x}))" "$((${entry}))" "$((16#${end#0x}))"
