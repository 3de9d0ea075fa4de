#!/bin/bash
# Build newlib for bare-metal SH4 with Debian's sh4-linux-gnu-gcc.
# Usage: build-sh4-newlib.sh OUTDIR PLUGIN
# Result: OUTDIR/include, OUTDIR/lib/{libc,libm}.a, then OUTDIR/built.stamp.
#
# Debian ships no sh-elf newlib, only its source. Everything is compiled with the
# PR106609 plugin: an unpatched compile of libc is exactly where the wrong-code bug
# would hide.
set -euo pipefail

die() { echo "build-sh4-newlib: $*" >&2; exit 1; }

[ $# -eq 2 ] || die "usage: $0 OUTDIR PLUGIN"
TARBALL=${NEWLIB_TARBALL:-/usr/src/newlib/newlib-3.3.0.tar.xz}
CROSS=sh4-linux-gnu-
HERE=$(cd "$(dirname "$0")" && pwd)
PATCH=$HERE/sh4-newlib.patch

mkdir -p "$1"
OUT=$(cd "$1" && pwd)
PLUGIN=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")

[ -f "$TARBALL" ] || die "missing $TARBALL (install Debian package newlib-source)"
[ -f "$PLUGIN" ] || die "missing GCC plugin $PLUGIN"
[ -f "$PATCH" ] || die "missing $PATCH"
command -v ${CROSS}gcc >/dev/null || die "${CROSS}gcc not found (gcc-sh4-linux-gnu)"

LOG=$OUT/build.log
SRC=$OUT/src
OBJ=$OUT/obj
rm -rf "$SRC" "$OBJ" "$OUT/install" "$OUT/include" "$OUT/lib" "$OUT/built.stamp"
mkdir -p "$SRC" "$OBJ"
: >"$LOG"

fail() {
	echo "build-sh4-newlib: FAILED at: $1 (full log: $LOG)" >&2
	tail -n 40 "$LOG" >&2
	exit 1
}

START=$(date +%s)
echo "  NEWLIB  $TARBALL -> $OUT"
tar -xJf "$TARBALL" -C "$SRC" || die "cannot unpack $TARBALL"
TOP=$SRC/newlib-salsa
[ -d "$TOP/newlib" ] || die "$TARBALL did not unpack to newlib-salsa/"
(cd "$TOP" && patch -p1 <"$PATCH") >>"$LOG" 2>&1 || fail "patch"

# The linux-targeted compiler searches the host's glibc headers and defines __linux__;
# neither holds for a bare-metal libc.
GCCINC=$(${CROSS}gcc -print-file-name=include)
# soft-imask atomics (no gUSA on bare metal) are refused in the Linux default -musermode.
# --noexecstack: newlib's .S files lack .note.GNU-stack and every link would warn.
CC_SH4="${CROSS}gcc -m4 -ml -mno-usermode -matomic-model=soft-imask -fplugin=$PLUGIN"
CC_SH4="$CC_SH4 -nostdinc -isystem $GCCINC -Wa,--noexecstack"
# the source tree's path out of assert()'s strings, so that where the tree was
# unpacked moves no byte of the firmware
CFLAGS_SH4="-O2 -U__linux__ -U__linux -Ulinux -U__gnu_linux__ -ffunction-sections -fdata-sections -fno-pic"
CFLAGS_SH4="$CFLAGS_SH4 -fmacro-prefix-map=$SRC/="

# Full (not nano) printf: the firmware prints 64-bit values with %llu/%llx.
(cd "$OBJ" && \
	CC="$CC_SH4" CFLAGS="$CFLAGS_SH4" \
	AR=${CROSS}ar AS=${CROSS}as RANLIB=${CROSS}ranlib \
	NM=${CROSS}nm OBJDUMP=${CROSS}objdump READELF=${CROSS}readelf \
	"$TOP/newlib/configure" --host=sh-elf --prefix="$OUT/install" \
		--disable-multilib --disable-newlib-supplied-syscalls \
		--enable-newlib-reent-small --enable-newlib-nano-malloc \
		--disable-newlib-multithread --enable-newlib-io-long-long \
		--disable-newlib-io-float) >>"$LOG" 2>&1 || fail "configure"
make -C "$OBJ" -j2 >>"$LOG" 2>&1 || fail "make"
make -C "$OBJ" install >>"$LOG" 2>&1 || fail "make install"

# newlib installs under PREFIX/<host alias>; give users one fixed place.
INC=$(find "$OUT/install" -name newlib.h -path '*/include/*' -print -quit)
LIBC=$(find "$OUT/install" -name libc.a -print -quit)
[ -n "$INC" ] && [ -n "$LIBC" ] || fail "install: newlib.h or libc.a not found"
INCDIR=$(dirname "$INC")
LIBDIR=$(dirname "$LIBC")
[ -f "$LIBDIR/libm.a" ] || fail "install: libm.a missing"
mv "$INCDIR" "$OUT/include"
mv "$LIBDIR" "$OUT/lib"
rm -rf "$SRC" "$OBJ" "$OUT/install"

# An sh-elf install would name memcpy "_memcpy": make sure the asm.h fix took.
${CROSS}nm "$OUT/lib/libc.a" 2>/dev/null | grep -w 'T memcpy' >/dev/null \
	|| die "libc.a has no memcpy without a leading underscore (asm.h patch?)"

echo "  NEWLIB  done in $(( $(date +%s) - START )) s"
date >"$OUT/built.stamp"
