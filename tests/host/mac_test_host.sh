#!/bin/sh
# mac_test_host.sh - host tests of the reference monitor, run by
# `make test-monitor-host`. Environment: MAC_POLC, MAC_POLC_BIG, SEPOL_REF (built
# tools), MAC_TEST_DIR (scratch), MAC_DIR (monitor sources), HOST_CC.
# Ends with one line "N passed, N failed"; exits non-zero on a failure.

: "${MAC_DIR:=monitor}"
: "${HOST_CC:=cc}"
: "${MAC_TEST_DIR:=build/host/monitor/test}"
POLICIES=tests/policy
DEVICE_CONF=$MAC_DIR/policy/device.conf
DEVICE_MANIFEST=$MAC_DIR/policy/device.manifest
TOBIN=$MAC_DIR/compiler/mac-policy-bin
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

rm -rf "$MAC_TEST_DIR"
mkdir -p "$MAC_TEST_DIR" || exit 1
T=$MAC_TEST_DIR

# ---- differential: the generated tables against sepol_compute_av

diff_policy() {
	src=$1
	name=$(basename "$src")
	bin=$T/$name.bin
	if ! $TOBIN "$src" "$bin" 2>"$T/$name.err"; then
		fail "differential $name: policy does not build"
		return
	fi
	"$SEPOL_REF" "$bin" 2>"$T/$name.count" | LC_ALL=C sort >"$T/$name.ref"
	if ! CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" "$MAC_POLC" --dump "$bin" \
		>"$T/$name.dump" 2>"$T/$name.err"; then
		fail "differential $name: dump failed"
		return
	fi
	n=$(cat "$T/$name.count")
	if ! cmp -s "$T/$name.ref" "$T/$name.dump"; then
		bad=$(diff "$T/$name.ref" "$T/$name.dump" | grep -c '^[<>]')
		fail "differential $name: $bad lines differ over $n triples"
		return
	fi
	lines=$(wc -l <"$T/$name.dump")
	pass "differential $name: $n triples, $lines rules, 0 mismatches"
	total_triples=$((total_triples + n))
}

total_triples=0
for p in "$DEVICE_CONF" $POLICIES/*.conf $POLICIES/*.cil; do
	case $(basename "$p") in bad_*) continue ;; esac
	diff_policy "$p"
done
echo "     differential total: $total_triples triples"

# ---- the device policy and manifest must compile

DEVICE_BIN=$T/device.conf.bin
mkdir -p "$T/gen"
if "$MAC_POLC" -o "$T/gen" "$DEVICE_BIN" "$DEVICE_MANIFEST" >"$T/gen.out" 2>&1; then
	pass "device manifest compiles: $(sed -n 's/.*tables \([0-9]*\) bytes.*/\1/p' "$T/gen.out") bytes of tables"
else
	fail "device manifest compiles: $(cat "$T/gen.out")"
fi

# ---- the columns' limit: 16 bits, below mac.h's marks (polc_limit.c alone)

if $HOST_CC -std=c99 -D_POSIX_C_SOURCE=200809L -g -Wall -Wextra -Werror \
	-fsanitize=address,undefined -fno-sanitize-recover=all -Iinclude -I"$MAC_DIR" \
	-I"$MAC_DIR/compiler" -I"$T/gen" -o "$T/polc_limit_test" tests/host/polc_limit_test.c \
	"$MAC_DIR/compiler/polc_limit.c" >"$T/polc_limit.out" 2>&1 &&
	"$T/polc_limit_test" >>"$T/polc_limit.out" 2>&1; then
	pass "columns' limit: $(tail -1 "$T/polc_limit.out")"
else
	fail "columns' limit: $(grep -v '^PASS' "$T/polc_limit.out" | head -3)"
fi

# ---- full contexts: every (subject context, target context, class) of a
# manifest's tables is libsepol's decision for those two contexts

decisions() {
	label=$1
	if out=$(MAC_POLC="$MAC_POLC" SEPOL_REF="$SEPOL_REF" HOST_CC="$HOST_CC" \
		MAC_DIR="$MAC_DIR" tools/check-decisions.sh "$2" "$3" "$T/dec-$label"); then
		pass "decisions $label against libsepol: $out"
	else
		fail "decisions $label against libsepol: $out"
	fi
}
decisions device "$DEVICE_BIN" "$DEVICE_MANIFEST"
decisions mls_device "$T/mls_device.conf.bin" $POLICIES/mls_device.manifest
$TOBIN tests/target/test.conf "$T/test.conf.bin" 2>/dev/null
decisions test-image "$T/test.conf.bin" tests/target/test.manifest
# the layout's limits: a class of more than 16 permissions (32-bit pool
# vectors), more than 256 columns in a class (16-bit indices)
if sh tests/host/gen-wide-policy.sh "$DEVICE_CONF" "$DEVICE_MANIFEST" 300 \
	"$T/wide.conf" "$T/wide.manifest" && $TOBIN "$T/wide.conf" "$T/wide.bin" 2>"$T/wide.err"; then
	decisions wide "$T/wide.bin" "$T/wide.manifest"
	if grep -q 'typedef uint32_t mac_pvec_t' "$T/dec-wide/mac_policy.h" &&
	   grep -q 'typedef uint16_t mac_cmap_t' "$T/dec-wide/mac_policy.h" &&
	   grep -q 'typedef uint16_t mac_pvec_t' "$T/dec-device/mac_policy.h" &&
	   grep -q 'typedef uint8_t mac_cmap_t' "$T/dec-device/mac_policy.h"; then
		pass "widths: 32-bit pool vectors past 16 permissions, 16-bit indices past 256 columns, narrow otherwise"
	else
		fail "widths: $(grep typedef "$T/dec-wide/mac_policy.h" "$T/dec-device/mac_policy.h")"
	fi
else
	fail "the wide policy does not build: $(cat "$T/wide.err")"
fi
# the device tables: the size mac-polc reports, at most 2 KiB
bytes=$(sed -n 's/.*tables \([0-9]*\) bytes.*/\1/p' "$T/dec-device/polc.out")
if [ -n "$bytes" ] && [ "$bytes" -le 2048 ]; then
	pass "device tables: $bytes bytes, at most 2048"
else
	fail "device tables: ${bytes:-no size} bytes, over 2048"
