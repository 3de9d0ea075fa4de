#!/usr/bin/env bash
# What `make DEVICE=DIR` builds from: the device's name, its directory,
# its manifest and its policy, on one line for the Makefile:
#   device-config.sh DIR [POLICY]
# prints "NAME DIR MANIFEST POLICY" (absolute paths), or says on stderr
# what is wrong and prints nothing.
#
# DIR holds one *.manifest.  The policy is, first found: POLICY (an
# installed policy's name under $SELINUX_ROOT, e.g. default or mls, or a
# file); the manifest's `policy SPEC` statement (a file in DIR, else an
# installed policy's name); DIR's policy.conf, policy.cil or binary
# policy.NN.  An installed policy is its newest binary policy.NN.
set -uo pipefail
selinux_root=${SELINUX_ROOT:-/etc/selinux}
# Names of the build's own directories under build/<board>/.
reserved="firmware test distro-default distro-mls boot-test capture-test cycles-test
images-test load-test sim-glue toolchain host bench report results"

die() { echo "make DEVICE=$dev: $*" >&2; exit 1; }

# installed NAME: the newest binary policy of an installed policy, or nothing
installed() {
	[[ $1 =~ ^[A-Za-z0-9_.-]+$ ]] || return 0
	ls "$selinux_root/$1/policy"/policy.* 2>/dev/null | sort -t. -k2 -n | tail -n 1
}

# named SPEC WHERE: SPEC as a file or an installed policy's name
named() {
	local spec=$1 where=$2 bin
	if [[ -f $spec ]]; then
		realpath "$spec"
		return
	fi
	bin=$(installed "$spec")
	[[ -n $bin ]] || die "$where: policy '$spec': no such file, and no installed policy" \
		"of that name ($selinux_root/$spec/policy/policy.*; e.g. apt-get install" \
		"selinux-policy-$spec)"
	echo "$bin"
}

# from_manifest MANIFEST: the policy its `policy SPEC` statement names
from_manifest() {
	local line n spec
	line=$(grep -n -m1 -E '^[[:space:]]*policy[[:space:]]' "$1") || return 0
	n=${line%%:*}
	spec=$(sed -E 's/^[[:space:]]*policy[[:space:]]+//; s/[[:space:]]*(#.*)?$//; s/^"(.*)"$/\1/' \
		<<<"${line#*:}")
	[[ -n $spec ]] || die "$1:$n: policy: give a file or an installed policy's name"
	(cd "$dir" && named "$spec" "$1:$n")
}

dev=${1:-}
[[ -n $dev ]] || { echo "usage: device-config.sh DIR [POLICY]" >&2; exit 2; }
[[ -d $dev ]] || die "no such directory (make new-device DIR=$dev writes a device to start from)"
dir=$(realpath "$dev")
[[ $dir != *[[:space:]]* ]] || die "$dir: a path with blanks (make cannot take it)"
name=$(basename "$dir")
[[ $name =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]*$ ]] ||
	die "the directory's name '$name' is the device's: letters, digits, _ . - only"
for r in $reserved; do
	[[ $name != "$r" ]] || die "'$name' is a directory of the build's own: rename the device's"
done
manifests=("$dir"/*.manifest)
[[ -f ${manifests[0]} ]] || die "$dir: no *.manifest (a device's directory holds its manifest)"
((${#manifests[@]} == 1)) || die "$dir: more than one manifest: ${manifests[*]##*/}"
manifest=${manifests[0]}
if [[ -n ${2:-} ]]; then
	policy=$(named "$2" "POLICY=$2") || exit 1
else
	policy=$(from_manifest "$manifest") || exit 1
fi
if [[ -z $policy ]]; then
	found=()
	for f in "$dir"/policy.conf "$dir"/policy.cil "$dir"/policy.[0-9]*; do
		[[ -f $f ]] && found+=("$f")
	done
	((${#found[@]} > 0)) || die "no policy: give POLICY=, a 'policy' statement in" \
		"$manifest, or a policy.conf, policy.cil or policy.NN in $dir"
	((${#found[@]} == 1)) || die "$dir: more than one policy: ${found[*]##*/}"
	policy=${found[0]}
fi
[[ $policy != *[[:space:]]* ]] || die "$policy: a path with blanks (make cannot take it)"
echo "$name $dir $manifest $policy"
