# The Linux peer: Debian's Linux 6.1 on the same QEMU machines, with
# SELinux (strategy=linux) and without any LSM (strategy=linux-nolsm),
# running the firmware's benchmarks from a small init (peer/init/).
#
#   make peer [BOARD=r2dplus|mainstone]   both kernels, booted, checked
#   make peer-cycles [BOARD=...]          the same boots under the CPU's
#                                         timing model: figures in est-cycles
#   make peer-test                        the same as a test (.ci/run), with
#                                         a short boot of each under the model
#
# Everything lands in build/peer/<board>/; the source is unpacked once
# into build/peer/linux-6.1.  A kernel is rebuilt only when its config
# fragments change, a log only when its kernel or initramfs does.  A
# board's two kernels build side by side (each build leaves a core idle
# while it links): make's own -j2 for them, whatever the command line.
PEER_BOARDS := r2dplus mainstone
PEER_KINDS := selinux nolsm
# The source, and what its build runs on the host (rsync for
# headers_install, flex/bison for kconfig, bc for the timer constants).
PEER_DEB_PACKAGES := linux-source-6.1 flex bison bc rsync
PEER_DIR := $(BUILD_ROOT)/peer
PEER_SRC := $(PEER_DIR)/linux-6.1
PEER_RESULTS := $(PEER_DIR)/results
PEER_TARBALL := /usr/src/linux-source-6.1.tar.xz
PEER_JOBS ?= $(shell nproc)

# Each board's Linux: its defconfig and compiler.  The SH-4 kernel is
# built with the project's plugin: the compiler bug hits Linux too.
PEER_r2dplus_ARCH := sh
PEER_r2dplus_INIT_ARCH := sh4
PEER_r2dplus_CROSS := sh4-linux-gnu-
PEER_r2dplus_DEFCONFIG := rts7751r2dplus_defconfig
PEER_r2dplus_KCFLAGS = -fplugin=$(abspath $(SH4_PLUGIN))
PEER_r2dplus_DEPS = $(SH4_PLUGIN)
PEER_r2dplus_INIT_CFLAGS = -fplugin=$(abspath $(SH4_PLUGIN)) -fno-pic -no-pie
PEER_mainstone_ARCH := arm
PEER_mainstone_INIT_ARCH := arm
PEER_mainstone_CROSS := arm-none-eabi-
PEER_mainstone_DEFCONFIG := mainstone_defconfig
PEER_mainstone_INIT_CFLAGS := -mcpu=xscale -Wl,-z,max-page-size=4096 -Wl,-Ttext=0x10000

# The board's own QEMU command (board.mk), with -icount shift=0: there
# CLOCK_MONOTONIC advances 1 ns per instruction (the firmware's R2D+
# runs at shift=8 for its TMU; Linux's 250 Hz tick would then take a
# tenth of every second).  The R2D+'s kernel has its command line built
# in (r2dplus.config); the Mainstone's takes QEMU's.
PEER_r2dplus_QEMU = $(subst shift=8,shift=0,$(R2D_QEMU))
PEER_mainstone_QEMU = $(PXA270_QEMU) -M mainstone -append "console=ttyS0,115200 mem=64M"
PEER_TIMEOUT := 900

# Under the CPU's timing model (sim/, marked windows: include/window_marks.h):
# marks honoured in the init's user space only, the kernel's text from
# its System.map, where the kernel's virtual addresses are in physical
# memory, the board's SDRAM.  The SH-4 kernel runs in P1; the ARM one at
# PAGE_OFFSET 0xC0000000 over the SDRAM at 0xA0000000, its user space
# below TASK_SIZE (PAGE_OFFSET less 16 MiB).  The XScale model is told
# that the MMU is already on (the model starts at the first mark), that
# the firmware's uncached frames are not there, and Linux's map: lowmem
# (the SDRAM) in sections, all else in small pages (sim/xscale-params.md).
PEER_r2dplus_MARKS := 0:0x80000000
PEER_r2dplus_V2P := 0x80000000
PEER_r2dplus_SIM_PARAMS :=
PEER_mainstone_MARKS := 0:0xbf000000
PEER_mainstone_V2P := 0x20000000
PEER_mainstone_SIM_PARAMS = mmu_on_at_reset=1 uncached_size=0 section_base=0xc0000000 \
	section_size=$(lastword $(subst :, ,$(SIM_RAM)))