fi
# MLS matters there: a task at s1 reads a file at s0, not one at s2:c1
may_read() {
	grep "^av guest_u:system_r:shell_t:s1 $1 file " "$T/dec-mls_device/tables.txt" |
		grep -qE ' allowed=([a-z_]*,)*read[, ]'
}
if may_read system_u:object_r:etc_t:s0 && ! may_read system_u:object_r:etc_t:s2:c1; then
	pass "contexts: shell_t at s1 may read etc_t at s0, not at s2:c1"
else
	fail "contexts: the MLS decisions for shell_t at s1 are not as the policy says"
fi
# range_transition and role_transition land where the policy says
spawned() { sed -n '/mac_spawn_cells/,/^};/p' "$T/dec-mls_device/mac_policy.c" | grep -c "$1"; }
if grep -q '"system_u:system_r:logd_t:s2"' "$T/dec-mls_device/mac_policy.c" &&
   grep -q '"system_u:admin_r:admin_t:s0-s3:c0,c1"' "$T/dec-mls_device/mac_policy.c" &&
   [ "$(spawned MAC_NO_LABEL)" -gt 0 ]; then
	pass "contexts: range_transition gives logd_t:s2, role_transition admin_r; norole_t is no label"
else
	fail "contexts: transitions in the MLS device tables"
fi

# an alias the manifest names (config_t for etc_t) has its constant too
if printf '#include "mac_policy.h"\n_Static_assert(MAC_TYPE_CONFIG_T__SYSTEM_U_OBJECT_R_S0 == MAC_TYPE_ETC_T__SYSTEM_U_OBJECT_R_S0, "alias");\n' |
	$HOST_CC -std=c11 -fsyntax-only -I"$T/dec-mls_device" -x c - 2>"$T/alias.err"; then
	pass "contexts: an alias in the manifest gets the constant of its type"
else
	fail "contexts: alias constant: $(head -2 "$T/alias.err")"
fi

# ---- malformed inputs: rejected, with FILE:LINE: reason, nothing written

reject() {
	label=$1
	expect=$2
	shift 2
	out=$T/reject.out
	rm -rf "$T/out"
	mkdir -p "$T/out"
	if "$@" >"$out" 2>&1; then
		fail "$label: accepted"
		return
	fi
	if ! grep -qF -- "$expect" "$out"; then
		fail "$label: message '$(head -1 "$out")', wanted '$expect'"
		return
	fi
	if [ -n "$(ls -A "$T/out")" ]; then
		fail "$label: wrote $(ls -A "$T/out")"
		return
	fi
	pass "$label: $(head -1 "$out")"
}

# ---- the kernel's checks: the list mac-polc holds manifests to

if out=$(tests/host/kernel_checks.sh 2>&1); then
	pass "include/mac_kernel_checks.h lists what the kernel checks: $out"
else
	fail "include/mac_kernel_checks.h and the kernel differ: $(echo "$out" | tr '\n' ' ')"
fi
# The comparison must see a stale list: one check taken out of a copy.
sed '/X(chr_file, open)/d' include/mac_kernel_checks.h >"$T/stale_checks.h"
if out=$(tests/host/kernel_checks.sh "$T/stale_checks.h" 2>&1); then
	fail "kernel_checks.sh accepts a list without chr_file open"
else
	pass "kernel_checks.sh refuses a stale list: $out"
fi

# A pair checked with the file class's constant needs its assertion.
sed '/MAC_PERM_DIR__OPEN == MAC_PERM_FILE__OPEN/d' kernel/sys_fs.c >"$T/stale_sys_fs.c"
if out=$(tests/host/kernel_checks.sh include/mac_kernel_checks.h "$T/stale_sys_fs.c" 2>&1); then
	fail "kernel_checks.sh accepts a dir open checked with the file class's bit, unasserted"
else
	pass "kernel_checks.sh refuses an unasserted file bit: $out"
fi
# mkdir checked with the file class's create, as it once was, is caught.
sed 's/kind == NODE_DIR ? MAC_PERM_DIR__CREATE : MAC_PERM_FILE__CREATE/MAC_PERM_FILE__CREATE/' \
	kernel/sys_fs.c >"$T/stale_mkdir.c"
if out=$(tests/host/kernel_checks.sh include/mac_kernel_checks.h "$T/stale_mkdir.c" 2>&1); then
	fail "kernel_checks.sh accepts mkdir checked with file:create"
elif echo "$out" | grep -q "checked with another class's constant, not on the file class's bit: dir create"; then
	pass "kernel_checks.sh refuses a dir checked with the file class's create: $out"
else
	fail "kernel_checks.sh on mkdir with file:create: $out"
fi
sed '0,/X(chr_file, append)/{/X(chr_file, append)/d}' include/mac_kernel_checks.h >"$T/stale_checks.h"
if out=$(tests/host/kernel_checks.sh "$T/stale_checks.h" 2>&1); then
	fail "kernel_checks.sh accepts chr_file append on the file bit but in no list"
elif echo "$out" | grep -q "in no list mac-polc requires: chr_file append"; then
	pass "kernel_checks.sh refuses a file bit mac-polc would not require: $(echo "$out" | tail -1)"
else
	fail "kernel_checks.sh on chr_file append in no list: $out"
fi

# ---- the system-call table's checks: SYSCALL_CHECKS against the handlers

if out=$(tests/host/syscall_checks.sh 2>&1); then
	pass "SYSCALL_CHECKS lists what the handlers check: $out"
else
	fail "SYSCALL_CHECKS and the handlers differ: $(echo "$out" | tr '\n' ' ')"
fi
sed 's/X(stat, file, getattr)//; s/X(fstat, file, getattr)//' kernel/syscalls.h >"$T/stale_syscalls.h"
if out=$(tests/host/syscall_checks.sh "$T/stale_syscalls.h" 2>&1); then
	fail "syscall_checks.sh accepts a list without file getattr"
else
	pass "syscall_checks.sh refuses a stale list: $out"
fi

# ---- map: the kernel's channel as the policy's unix_stream_socket

