#!/usr/bin/env bash
# Prints the U-Boot commands that load and start the image just built,
# every address taken from the ELF (tools/image-addrs.sh):
#   uboot-cmds.sh --board B --console "UART, 115200 8N1" --sdram BASE SIZE
#                 --download ADDR [--flash BASE OFFSET] [--make "make DEVICE=DIR"] IMAGE.elf
# The .bin, .srec and .uImage sit next to the ELF.  --download is where
# the uImage is put before bootm copies it to its load address: it must
# lie in SDRAM and clear of the image's whole footprint, or this stops.
# Lines that start with '#' are explanations; every other line is a
# U-Boot command, in the order to type it.
set -u -o pipefail
die() { echo "uboot-cmds: $*" >&2; exit 1; }
board="" console="" sdram_base="" sdram_size="" download="" flash_base="" flash_off="" mk=make
while (($#)); do
	case $1 in
	--board) board=$2; shift 2 ;;
	--console) console=$2; shift 2 ;;
	--sdram) sdram_base=$2 sdram_size=$3; shift 3 ;;
	--download) download=$2; shift 2 ;;
	--flash) flash_base=$2 flash_off=$3; shift 3 ;;
	--make) mk=$2; shift 2 ;;	# how the make commands below are typed
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
(($# == 1)) || die "usage: uboot-cmds.sh --board B --console C --sdram BASE SIZE --download ADDR [--flash BASE OFFSET] IMAGE.elf"
elf=$1 stem=${1%.elf}
for v in board console sdram_base download; do [[ -n ${!v} ]] || die "--${v%_base} is missing"; done
for f in "$elf" "$stem.bin" "$stem.srec" "$stem.uImage"; do
	[[ -r $f ]] || die "no $f: build it first ($mk BOARD=$board)"
done

addrs=$(tools/image-addrs.sh "$elf") || exit 1
read -r load entry end <<<"$addrs"
bin_bytes=$(stat -c %s "$stem.bin")
srec_bytes=$(stat -c %s "$stem.srec")
uimage_bytes=$(stat -c %s "$stem.uImage")
hex() { printf '0x%08x' "$1"; }

# the download must not overlap [load, end) nor leave SDRAM
if ((download < end && download + uimage_bytes > load)); then
	die "download address $download overlaps the image ($load..$end)"
fi
if ((download < sdram_base || download + uimage_bytes > sdram_base + sdram_size)); then
	die "download address $download (+$uimage_bytes bytes) is outside SDRAM ($sdram_base, $sdram_size bytes)"
fi

# Time on the line at 115200 baud, 8N1: 10 bits a byte, 11520 bytes a
# second; printed in seconds with one decimal.
BAUD=115200
line_time() { local t=$(($1 * 100 / BAUD)); printf '%d.%d s' $((t / 10)) $((t % 10)); }
# ymodem as U-Boot's loady takes it (lrzsz's sb -k sends 1 KiB blocks): per
# block 3 header bytes and a 2-byte CRC, block 0 (name and size) and
# the closing empty block 0 of 128 bytes each, EOT twice; one round trip
# per block (the sender waits for the ACK).
ymodem_blocks() { echo $((($1 + 1023) / 1024)); }
ymodem_bytes() { echo $(($(ymodem_blocks "$1") * 1029 + 2 * 133 + 2)); }
ymodem_blocks=$(ymodem_blocks "$bin_bytes")
ymodem_bytes=$(ymodem_bytes "$bin_bytes")
# make load's loady: one session per run of the S-records' data
# (tools/srec.py), the .bin less its .bss
runs=$(tools/srec.py runs "$stem.srec") || exit 1
run_sizes="" run_bytes=0 run_blocks=0 nruns=0
while read -r _ n; do
	run_sizes+="${run_sizes:+ + }$n"
	run_bytes=$((run_bytes + $(ymodem_bytes "$n")))
	run_blocks=$((run_blocks + $(ymodem_blocks "$n")))
	nruns=$((nruns + 1))
done <<<"$runs"
# kermit as U-Boot's loadb takes it: packets of at most 94 bytes (91 of
# data, then mark, length, sequence, type, check and CR: 6 bytes), with
# `set prefixing all` each control byte (low 7 bits under 32, or 127) and
# the prefix '#' itself sent as two; one round trip per packet.
kermit_prefixed=$(LC_ALL=C tr -d '\040-\042\044-\176\240-\242\244-\376' <"$stem.bin" | wc -c)
kermit_data=$((bin_bytes + kermit_prefixed))
kermit_packets=$(((kermit_data + 90) / 91))
kermit_bytes=$((kermit_data + kermit_packets * 6))

cat <<CMDS
# $board: U-Boot commands for $elf
# image: load $load, entry $entry, $bin_bytes bytes; U-Boot's console: $console
# Times: at 115200 baud 8N1 (10 bits a byte) on the line, computed from the
# files; a protocol's waits for the board's answers are not in them (one per
# block or packet: a USB serial adapter adds 1 to 16 ms to each).
#
# 1. Serial, ymodem: type the command, then send $stem.bin
#    by ymodem (lrzsz: sb -k $stem.bin <PORT >PORT)
#    $bin_bytes bytes in $ymodem_blocks blocks of 1 KiB, $ymodem_bytes with the framing: $(line_time $ymodem_bytes)
#    (and $ymodem_blocks round trips)
#    $mk load PORT=/dev/ttyUSB0 types the commands, sends and captures; it
#    leaves .bss out: $nruns loady, one per run of the S-records' data
#    ($run_sizes bytes), $run_bytes with the framing: $(line_time $run_bytes)
#    (and $run_blocks round trips)
loady $load
go $entry
#
# 2. Serial, S-records ($mk load METHOD=loads PORT=/dev/ttyUSB0): type the
#    command, then send $stem.srec as plain text
#    (kermit: transmit $stem.srec; or cat it to the tty)
#    $srec_bytes bytes of text: $(line_time "$srec_bytes"), no round trips (only the loaded
#    sections: no .bss, which the start-up clears)
loads
go $entry
#
# 3. Serial, binary, kermit protocol: type the command, then from kermit
#    (set line /dev/ttyUSB0, set speed 115200, set carrier-watch off,
#    set prefixing all): send $stem.bin
#    $bin_bytes bytes, about $kermit_bytes on the line: $(line_time $kermit_bytes) (and $kermit_packets round
#    trips; an estimate: $kermit_prefixed control bytes sent as two, packets of 94 bytes,
#    no repeat compression)
loadb $load
go $entry
#
# 4. Network: serverip and ipaddr set, the files in the TFTP server's directory
#    ($bin_bytes and $uimage_bytes bytes: about a second at 10 Mbit/s)
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
# 5. The copy in flash ($mk BOARD=$board flash writes it at $flash_off through
#    JTAG; nothing crosses the serial line): its start-up code runs where it
#    lies and copies the image to $load
go $(hex $((flash_base + flash_off)))
CMDS
fi
