#!/usr/bin/env bash
# Writes a PXA270 board's firmware.bin to its boot flash through OpenOCD
# (make BOARD=verdex|mainstone flash), keeping U-Boot: the image goes at
# OFFSET, past the boot loader and its environment (RESERVED), unless
# --whole 1 puts it at 0x0 for power-on boot, erasing U-Boot.  Before
# OpenOCD starts it refuses an offset inside U-Boot's blocks, an offset
# that does not start an erase block (the erase would take the data
# before it), an image that does not fit the flash, and a missing adapter.
#   flash.sh --cfg BOARD.cfg --base B --size S --block E --reserved R
#            --offset O [--whole 0|1] [--adapter ADAPTER.cfg] IMAGE.bin
# OPENOCD names the OpenOCD program (default: openocd).
set -u -o pipefail
die() { echo "flash: $*" >&2; exit 1; }
cfg="" base="" size="" block="" reserved="" offset="" whole=0 adapter=""
while (($#)); do
	case $1 in
	--cfg) cfg=$2; shift 2 ;;
	--base) base=$2; shift 2 ;;
	--size) size=$2; shift 2 ;;
	--block) block=$2; shift 2 ;;
	--reserved) reserved=$2; shift 2 ;;
	--offset) offset=$2; shift 2 ;;
	--whole) whole=$2; shift 2 ;;
	--adapter) adapter=$2; shift 2 ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
(($# == 1)) || die "usage: flash.sh --cfg C --base B --size S --block E --reserved R --offset O [--whole 0|1] [--adapter A] IMAGE.bin"
img=$1
for v in cfg base size block reserved offset; do
	[[ -n ${!v} ]] || die "--$v is missing (boards/<board>/flash.mk)"
done
[[ $whole == 0 || $whole == 1 ]] || die "FLASH_WHOLE is '$whole': 1 writes at 0x0 over U-Boot, 0 (the default) past it"
[[ -r $cfg ]] || die "no OpenOCD config $cfg"
[[ -r $img ]] || die "no image $img (build it first)"
bytes=$(stat -c %s "$img")
((bytes > 0)) || die "$img is empty"

if ((whole)); then
	offset=0
	cat >&2 <<'WARN'
flash: ****************************************************************
flash: FLASH_WHOLE=1: the image goes to flash offset 0x0.
flash: THIS ERASES U-BOOT AND ITS ENVIRONMENT. The board will then
flash: boot only this firmware; getting U-Boot back needs JTAG.
flash: ****************************************************************
WARN
else
	((offset >= reserved)) ||
		die "offset $(printf 0x%x "$offset") is inside U-Boot and its environment (0x0..$(printf 0x%x "$reserved")): refused; FLASH_WHOLE=1 writes at 0x0 on purpose"
fi
((offset % block == 0)) ||
	die "offset $(printf 0x%x "$offset") does not start an erase block ($(printf 0x%x "$block") bytes): erasing its block would take what lies before it"
((offset + bytes <= size)) ||
	die "$img ($bytes bytes) at offset $(printf 0x%x "$offset") does not fit the $((size)) bytes of flash"

[[ -n $adapter ]] || die "OPENOCD_ADAPTER is not set: name your JTAG adapter's OpenOCD config, for example
  make BOARD=$(basename "$(dirname "$cfg")") flash OPENOCD_ADAPTER=interface/ftdi/olimex-arm-usb-ocd-h.cfg"

address=$(printf '0x%08x' $((base + offset)))
echo "flash: writing $img ($bytes bytes) at $address through $adapter"
exec ${OPENOCD:-openocd} -f "$adapter" -f "$cfg" -c "pxa270_flash $img $address"