# The constants name the policy's class and bits, so audit lines do too.
map_names() {
	label=$1 bin=$2 manifest=$3 want=$4
	rm -rf "$T/map"
	mkdir -p "$T/map"
	if ! "$MAC_POLC" -o "$T/map" "$bin" "$manifest" >"$T/map.out" 2>&1; then
		fail "$label: $(cat "$T/map.out")"
		return
	fi
	if ! $HOST_CC -std=c99 -Wall -Wextra -Werror -I"$MAC_DIR" -I"$T/map" -o "$T/map/names" \
		tests/host/map_names.c tests/host/device_tasks.c "$T/map/mac_policy.c" >"$T/map.cc" 2>&1; then
		fail "$label: does not build: $(head -3 "$T/map.cc")"
		return
	fi
	got=$("$T/map/names")
	if [ "$got" = "$want" ]; then
		pass "$label: channel send recv are $got"
	else
		fail "$label: channel send recv are '$got', wanted '$want'"
	fi
}
map_names "map onto a class of the policy" "$T/classes.conf.bin" \
	$POLICIES/map_channel.manifest "unix_stream_socket write read"
# A class the policy has may be mapped too (the map decides).
sed 's/^class channel .*/map channel fd send=use recv=use/' "$DEVICE_MANIFEST" >"$T/map_fd.manifest"
map_names "map of a class the policy also has" "$DEVICE_BIN" "$T/map_fd.manifest" "fd use use"

# Two kernel classes on one policy class share its table, create plane too.
sed 's/^class chr_file .*/map chr_file file read=read write=write append=append unlink=unlink getattr=getattr open=open/' \
	"$DEVICE_MANIFEST" >"$T/map_chr.manifest"
rm -rf "$T/map"
mkdir -p "$T/map"
if "$MAC_POLC" -o "$T/map" "$DEVICE_BIN" "$T/map_chr.manifest" >"$T/map.out" 2>&1 &&
	$HOST_CC -std=c99 -Wall -Wextra -Werror -I"$MAC_DIR" -I"$T/map" -c \
		-o "$T/map/mac_policy.o" "$T/map/mac_policy.c" >"$T/map.cc" 2>&1 &&
	grep -qx '#define MAC_CLASS_CHR_FILE 0' "$T/map/mac_policy.h"; then
	pass "map chr_file onto file: one table, the tables build"
else
	fail "map chr_file onto file: $(cat "$T/map.out" "$T/map.cc" | head -3)"
fi

# A map must keep what the kernel checks with the file class's constant
# on the file class's bit: a chr_file append mapped onto write is not.
sed 's/^class chr_file .*/map chr_file chr_file read=read write=write append=write unlink=unlink getattr=getattr open=open/' \
	"$DEVICE_MANIFEST" >"$T/map_append.manifest"
reject "map of chr_file append off the file class's bit" \
	"map_append.manifest:$(grep -n '^map chr_file' "$T/map_append.manifest" | cut -d: -f1): the kernel checks chr_file append with the file class's constant, which this statement puts on another bit than file's append" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/map_append.manifest"

# A distribution's policy: Debian's reference policy, where installed.
for ref in /etc/selinux/default/policy/policy.33 /etc/selinux/mls/policy/policy.33; do
	if [ ! -f "$ref" ]; then
		echo "SKIP reference policy $ref: not installed"
		continue
	fi
	map_names "reference policy $ref" "$ref" $POLICIES/refpolicy.manifest \
		"unix_stream_socket write read"
	# what the kernel's build would meet: every constant, every assertion
	bad=
	for src in kernel/sys_fs.c kernel/sys_chan.c kernel/handle.c kernel/object.c \
		kernel/sys_task.c kernel/boot.c; do
		$HOST_CC -std=gnu11 -fsyntax-only -Wall -Werror -DSTRATEGY=none \
			-DSTRATEGY_KIND=STRATEGY_NONE -Itests/host/arch -Iinclude -Ikernel \
			-I"$MAC_DIR" -I"$T/map" "$src" >"$T/kernel.cc" 2>&1 || bad="$bad $src"
	done
	if [ -z "$bad" ] && [ -f "$T/map/mac_policy.h" ]; then
		pass "reference policy $ref: the kernel's sources compile against its tables"
	else
		fail "reference policy $ref: the kernel does not compile:$bad: $(head -3 "$T/kernel.cc")"
	fi
	# MCS is MLS with one sensitivity (Debian's default, s0); its mls has s0..s15
	sens=$(sed -n 's/^#define MAC_POLICY_SENSITIVITIES \([0-9]*\)$/\1/p' "$T/map/mac_policy.h")
	case $ref:${sens:-none} in
	*/default/*:1 | */mls/*:[2-9] | */mls/*:[1-9][0-9]*)
		pass "reference policy $ref: $sens sensitivities, $([ "$sens" = 1 ] && echo MCS || echo MLS)" ;;
	*)	fail "reference policy $ref: MAC_POLICY_SENSITIVITIES ${sens:-absent}" ;;
	esac
	grep -v '^map channel' $POLICIES/refpolicy.manifest >"$T/refpolicy-nomap.manifest"
	reject "reference policy $ref without the map" \
		'refpolicy-nomap.manifest:9: the kernel checks class channel { send recv }, which the policy does not define: map it onto a class the policy has, e.g. "map channel unix_stream_socket send=write recv=read"' \
		"$MAC_POLC" -o "$T/out" "$ref" "$T/refpolicy-nomap.manifest"
done

# Each names the message it must produce, and its policy if not the device's.
for m in $POLICIES/bad_*.manifest; do
	expect="$(basename "$m")$(sed -n 's/^# expect: //p' "$m")"
	policy=$(sed -n 's/^# policy: //p' "$m")
	bin=$DEVICE_BIN
	[ -n "$policy" ] && bin=$T/$policy.bin
	reject "malformed $(basename "$m")" "$expect" \
		"$MAC_POLC" -o "$T/out" "$bin" "$m"
done
# The namespace's nodes, one each object but /: NODE_MAX - 1 of them fit.
node_max=$(sed -n 's/^#define NODE_MAX[[:space:]]*\([0-9]*\).*/\1/p' include/kernel_limits.h)
{
	echo 'class file read'
	echo 'dir / system_u:object_r:root_t'
	i=1
	while [ "$i" -le "$node_max" ]; do echo "file /f$i system_u:object_r:etc_t"; i=$((i + 1)); done
} >"$T/nodes.manifest"
reject "more objects than the kernel's nodes" \
	"nodes.manifest:$((node_max + 2)): object '/f$node_max': more than the $((node_max - 1)) objects the kernel has room for" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/nodes.manifest"
