# The one list of Debian packages the build, the tests and the flashing
# files need.  Checked at every top-level make (a dpkg query, ~0.1 s).
DEB_PACKAGES := make gcc g++ python3 python3-matplotlib \
	gcc-sh4-linux-gnu binutils-sh4-linux-gnu gcc-12-plugin-dev-sh4-linux-gnu \
	newlib-source gcc-arm-none-eabi libnewlib-arm-none-eabi \
	qemu-system-misc qemu-system-arm gdb-multiarch openocd u-boot-tools \
	lrzsz python3-labgrid python3-pytest lava-dispatcher tftpd-hpa telnet \
	python3-sphinx python3-myst-parser \
	libsepol-dev checkpolicy secilc policycoreutils-python-utils m4 \
	clang-14 libclang-rt-14-dev \
	selinux-policy-default selinux-policy-mls

ifeq ($(MAKELEVEL),0)
ifeq ($(filter clean help print-deps,$(MAKECMDGOALS)),)
ifneq ($(shell tools/ensure-deps.sh $(DEB_PACKAGES) >&2; echo $$?),0)
$(error missing build dependencies (see above))
endif
endif
endif
