#!/usr/bin/env bash
# The manifest lines of a device's objects, each at the context the
# installed policy's file_contexts gives it (matchpathcon):
#   manifest-contexts.sh POLICY KIND:PATH...
#   manifest-contexts.sh POLICY <LIST        (one "KIND PATH" per line)
# POLICY is a policy's name under $SELINUX_ROOT (default /etc/selinux),
# e.g. default or mls, or the path of a file_contexts file. KIND is the
# manifest's: dir, file, chr_file, sock_file or fifo_file; matchpathcon is
# asked with it, as a file's mode decides its entry in file_contexts
# (/dev/log is devlog_t as a socket, device_t as a plain file).
# Prints "KIND PATH CONTEXT" lines, ready for the manifest.
set -euo pipefail

usage() {
	echo "usage: manifest-contexts.sh POLICY|FILE_CONTEXTS [KIND:PATH...]" >&2
	exit 2
}

(($# >= 1)) || usage
policy=$1
shift
if [[ -f $policy ]]; then
	fc=$policy
else
	fc=${SELINUX_ROOT:-/etc/selinux}/$policy/contexts/files/file_contexts
fi
if [[ ! -r $fc ]]; then
	echo "manifest-contexts: no file_contexts at $fc (is selinux-policy-$policy installed?)" >&2
	exit 1
fi
command -v matchpathcon >/dev/null ||
	{ echo "manifest-contexts: matchpathcon not found (package selinux-utils)" >&2; exit 1; }

# one_line KIND PATH
one_line() {
	local kind=$1 path=$2 ctx
	case $kind in
	dir | file | chr_file | sock_file | fifo_file) ;;
	*) echo "manifest-contexts: $path: unknown kind '$kind'" \
		"(dir, file, chr_file, sock_file, fifo_file)" >&2; return 1 ;;
	esac
	[[ $path == /* ]] || { echo "manifest-contexts: $path: not an absolute path" >&2; return 1; }
	if ! ctx=$(matchpathcon -n -m "$kind" -f "$fc" "$path" 2>/dev/null) || [[ -z $ctx ]]; then
		echo "manifest-contexts: $path: no context in $fc" >&2
		return 1
	fi
	[[ $ctx != "<<none>>" ]] || { echo "manifest-contexts: $path: <<none>> in $fc" >&2; return 1; }
	printf '%-9s %-30s %s\n' "$kind" "$path" "$ctx"
}

if (($# > 0)); then
	for arg in "$@"; do
		[[ $arg == *:/* ]] || { echo "manifest-contexts: '$arg' is not KIND:PATH" >&2; exit 2; }
		one_line "${arg%%:/*}" "/${arg#*:/}"
	done
else
	while read -r kind path rest; do
		[[ -z $kind || $kind == \#* ]] && continue
		[[ -n $path ]] || { echo "manifest-contexts: '$kind': a line is KIND PATH" >&2; exit 2; }
		one_line "$kind" "$path"
	done
fi