# The device's class statements, a manifest of their own before those
# that are to compile.
grep '^class ' "$DEVICE_MANIFEST" >"$T/classes.manifest"
# Files with content take a data block each at boot: FILE_BLOCKS of them.
blocks=$(sed -n 's/^#define FILE_BLOCKS[[:space:]]*\([0-9]*\).*/\1/p' include/kernel_limits.h)
{
	echo 'class file read'
	echo 'task init init_main 1 system_u:system_r:init_t'
	echo 'dir / system_u:object_r:root_t'
	i=0
	while [ "$i" -le "$blocks" ]; do echo "file /f$i system_u:object_r:etc_t \"x\""; i=$((i + 1)); done
	echo 'file /empty system_u:object_r:etc_t ""'
} >"$T/blocks.manifest"
reject "more files with content than the kernel's data blocks" \
	"blocks.manifest:$((blocks + 4)): file with content '/f$blocks': more than the $blocks files with content the kernel has room for" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/blocks.manifest"
head -n $((blocks + 3)) "$T/blocks.manifest" | sed '/^class /d' >"$T/blocks-ok.manifest"
echo 'file /empty system_u:object_r:etc_t ""' >>"$T/blocks-ok.manifest"
mkdir -p "$T/blocks-ok"
if "$MAC_POLC" -o "$T/blocks-ok" "$DEVICE_BIN" "$T/classes.manifest" "$T/blocks-ok.manifest" >"$T/blocks-ok.out" 2>&1; then
	pass "$blocks files with content and an empty one fit"
else
	fail "$blocks files with content and an empty one: $(head -1 "$T/blocks-ok.out")"
fi

# A node names its program in a byte, 0 for none: PROGRAM_MAX programs.
program_max=$(sed -n 's/^#define PROGRAM_MAX[[:space:]]*\([0-9]*\).*/\1/p' include/kernel_limits.h)
{
	echo 'class file read'
	echo 'task init init_main 1 system_u:system_r:init_t'
	echo 'dir / system_u:object_r:root_t'
	i=0
	while [ "$i" -le "$program_max" ]; do
		echo "file /p$i system_u:object_r:etc_t"
		echo "program /p$i p${i}_main"
		i=$((i + 1))
	done
} >"$T/programs.manifest"
reject "more programs than a node can name" \
	"programs.manifest:$((2 * program_max + 5)): program '/p$program_max': more than the $program_max programs the kernel has room for" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/programs.manifest"

# The image's own tasks: --reserve-tasks N leaves the manifest TASK_MAX - N.
task_max=$(sed -n 's/^#define TASK_MAX[[:space:]]*\([0-9]*\).*/\1/p' include/kernel_limits.h)
head -n $((task_max + 4)) $POLICIES/bad_count_tasks.manifest >"$T/tasks-full.manifest"
sed '/^class /d' "$T/tasks-full.manifest" >"$T/tasks-full-ok.manifest"
echo "limit init_t tasks $task_max" >>"$T/tasks-full-ok.manifest"
reject "--reserve-tasks 1: the manifest's last task slot is the image's" \
	"tasks-full.manifest:$((task_max + 4)): task 't$task_max': more than the $((task_max - 1)) tasks the manifest may start (1 of the kernel's $task_max slots are the image's own)" \
	"$MAC_POLC" --reserve-tasks 1 -o "$T/out" "$DEVICE_BIN" "$T/tasks-full.manifest"
mkdir -p "$T/tasks-full"
if "$MAC_POLC" -o "$T/tasks-full" "$DEVICE_BIN" "$T/classes.manifest" "$T/tasks-full-ok.manifest" >"$T/tasks-full.out" 2>&1; then
	pass "without --reserve-tasks, $task_max tasks fit"
else
	fail "$task_max tasks without --reserve-tasks: $(head -1 "$T/tasks-full.out")"
fi
reject "--reserve-tasks at the kernel's every slot" "--reserve-tasks $task_max: the kernel has $task_max task slots" \
	"$MAC_POLC" --reserve-tasks "$task_max" -o "$T/out" "$DEVICE_BIN" "$DEVICE_MANIFEST"

# Several manifests, read as one: each message at its own file and line.
cat >"$T/first.manifest" <<'EOM'
class file read
task init init_main 1 system_u:system_r:init_t
dir / system_u:object_r:root_t
dir /sbin system_u:object_r:root_t
EOM
printf 'dir /etc system_u:object_r:etc_t\nfile /etc/a system_u:object_r:etc_tt\n' >"$T/second.manifest"
reject "two manifests: the second's mistake at its line" \
	"second.manifest:2: " "$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/first.manifest" "$T/second.manifest"
grep -q 'first.manifest' "$T/reject.out" && fail "two manifests: the first named for the second's mistake"
sed 's/^task init init_main 1/task init init_main 99/' "$T/first.manifest" >"$T/first-bad.manifest"
reject "two manifests: the first's mistake at its line" \
	"first-bad.manifest:2: priority 99 is over" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/first-bad.manifest" "$T/second.manifest"
printf 'dir /sbin system_u:object_r:root_t\n' >"$T/again.manifest"
reject "two manifests: a duplicate names the other file's line" \
	"again.manifest:1: duplicate path '/sbin' (first at $T/first.manifest:4)" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/first.manifest" "$T/again.manifest"
i=1; set --
while [ "$i" -le "$task_max" ]; do
	printf '# task %d\ntask t%d init_main 1 system_u:system_r:init_t\n' "$i" "$i" >"$T/t$i.manifest"
	set -- "$@" "$T/t$i.manifest"
	i=$((i + 1))
done
reject "many manifests: the task past the table at the file that has it" \
	"t$task_max.manifest:2: task 't$task_max': more than the $task_max tasks the kernel has room for" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/first.manifest" "$@"
set --

# program and policy statements; --entries: each entry at its file and line.
cat >"$T/prog.manifest" <<'EOM'
policy "../policy dir/my.conf"
task init init_main 1 system_u:system_r:init_t
program /sbin/updater updater_main
dir / system_u:object_r:root_t
EOM
cat >"$T/prog2.manifest" <<'EOM'
dir /sbin system_u:object_r:root_t
file /sbin/updater system_u:object_r:updater_exec_t
file "/sbin/a \"b\"" system_u:object_r:updater_exec_t
program "/sbin/a \"b\"" a_main
task logger logger_main 5 system_u:system_r:logger_t
spawn init_t /sbin/updater updater_t
EOM
mkdir -p "$T/prog"
if "$MAC_POLC" --entries "$T/prog/entries" -o "$T/prog" "$DEVICE_BIN" "$T/classes.manifest" "$T/prog.manifest" \
	"$T/prog2.manifest" >"$T/prog.out" 2>&1; then
	pass "program and policy statements, a program declared before its file, spawned"
