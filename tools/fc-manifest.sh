#!/bin/sh
# fc-manifest.sh FILE_CONTEXTS DEVICE_MANIFEST: a manifest of a file of
# each context a policy's file_contexts gives (Debian's: 1,838 contexts),
# on stdout: the classes and maps of DEVICE_MANIFEST (the kernel's checks
# as that device's policy has them), eight daemons' tasks, / and the
# files. Each executable's type brings in a domain (Debian's would make
# 515), so the first 40 of them (in name order) are kept. For mac-polc's
# host test and make bench-polc.
set -eu
[ $# -eq 2 ] || { echo "usage: fc-manifest.sh FILE_CONTEXTS DEVICE_MANIFEST" >&2; exit 2; }
fc=$1
sed -n '/^class /p; /^map /p' "$2"
for d in syslogd_t sshd_t init_t crond_t getty_t udev_t dhcpc_t ntpd_t; do
	echo "task ${d%_t} ${d%_t}_main 1 system_u:system_r:$d:s0"
done
echo "dir / system_u:object_r:root_t:s0"
grep -o 'system_u:object_r:[a-zA-Z0-9_]*_t:[^ 	]*' "$fc" | LC_ALL=C sort -u |
	awk '/_exec_t:/ { if (++e > 40) next } { print "file /f" NR " " $0 }'
