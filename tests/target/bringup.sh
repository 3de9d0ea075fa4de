#!/usr/bin/env bash
# The PXA270 power-on set-up (boards/pxa270/lowlevel.S), seen through
# QEMU's trace of MMIO writes (tests/target/check-bringup.py):
#  - flash: the firmware booted from flash as after reset does the whole
#    sequence, in order, before its first console write; kept at its
#    console (shell_mode set to SHELL_MODE_STAY, as `make console` does),
#    it is told `reboot`, and its reset must arm the watchdog and then put
#    the SDRAM in self-refresh (PXA270 erratum 71);
#  - ram: loaded into SDRAM and started there, as U-Boot's loadb and go
#    would (a blank flash, the image at its load address, the CPU at its entry),
#    it touches none of it and still runs to its end;
#  - sdram-on: booted from flash with SDRAM already enabled (MDCNFG.DE0
#    set before the CPU starts, as U-Boot's go to a copy in flash leaves
#    it), likewise;
#  - the checks reject mutated traces of the first two.
#   SHELL_MODE_STAY=WORD bringup.sh BOARD BUILD-DIR QEMU-COMMAND...
#   (the command without an image; WORD from report/shell.h)
# SHORT_PLAN: QEMU options that make each boot run the short plan (the
# Makefile's PLAN_LOADER): what is traced is the start and the end.
set -u
board=$1 build=$2
shift 2
elf=$build/firmware.elf bin=$build/firmware.bin pflash=$build/firmware.pflash
out=$build/bringup
check=tests/target/check-bringup.py
mkdir -p "$out"
pass=0 fail=0
tally() {	# the last line of check-bringup.py's output
	local p f
	p=$(sed -nE 's/.* ([0-9]+) passed.*/\1/p' <<<"$1")
	f=$(sed -nE 's/.* ([0-9]+) failed$/\1/p' <<<"$1")
	pass=$((pass + ${p:-0})) fail=$((fail + ${f:-1}))
}
# boot NAME QEMU-ARGS...: one traced boot; NAME.trace and NAME.console
boot() {
	local name=$1
	shift
	rm -f "$out/$name.trace"
	timeout --foreground "${QEMU_TIMEOUT:-120}" "$@" ${SHORT_PLAN:-} -trace memory_region_ops_write \
		-D "$out/$name.trace" </dev/null >"$out/$name.console" 2>&1
	local rc=$?
	if ((rc != 0)); then
		fail=$((fail + 1))
		echo "  FAIL: [$board] $name: QEMU exited with status $rc (log: $out/$name.console)"
	fi
}
# boot_reboot NAME QEMU-ARGS...: like boot, at the console: `reboot` typed
# at the first prompt (the report's end), which must end QEMU
boot_reboot() {
	local name=$1 fifo=$out/$1.in w rc t=0
	shift
	rm -f "$out/$name.trace" "$out/$name.console" "$fifo"
	mkfifo "$fifo" || { fail=$((fail + 1)); return; }
	timeout --foreground "${QEMU_TIMEOUT:-120}" "$@" ${SHORT_PLAN:-} -trace memory_region_ops_write \
		-D "$out/$name.trace" <"$fifo" >"$out/$name.console" 2>&1 &
	local pid=$!
	exec {w}>"$fifo"
	until grep -q 'mac-fw> ' "$out/$name.console" 2>/dev/null || ! kill -0 $pid 2>/dev/null; do
		sleep 0.2
	done
	printf 'reboot\r' >&$w
	wait $pid
	rc=$?
	exec {w}>&-
	rm -f "$fifo"
	if ((rc != 0)); then
		fail=$((fail + 1))
		echo "  FAIL: [$board] $name: QEMU exited with status $rc (log: $out/$name.console)"
	fi
}
run_check() {
	local r
	r=$("$check" "$@")
	echo "$r"
	tally "$(tail -1 <<<"$r")"
}
for f in "$elf" "$bin" "$pflash" "$build/blank.pflash"; do
	[[ -r $f ]] || { echo "bringup $board: 0 passed, 1 failed (no $f)"; exit 1; }
done
# where a boot loader would put the image and start it
read -r image_start entry _ < <(tools/image-addrs.sh "$elf") ||
	{ echo "bringup $board: 0 passed, 1 failed (no addresses in $elf)"; exit 1; }
# an erased flash, every byte 0xFF (boards/pxa270/pxa270.mk)
blank=$build/blank.pflash

[[ ${SHELL_MODE_STAY:-} =~ ^0x[0-9A-Fa-f]+$ ]] ||
	{ echo "bringup $board: 0 passed, 1 failed (SHELL_MODE_STAY is not set)"; exit 1; }
noinit=$(tools/image-addrs.sh --noinit-phys shell_mode "$elf") ||
	{ echo "bringup $board: 0 passed, 1 failed (no shell_mode in $elf's .noinit)"; exit 1; }

boot_reboot flash "$@" -drive if=pflash,format=raw,index=0,file="$pflash" \
	-device loader,addr="$noinit",data="$SHELL_MODE_STAY",data-len=4
run_check full "$board" "$out/flash.trace" "$out/flash.console"
run_check reset "$board" "$out/flash.trace" "$out/flash.console"
boot ram "$@" -drive if=pflash,format=raw,index=0,file="$blank" \
	-device loader,file="$bin",addr="$image_start",force-raw=on \
	-device loader,addr="$entry",cpu-num=0
run_check none "$board" "$out/ram.trace" "$out/ram.console"
# MDCNFG (0x48000000): the geometry both boards use, partition 0 on
boot sdram-on "$@" -drive if=pflash,format=raw,index=0,file="$pflash" \
	-device loader,addr=0x48000000,data=0x00000AC9,data-len=4
run_check none "$board" "$out/sdram-on.trace" "$out/sdram-on.console"
run_check self-test "$board" "$out/flash.trace" "$out/flash.console" "$out/ram.trace"

echo "bringup $board: $pass passed, $fail failed"
((fail == 0))