else
	fail "program and policy statements: $(head -1 "$T/prog.out")"
fi
printf '%s\n' "$T/prog.manifest:2 task init init_main" "$T/prog.manifest:3 program /sbin/updater updater_main" \
	"$T/prog2.manifest:4 program /sbin/a \"b\" a_main" "$T/prog2.manifest:5 task logger logger_main" \
	>"$T/prog/entries.want"
if cmp -s "$T/prog/entries" "$T/prog/entries.want"; then
	pass "--entries: every task and program entry at its file and line"
else
	fail "--entries: $(diff "$T/prog/entries.want" "$T/prog/entries" | tr '\n' ' ')"
fi
want='#define MAC_PROGRAMS(X) X("/sbin/updater", updater_main) X("/sbin/a \"b\"", a_main)'
if grep -qxF "$want" "$T/prog/mac_policy.h" && grep -qx '#define MAC_NPROGRAMS 2' "$T/prog/mac_policy.h"; then
	pass "MAC_PROGRAMS and MAC_NPROGRAMS in the header"
else
	fail "MAC_PROGRAMS: $(grep 'PROGRAMS' "$T/prog/mac_policy.h" | tr '\n' ' ')"
fi
# The header says what the C holds: the device's has the selinux07 data.
if grep -qx '#define MAC_SEL07_MODEL 1' "$T/gen/mac_policy.h" && grep -q '^const struct sel07_avtab_rule sel07_rules' "$T/gen/mac_policy.c" &&
   grep -qx '#define MAC_PROGRAMS(X)' "$T/gen/mac_policy.h" && grep -qx '#define MAC_NPROGRAMS 0' "$T/gen/mac_policy.h" &&
   grep -qx '#define MAC_ENFORCING 1' "$T/gen/mac_policy.h"; then
	pass "device header: MAC_SEL07_MODEL 1 with the data, no programs, enforcing"
else
	fail "device header: $(grep -E 'SEL07|PROGRAMS|ENFORCING' "$T/gen/mac_policy.h" | tr '\n' ' ')"
fi
if grep -qx '#define MAC_SEL07_MODEL 0' "$T/dec-mls_device/mac_policy.h" &&
   grep -q '^#define MAC_SEL07_ABSENT_WHY "an MLS policy' "$T/dec-mls_device/mac_policy.h" &&
   grep -qx "#define MAC_POLICY_SENSITIVITIES $(grep -c '^sensitivity ' $POLICIES/mls_device.conf)" \
	"$T/dec-mls_device/mac_policy.h" &&
   grep -qx '#define MAC_POLICY_SENSITIVITIES 0' "$T/gen/mac_policy.h" &&
   ! grep -q 'sel07_rules' "$T/dec-mls_device/mac_policy.c"; then
	pass "MLS header: MAC_SEL07_MODEL 0 and why, no selinux07 data, its sensitivities (none without MLS)"
else
	fail "MLS header: $(grep 'SEL07\|SENSITIVITIES' "$T/dec-mls_device/mac_policy.h" | tr '\n' ' ')"
fi
rm -f "$T/prog/entries"
reject "--entries: not written when the manifest fails" "bad_program_no_file.manifest:6" \
	"$MAC_POLC" --entries "$T/out/entries" -o "$T/out" "$DEVICE_BIN" $POLICIES/bad_program_no_file.manifest

reject "malformed policy bad_syntax.conf" "bad_syntax.conf:6:ERROR 'syntax error'" \
	$TOBIN $POLICIES/bad_syntax.conf "$T/out/policy.bin"
printf 'not a policy\n' >"$T/garbage.bin"
reject "malformed binary policy" "garbage.bin: not a valid binary policy" \
	"$MAC_POLC" -o "$T/out" "$T/garbage.bin" "$DEVICE_MANIFEST"
# Found by the fuzzer: six classes defined, seven counted; a typebounds
# loop, which sent libsepol's security server into endless recursion; a
# chain of two steps, on which it wrote through a NULL pointer.
reject "binary policy with a class value but no class" \
	"crash-class-count-gap.bin: not a valid binary policy: a class value without a class" \
	"$MAC_POLC" -o "$T/out" tests/fuzz/corpus/policy/crash-class-count-gap.bin "$DEVICE_MANIFEST"
reject "binary policy with a typebounds loop" \
	"crash-typebounds-loop.bin: not a valid binary policy: a typebounds chain of more than one step" \
	"$MAC_POLC" -o "$T/out" tests/fuzz/corpus/policy/crash-typebounds-loop.bin "$DEVICE_MANIFEST"
reject "binary policy with a typebounds chain" \
	"crash-typebounds-chain.bin: not a valid binary policy: a typebounds chain of more than one step" \
	"$MAC_POLC" -o "$T/out" tests/fuzz/corpus/policy/crash-typebounds-chain.bin "$DEVICE_MANIFEST"

# Found by hand: what libsepol says is appended; a short file says so;
# names that would break the generated C are refused.
reject "binary policy: libsepol's reason" \
	"garbage.bin: not a valid binary policy: policydb magic number 0x" \
	"$MAC_POLC" -o "$T/out" "$T/garbage.bin" "$DEVICE_MANIFEST"
head -c 100 "$DEVICE_BIN" >"$T/short.bin"
reject "binary policy cut short" "short.bin: not a valid binary policy: the file ends too early" \
	"$MAC_POLC" -o "$T/out" "$T/short.bin" "$DEVICE_MANIFEST"
perl -0777 -pe 's/logger_t/logger"t/' "$DEVICE_BIN" >"$T/quote.bin"
reject "binary policy with a quote in a type name" \
	"quote.bin: not a valid binary policy: a type name that is not letters, digits, _ . -" \
	"$MAC_POLC" -o "$T/out" "$T/quote.bin" "$DEVICE_MANIFEST"
reject "policy argument is a directory" "mac-polc: $POLICIES: is a directory, not a binary policy" \
	"$MAC_POLC" -o "$T/out" "$POLICIES" "$DEVICE_MANIFEST"
reject "manifest argument is a directory" "mac-polc: $POLICIES: is a directory, not a manifest" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$POLICIES"
reject "manifest that does not exist" "mac-polc: $T/none.manifest: cannot open manifest: No such file or directory" \
	"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/none.manifest"
