#!/bin/sh
# gen-wide-policy.sh DEVICE.conf DEVICE.manifest N OUT.conf OUT.manifest:
# the device policy and manifest widened for the table layout's limits:
# the file permissions (common file) grow past 16, so the pool's vectors
# need 32 bits, and N file types, each with its own subset of permissions
# for init_t (N up to 511), give a class more than 256 columns, so that
# column indices need 16 bits. The decisions stay libsepol's to compare.
set -eu
conf=$1 manifest=$2 n=$3 out_conf=$4 out_manifest=$5
perms="read write append create unlink getattr setattr open execute"
extra="ioctl lock relabelfrom relabelto link rename swapon quotaon mounton"
awk -v extra="$extra" -v n="$n" -v perms="$perms" '
	/^[[:space:]]*execute$/ && !widened { print "\texecute " extra; widened = 1; next }
	{ print }
	/^type key_t, file_type;$/ {
		split(perms, p, " ")
		for (i = 1; i <= n; i++) {
			printf "type wide%d_t, file_type;\n", i
			set = ""
			for (b = 0; b < 9; b++)
				if (int(i / 2 ^ b) % 2)
					set = set " " p[b + 1]
			printf "allow init_t wide%d_t:file {%s };\n", i, set
		}
	}' "$conf" >"$out_conf"
cp "$manifest" "$out_manifest"
i=1
while [ "$i" -le "$n" ]; do
	echo "file /etc/wide$i system_u:object_r:wide${i}_t"
	i=$((i + 1))
done >>"$out_manifest"