PEER_KTEXT = $(shell awk '$$3 == "_text" { lo = $$1 } $$3 == "_etext" { hi = $$1 } \
	END { if (lo && hi) print "0x" lo ":0x" hi }' $(PB)/linux-$(1)/System.map)
# PEER_SIM_ARGS KIND OUT: the plugin's arguments for that kernel
PEER_SIM_ARGS = $(subst $(space),$(comma),$(strip marks=$(PEER_$(BOARD)_MARKS) kernel=$(call \
	PEER_KTEXT,$(1)) v2p=$(PEER_$(BOARD)_V2P) ram=$(SIM_RAM) out=$(2) $(PEER_$(BOARD)_SIM_PARAMS)))
# PEER_CYCLES_LOG KIND PLAN: the joined log (PLAN: empty, or -short)
PEER_CYCLES_LOG = $(PB)/$(1).cycles$(2).log

PB := $(PEER_DIR)/$(BOARD)
PEER_KERNEL = $(PB)/linux-$(1)/arch/$(PEER_$(BOARD)_ARCH)/boot/zImage
PEER_LOG = $(PB)/$(1).log
PEER_KMAKE = env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C $(PEER_SRC) O=$(abspath \
	$(PB)/linux-$(1)) ARCH=$(PEER_$(BOARD)_ARCH) CROSS_COMPILE=$(PEER_$(BOARD)_CROSS) \
	$(if $(PEER_$(BOARD)_KCFLAGS),KCFLAGS="$(PEER_$(BOARD)_KCFLAGS)") $(if $(V),V=1,-s)

