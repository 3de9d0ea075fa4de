#!/usr/bin/env bash
# A device's builds are always right, and bad input stops them at the
# user's own file and line, the image left as it was:
#   inputs.sh BOARD
# 1. two devices of one name in two directories, A enforcing and B
#    permissive: A, B, then A again, each boot in its own mode, with no
#    touch and no clean;
# 2. a failed build (a typo), then the good manifest: the good image;
# 3. a priority out of the kernel's range, an entry no source defines, a
#    missing policy file, a file that is no policy, a type the policy
#    lacks, a manifest typo: each stops with FILE:LINE of the user's
#    file, and the image is the one built before.
# Ends with "device-inputs: N passed, N failed".
set -u
(($# == 1)) || { echo "usage: inputs.sh BOARD" >&2; exit 2; }
board=$1
tmp=$(mktemp -d /tmp/mac-fw-inputs.XXXXXX)
name=test-inputs
elf=build/$board/$name/firmware.elf
trap 'rm -rf "$tmp" "build/$board/$name"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
build() { make --no-print-directory -s -j2 BOARD="$board" DEVICE="$1" >"$tmp/out" 2>&1; }
# mode DIR: the mode the image built from DIR boots in
mode() {
	timeout 60 make --no-print-directory -s BOARD="$board" DEVICE="$1" run </dev/null 2>&1 |
		tr -d '\r' | sed -nE "s/^device: $name: .*, (enforcing|permissive)$/\1/p"
}
booted() {
	local got
	got=$(mode "$1")
	if [[ $got == "$2" ]]; then ok "$3: boots $2"; else bad "$3: boots '${got}', not $2"; fi
}

make --no-print-directory -s new-device DIR="$tmp/a/$name" >/dev/null
cp -r "$tmp/a" "$tmp/b"
sed -i 's/^enforcing 1$/enforcing 0/' "$tmp/b/$name/device.manifest"
build "$tmp/a/$name" && booted "$tmp/a/$name" enforcing "A"
cp "$elf" "$tmp/a.elf"
build "$tmp/b/$name" && booted "$tmp/b/$name" permissive "then B, of the same name"
build "$tmp/a/$name" && booted "$tmp/a/$name" enforcing "then A again"
if cmp -s "$elf" "$tmp/a.elf"; then ok "A again is A's image, byte for byte"; else bad "A again differs from A"; fi

# refused DIR FILE LINE WHAT: the build of DIR fails naming FILE:LINE, the
# image untouched
refused() {
	local dir=$1 file=$2 line=$3 what=$4 before
	before=$(stat -c %Y "$elf")
	if build "$dir"; then
		bad "$what: built"
		return
	fi
	if grep -qF "$file:$line" "$tmp/out"; then
		ok "$what: stops at $file:$line"
	else
		bad "$what: no $file:$line in: $(head -3 "$tmp/out")"
	fi
	if cmp -s "$elf" "$tmp/a.elf" && [[ $(stat -c %Y "$elf") == "$before" ]]; then
		ok "$what: the image is left as it was"
	else
		bad "$what: the image changed"
	fi
}

# variant NAME SED: a copy of A with one edit; its manifest's path
variant() {
	rm -rf "$tmp/$1" && mkdir -p "$tmp/$1" && cp -r "$tmp/a/$name" "$tmp/$1/"
	sed -i "$2" "$tmp/$1/$name/device.manifest"
	echo "$tmp/$1/$name/device.manifest"
}
line_of() { grep -n -m1 -E "$2" "$1" | cut -d: -f1; }

m=$(variant typo 's/^dir       \/etc /dri       \/etc /')
refused "$tmp/typo/$name" "$m" "$(line_of "$m" '^dri ')" "a manifest typo"
build "$tmp/a/$name" && booted "$tmp/a/$name" enforcing "the good manifest after a failed build"
cmp -s "$elf" "$tmp/a.elf" && ok "the good build after a failed one is the good image" ||
	bad "the good build after a failed one differs"

m=$(variant prio 's/^task init  init_main  5 /task init  init_main  100 /')
refused "$tmp/prio/$name" "$m" "$(line_of "$m" '^task init')" "a priority of 100"
m=$(variant entry 's/^task init  init_main /task init  init_mian /')
refused "$tmp/entry/$name" "$m" "$(line_of "$m" '^task init')" "an entry no source defines"
grep -q "init_main" "$tmp/out" && ok "the entries that exist are named" ||
	bad "the entries that exist are not named"
m=$(variant nopolicy 's/^policy policy.conf$/policy nosuch.conf/')
refused "$tmp/nopolicy/$name" "$m" "$(line_of "$m" '^policy ')" "a missing policy file"
m=$(variant junk 's/^policy policy.conf$/policy junk.conf/')
printf 'this is not a policy\n' >"$tmp/junk/$name/junk.conf"
refused "$tmp/junk/$name" "$tmp/junk/$name/junk.conf" 1 "a policy file that is no policy"
m=$(variant type 's/object_r:shadow_t /object_r:nosuch_t /')
refused "$tmp/type/$name" "$m" "$(line_of "$m" 'nosuch_t')" "a type the policy lacks"
echo "device-inputs: $pass passed, $fail failed"
((fail == 0))
