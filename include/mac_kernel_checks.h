/*
 * mac_kernel_checks.h - every class and permission the kernel and the
 * firmware ask the monitor about, as MAC_CLASS_<CLASS> and
 * MAC_PERM_<CLASS>__<PERM>.  mac-polc includes this file: a manifest whose
 * class and map statements do not give each of these a table and a bit
 * stops the build there, with the fix, instead of leaving the kernel
 * without a constant.  The host tests grep the kernel's sources for the
 * constants and fail when this list and the uses differ.
 *
 * MAC_KERNEL_CHECKS(X) calls X(class, perm) for the checks every kernel
 * makes, a class's permissions together.  MAC_KERNEL_OBJECT_CHECKS(X) are the classes of node kinds only a
 * manifest creates (sock_file, fifo_file): needed when the manifest
 * declares such a node; the kernel uses them under #ifdef MAC_CLASS_....
 * MAC_KERNEL_OPTIONAL_CHECKS(X) are checks of a feature a manifest may
 * leave out (the serial console's setenforce; the fd:use of the selinux07
 * models, as 2.6.22's file_has_perm): checked as the kernel's when the
 * manifest gives the class, else the kernel refuses the feature.
 */
#ifndef MAC_KERNEL_CHECKS_H
#define MAC_KERNEL_CHECKS_H

#define MAC_KERNEL_CHECKS(X) \
	X(file, read) \
	X(file, write) \
	X(file, append) \
	X(file, create) \
	X(file, unlink) \
	X(file, getattr) \
	X(file, open) \
	X(file, execute) \
	X(file, execute_no_trans) \
	X(file, entrypoint) \
	X(dir, read) \
	X(dir, write) \
	X(dir, add_name) \
	X(dir, remove_name) \
	X(dir, search) \
	X(dir, getattr) \
	X(dir, create) \
	X(dir, open) \
	X(dir, rmdir) \
	X(chr_file, read) \
	X(chr_file, write) \
	X(chr_file, append) \
	X(chr_file, unlink) \
	X(chr_file, getattr) \
	X(chr_file, open) \
	X(process, transition) \
	X(channel, send) \
	X(channel, recv)

#define MAC_KERNEL_OBJECT_CHECKS(X) \
	X(sock_file, read) \
	X(sock_file, write) \
	X(sock_file, append) \
	X(sock_file, unlink) \
	X(sock_file, getattr) \
	X(sock_file, open) \
	X(fifo_file, read) \
	X(fifo_file, write) \
	X(fifo_file, append) \
	X(fifo_file, unlink) \
	X(fifo_file, getattr) \
	X(fifo_file, open)

#define MAC_KERNEL_OPTIONAL_CHECKS(X) \
	X(security, setenforce) \
	X(fd, use)

/* open, read, write, stat and unlink check a node of any kind with the
 * file class's constant, the node's own class choosing the table: each
 * (class, permission) such a check reaches.  Every pair is in a list
 * above too, so that mac-polc requires it in its own class; mac-polc
 * refuses tables that do not put it on the file class's bit, and
 * kernel/sys_fs.c asserts that they do (tests/host/kernel_checks.sh
 * holds the assertions to this list).  A directory is opened, read and
 * stat'd, never written through a handle nor unlinked (rmdir); the other
 * kinds may be all of it.  Every other check uses its own class's
 * constant. */
#define MAC_KERNEL_FILE_BIT_CHECKS(X) \
	X(dir, open) \
	X(dir, read) \
	X(dir, getattr) \
	X(chr_file, open) \
	X(chr_file, read) \
	X(chr_file, write) \
	X(chr_file, append) \
	X(chr_file, getattr) \
	X(chr_file, unlink) \
	X(sock_file, open) \
	X(sock_file, read) \
	X(sock_file, write) \
	X(sock_file, append) \
	X(sock_file, getattr) \
	X(sock_file, unlink) \
	X(fifo_file, open) \
	X(fifo_file, read) \
	X(fifo_file, write) \
	X(fifo_file, append) \
	X(fifo_file, getattr) \
	X(fifo_file, unlink)

#endif
