#!/usr/bin/env bash
# How the R2D+ image starts, as far as QEMU can show it (after
# `make BOARD=r2dplus firmware-test`, whose log is the reference run):
#  - caches: every operand-cache line written back and dropped through
#    the address array, then CCR set to enhanced mode (SH7751R manual,
#    CCR: EMODE bit 31, ICI, ICE, OCI, CB, OCE = 0x8000090D), both
#    before the console's first write; seen in QEMU's MMIO trace;
#  - U-Boot's bootm: its command line, written 0x100 bytes into the
#    image (arch/sh/lib/bootm.c), changes nothing the firmware reports;
#  - HW=1: under QEMU the image never touches the performance counter
#    (QEMU would abort), says so under the banner, and counts the same.
#   r2dplus-boot.sh BUILD-DIR QEMU-COMMAND...   (the command without an image)
# SHORT_PLAN: QEMU options that make a boot run the short plan (the
# Makefile's PLAN_LOADER), for the boot whose start alone is looked at.
set -u
build=$1
shift
qemu=("$@")
bin=$build/firmware.bin ref=$build/firmware.log
top=$build/boot-test
mkdir -p "$top"
pass=0 fail=0
check() {
	if eval "$2"; then pass=$((pass + 1)); echo "PASS r2dplus-boot: $1"
	else fail=$((fail + 1)); echo "FAIL r2dplus-boot: $1"; fi
}
boot() {	# boot IMAGE LOG [QEMU ARGS...]
	local img=$1 log=$2
	shift 2
	timeout --foreground 120 "${qemu[@]}" -kernel "$img" "$@" </dev/null 2>&1 |
		tr -d '\r' >"$log"
}
bench_lines() { grep -E '^BENCH ' "$1"; }
median() {	# median LOG BENCH: strategy none's, in insns
	sed -n "s/^BENCH .* bench=$2 strategy=none arg=0 unit=insns .* median=\([0-9]*\) .*/\1/p" "$1" | head -1
}
[[ -r $bin && -r $ref ]] || { echo "r2dplus-boot: run make BOARD=r2dplus firmware-test first"; echo "r2dplus-boot: 0 passed, 1 failed"; exit 1; }

caches() {
	boot "$bin" "$top/trace.log" ${SHORT_PLAN:-} -trace memory_region_ops_write -D "$top/mmio.trace"
	# the writes up to the console's first, as "address value"
	awk '/name .scif./ { exit } { for (i = 1; i < NF; i++) { if ($i == "addr") a = $(i + 1); if ($i == "value") v = $(i + 1) } print a, v }' \
		"$top/mmio.trace" >"$top/early.txt"
	local sweep ccr
	sweep=$(awk '$1 ~ /^0xf4/ { if ($2 != "0x0" || $1 != sprintf("0xf40%05x", 32 * n)) bad = 1; n++ }
		$1 == "0x1f00001c" { exit } END { print (bad ? "bad" : n) }' "$top/early.txt")
	check "1024 operand-cache lines written back, in order, before CCR is set" "[[ $sweep == 1024 ]]"
	ccr=$(awk '$1 == "0x1f00001c" { print $2; exit }' "$top/early.txt")
	check "CCR = EMODE|ICI|ICE|OCI|CB|OCE before the console's first write (got ${ccr:-none})" \
		"[[ '${ccr:-}' == 0x8000090d ]]"
}

bootm_cmdline() {
	local img=$top/bootm.bin line
	cp "$bin" "$img"
	line=$(printf 'console=ttySC1,115200 root=/dev/mtdblock2 %0212d' 0)
	printf '%s\0' "$line" | dd of="$img" bs=1 seek=256 conv=notrunc status=none
	check "the command line landed 0x100 bytes in" "[[ \$(dd if=$img bs=1 skip=256 count=7 status=none) == console ]]"
	boot "$img" "$top/bootm.log"
	check "with bootm's command line in place, the same report" \
		"bench_lines $top/bootm.log | cmp -s - <(bench_lines $ref) && grep -q '^all tasks have exited$' $top/bootm.log"
}

# The image a real R2D+ runs, as it runs there: HW=1, and the exit a chip
# gets (SH4_EXIT=chip: under QEMU the boot would pick the one that looks
# at the tick).  Its calls are the QEMU exit's less those 4 instructions.
hw_image() {
	make --no-print-directory -s -j2 BOARD=r2dplus HW=1 SH4_EXIT=chip all >"$top/hw-make.log" 2>&1 ||
		{ check "the HW=1 SH4_EXIT=chip image builds" false; return; }
	boot "${build}-hw-chipexit/firmware.bin" "$top/hw.log"
	local log=$top/hw.log b q c
	check "HW=1 under QEMU: the banner is the first line" "[[ \$(grep -m1 -v '^$' $log) == 'mac-fw: board=r2dplus '* ]]"
	check "HW=1 under QEMU: the chip's exit, said after the banner" "sed -n 3p $log | grep -q '^arch: exit: the chip'"
	check "HW=1 under QEMU: the counter is TMU1 in insns" "grep -v '^arch: ' $log | sed -n 3p | grep -qx 'counter: TMU1 (Pphi/4), unit=insns'"
	check "HW=1 under QEMU: it says why PMCTR1 was left alone" "grep -v '^arch: ' $log | sed -n 4p | grep -q '^counter: QEMU: PMCTR1 left alone'"
	check "HW=1 under QEMU: the self-check is exact" "grep -q '^counter self-check: .*: exact$' $log"
	check "HW=1 under QEMU: every benchmark reports, to the end" \
		"[[ \$(bench_lines $log | wc -l) -eq \$(bench_lines $ref | wc -l) ]] && grep -q '^all tasks have exited$' $log"
	for b in null switch; do
		q=$(median "$ref" $b) c=$(median "$log" $b)
		check "the chip's exit: $b is the QEMU exit's less 4 insns (${q:-none} - 4, got ${c:-none})" \
			"[[ -n '$q' && -n '$c' ]] && (( $q - 4 == ${c:-0} ))"
	done
}

caches
bootm_cmdline
hw_image
echo "r2dplus-boot: $pass passed, $fail failed"
((fail == 0))
