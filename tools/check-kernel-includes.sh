#!/usr/bin/env bash
# The kernel reaches the image it is linked into through include/image.h
# only: no file of kernel/, nor any header of the kernel's it includes,
# names a header of an image's own (app/, device/, report/, the test and
# distro images').  Every image compiles the kernel with its own -I
# (-Ireport, -Idevice), so the compiler would not refuse such an include:
# this does.  A quoted name is looked up as the compiler looks it up for
# kernel code: the including file's directory, then the kernel's include
# path; a name found only in an image's directory is an image's header.
#   check-kernel-includes.sh [FILE...]     (default: kernel/*.c kernel/*.h)
set -u
cd "$(dirname "$0")/.." || exit 2
KERNEL_PATH=(include arch/*/include boards/* kernel user monitor)
IMAGE_DIRS=(app device report tests/target tests/distro)
pass=0 fail=0
declare -A seen

# image_of PATH: the image directory PATH lies in, if any
image_of() {
	local d
	for d in "${IMAGE_DIRS[@]}"; do
		[[ $1 == "$d"/* ]] && { echo "$d"; return; }
	done
}

# resolve FROM NAME: the file the compiler takes for #include "NAME" in FROM
resolve() {
	local d
	for d in "$(dirname "$1")" "${KERNEL_PATH[@]}"; do
		[[ -f $d/$2 ]] && { realpath --relative-to=. "$d/$2"; return; }
	done
}

# named_in_image NAME: an image directory holding NAME
named_in_image() {
	local d
	for d in "${IMAGE_DIRS[@]}"; do
		[[ -f $d/$1 ]] && { echo "$d"; return; }
	done
}

# check FILE: its quoted includes, and the kernel headers among them, in turn
check() {
	local file=$1 line name path image bad=0
	[[ -n ${seen[$file]:-} ]] && return
	seen[$file]=1
	while IFS=: read -r line name; do
		path=$(resolve "$file" "$name")
		image=${path:+$(image_of "$path")}
		[[ -z $path ]] && image=$(named_in_image "$name")
		if [[ -n $image ]]; then
			echo "FAIL kernel-includes: $file:$line includes \"$name\", a header of $image/"
			bad=1
		elif [[ -n $path ]]; then
			check "$path"
		fi
	done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
		sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1:\2/')
	if ((bad)); then fail=$((fail + 1)); else pass=$((pass + 1)); fi
}

files=("$@")
((${#files[@]})) || files=(kernel/*.c kernel/*.h)
for f in "${files[@]}"; do
	check "$f"
done
echo "kernel-includes: $pass passed, $fail failed"
((fail == 0))
