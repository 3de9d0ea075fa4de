#!/usr/bin/env bash
# Writes a small working device to start from (make new-device):
#   new-device.sh DIR [POLICY]
# DIR must not exist yet (nothing is written over).  Without POLICY,
# examples/hello: a manifest, a policy in the kernel policy language and
# two tasks.  With POLICY (an installed policy: default or mls), the
# same tasks on that policy, the manifest's objects labelled from its
# file_contexts (tools/manifest-contexts.sh).
set -euo pipefail
dir=${1:-} policy=${2:-}
die() { echo "make new-device: $*" >&2; exit 1; }
[[ -n $dir ]] || die "give the new device's directory: make new-device DIR=path/to/device [POLICY=default]"
[[ ! -e $dir ]] || die "$dir exists: new-device writes a new directory, never into one"
src=examples/hello
declare -A ranges=([default]=s0-s0:c0.c1023 [mls]=s0-s15:c0.c1023)
# syslogd's range after init's exec: the MLS policy's range_transition
# runs it at mls_systemhigh (mac-polc refuses a spawn that says otherwise)
declare -A syslogd_ranges=([default]=${ranges[default]} [mls]=s15:c0.c1023)
if [[ -n $policy ]]; then
	[[ -n ${ranges[$policy]:-} ]] || die "POLICY=$policy: new-device writes a device for" \
		"default or mls (Debian's selinux-policy-default, -mls)"
	objects=$(grep -v '^#' examples/hello-distro/objects.list | while read -r kind path content; do
		line=$(tools/manifest-contexts.sh "$policy" "$kind:$path") || exit 1
		echo "$line${content:+  $content}"
	done) || die "POLICY=$policy: its file_contexts cannot label the device (above)"
	devlog=$(awk '$1 == "sock_file" && $2 == "/dev/log" { print $3 }' <<<"$objects")
fi
mkdir -p "$dir"
cp "$src"/*.c "$dir"/
if [[ -z $policy ]]; then
	cp "$src"/device.manifest "$src"/policy.conf "$dir"/
else
	# the objects through the environment: awk -v would read their escapes
	OBJECTS=$objects awk -v p="$policy" -v r="${ranges[$policy]}" \
		-v sr="${syslogd_ranges[$policy]}" -v d="$devlog" '
		{ gsub(/@POLICY@/, p); gsub(/@RANGE@/, r); gsub(/@SYSLOGD_RANGE@/, sr); gsub(/@DEVLOG@/, d) }
		/^@OBJECTS@$/ { print ENVIRON["OBJECTS"]; next } { print }' \
		examples/hello-distro/device.manifest.in >"$dir/device.manifest"
fi
echo "new device in $dir: make DEVICE=$dir run"
