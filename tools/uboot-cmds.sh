#!/usr/bin/env bash
# Prints the U-Boot commands that load and start the image just built,
# every address taken from the ELF (tools/image-addrs.sh):
#   uboot-cmds.sh --board B --console "UART, 115200 8N1" --sdram BASE SIZE
#                 --download ADDR [--flash BASE OFFSET] IMAGE.elf
# The .bin, .srec and .uImage sit next to the ELF.  --download is where
# the uImage is put before bootm copies it to its load address: it must
# lie in SDRAM and clear of the image's whole footprint, or this stops.
# Lines that start with '#' are explanations; every other line is a
# U-Boot command, in the order to type it.
set -u -o pipefail
die() { echo "uboot-cmds: $*" >&2; exit 1; }
board="" console="" sdram_base="" sdram_size="" download="" flash_base="" flash_off=""
while (($#)); do
	case $1 in
	--board) board=$2; shift 2 ;;
	--console) console=$2; shift 2 ;;
	--sdram) sdram_base=$2 sdram_size=$3; shift 3 ;;
	--download) download=$2; shift 2 ;;
	--flash) flash_base=$2 flash_off=$3; shift 3 ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
(($# == 1)) || die "usage: uboot-cmds.sh --board B --console C --sdram BASE SIZE --download ADDR [--flash BASE OFFSET] IMAGE.elf"
elf=$1 stem=${1%.elf}
for v in board console sdram_base download; do [[ -n ${!v} ]] || die "--${v%_base} is missing"; done
for f in "$elf" "$stem.bin" "$stem.srec" "$stem.uImage"; do
	[[ -r $f ]] || die "no $f: build it first (make BOARD=$board)"
done

addrs=$(tools/image-addrs.sh "$elf") || exit 1
read -r load entry end <<<"$addrs"
bin_bytes=$(stat -c %s "$stem.bin")
uimage_bytes=$(stat -c %s "$stem.uImage")
hex() { printf '0x%08x' "$1"; }

# the download must not overlap [load, end) nor leave SDRAM
if ((download < end && download + uimage_bytes > load)); then
	die "download address $download overlaps the image ($load..$end)"
fi
if ((download < sdram_base || download + uimage_bytes > sdram_base + sdram_size)); then
	die "download address $download (+$uimage_bytes bytes) is outside SDRAM ($sdram_base, $sdram_size bytes)"
fi

cat <<CMDS
# $board: U-Boot commands for $elf
# image: load $load, entry $entry, $bin_bytes bytes; U-Boot's console: $console
#
# 1. Serial, S-records: type the command, then send $stem.srec
#    as plain text (kermit: transmit $stem.srec; or cat it to the tty)
loads
go $entry
#
# 2. Serial, binary, kermit protocol: type the command, then from kermit
#    (set line /dev/ttyUSB0, set speed 115200, set carrier-watch off,
#    set prefixing all): send $stem.bin
loadb $load
go $entry
#
# 3. Network: serverip and ipaddr set, the files in the TFTP server's directory
tftpboot $load $(basename "$stem.bin")
go $entry
#    or the U-Boot image, downloaded clear of the image, then bootm
#    copies it to $load and starts it at $entry
tftpboot $(hex "$download") $(basename "$stem.uImage")
bootm $(hex "$download")
CMDS
if [[ -n $flash_off ]]; then
	cat <<CMDS
#
# 4. The copy in flash (make BOARD=$board flash writes it at $flash_off):
#    its start-up code runs where it lies and copies the image to $load
go $(hex $((flash_base + flash_off)))
CMDS
fi
