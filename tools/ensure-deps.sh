#!/usr/bin/env bash
# Makes sure the Debian packages the build needs are installed: installs
# them when run as root, otherwise prints the apt-get line and fails.
set -u
# one dpkg-query for them all: make runs this on every invocation
missing=()
installed=" $(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
	awk '$2 " " $3 " " $4 == "install ok installed" { printf "%s ", $1 }')"
for pkg in "$@"; do
	[[ $installed == *" $pkg "* ]] || missing+=("$pkg")
done
((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) -ne 0 ]]; then
	echo "error: missing Debian packages. Install them with:" >&2
	echo "  sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
echo "installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
{ apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; } >&2 || {
	echo "error: apt-get install failed for: ${missing[*]}" >&2
	exit 1
}