.PHONY: peer peer-test peer-deps peer-logs peer-cycles peer-cycles-logs
ifeq ($(filter command line environment,$(origin BOARD)),)
peer peer-cycles:
	$(Q)for b in $(PEER_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b $@ || exit 1; done
peer-test:
	$(Q)rm -rf $(PEER_RESULTS)
	$(Q)st=0; for b in $(PEER_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b $@ || st=1; done; \
		tools/test-summary.sh $(PEER_RESULTS) && exit $$st
else ifeq ($(filter $(BOARD),$(PEER_BOARDS)),)
peer peer-test peer-cycles:
	@echo "$@: Linux 6.1 has no support for the $(BOARD) (its PXA270 boards are the Mainstone and others, not the Verdex); the PXA270's peer runs on BOARD=mainstone, the same CPU on the same QEMU" >&2; exit 1
else
peer peer-test: peer-logs
peer-logs:
	$(Q)$(MAKE) --no-print-directory -s -j$(words $(PEER_KINDS)) $(foreach k,$(PEER_KINDS),$(call PEER_LOG,$(k)))
peer:
	$(Q)for k in $(PEER_KINDS); do \
		peer/check.py $(BOARD) $$k $(PB)/$$k.log $(STATN_N) >$(PB)/$$k.check || \
			{ cat $(PB)/$$k.check >&2; exit 1; }; \
		grep -h '^linux-peer:\|^selinux:\|avc:  denied\|^counter\|^BENCH\|^AVCSTAT' $(PB)/$$k.log; \
		tail -1 $(PB)/$$k.check; done
# Under the model the init's insns figures are the plain boot's: the
# console is held to check.py too.
peer-cycles: peer-cycles-logs
	$(Q)for k in $(PEER_KINDS); do \
		peer/check.py $(BOARD) $$k $(PB)/$$k.cycles.raw.log $(STATN_N) >$(PB)/$$k.cycles.check || \
			{ cat $(PB)/$$k.cycles.check >&2; exit 1; }; \
		grep -h '^linux-peer:\|^cycles:\|^CAUSES\|^BENCH .*unit=est-cycles\|^BENCH .*-cold' \
			$(call PEER_CYCLES_LOG,$$k); \
		tail -1 $(PB)/$$k.cycles.check; done
peer-cycles-logs:
	$(Q)$(MAKE) --no-print-directory -s -j$(words $(PEER_KINDS)) $(foreach k,$(PEER_KINDS),$(call \
		PEER_CYCLES_LOG,$(k)))
# ... and each kernel's short boot under the model: windows joined, and
# seed 000's calls in est-cycles (peer/cycles.py test).
peer-test:
	$(Q)st=0; for k in $(PEER_KINDS); do tools/run-part.sh peer-$(BOARD)-$$k $(PEER_RESULTS) \
		peer/check.py $(BOARD) $$k $(PB)/$$k.log $(STATN_N) || st=1; done; \
	$(MAKE) --no-print-directory -s -j$(words $(PEER_KINDS)) $(foreach k,$(PEER_KINDS),$(call \
		PEER_CYCLES_LOG,$(k),-short)) || st=1; \
	tools/run-part.sh peer-cycles-$(BOARD) $(PEER_RESULTS) peer/cycles.py test $(BOARD) \
		$(foreach k,$(PEER_KINDS),$(PB)/$(k).cycles-short.raw.log $(PB)/$(k).cycles-short.totals) \
		|| st=1; exit $$st
endif

peer-deps:
	$(Q)tools/ensure-deps.sh $(PEER_DEB_PACKAGES)

$(PEER_SRC)/Makefile: | peer-deps
	@echo "  UNPACK  $(PEER_TARBALL)"
	$(Q)rm -rf $(PEER_SRC) $(PEER_SRC).tmp && mkdir -p $(PEER_SRC).tmp
	$(Q)tar -xJf $(PEER_TARBALL) -C $(PEER_SRC).tmp --strip-components=1
	$(Q)mv $(PEER_SRC).tmp $(PEER_SRC)

# The board's defconfig, then the fragments (peer/linux/); every option a
# fragment sets must come out as set, or the build stops.
define peer_kernel
$(PB)/linux-$(1)/.config: $(PEER_SRC)/Makefile peer/linux/common.config peer/linux/$(1).config \
		peer/linux/$(BOARD).config peer/config.sh
	@echo "  CONFIG  $$@ ($(PEER_$(BOARD)_DEFCONFIG) + $(1))"
	$(Q)mkdir -p $$(@D) && $(call PEER_KMAKE,$(1)) $(PEER_$(BOARD)_DEFCONFIG) >/dev/null
	$(Q)peer/config.sh $(PEER_SRC) $$(@D) "$(call PEER_KMAKE,$(1))" peer/linux/common.config \
		peer/linux/$(1).config peer/linux/$(BOARD).config

$(call PEER_KERNEL,$(1)): $(PB)/linux-$(1)/.config $(PEER_$(BOARD)_DEPS)
	@echo "  LINUX   $$@ (about ten minutes)"
	$(Q)$(call PEER_KMAKE,$(1)) -j$(PEER_JOBS) zImage >$(PB)/linux-$(1).build.log 2>&1 || \
		{ tail -30 $(PB)/linux-$(1).build.log >&2; exit 1; }
	$(Q)touch $$@

$(call PEER_LOG,$(1)): $(call PEER_KERNEL,$(1)) $(PB)/initrd.cpio peer/run.sh
	@echo "  BOOT    $$@"
	$(Q)peer/run.sh $(PEER_TIMEOUT) $$@ $(PEER_$(BOARD)_QEMU) -kernel $(call PEER_KERNEL,$(1)) \
		-initrd $(PB)/initrd.cpio
endef
$(foreach k,$(PEER_KINDS),$(eval $(call peer_kernel,$(k))))

# A boot under the model (PLAN $(2): empty, or -short): the console, the
# plugin's out file beside it, then both joined.
define peer_cycles
$(PB)/$(1).cycles$(2).raw.log: $(call PEER_KERNEL,$(1)) $(PB)/initrd$(2).cpio $(SIM_SO) peer/run.sh
	@echo "  CYCLES  $$@ (under the $(SIM_MODEL) model)"
	$(Q)peer/run.sh $(PEER_TIMEOUT) $$@ $(PEER_$(BOARD)_QEMU) -kernel $(call PEER_KERNEL,$(1)) \
		-initrd $(PB)/initrd$(2).cpio -plugin $(abspath $(SIM_SO)),$$(call \
		PEER_SIM_ARGS,$(1),$(PB)/$(1).cycles$(2).totals)
$(call PEER_CYCLES_LOG,$(1),$(2)): $(PB)/$(1).cycles$(2).raw.log peer/cycles.py
	$(Q)peer/cycles.py $$< $(PB)/$(1).cycles$(2).totals $$@
endef
$(foreach k,$(PEER_KINDS),$(eval $(call peer_cycles,$(k),)))
$(foreach k,$(PEER_KINDS),$(eval $(call peer_cycles,$(k),-short)))

# The init, against the kernel's own UAPI headers.
$(PB)/headers/include/asm/unistd.h: $(PEER_SRC)/Makefile
	$(Q)rm -rf $(PB)/headers $(PB)/linux-headers-build && mkdir -p $(PB)/linux-headers-build
	$(Q)$(call PEER_KMAKE,headers-build) headers_install INSTALL_HDR_PATH=$(abspath $(PB)/headers)

$(PB)/init: peer/init/init.c peer/init/arch/$(PEER_$(BOARD)_INIT_ARCH)/peer_arch.h include/bench_plan.h \
		include/window_marks.h \
		$(PB)/headers/include/asm/unistd.h $(PEER_$(BOARD)_DEPS)
	@echo "  CC      $@"
	$(Q)$(PEER_$(BOARD)_CROSS)gcc -std=gnu11 -O2 -Wall -Wextra -Werror -ffreestanding -fno-builtin \
		-nostdlib -static $(PEER_$(BOARD)_INIT_CFLAGS) -isystem $(PB)/headers/include \
		-Iinclude -Ipeer/init/arch/$(PEER_$(BOARD)_INIT_ARCH) -DPEER_BOARD='"$(BOARD)"' \
		-DSTATN_N=$(STATN_N) $< -lgcc -o $@

# The policy: the statn labels as many as the firmware's (STATN_N).
$(PEER_DIR)/policy.conf: peer/gen-policy.py
	$(Q)mkdir -p $(@D) && peer/gen-policy.py $(STATN_N) $@
$(PEER_DIR)/policy.bin: $(PEER_DIR)/policy.conf
	@echo "  POLICY  $@"
	$(Q)checkpolicy -U allow -o $@.tmp $< >/dev/null && mv $@.tmp $@

# The initramfs, written with the kernel's own gen_init_cpio (device
# nodes without root).
$(PEER_DIR)/gen_init_cpio: $(PEER_SRC)/Makefile
	$(Q)cc -O2 -o $@ $(PEER_SRC)/usr/gen_init_cpio.c
$(PB)/initrd.cpio: $(PB)/init $(PEER_DIR)/policy.bin $(PEER_DIR)/gen_init_cpio peer/initramfs.list
	@echo "  CPIO    $@"
	$(Q)echo $(BOARD) >$(PB)/hostname
	$(Q)sed -e 's|@INIT@|$(abspath $(PB)/init)|; s|@POLICY@|$(abspath $(PEER_DIR)/policy.bin)|' \
		-e 's|@HOSTNAME@|$(abspath $(PB)/hostname)|' peer/initramfs.list >$(PB)/initramfs.list
	$(Q)$(PEER_DIR)/gen_init_cpio $(PB)/initramfs.list >$@.tmp && mv $@.tmp $@

# The short plan's initramfs: the usual one and a second archive with
# /plan after it (the kernel unpacks each archive in turn).
$(PEER_DIR)/plan-short.cpio: $(PEER_DIR)/gen_init_cpio
	$(Q)echo short >$(PEER_DIR)/plan-short
	$(Q)echo "file /plan $(abspath $(PEER_DIR)/plan-short) 0644 0 0" | $(PEER_DIR)/gen_init_cpio - >$@.tmp
	$(Q)mv $@.tmp $@
$(PB)/initrd-short.cpio: $(PB)/initrd.cpio $(PEER_DIR)/plan-short.cpio
	$(Q)cat $^ >$@.tmp && mv $@.tmp $@
