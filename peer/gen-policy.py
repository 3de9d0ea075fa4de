#!/usr/bin/env python3
"""The Linux peer's SELinux policy (policy.conf for checkpolicy).

One domain, kernel_t, the init's own (the kernel's initial SID: the
init starts before any policy and keeps that context), allowed every
file class on every file type but one: denied_t may be created and
labelled, never read or opened, which is how each boot proves that the
policy is enforced.  Seed 002's statn series needs N files of N labels:
statn_t0000 .. statn_t<N-1>, the firmware's own count (STATN_N).

The classes are those the benchmark touches, their permissions as
Linux 6.1 names them (security/selinux/include/classmap.h); the policy
is built with handle_unknown=allow (checkpolicy -U allow) for the rest,
as Debian's own policy is.

usage: gen-policy.py N OUT
"""
import sys

FILE_PERMS = ("ioctl read write create getattr setattr lock relabelfrom relabelto "
              "append map unlink link rename execute quotaon mounton audit_access open "
              "execmod watch watch_mount watch_sb watch_with_perm watch_reads")
CLASSES = {
    "security": "compute_av compute_create compute_member check_context load_policy "
                "compute_relabel compute_user setenforce setbool setsecparam "
                "setcheckreqprot read_policy validate_trans",
    "process": "fork transition sigchld sigkill sigstop signull signal ptrace getsched "
               "setsched getsession getpgid setpgid getcap setcap share getattr setexec "
               "setfscreate noatsecure siginh setrlimit rlimitinh dyntransition setcurrent "
               "execmem execstack execheap setkeycreate setsockcreate getrlimit",
    "system": "ipc_info syslog_read syslog_mod syslog_console module_request module_load",
    "capability": "chown dac_override dac_read_search fowner fsetid kill setgid setuid "
                  "setpcap linux_immutable net_bind_service net_broadcast net_admin net_raw "
                  "ipc_lock ipc_owner sys_module sys_rawio sys_chroot sys_ptrace sys_pacct "
                  "sys_admin sys_boot sys_nice sys_resource sys_time sys_tty_config mknod "
                  "lease audit_write audit_control setfcap",
    "filesystem": "mount remount unmount getattr relabelfrom relabelto associate quotamod "
                  "quotaget watch",
    "file": "execute_no_trans entrypoint",
    "dir": "add_name remove_name reparent search rmdir",
    "fd": "use",
    "lnk_file": "",
    "chr_file": "",
    "blk_file": "",
    "sock_file": "",
    "fifo_file": "",
}
FILE_CLASSES = ("file", "dir", "lnk_file", "chr_file", "blk_file", "sock_file", "fifo_file")
# Linux 6.1's initial SIDs are numbered 1..27 by position; the names are
# the reference policy's.
SIDS = ("kernel security unlabeled fs file file_labels init any_socket port netif netmsg "
        "node igmp_packet icmp_socket tcp_socket sysctl_modprobe sysctl sysctl_fs "
        "sysctl_kernel sysctl_net sysctl_net_unix sysctl_vm sysctl_dev kmod policy "
        "scmp_packet devnull").split()
SID_TYPE = {"kernel": "kernel_t", "security": "security_t", "unlabeled": "unlabeled_t",
            "fs": "fs_t", "file": "unlabeled_t", "devnull": "device_t"}
FS_TYPES = ("root_t", "tmpfs_t", "device_t", "proc_t", "sysfs_t", "security_t", "fs_t")


def policy(n):
    out = [f"class {c}" for c in CLASSES]
    out += [f"sid {s}" for s in SIDS]
    out.append("common file { %s }" % FILE_PERMS)
    for c, perms in CLASSES.items():
        inherits = " inherits file" if c in FILE_CLASSES else ""
        out.append(f"class {c}{inherits}" + (" { %s }" % perms if perms else ""))
    out += ["attribute file_type;", "attribute fs_type;", "type kernel_t;"]
    out += [f"type {t}, file_type, fs_type;" for t in FS_TYPES]
    out += ["type unlabeled_t, file_type;", "type denied_t;"]
    out += ["type statn_t%04d, file_type;" % i for i in range(n)]
    files = "{ %s }" % " ".join(FILE_CLASSES)
    out += [
        f"allow kernel_t file_type:{files} *;",
        "allow kernel_t fs_type:filesystem *;",
        "allow kernel_t self:{ process capability system fd } *;",
        "allow kernel_t security_t:security *;",
        "allow { file_type denied_t } fs_type:filesystem associate;",
        "allow kernel_t denied_t:file { create getattr setattr relabelto unlink };",
        "role system_r;",
        "role system_r types kernel_t;",
        "user system_u roles { system_r };",
    ]
    out += [f"sid {s} system_u:{'system_r' if s == 'kernel' else 'object_r'}:"
            f"{SID_TYPE.get(s, 'unlabeled_t')}" for s in SIDS]
    out += [
        "fs_use_trans tmpfs system_u:object_r:tmpfs_t;",
        "fs_use_trans devtmpfs system_u:object_r:device_t;",
        "genfscon rootfs / system_u:object_r:root_t",
        "genfscon proc / system_u:object_r:proc_t",
        "genfscon sysfs / system_u:object_r:sysfs_t",
        "genfscon selinuxfs / system_u:object_r:security_t",
    ]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit() or not 1 <= int(sys.argv[1]) <= 9999:
        sys.exit("usage: gen-policy.py N OUT  (N: the statn files' labels, 1..9999)")
    with open(sys.argv[2] + ".tmp", "w") as f:
        f.write(policy(int(sys.argv[1])))
    import os
    os.replace(sys.argv[2] + ".tmp", sys.argv[2])


if __name__ == "__main__":
    main()