reject "-o to a missing directory" "mac-polc: output directory $T/out/none: No such file or directory" \
	"$MAC_POLC" -o "$T/out/none" "$DEVICE_BIN" "$DEVICE_MANIFEST"
reject "-o to a file" "mac-polc: output directory $DEVICE_MANIFEST: not a directory" \
	"$MAC_POLC" -o "$DEVICE_MANIFEST" "$DEVICE_BIN" "$DEVICE_MANIFEST"

# Bytes a text file cannot show: each line 3 of a manifest after a class.
bad_bytes() {
	label=$1
	expect=$2
	printf 'class file read\ndir / system_u:object_r:root_t\n' >"$T/bytes.manifest"
	printf "$3" >>"$T/bytes.manifest"
	reject "malformed: $label" "bytes.manifest:3: $expect" \
		"$MAC_POLC" -o "$T/out" "$DEVICE_BIN" "$T/bytes.manifest"
}
task_line='task %s logger_main 5 system_u:system_r:logger_t\n'
bad_bytes "a NUL byte" "bad syntax: NUL byte at column 8" 'task lo\000ger logger_main 5 system_u:system_r:logger_t\n'
bad_bytes "a control byte in a name" "task name: control character at byte 3" "$(printf "$task_line" 'lo\001g')"
bad_bytes "DEL in a name" "task name: control character at byte 2" "$(printf "$task_line" 'l\177')"
bad_bytes "a C1 control in a name" "task name: control character at byte 2" "$(printf "$task_line" 'l\302\205')"
bad_bytes "a byte that is not UTF-8" "task name: not UTF-8 (byte 0xff at 2)" "$(printf "$task_line" 'l\377')"
bad_bytes "an overlong UTF-8 form" "task name: not UTF-8 (byte 0xc0 at 2)" "$(printf "$task_line" 'l\300\257')"
bad_bytes "an overlong 3-byte form" "task name: not UTF-8 (byte 0xe0 at 2)" "$(printf "$task_line" 'l\340\201\201')"
bad_bytes "a UTF-16 surrogate" "path: not UTF-8 (byte 0xed at 2)" 'dir /\355\240\200 system_u:object_r:root_t\n'
bad_bytes "a cut UTF-8 sequence" "channel name: not UTF-8 (byte 0xe2 at 1)" \
	'channel \342\202 system_u:object_r:readings_chan_t\n'
bad_bytes "a control byte in a path string" "path: control character at byte 3" \
	'dir "/a\tb" system_u:object_r:root_t\n'
bad_bytes "a raw control byte in a label" "word: control character at byte 19" \
	'dir /a system_u:object_r:\001root_t\n'

# ---- odd but valid manifests: mac-polc exits 0 => the C compiles, and
# every name, path and content comes out of it byte for byte

# ok_string: a file's content holding every byte 1..255, written raw
# but for the three the string syntax escapes.
{
	sed -n '/^class /p' "$DEVICE_MANIFEST"
	printf 'task t t_main 1 system_u:system_r:logger_t\n'
	printf 'dir / system_u:object_r:root_t\nfile /bytes system_u:object_r:etc_t "'
	i=1
	while [ $i -le 255 ]; do
		case $i in
		10) printf '\\n' ;;
		34) printf '\\"' ;;
		92) printf '\\\\' ;;
		*) printf "\\$(printf %o $i)" ;;
		esac
		i=$((i + 1))
	done
	printf '"\n'
} >"$T/ok_bytes.manifest"
{
	printf 'object / -\nobject /bytes '
	i=1
	while [ $i -le 255 ]; do printf %02x $i; i=$((i + 1)); done
	printf '\ntask t\n'
} >"$T/ok_bytes.expect"
cp $POLICIES/ok_*.manifest $POLICIES/ok_*.expect "$T"/

ok_manifest() {
	m=$1
	name=$(basename "$m" .manifest)
	dir=$T/ok/$name
	mkdir -p "$dir"
	if ! "$MAC_POLC" -o "$dir" "$DEVICE_BIN" "$m" >"$dir/polc.out" 2>&1; then
		fail "odd manifest $name: refused: $(head -1 "$dir/polc.out")"
		return
	fi
	if ! $HOST_CC -std=c99 -Wall -Werror -I"$MAC_DIR" -I"$dir" -c "$dir/mac_policy.c" \
		-o "$dir/mac_policy.o" >"$dir/cc.out" 2>&1; then
		fail "odd manifest $name: mac-polc exits 0 but its C does not compile: $(head -3 "$dir/cc.out")"
		return
	fi
	# The entries, for the program that prints the strings back.
	sed -n 's/^extern void \(.*\)(void);$/void \1(void) {}/p' "$dir/mac_policy.c" >"$dir/entries.c"
	if ! $HOST_CC -std=c99 -Wall -I"$MAC_DIR" -I"$dir" -o "$dir/strings" \
		tests/host/polc_strings.c "$dir/entries.c" "$dir/mac_policy.c" >"$dir/cc.out" 2>&1; then
		fail "odd manifest $name: strings program: $(head -3 "$dir/cc.out")"
		return
	fi
	"$dir/strings" >"$dir/strings.out"
	if ! cmp -s "$dir/strings.out" "${m%.manifest}.expect"; then
		fail "odd manifest $name: strings differ: $(diff "${m%.manifest}.expect" "$dir/strings.out" | head -3)"
		return
	fi
	pass "odd manifest $name: accepted, compiles with -Wall -Werror, $(wc -l <"$dir/strings.out") strings as written"
}

for m in "$T"/ok_*.manifest; do
	ok_manifest "$m"
done

# ---- size limits, and --dump in chunks

# The figures come from sepol_ref's count (the differential above).
n=$(cat "$T/device.conf.count")
reject "dump limit: the device policy over --max-triples 1000" \
	"dump: $n triples" "$MAC_POLC" --dump --max-triples 1000 "$DEVICE_BIN"
reject "table limit: the device manifest over --max-table-bytes 1024" \
	"bytes (1.7 KiB), over the limit of 1024 (1.0 KiB)" \
	"$MAC_POLC" --max-table-bytes 1024 -o "$T/out" "$DEVICE_BIN" "$DEVICE_MANIFEST"
reject "triple limit: the device manifest over --max-triples 100" \
	"triples for the security server, over the limit of 100 (--max-triples N)" \
	"$MAC_POLC" --max-triples 100 -o "$T/out" "$DEVICE_BIN" "$DEVICE_MANIFEST"
