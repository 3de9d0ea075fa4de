# profile-expect.sh - sourced by run-firmware.sh: the profile of the
# sample application (kernel/profile.c) in $log.  Its table's header;
# a PROFILE line with checks for each site the application must reach;
# every line well-formed; the sites' checks and costs adding up to the
# total's, exactly, their shares to its share within rounding, and each
# share its cost over the system calls' time; the sites whose checks
# took the audit path marked so, on their row and their line.
unit_re="(insns|cycles|ticks)"
expect "profile table header" "^-- table profile: .* \\($unit_re\\) --$" 1
for site in fs_walk:dir:search sys_open:file:read+open sys_open:chr_file:read+open \
	sys_read:file:read sys_read:chr_file:read sys_write:chr_file:write sys_write:file:append \
	fs_create_at:file:create sys_unlink:file:unlink fs_stat_node:file:getattr \
	spawn_checks:file:execute spawn_checks:process:transition \
	chan_of_handle:channel:send chan_of_handle:channel:recv; do
	expect "PROFILE $site" "^PROFILE board=$board site=${site//+/\\+} checks=[1-9][0-9]* " 1
done
site_fields="checks=[0-9]+ cost=[0-9]+ unit=$unit_re share=[0-9]+\\.[0-9]{2} path=(slow|fast)"
sites=$(grep -cE "^PROFILE board=$board site=[a-z0-9_]+:[a-z_]+:[a-z_+]+ $site_fields$" "$log")
expect "PROFILE lines: every site's well-formed" "^PROFILE board=$board site=[^t]" "$sites"
expect "PROFILE total" "^PROFILE board=$board site=total checks=[1-9][0-9]* cost=[0-9]+ syscall_cost=[1-9][0-9]* unit=$unit_re share=[0-9]+\\.[0-9]{2}$" 1
# the audit path marked: the hook's denied open, the updater's audited
# unlink; the walk's searches fast; a row marked where its line says slow
expect "the denied open marked" "^sys_open:file:write\\+open \\(denied\\) +[0-9]" 1
expect "the denied open's path" "^PROFILE board=$board site=sys_open:file:write\\+open .* path=slow$" 1
expect "the audited unlink marked" "^sys_unlink:file:unlink \\(audited\\) +[0-9]" 1
expect "the walk's path" "^PROFILE board=$board site=fs_walk:dir:search .* path=fast$" 1
slow=$(grep -cE "^PROFILE board=$board site=.* path=slow$" "$log")
expect "a row marked per slow site" "^[a-z0-9_]+:[a-z_]+:[a-z_+]+ \\((audited|denied)\\) +[0-9]" "$slow"
sums=$(awk '
	/^PROFILE / {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		if (f["site"] == "total") {
			tc = f["checks"]; tk = f["cost"]; ts = f["share"]; sc = f["syscall_cost"]
		} else {
			n++; c += f["checks"]; k += f["cost"]; s += f["share"] * 100
			costs[n] = f["cost"]; shares[n] = f["share"] * 100
		}
	}
	END {
		bad = 0
		if (c != tc || k != tk || k > sc) bad++
		d = s - ts * 100; if (d < 0) d = -d
		if (d > n / 2 + 1) bad++
		for (i = 1; i <= n; i++) {
			w = int((costs[i] * 10000 + int(sc / 2)) / sc)
			if (shares[i] - w > 0.5 || w - shares[i] > 0.5) bad++
		}
		w = int((tk * 10000 + int(sc / 2)) / sc)
		if (ts * 100 - w > 0.5 || w - ts * 100 > 0.5) bad++
		print bad
	}' "$log")
if [[ $sums == 0 ]]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "  $expect_tag FAIL: PROFILE: the sites do not add up to the total ($sums mismatches)"
fi
