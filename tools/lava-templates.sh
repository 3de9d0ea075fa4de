#!/usr/bin/env bash
# Unpacks lava-server's device-type templates into DIR, from Debian's
# package of the same version as the installed lava-dispatcher (the two
# are released together): the package is downloaded, not installed
# (installing it would set up a server and its database).
#   lava-templates.sh DIR
set -u -o pipefail
dir=$1
version=$(dpkg-query -W -f='${Version}' lava-dispatcher 2>/dev/null) ||
	{ echo "lava-templates: lava-dispatcher is not installed" >&2; exit 1; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download -q "lava-server=$version" >/dev/null 2>"$tmp/err") || {
	cat "$tmp/err" >&2
	echo "lava-templates: cannot download lava-server $version from Debian's archive" \
		"(apt-get update first?)" >&2
	exit 1
}
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" && dpkg-deb -x "$tmp"/lava-server_*.deb "$dir.tmp" &&
	test -r "$dir.tmp/usr/share/lava-server/device-types/qemu.jinja2" || {
	echo "lava-templates: lava-server $version has no device-types/qemu.jinja2" >&2
	exit 1
}
rm -rf "$dir" && mv "$dir.tmp" "$dir"