reject "table limit: a limit that is not a number" "--max-table-bytes 12x: not a number" \
	"$MAC_POLC" --max-table-bytes 12x -o "$T/out" "$DEVICE_BIN" "$DEVICE_MANIFEST"
reject "dump: an unknown domain" "--domain nosuch_t: " \
	"$MAC_POLC" --dump --domain nosuch_t "$DEVICE_BIN"
reject "dump: an unknown class" "--class nosuch: unknown class" \
	"$MAC_POLC" --dump --class file,nosuch "$DEVICE_BIN"

# mac-polc's dump of a subset, sorted as it comes, against sepol_ref's of
# the same subset, sorted here; FLAGS may add mac-polc's own options.
dump_subset() {
	label=$1 policy=$2 flags=$3
	shift 3
	"$SEPOL_REF" "$@" "$policy" 2>"$T/$label.count" | LC_ALL=C sort >"$T/$label.ref"
	# shellcheck disable=SC2086
	if ! CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" "$MAC_POLC" --dump $flags "$@" \
		"$policy" >"$T/$label.dump" 2>"$T/$label.err"; then
		fail "dump $label: $(tail -1 "$T/$label.err")"
		return 1
	fi
	n=$(cat "$T/$label.count")
	if [ "$n" -eq 0 ] || ! cmp -s "$T/$label.ref" "$T/$label.dump"; then
		bad=$(diff "$T/$label.ref" "$T/$label.dump" | grep -c '^[<>]')
		fail "dump $label: $bad lines differ over $n triples"
		return 1
	fi
	pass "dump $label: $n triples, $(wc -l <"$T/$label.dump") rules, 0 mismatches, in order"
}

# A background job of a script starts with SIGINT ignored, nohup with
# SIGHUP, and mac-polc keeps an ignored signal ignored: the signals the
# tests send are set back to their defaults for it.
spawn_dump() {
	TMPDIR="$T/tmp" CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" \
		env --default-signal=INT,HUP,TERM "$MAC_POLC" --dump "$@" >/dev/null 2>"$T/sig.err" &
	pid=$!
}

# Sends SIG once WHAT exists in the dump's directory (and DELAY more
# seconds); mac-polc must end by the signal, leaving nothing behind.
interrupt() {
	label=$1 sig=$2 what=$3 delay=$4
	shift 4
	rm -rf "$T/tmp"
	mkdir -p "$T/tmp"
	spawn_dump "$@"
	i=0
	while ! ls "$T"/tmp/mac-polc.*/"$what" >/dev/null 2>&1 && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sleep "$delay"
	dir=$(ls -d "$T"/tmp/mac-polc.* 2>/dev/null)
	kill -"$sig" $pid
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL $pid 2>/dev/null
	wait $pid
	rc=$?
	left=$(ls -A "$T/tmp")
	busy=$(ps -eo args | grep -F "$dir" | grep -v grep)
	if [ -z "$dir" ]; then
		fail "signal $label: no dump directory to remove"
	elif [ $rc -eq 0 ] || [ -n "$left" ] || [ -n "$busy" ]; then
		fail "signal $label: exit $rc, left '$left', running '$busy'"
	else
		pass "signal $label: exit $rc, $(basename "$dir") and the compiler's files gone"
	fi
}

# SIGTERM while a chunk's tables are written: mac-polc is stopped with
# polc_emit.c's temporary file there, and must remove it with the rest
# (three chunks, three chances to catch one a run).
emit_attempt() {
	rm -rf "$T/tmp"
	mkdir -p "$T/tmp"
	spawn_dump "$@"
	caught=
	while [ -z "$caught" ] && kill -0 $pid 2>/dev/null; do
		f=$(ls -d "$T"/tmp/mac-polc.*/.mac_policy.c.* 2>/dev/null | head -1)
		if [ -n "$f" ]; then
			kill -STOP $pid
			if [ -e "$f" ]; then caught=$f; else kill -CONT $pid; fi
		fi
		[ -n "$caught" ] || sleep 0.02
	done
	kill -TERM $pid 2>/dev/null
	kill -CONT $pid 2>/dev/null
	wait $pid
	rc=$?
	left=$(ls -A "$T/tmp")
}

# The file lives for milliseconds, and a loaded host can poll past all
# three: up to five runs, each caught one held to the rule.
interrupt_emit() {
	for attempt in 1 2 3 4 5; do
		emit_attempt "$@"
		[ -z "$caught" ] || break
	done
	if [ -z "$caught" ]; then
		fail "signal while writing the tables: never saw a temporary file in 5 runs (exit $rc)"
	elif [ $rc -eq 0 ] || [ -n "$left" ]; then
		fail "signal while writing the tables: exit $rc, left '$left'"
	else
		pass "signal while writing the tables: exit $rc, $(basename "$caught") gone"
	fi
}

DEBIAN=/etc/selinux/default/policy/policy.33
FC=/etc/selinux/default/contexts/files/file_contexts

# Debian's whole default policy: refused at once, with the figure; ask
# sepol_ref for the numbers of types and classes.
debian_whole() {
	ntypes=$("$SEPOL_REF" --domain syslogd_t --class file "$DEBIAN" 2>&1 >/dev/null)
	ncls=$("$SEPOL_REF" --domain syslogd_t --target syslogd_t "$DEBIAN" 2>&1 >/dev/null)
	n=$((ntypes * ntypes * ncls))
	start=$(date +%s%N)
	CC="$HOST_CC" MAC_MONITOR_DIR="$MAC_DIR" "$MAC_POLC" --dump "$DEBIAN" \
		>"$T/debian.out" 2>"$T/debian.err"
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	msg=$(cat "$T/debian.err")
	case $msg in
	*"dump: $n triples ($ntypes domains x $ntypes targets x $ncls classes"*"--max-triples N"*"--domain TYPE"*"--class CLASS"*) ok=1 ;;
	*) ok=0 ;;
	esac
	if [ $rc -ne 0 ] && [ $ok -eq 1 ] && [ ! -s "$T/debian.out" ] && [ $ms -lt 5000 ]; then
		pass "dump limit: Debian's whole policy refused in $ms ms: $n triples"
	else
		fail "dump limit: Debian's whole policy: exit $rc after $ms ms: $msg"
	fi
}

# A manifest labelled from Debian's whole file_contexts, a file of each
# context it gives (tools/fc-manifest.sh): compiled under the default
# limit within 10 s, and the limit is on the tables written: at their
# size they pass, one byte less is refused.
debian_manifest() {
	tools/fc-manifest.sh "$FC" tests/distro/default.manifest >"$T/debian.manifest"
	rm -rf "$T/out" && mkdir -p "$T/out"
	start=$(date +%s%N)
	"$MAC_POLC" -o "$T/out" "$DEBIAN" "$T/debian.manifest" >"$T/debian-gen.out" 2>&1
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
	bytes=$(sed -n 's/.*: tables \([0-9]*\) bytes.*/\1/p' "$T/debian-gen.out")
	if [ $rc -eq 0 ] && [ -s "$T/out/mac_policy.c" ] && [ -n "$bytes" ] && [ $ms -lt 10000 ]; then
		pass "Debian's file_contexts: $(grep -c '^file ' "$T/debian.manifest") files compile in $ms ms to $bytes bytes of tables"
	else
		fail "Debian's file_contexts: exit $rc after $ms ms: $(cat "$T/debian-gen.out")"
		return
	fi
	rm -rf "$T/out" && mkdir -p "$T/out"
	if "$MAC_POLC" --max-table-bytes "$bytes" -o "$T/out" "$DEBIAN" "$T/debian.manifest" \
		>/dev/null 2>&1 && [ -s "$T/out/mac_policy.c" ]; then
		pass "table limit: Debian's file_contexts at --max-table-bytes $bytes, its tables' size"
	else
		fail "table limit: Debian's file_contexts refused at its own size, $bytes"
	fi
	reject "table limit: Debian's file_contexts one byte over --max-table-bytes $((bytes - 1))" \
		"tables of $bytes bytes" \
		"$MAC_POLC" --max-table-bytes $((bytes - 1)) -o "$T/out" "$DEBIAN" "$T/debian.manifest"
}

if [ ! -f "$DEBIAN" ]; then
	echo "SKIP Debian's default policy: $DEBIAN not installed (selinux-policy-default)"
else
	debian_whole
	dump_subset debian-syslogd "$DEBIAN" "" --domain syslogd_t --class file,dir
	dump_subset debian-targets "$DEBIAN" "" --domain syslogd_t \
		--target var_log_t,etc_t,syslogd_t
	# one domain per chunk: the chunks' lines must merge into one order
	dump_subset debian-chunks "$DEBIAN" "--chunk-triples 8000" \
		--domain syslogd_t,sshd_t --domain init_t,crond_t --class file,dir
	if grep -q "1 domain at a time" "$T/debian-chunks.err"; then
		pass "dump debian-chunks: one domain per chunk"
	else
		fail "dump debian-chunks: not in chunks: $(cat "$T/debian-chunks.err")"
	fi
	interrupt "SIGINT while computing" INT "" 1 --max-triples 3G "$DEBIAN"
	interrupt "SIGTERM between chunks" TERM dump 0.3 --max-triples 1G \
		--chunk-triples 8000 --class file,dir "$DEBIAN"
	interrupt "SIGHUP while compiling" HUP mac_policy.c 0 --max-triples 1G \
		--chunk-triples 8000 --class file,dir "$DEBIAN"
	interrupt_emit --domain syslogd_t,getty_t,dhcpc_t "$DEBIAN"
	if [ -f "$FC" ]; then
		debian_manifest
	else
		echo "SKIP table limit on Debian's file types: no $FC"
	fi
fi

# ---- linear work: mac-polc's counts (--stats) at 500 to 8,000 statn
# types, each per type within a small factor at every size

if out=$(tools/polc-scale.py selftest 500 1000 2000 4000 8000 2>&1); then
	pass "linear work: $(echo "$out" | tail -1)"
else
	fail "linear work: $(echo "$out" | tr '\n' ' ')"
fi
if [ -z "$MAC_POLC_BIG" ]; then
	fail "linear work: no MAC_POLC_BIG (make test-monitor-host builds it)"
elif tools/polc-scale.py work "$MAC_POLC_BIG" "$T/scale" 500 1000 2000 4000 8000 \
	>"$T/scale.out" 2>&1; then
	pass "linear work: $(grep '^[a-z]*: per type' "$T/scale.out" | tr '\n' ';' | sed 's/;$//')"
else
	fail "linear work: $(grep -v '^|' "$T/scale.out" | tr '\n' ' ')"
fi

# ---- unit test of mac.h/mac.c on the device tables, under sanitizers

UNIT=$T/mac_unit_test
if $HOST_CC -std=c99 -g -O1 -Wall -Wextra -Werror -DMAC_STATS=1 \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-I"$MAC_DIR" -I"$T/gen" -o "$UNIT" tests/host/mac_unit_test.c tests/host/device_tasks.c \
	"$MAC_DIR/mac.c" "$T/gen/mac_policy.c" >"$T/unit.cc" 2>&1; then
	pass "unit test builds with -fsanitize=address,undefined"
else
	fail "unit test builds: $(head -5 "$T/unit.cc")"
fi
if [ -x "$UNIT" ]; then
	"$UNIT" "$T/denials.log" >"$T/unit.out" 2>&1
	rc=$?
	grep -E '^(PASS|FAIL) ' "$T/unit.out"
	up=$(grep -c '^PASS ' "$T/unit.out")
	uf=$(grep -c '^FAIL ' "$T/unit.out")
	passed=$((passed + up))
	failed=$((failed + uf))
	if [ $rc -ne 0 ] && [ "$uf" -eq 0 ]; then
		fail "unit test exited $rc: $(tail -3 "$T/unit.out")"
	fi
fi

# ---- audit lines read by audit2allow

if ! command -v audit2allow >/dev/null 2>&1; then
	echo "SKIP audit2allow: not installed"
elif [ ! -s "$T/denials.log" ]; then
	fail "audit2allow: the unit test logged no denial"
else
	audit2allow -p "$DEVICE_BIN" -i "$T/denials.log" >"$T/a2a.out" 2>&1
	for rule in "allow logger_t fw_t:file read;" \
		    "allow control_t sensor_t:process sigkill;"; do
		if grep -qxF "$rule" "$T/a2a.out"; then
			pass "audit2allow reads our denials: $rule"
		else
			fail "audit2allow: no '$rule' in: $(tr '\n' ' ' <"$T/a2a.out")"
		fi
	done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
