# mac-fw: a tiny RTOS with a compile-time SELinux reference monitor.
#
#   make [BOARD=r2dplus|verdex|mainstone] [TARGET]
#
# `make help` lists every target, one line each (mk/help.mk).
#
# Variables: BOARD; HW=1, MAC_STATS=1, PROFILE_TASKS=1, SH4_EXIT=chip
# (below); SEL07_BUILD=2007|gcc12, SEL07_STRCALLS=0|1, SEL07_FRAMES=0|1,
# how the selinux07 models are built (below, docs/models.md).
#
# `make layouts [N=16]` links the firmware's objects again in N seeded
# layouts (the kernel's sections in another order, padded: same code,
# other addresses) and boots seed 000's calls in each under the CPU's
# timing model: how far est-cycles move with the layout on 2-way caches
# (mk/layouts.mk, tools/layouts.py, docs/timing.md).
#
# An image is rebuilt from what defines it, whatever changed: its policy,
# manifests and sources (build/<board>/<image>/gen/inputs holds them), so
# that e.g. make MAC_MANIFEST=FILE, then make, needs no touch and no clean.
# A failed step leaves no output (.DELETE_ON_ERROR, generators write a
# temporary and rename it).
BOARDS := r2dplus verdex mainstone
BOARD ?= r2dplus
ifeq ($(filter $(BOARD),$(BOARDS)),)
$(error unknown BOARD '$(BOARD)': choose one of: $(BOARDS))
endif

BUILD_ROOT := build
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
# HW=1: an image for a real board's cycle counter; MAC_STATS=1: the
# monitor counts every check (as avcstat's lookups; it costs the fast
# path an increment); PROFILE_TASKS=1: the on-target suites on the
# profiling system-call table (kernel/profile.c); SH4_EXIT=chip: the R2D+
# image with the chip's exit whatever the board (under QEMU, to test it:
# the tick then waits, board_tick.h).  Each is built apart.
MAC_STATS ?= 0
PROFILE_TASKS ?= 0
# The selinux07 models (docs/models.md): SEL07_BUILD=2007 (default)
# builds them as Linux 2.6.22 and its compiler did, one object per file
# of the kernel (monitor/sel07/) with 2.6.22's flags for the CPU;
# SEL07_BUILD=gcc12 builds today's one-file model (model_selinux07.c),
# which GCC 12 optimises across.  Knobs of the 2007 build, to attribute
# each factor: SEL07_STRCALLS=0, memset and memcpy as GCC 12's inline
# builtins instead of 2.6.22's calls; SEL07_FRAMES=0, no APCS frames on
# the ARM (a no-op on the SH-4, built without a frame pointer).  Any
# value other than the default builds apart (-sel07gcc12,
# -nostrcalls, -noframes).
SEL07_BUILD ?= 2007
SEL07_STRCALLS ?= 1
SEL07_FRAMES ?= 1
ifeq ($(filter $(SEL07_BUILD),2007 gcc12),)
$(error unknown SEL07_BUILD '$(SEL07_BUILD)': choose 2007 (default) or gcc12)
endif
ifeq ($(filter $(SEL07_STRCALLS),0 1),)
$(error SEL07_STRCALLS must be 0 or 1 (default), not '$(SEL07_STRCALLS)')
endif
ifeq ($(filter $(SEL07_FRAMES),0 1),)
$(error SEL07_FRAMES must be 0 or 1 (default), not '$(SEL07_FRAMES)')
endif
BUILD := $(BUILD_ROOT)/$(BOARD)$(if $(filter 1,$(HW)),-hw)$(if $(filter 1,$(MAC_STATS)),-stats)$(if \
	$(filter 1,$(PROFILE_TASKS)),-profile)$(if $(filter chip,$(SH4_EXIT)),-chipexit)$(if \
	$(filter gcc12,$(SEL07_BUILD)),-sel07gcc12)$(if $(filter 0,$(SEL07_STRCALLS)),-nostrcalls)$(if \
	$(filter 0,$(SEL07_FRAMES)),-noframes)
RESULTS := $(BUILD_ROOT)/results
Q := $(if $(filter 1,$(V)),,@)

include mk/deps.mk
include boards/$(BOARD)/board.mk
include arch/$(ARCH)/arch.mk

include monitor/monitor.mk
include monitor/models.mk
include tests/fuzz/fuzz.mk
include sim/sim.mk
include peer/peer.mk
include mk/lava.mk
include mk/labgrid.mk

INCLUDES := -Iinclude -Iarch/$(ARCH)/include -Iboards/$(BOARD) -Iboards/$(SOC) -Ikernel -Iuser \
	-I$(MAC_DIR)
# files of distinct labels for the statn benchmark (app/bench.c)
STATN_N := 1600
CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -ffunction-sections -fdata-sections \
	-fno-common $(ARCH_CFLAGS) $(INCLUDES) -DMAC_STATS=$(MAC_STATS) -DSTATN_N=$(STATN_N) \
	-MMD -MP
# Task code: no unwind tables (they would land outside the user region)
# and no calls the compiler invents into the kernel's libc.
UCFLAGS := $(CFLAGS) -fno-builtin -fno-unwind-tables -fno-asynchronous-unwind-tables \
	-fno-tree-loop-distribute-patterns
# The compiler calls memcpy and memset for copies and clears of its own;
# in task code those are the user library's (user/ulib.c), not the kernel's.
USER_MEM_SYMS := --redefine-sym memcpy=u_memcpy --redefine-sym memset=u_memset \
	--redefine-sym memmove=u_memmove
LDFLAGS := -nostdlib -T $(LDSCRIPT) -Wl,--gc-sections -Wl,--no-warn-rwx-segments \
	-Wl,--build-id=none

# What GCC 3.4 did not do, off for the 2007 build's objects: inlining
# beyond functions declared inline and static ones called once (GCC 10
# and later inline small functions at -O2), partial inlining,
# shrink-wrapping, interprocedural register allocation; and 2.6.22's
# -fno-strict-aliasing.
SEL07_GCC34_CFLAGS := -fno-strict-aliasing -fno-inline-functions -fno-inline-small-functions \
	-fno-partial-inlining -fno-shrink-wrap -fno-ipa-ra
# the selinux07 models: the 2007 build's objects each with 2.6.22's flags
# for the CPU (ARCH_SEL07_CFLAGS), as Linux's CFLAGS_file.o
SEL07_SRCS := $(if $(filter gcc12,$(SEL07_BUILD)),monitor/model_selinux07.c,$(wildcard \
	monitor/sel07/*.c) $(if $(filter 1,$(SEL07_STRCALLS)),$(ARCH_SEL07_SRCS)))
$(foreach f,$(filter monitor/sel07/%,$(SEL07_SRCS)),$(eval CFLAGS_$(f) := $(ARCH_SEL07_CFLAGS) \
	-Imonitor/sel07 -DSEL07_STRCALLS=$(SEL07_STRCALLS)))
KERNEL_SRCS := $(ARCH_SRCS) $(BOARD_SRCS) $(wildcard kernel/*.c) $(MAC_SRCS) \
	monitor/model_smack.c monitor/model_selinux07_lsm.c $(SEL07_SRCS)
# compiled once more per strategy other than flat (kernel/syscalls.h)
STRATEGY_SRCS := $(wildcard kernel/sys_*.c)
STRATEGIES := none selinux07 selinux07tuned smack smackhash smackfix profile
USER_LIB_SRCS := $(wildcard user/*.c)

# A program is the task source files named PROG.c or PROG-PART.c; the
# user library's sections are .user.lib.*.
program_of = $(firstword $(subst -, ,$(basename $(notdir $(1)))))
program_names = $(sort $(foreach f,$(1),$(call program_of,$(f))))
user_section = $(if $(filter $(USER_LIB_SRCS),$(1)),lib,$(call program_of,$(1)))

# Two images per board, each with its own policy and manifest: the
# firmware (the sample application) and the on-target test suite.
IMAGES := firmware test
# the firmware's policy: the device policy plus the statn benchmark's
# STATN_N objects of as many types (tools/gen-statn.py); its manifests:
# the device's, then the statn objects' own, so that a mistake in
# MAC_MANIFEST is reported at its own line
firmware_POLICY := $(BUILD)/firmware/gen/device-statn.conf
firmware_MANIFEST := $(MAC_MANIFEST) $(BUILD)/firmware/gen/statn.manifest
# what else defines it: the policy source gen-statn extends
firmware_INPUTS := $(abspath $(MAC_POLICY_SRC)) STATN_N=$(STATN_N)
# the serial console and the report's interface (report/), in the
# images that have a console: the firmware and a device; linked first,
# so that its buffers in .user.kdata leave the benchmarks' where they
# were from the region's end (user_copy_string's bound: a benchmark's
# figure would move with the console's buffers)
REPORT_SRCS := $(wildcard report/*.c)
firmware_SRCS := $(REPORT_SRCS) $(wildcard app/*.c)
firmware_CFLAGS := -Ireport
firmware_USER_SRCS := $(wildcard app/user/*.c)
test_POLICY := tests/target/test.conf
test_MANIFEST := tests/target/test.manifest
test_SRCS := $(wildcard tests/target/k*.c)
# the test image notes every grant, for the host's check against the policy
test_CFLAGS := -DMAC_GRANT_LOG=1 -DTEST_TASKS_PROFILED=$(if $(filter 1,$(PROFILE_TASKS)),1,0)
test_USER_SRCS := $(wildcard tests/target/u*.c)

# A third kind, built when asked: a device on a distribution's own
# policy, the binary as installed (selinux-policy-default, -mls), one
# image per policy: distro-default, distro-mls (tests/distro/).  The
# selinux07 models hold a policy's whole avtab and no MLS: this image
# builds their stand-in that refuses (monitor/model_selinux07.c without
# MAC_SEL07_MODEL) and runs no benchmark.
DISTROS := default mls
DISTRO ?= default
SELINUX_ROOT ?= /etc/selinux
distro_policy = $(lastword $(sort $(wildcard $(SELINUX_ROOT)/$(1)/policy/policy.*)))
define distro_image
IMAGES += distro-$(1)
distro-$(1)_POLICY := $$(call distro_policy,$(1))
distro-$(1)_MANIFEST := tests/distro/$(1).manifest
distro-$(1)_SRCS := $(wildcard tests/distro/k*.c)
distro-$(1)_USER_SRCS := $(wildcard tests/distro/user/*.c)
distro-$(1)_CFLAGS := -DDISTRO_NAME='"$(1)"'
endef
$(foreach d,$(DISTROS),$(eval $(call distro_image,$(d))))

# A user's own device, with DEVICE=DIR: one image more, which FIRMWARE
# names, the one the targets below build, boot and report on.
include device/device.mk
include mk/help.mk
include mk/docs.mk

.PHONY: all run debug test clean distclean print-deps bench check-disasm FORCE
# Every board gets every image a boot loader or a programmer takes:
# raw, S-record and U-Boot images, plus what the board adds (the PXA270
# boards' QEMU flash).
IMAGE_FORMATS := bin srec uImage $(BOARD_IMAGE_FORMATS)
all: $(FIRMWARE).elf $(call QEMU_IMAGE,$(FIRMWARE).elf) \
	$(addprefix $(FIRMWARE).,$(IMAGE_FORMATS))

# MAC_POLICY_SRC alone through the policy compiler first, so that its
# mistakes are reported at its own lines, not the generated file's.
$(BUILD)/firmware/gen/device-statn.conf $(BUILD)/firmware/gen/statn.manifest &: \
		$(MAC_POLICY_SRC) tools/gen-statn.py $(MAC_POLICY_BIN_TOOL) \
		$(BUILD)/firmware/gen/inputs
	@mkdir -p $(@D)
	$(Q)$(MAC_POLICY_BIN_TOOL) $(MAC_POLICY_SRC) $(@D)/source-check.bin
	$(Q)tools/gen-statn.py $(STATN_N) $(MAC_POLICY_SRC) \
		$(BUILD)/firmware/gen/device-statn.conf $(BUILD)/firmware/gen/statn.manifest

# the label benchmark's second set, package names (app/bench.c)
SMACK_APP_N := 600
$(BUILD)/firmware/gen/smack_app_labels.h: tools/gen-app-labels.py tools/genfile.py
	@mkdir -p $(@D)
	$(Q)tools/gen-app-labels.py $(SMACK_APP_N) $@
$(BUILD)/firmware/obj/app/bench.c.o: $(BUILD)/firmware/gen/smack_app_labels.h

# to_upper WORD: WORD in capitals, with no shell (every make parses it)
UPPER_PAIRS := a:A b:B c:C d:D e:E f:F g:G h:H i:I j:J k:K l:L m:M n:N o:O p:P q:Q r:R s:S \
	t:T u:U v:V w:W x:X y:Y z:Z
upper_step = $(if $(2),$(call upper_step,$(subst $(word 1,$(subst :, ,$(firstword $(2)))),$(word \
	2,$(subst :, ,$(firstword $(2)))),$(1)),$(wordlist 2,$(words $(2)),$(2))),$(1))
to_upper = $(call upper_step,$(1),$(UPPER_PAIRS))

# strategy_rule IMAGE STRATEGY: the system-call handlers once more, with
# that strategy's check (kernel/syscalls.h).
define strategy_rule
$(BUILD)/$(1)/obj/%.c.$(2).o: %.c | $(BUILD)/$(1)/gen/mac_policy.h $(ARCH_DEPS)
	@mkdir -p $$(@D)
	@echo "  CC $(2) $$<"
	$(Q)$(CC) $(CFLAGS) $($(1)_CFLAGS) -DSTRATEGY=$(2) -DSTRATEGY_KIND=STRATEGY_$(call to_upper,$(2)) \
		-I$(BUILD)/$(1)/gen -c $$< -o $$@
endef

# What defines an image, one definition per line, paths absolute: the
# content of its gen/inputs.
image_inputs = POLICY $(abspath $($(1)_POLICY))$(nl)MANIFEST $(abspath $($(1)_MANIFEST))$(nl)$\
	SRCS $(abspath $($(1)_SRCS))$(nl)USER_SRCS $(abspath $($(1)_USER_SRCS))$(nl)$\
	KERNEL_SRCS $(abspath $(or $($(1)_KERNEL_SRCS),$(KERNEL_SRCS)))$(nl)$\
	CFLAGS $($(1)_CFLAGS)$(nl)INPUTS $($(1)_INPUTS)
define nl


endef

# image_rules NAME: objects, generated tables and the link of one image,
# from NAME_POLICY, NAME_MANIFEST (one or more, read as one), NAME_SRCS,
# NAME_USER_SRCS, NAME_KERNEL_SRCS (default KERNEL_SRCS), NAME_CFLAGS
# and NAME_INPUTS (anything else its generated files come from).
define image_rules
$(1)_DIR := $(BUILD)/$(1)
$(1)_GEN := $(BUILD)/$(1)/gen
$(1)_OBJS := $$(patsubst %,$(BUILD)/$(1)/obj/%.o,$$(or $$($(1)_KERNEL_SRCS),$(KERNEL_SRCS)) \
		$$($(1)_SRCS)) \
	$(BUILD)/$(1)/obj/mac_policy.c.o $(BUILD)/$(1)/obj/programs.c.o \
	$$(foreach s,$(STRATEGIES),$$(patsubst %,$(BUILD)/$(1)/obj/%.$$(s).o,$(STRATEGY_SRCS))) \
	$$(patsubst %,$(BUILD)/$(1)/uobj/%.o,$$($(1)_USER_SRCS) $(USER_LIB_SRCS))

# rewritten only when the definition changes: what depends on it is
# rebuilt when another manifest, policy or source list is given
# (make expands the whole recipe before it runs a line of it)
$(BUILD)/$(1)/gen/inputs: FORCE
	$$(shell mkdir -p $$(@D))$$(file >$$@.tmp,$$(call image_inputs,$(1)))
	@cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv -f $$@.tmp $$@

$(BUILD)/$(1)/gen/policy.bin: $$($(1)_POLICY) $(MAC_POLICY_BIN_TOOL) $(BUILD)/$(1)/gen/inputs
	@mkdir -p $$(@D)
	@echo "  POLICY  $$<"
	$(Q)$(MAC_POLICY_BIN_TOOL) $$< $$@

# one run writes all three (a grouped target, so that make sees the new
# header); entries: the tasks' and programs' entries, FILE:LINE each
$(BUILD)/$(1)/gen/mac_policy.c $(BUILD)/$(1)/gen/mac_policy.h $(BUILD)/$(1)/gen/entries &: \
		$(BUILD)/$(1)/gen/policy.bin $$($(1)_MANIFEST) $(MAC_POLC) $(BUILD)/$(1)/gen/inputs
	@echo "  MACPOLC $$($(1)_MANIFEST)"
	$(Q)$(MAC_POLC) $$($(1)_POLC_FLAGS) --entries $$(@D)/entries -o $$(@D) $$< \
		$$($(1)_MANIFEST) >$$(@D)/tables.txt; st=$$$$?; cat $$(@D)/tables.txt; exit $$$$st

$(BUILD)/$(1)/obj/%.c.o: %.c | $(BUILD)/$(1)/gen/mac_policy.h $(ARCH_DEPS)
	@mkdir -p $$(@D)
	@echo "  CC      $$<"
	$(Q)$(CC) $(CFLAGS) $$($(1)_CFLAGS) $$(CFLAGS_$$<) -I$(BUILD)/$(1)/gen -c $$< -o $$@


# the generated tables and program list (programs.c includes the
# policy header through kernel.h: a parallel build must wait for it)
$(BUILD)/$(1)/obj/mac_policy.c.o $(BUILD)/$(1)/obj/programs.c.o: \
		$(BUILD)/$(1)/obj/%.c.o: $(BUILD)/$(1)/gen/%.c | $(BUILD)/$(1)/gen/mac_policy.h $(ARCH_DEPS)
	@echo "  CC      $$<"
	$(Q)$(CC) $(CFLAGS) -I$(BUILD)/$(1)/gen -c $$< -o $$@

$(BUILD)/$(1)/obj/%.S.o: %.S | $(ARCH_DEPS)
	@mkdir -p $$(@D)
	@echo "  AS      $$<"
	$(Q)$(CC) $(CFLAGS) -c $$< -o $$@

# Task objects move, section by section, into the user region: the
# user library's to .user.lib.*, each program's to .user.NAME.*, where
# tools/gen-programs.sh gives each its own pages.
$(BUILD)/$(1)/uobj/%.c.o: %.c | $(BUILD)/$(1)/gen/mac_policy.h $(ARCH_DEPS)
	@mkdir -p $$(@D)
	@echo "  CC user $$<"
	$(Q)$(CC) $(UCFLAGS) -I$(BUILD)/$(1)/gen -MT $$@ -c $$< -o $$@.tmp
	$(Q)$(OBJCOPY) --prefix-alloc-sections=.user.$$(call user_section,$$<) $(USER_MEM_SYMS) \
		$$@.tmp $$@ && rm -f $$@.tmp

# rewritten only when the image's programs change, so the layout follows
$(BUILD)/$(1)/gen/programs.list: $(BUILD)/$(1)/gen/inputs FORCE
	@mkdir -p $$(@D)
	@list="$$(call program_names,$$($(1)_USER_SRCS))"; \
		echo "$$$$list" | cmp -s - $$@ || { echo "$$$$list" >$$@.tmp && mv -f $$@.tmp $$@; }

$(BUILD)/$(1)/gen/programs.ld $(BUILD)/$(1)/gen/programs.c &: $(BUILD)/$(1)/gen/programs.list \
		tools/gen-programs.sh
	@echo "  GEN     $$@"
	$(Q)tools/gen-programs.sh $(BUILD)/$(1)/gen $$(call program_names,$$($(1)_USER_SRCS))

$(BUILD)/$(1).elf: $$($(1)_OBJS) $(LDSCRIPT) $(BUILD)/$(1)/gen/programs.ld \
		$(BUILD)/$(1)/gen/inputs | $(ARCH_DEPS)
	@echo "  LD      $$@"
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -L$(BUILD)/$(1)/gen $$(filter %.o,$$^) $(ARCH_LIBS) \
		-o $$@ -Wl,-Map=$(BUILD)/$(1).map
	$(Q)tools/check-user-sections.sh $(OBJDUMP) $$@
endef
$(foreach img,$(IMAGES),$(eval $(call image_rules,$(img))))
# The firmware's objects linked again in other layouts, seed 000 booted
# under the timing model in each (make layouts, mk/layouts.mk)
include mk/layouts.mk
include mk/seed000.mk
$(foreach img,$(IMAGES),$(foreach s,$(STRATEGIES),$(eval $(call strategy_rule,$(img),$(s)))))

$(BUILD)/%.bin: $(BUILD)/%.elf
	$(Q)$(OBJCOPY) -O binary $< $@

# The loaded sections' bytes as S-records for U-Boot's `loads`, the end
# record carrying the ELF's entry point.  No gap fill: the zeros the
# .bin carries for .bss (cleared by the start-up), the heap, the stack
# and alignment gaps are not sent, and .noinit is never written
# (tests/srec-check.py holds the records against the ELF).
$(BUILD)/%.srec: $(BUILD)/%.elf
	$(Q)$(OBJCOPY) -O srec $< $@

# The .bin in a legacy U-Boot image for `bootm`; load and entry come
# from the ELF (tools/image-addrs.sh).
$(BUILD)/%.uImage: $(BUILD)/%.bin $(BUILD)/%.elf tools/image-addrs.sh
	@echo "  UIMAGE  $@"
	$(Q)addrs=$$(tools/image-addrs.sh $(BUILD)/$*.elf) && set -- $$addrs && \
		mkimage -A $(UIMAGE_ARCH) -O linux -T kernel -C none -a $$1 -e $$2 \
		-n "mac-fw $(BOARD)" -d $< $@ >/dev/null

# The U-Boot commands that load and start the image just built.
.PHONY: uboot-cmds
uboot-cmds: $(addprefix $(FIRMWARE).,elf $(IMAGE_FORMATS))
	$(Q)$(UBOOT_CMDS) $(FIRMWARE).elf
UBOOT_CMDS = tools/uboot-cmds.sh --board $(BOARD) --console "$(UBOOT_CONSOLE)" \
	--sdram $(UBOOT_SDRAM) --download $(UBOOT_DOWNLOAD) \
	$(if $(FLASH_OFFSET),--flash $(FLASH_BASE) $(FLASH_OFFSET)) \
	$(if $(DEVICE_NAME),--make "make DEVICE=$(DEVICE)")

run: all
	$(call KEEP_LOG,$(call QEMU_CMD,$(FIRMWARE).elf),0)

# The same firmware, staying at its serial console's prompt after the
# report (report/shell.c): QEMU's loader writes the word the kernel
# looks for into shell_mode, which no load or start-up touches
# (.noinit, which holds other words: the variable's own address, not
# the section's); the terminal's Ctrl-C goes to the board (signal=off).
# Quit: reboot, or C-a x, the chardev multiplexer's key (mux=on; C-a a
# sends a C-a).
SHELL_MODE_STAY := $(shell sed -n 's/^\#define SHELL_MODE_STAY \(0x[0-9A-Fa-f]*\)u.*/\1/p' report/shell.h)
CONSOLE_CHARDEV := -chardev stdio,id=console0,signal=off,mux=on -serial chardev:console0
CONSOLE_CMD = $(subst -serial stdio,$(CONSOLE_CHARDEV),$(call QEMU_CMD,$(1))) \
	-device loader,addr=$(shell tools/image-addrs.sh --noinit-phys shell_mode $(1)),data=$(SHELL_MODE_STAY),data-len=4
.PHONY: console console-test
console: all
	@echo "serial console of $(BOARD): type help; quit with reboot or C-a x" >&2
	$(call CONSOLE_CMD,$(FIRMWARE).elf)

# The console of this board, driven as a user would (tests/console-test.py),
# and its keys on a terminal: Ctrl-C to the board, C-a x quits
# (tests/console-quit.py), after the short plan: the keys are the same
# after any report.  CONSOLE_TEST_PLAN=short: the console's test too
# (tests/console-refused.sh, which looks at enforce alone).
console-test: all
	$(Q)tools/run-part.sh console-$(BOARD) $(RESULTS) tests/console-test.py $(BOARD) \
		$(firmware_POLICY) $(BUILD)/console.log $(call CONSOLE_CMD,$(BUILD)/firmware.elf) \
		$(call PLAN_LOADER,$(BUILD)/firmware.elf,$(CONSOLE_TEST_PLAN))
	$(Q)tools/run-part.sh console-quit-$(BOARD) $(RESULTS) tests/console-quit.py $(BOARD) \
		$(call CONSOLE_CMD,$(BUILD)/firmware.elf) $(call PLAN_LOADER,$(BUILD)/firmware.elf,short)

debug: all
	@echo "QEMU is halted with a gdb stub on tcp::1234. In another terminal:"
	@echo "  gdb-multiarch -ex 'set architecture $(GDB_ARCH)' -ex 'target remote :1234' $(FIRMWARE).elf"
	$(call QEMU_CMD,$(FIRMWARE).elf) -S -gdb tcp:127.0.0.1:1234

# The device policy's tables alone, as mac-polc reports them (the
# firmware's carry the statn benchmark's labels too): for the floor table (docs/).
DEVICE_TABLES := $(BUILD_ROOT)/host/device/tables.txt
$(DEVICE_TABLES): $(MAC_POLC) $(MAC_POLICY_BIN_TOOL) monitor/policy/device.conf \
		monitor/policy/device.manifest
	$(Q)mkdir -p $(@D)
	$(Q)$(MAC_POLICY_BIN_TOOL) monitor/policy/device.conf $(@D)/policy.bin
	$(Q)$(MAC_POLC) -o $(@D) $(@D)/policy.bin monitor/policy/device.manifest >$@

# Boots each board of REPORT_BOARDS as `make run` does, its console into
# build/bench/<board>.log; CYCLES=1: as `make cycles` does, under the
# CPU's timing model, into build/bench/<board>-cycles.log.  `make run`
# and `make cycles` write the same logs (KEEP_LOG).  QEMU's counts and
# the models' are exact: a complete log newer than its board's firmware
# (and model) is what a boot would print again, and is kept.
# With DEVICE=DIR: the device's logs, build/<board>/<device>/bench.log,
# and its report, build/report/<device>/.
REPORT_DIR := $(BUILD_ROOT)/report$(if $(DEVICE_NAME),/$(DEVICE_NAME))
REPORT_BOARDS = $(if $(filter command line environment,$(origin BOARD)),$(BOARD),$(BOARDS))
CYCLES ?= 0
BENCH_RUN := $(if $(filter 1,$(CYCLES)),cycles,run)
BENCH_DIR ?= $(BUILD_ROOT)/bench
# LOG_OF BOARD CYCLES: the log of that board's boot, under the model if CYCLES is 1
LOG_OF = $(if $(DEVICE_NAME),$(BUILD_ROOT)/$(1)/$(DEVICE_NAME)/bench,$(BENCH_DIR)/$(1))$(if \
	$(filter 1,$(2)),-cycles).log
BENCH_LOG = $(call LOG_OF,$(1),$(CYCLES))
FIRMWARE_OF = $(BUILD_ROOT)/$(1)/$(if $(DEVICE_NAME),$(DEVICE_NAME)/)firmware.elf
# LOG_DONE LOG: the log's last boot reached its end line (a run cut short
# by Ctrl-C or a panic did not)
LOG_DONE = awk '/^mac-fw: board=/ { e = 0 } $$0 == "all tasks have exited" { e = 1 } \
	END { exit !e }' $(1) 2>/dev/null
# KEEP_LOG COMMAND CYCLES: runs the boot, its console on the terminal as it
# comes and, CR stripped, into the board's log for the report, its exit
# status kept; only the board's own image (not HW=1, MAC_STATS=1, ...)
# and only the whole plan with the model's own parameters and the default
# layout write the log.
KEEPS_LOG = $(and $(filter $(FIRMWARE).elf,$(call FIRMWARE_OF,$(BOARD))),$(if $(filter \
	1,$(1)),$(if $(PLAN)$(SIM_PARAMS)$(LAYOUT),,1),1))
KEEP_LOG = $(if $(call KEEPS_LOG,$(2)),@$(if $(SILENT),,echo '$(1)' && )$(call TEE_LOG,$(call \
	LOG_OF,$(BOARD),$(2)),$(1)),$(1))
# make -s: the flags' first word (not a long option nor a variable) holds an s
SILENT = $(findstring s,$(filter-out -% %=%,$(firstword $(MAKEFLAGS))))
TEE_LOG = mkdir -p $(dir $(1)) && { $(2); echo $$? >$(1).rc; } | tee $(1).raw; \
	st=$$(cat $(1).rc); tr -d '\r' <$(1).raw >$(1).tmp && mv $(1).tmp $(1); \
	rm -f $(1).raw $(1).rc; exit $$st
.PHONY: bench-logs test-report
bench-logs:
	$(Q)for b in $(REPORT_BOARDS); do \
		log=$(call BENCH_LOG,$$b); \
		$(MAKE) --no-print-directory BOARD=$$b all $(if $(filter 1,$(CYCLES)),sim-model) \
			>/dev/null || exit 1; \
		[ $$log -nt $(call FIRMWARE_OF,$$b) ] && [ $(CYCLES) != 1 -o $$log -nt \
			$(BUILD_ROOT)/sim/$$($(MAKE) -s --no-print-directory BOARD=$$b print-sim-model) ] \
			&& $(call LOG_DONE,$$log) && continue; \
		$(MAKE) --no-print-directory -s BOARD=$$b $(BENCH_RUN) </dev/null >/dev/null || exit 1; \
	done

# The documents' est-cycles: the short run under each CPU's model (cycles-test).
README_CYCLES_BOARDS := r2dplus verdex
README_CYCLES_LOGS := $(README_CYCLES_BOARDS:%=$(BUILD_ROOT)/%/cycles-test/boot.log)
# what else the figures of the README and docs/ come from: the
# device policy's and the firmware's table sizes, the check sites' lengths
README_FIGURES_INPUTS = --tables $(DEVICE_TABLES) \
	--fw-tables $(BUILD_ROOT)/r2dplus/firmware/gen/tables.txt \
	--disasm $(README_CYCLES_BOARDS:%=$(BUILD_ROOT)/%/check-disasm.log)
ifneq ($(DEVICE_NAME),)
# A device's bench is its report on every board.
bench:
	$(Q)$(MAKE) --no-print-directory report REPORT_BOARDS="$(BOARDS)"
else
# Every board's report, the Linux peer's beside it (make peer: built and
# booted once, kept while its kernels and init stand), then the README's and
# docs/'s figures and plot from the same logs.
bench: $(DEVICE_TABLES)
	$(Q)$(MAKE) --no-print-directory bench-logs REPORT_BOARDS="$(BOARDS)"
	$(Q)for b in $(PEER_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b peer >/dev/null \
		|| exit 1; $(MAKE) --no-print-directory BOARD=$$b peer-cycles >/dev/null || exit 1; done
	$(Q)tools/report.py -o $(REPORT_DIR) $(call REPORT_LATENCY,$(BOARDS)) \
		$(PEER_LOGS:%=--peer %) $(foreach b,$(BOARDS),$(call LOG_OF,$(b),0))
	$(Q)for b in $(README_CYCLES_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b cycles-test \
		>/dev/null || exit 1; done
	$(Q)for b in $(README_CYCLES_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b check-disasm \
		>/dev/null || exit 1; done
	$(Q)for b in $(README_CYCLES_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b seed000 \
		>/dev/null || exit 1; done
	$(Q)$(MAKE) --no-print-directory -s bench-polc >$(BUILD_ROOT)/host/monitor/bench-polc.md
	$(Q)tools/readme-figures.py --write README.md $(README_FIGURES_INPUTS) \
		--polc $(BUILD_ROOT)/host/monitor/bench-polc.md $(PEER_LOGS:%=--peer %) \
		$(PEER_CYCLES_LOGS:%=--peer-cycles %) \
		$(README_CYCLES_BOARDS:%=--seed000 $(BUILD_ROOT)/%/seed000/attribution.txt) \
		$(call LOG_OF,r2dplus,0) \
		$(call LOG_OF,verdex,0) $(call LOG_OF,mainstone,0) --cycles $(README_CYCLES_LOGS)
endif

# Each headline figure with one value and one definition: the boots'
# SUMMARY lines (or the same keys from their BENCH lines, tools/figures.py)
# against their console tables, their report.md, the README and docs/.
# The boots are firmware-test's and, for est-cycles, cycles-test's.
FIGURES_LOGS = $(README_CYCLES_BOARDS:%=$(BUILD_ROOT)/%/firmware.log)
.PHONY: figures-test
figures-test:
	$(Q)tools/report.py --no-plots -o $(BUILD_ROOT)/figures-test $(FIGURES_LOGS) >/dev/null
	$(Q)tools/run-part.sh figures $(BUILD_ROOT)/results tests/figures-test.py \
		--self-test tests/figures/spec.log --readme README.md $(wildcard docs/*.md) \
		--report $(BUILD_ROOT)/figures-test/report.md $(FIGURES_LOGS) $(README_CYCLES_LOGS)

# A real board's report over its serial console (tools/capture.py): it
# stops at the report's end, at TIMEOUT seconds or at Ctrl-C.  By hand:
#   picocom -b 115200 --logfile FILE /dev/ttyUSB0      (quit: Ctrl-A Ctrl-X)
#   screen -L -Logfile FILE /dev/ttyUSB0 115200        (quit: Ctrl-A k)
# Either log goes to `make report LOG=FILE`.
LOG ?= $(BUILD)/capture.log
TIMEOUT ?= 600
.PHONY: capture report capture-test
capture:
	$(Q)$(if $(PORT),,echo "make capture: PORT is not set: give the board's serial port," \
		"e.g. make capture BOARD=$(BOARD) PORT=/dev/ttyUSB0" >&2; exit 2)
	$(Q)mkdir -p $(dir $(LOG))
	$(Q)tools/capture.py --log $(LOG) --timeout $(TIMEOUT) $(PORT)

# The firmware loaded into a board's RAM through its U-Boot over the
# serial console, started and its report captured into LOG
# (tools/load.py): U-Boot's prompt (autoboot stopped), then `loady` and
# ymodem (lrzsz's sb) for each run of the S-records' data (the .bin less
# its .bss), or METHOD=loads and the S-records, then `go`.  It
# types nothing else: flash and U-Boot's environment stay as they are.
METHOD ?= loady
LOAD_METHODS := loady loads
PROMPT_TIMEOUT ?= 30
UBOOT_PROMPT ?= =>
.PHONY: load load-test
load: all
	$(Q)$(if $(PORT),,echo "make load: PORT is not set: give the board's serial port," \
		"e.g. make load BOARD=$(BOARD) PORT=/dev/ttyUSB0" >&2; exit 2)
	$(Q)$(if $(filter $(METHOD),$(LOAD_METHODS)),,echo "make load: METHOD '$(METHOD)':" \
		"choose one of: $(LOAD_METHODS)" >&2; exit 2)
	$(Q)mkdir -p $(dir $(LOG))
	$(Q)/usr/bin/python3 tools/load.py --method $(METHOD) \
		--entry $(IMAGE_ENTRY) --log $(LOG) --timeout $(TIMEOUT) \
		--prompt '$(UBOOT_PROMPT)' --prompt-timeout $(PROMPT_TIMEOUT) $(PORT) $(FIRMWARE)

# make load against a U-Boot prompt on a pty whose loady is lrzsz's rb
# and whose go boots what it received under QEMU (tests/load-test.py;
# the board's LOAD_TEST_QEMU; after firmware-test, whose BENCH lines
# it compares).
load-test: all
	$(Q)$(if $(LOAD_TEST_QEMU),,echo "load-test: no LOAD_TEST_QEMU for $(BOARD) (BOARD=r2dplus has one)" >&2; exit 2)
	$(Q)tools/run-part.sh load-$(BOARD) $(RESULTS) tests/load-test.py $(BUILD) \
		"$(MAKE) --no-print-directory -s BOARD=$(BOARD) load" $(LOAD_TEST_QEMU)

# The latency suite's lines of each board's last target-test, where there
# is one: each system call's worst, in the board's latency table.
REPORT_LATENCY = $(foreach b,$(1),$(if $(wildcard $(BUILD_ROOT)/$(b)/test.log),\
	--latency $(BUILD_ROOT)/$(b)/test.log))

# The Linux peer's logs (make peer, peer/peer.mk): every board's, and
# REPORT_PEER BOARDS: the options that put those of BOARDS that exist
# beside the firmware's in the board's report (a device's report has none).
PEER_LOGS = $(foreach b,$(PEER_BOARDS),$(foreach k,$(PEER_KINDS),$(PEER_DIR)/$(b)/$(k).log))
# CYCLES=1 takes make peer-cycles' logs where they are (the clock's insns
# and the timing model's est-cycles of one boot), else make peer's.
REPORT_PEER = $(if $(DEVICE_NAME),,$(foreach b,$(1),$(foreach k,$(PEER_KINDS),$(addprefix --peer ,\
	$(firstword $(wildcard $(if $(filter 1,$(CYCLES)),$(PEER_DIR)/$(b)/$(k).cycles.log) \
	$(PEER_DIR)/$(b)/$(k).log))))))
PEER_CYCLES_LOGS = $(PEER_LOGS:%.log=%.cycles.log)

# The report of LOG when it is given, else of REPORT_BOARDS under QEMU.
# CYCLES=1 with a LOG: the board's log beside the model's of the same
# firmware (BOARD=...), so that cycles and est-cycles sit side by side.
ifneq ($(filter command line environment,$(origin LOG)),)
report:
	$(Q)$(if $(filter 1,$(CYCLES)),$(MAKE) --no-print-directory bench-logs REPORT_BOARDS=$(BOARD))
	$(Q)tools/report.py -o $(REPORT_DIR) $(LOG) $(if $(filter 1,$(CYCLES)),$(call BENCH_LOG,$(BOARD)))
else
report: bench-logs
	$(Q)tools/report.py -o $(REPORT_DIR) $(call REPORT_LATENCY,$(REPORT_BOARDS)) \
		$(call REPORT_PEER,$(REPORT_BOARDS)) $(foreach b,$(REPORT_BOARDS),$(call BENCH_LOG,$(b)))
endif

# The report tool on its fixtures, on this board's firmware-test log if
# there is one, and on bad input; the logs make run and make cycles keep
# for make report, with QEMU's stand-in (tests/report/logs-test.sh).
test-report:
	$(Q)tools/run-part.sh report $(RESULTS) tests/report/test-report.py $(BUILD)/firmware.log
	$(Q)MAKE=$(MAKE) tools/run-part.sh report-logs $(RESULTS) tests/report/logs-test.sh $(BOARD)

# capture.py and report.py against the firmware on a pty; it compares
# with the log firmware-test wrote of the same image.
capture-test: all
	$(Q)tools/run-part.sh capture-$(BOARD) $(RESULTS) tests/capture-test.py $(BOARD) $(BUILD) \
		$(call QEMU_CMD,$(BUILD)/firmware.elf)

# kernel/ reaches the image through include/image.h alone: none of its
# files includes a header of app/, device/, report/ or a test image's.
.PHONY: check-includes
check-includes:
	$(Q)tools/check-kernel-includes.sh

# Each check site's fast path as the compiler emitted it, its length
# against its budget: over budget fails. Its output is kept in
# $(BUILD)/check-disasm.log, where the documents' figures read the sites' lengths.
check-disasm: $(BUILD)/firmware.elf
	$(Q)st=0; tools/check-disasm.sh $(OBJDUMP) $< $(BUILD)/firmware/gen/mac_policy.h \
		>$(BUILD)/check-disasm.log.tmp || st=$$?; cat $(BUILD)/check-disasm.log.tmp; \
		mv $(BUILD)/check-disasm.log.tmp $(BUILD)/check-disasm.log; \
		tools/check-sel07-disasm.py $(OBJDUMP) $< docs/models.md >$(BUILD)/check-sel07-disasm.log || st=1; \
		cat $(BUILD)/check-sel07-disasm.log; \
		$(if $(SEL07_INSNS_$(ARCH)),$(MAKE) --no-print-directory -s func-insns PLAN=short \
			FUNCS="$(SEL07_INSNS_$(ARCH))" FUNCS_CLAIMS=docs/models.md || st=1;) exit $$st

# The instructions a call of each of FUNCS executes (min, median, max
# over the boot's calls; tools/func-insns.py); FUNCS_CLAIMS=FILE: FILE
# must state each median.  check-disasm holds docs/models.md's counts
# of the 2007 build's SH-4 routines to it.
#   make func-insns FUNCS="avc_audit sel07_memcpy" [PLAN=short]
NM = $(patsubst %objdump,%nm,$(OBJDUMP))
SEL07_INSNS_sh4 := avc_audit sel07_memcpy
.PHONY: func-insns
func-insns: all
	$(if $(FUNCS),,$(error FUNCS: name the functions to count, e.g. FUNCS="avc_audit"))
	$(Q)tools/func-insns.py --nm $(NM) --elf $(FIRMWARE).elf --board $(BOARD) \
		$(if $(FUNCS_CLAIMS),--claims $(FUNCS_CLAIMS)) $(FUNCS) -- \
		$(call QEMU_CMD,$(FIRMWARE).elf) $(call PLAN_LOADER,$(FIRMWARE).elf,$(PLAN)) </dev/null

# The firmware of this board, booted as `make run` would, and its report.
.PHONY: firmware-test
firmware-test: all
	$(Q)tools/run-part.sh firmware-$(BOARD) $(RESULTS) tests/run-firmware.sh $(BOARD) \
		$(BUILD)/firmware.log $(call QEMU_CMD,$(BUILD)/firmware.elf)

# The firmware in wall-clock time: `make run`'s command without -icount
# (tests/wallclock.sh); it must run to its end, its figures aside.
WALLCLOCK_CMD = $(filter-out -icount shift=%,$(call QEMU_CMD,$(BUILD)/firmware.elf))
.PHONY: wallclock-test
wallclock-test: all
	$(Q)tools/run-part.sh wallclock-$(BOARD) $(RESULTS) tests/wallclock.sh $(BOARD) \
		$(BUILD)/wallclock.log $(WALLCLOCK_CMD)

# This board's images against the ELF, and booted as the boot loaders
# would (IMAGE_BOOTS, from the board's board.mk: "NAME=QEMU command").
IMAGE_ADDRS = $(shell tools/image-addrs.sh $(FIRMWARE).elf)
IMAGE_LOAD = $(word 1,$(IMAGE_ADDRS))
IMAGE_ENTRY = $(word 2,$(IMAGE_ADDRS))
.PHONY: image-test
image-test: all $(IMAGE_TEST_DEPS)
	$(Q)tools/run-part.sh images-$(BOARD) $(RESULTS) tests/images.sh --board $(BOARD) \
		--elf $(BUILD)/firmware.elf $(if $(FLASH_OFFSET),--flash $(FLASH_BASE) $(FLASH_OFFSET)) \
		--short-plan "$(call PLAN_LOADER,$(BUILD)/firmware.elf,short)" $(IMAGE_BOOTS)

# On-target tests of this board: boots test.elf and checks its summary.
.PHONY: target-test
# Every image a board's tests boot, built first on both cores by make
# test (the tests themselves run one at a time).
.PHONY: test-images
test-images: all $(BUILD)/test.elf $(call QEMU_IMAGE,$(BUILD)/test.elf) $(BOARD_TEST_IMAGES) \
		$(BUILD)/test/gen/policy.dump $(IMAGE_TEST_DEPS)

target-test: $(BUILD)/test.elf $(call QEMU_IMAGE,$(BUILD)/test.elf) $(BOARD_TEST_IMAGES) \
		$(BUILD)/test/gen/policy.dump
	$(Q)TEST_ELF=$(BUILD)/test.elf TEST_POLICY_DUMP=$(BUILD)/test/gen/policy.dump \
		tests/run-qemu.sh $(BOARD) $(BUILD)/test.log \
		$(RESULTS)/target-$(BOARD)$(if $(filter 1,$(PROFILE_TASKS)),-profile).sum \
		$(call QEMU_CMD,$(BUILD)/test.elf)

# The distro image of DISTRO (default or mls) on this board: its host
# checks (its labels against file_contexts, every decision of its tables
# against libsepol), then booted under QEMU, each access its tasks report
# held against libsepol.  make distro-run boots it alone.
#   make BOARD=r2dplus distro-test DISTRO=default|mls
DISTRO_IMAGE = $(BUILD)/distro-$(DISTRO)
DISTRO_POLICY = $(call distro_policy,$(DISTRO))
.PHONY: distro distro-policy distro-host-test distro-test distro-run
distro-policy:
	$(Q)$(if $(filter $(DISTRO),$(DISTROS)),,echo "DISTRO '$(DISTRO)': choose one of: $(DISTROS)" >&2; exit 2)
	$(Q)test -n "$(DISTRO_POLICY)" || { echo "no $(SELINUX_ROOT)/$(DISTRO)/policy/policy.*:" \
		"install selinux-policy-$(DISTRO)" >&2; exit 2; }

distro: distro-policy
	$(Q)$(MAKE) --no-print-directory $(DISTRO_IMAGE).elf $(call QEMU_IMAGE,$(DISTRO_IMAGE).elf)

distro-host-test: distro-policy $(MAC_POLC) $(MAC_SEPOL_REF)
	$(Q)MAC_POLC=$(MAC_POLC) SEPOL_REF=$(MAC_SEPOL_REF) HOST_CC="$(HOST_CC)" MAC_DIR=$(MAC_DIR) \
		DISTRO_TMP=$(DISTRO_IMAGE)/host tools/run-part.sh distro-host-$(DISTRO) $(RESULTS) \
		tests/distro/host-check.sh $(DISTRO) $(DISTRO_POLICY) tests/distro/$(DISTRO).manifest

distro-test: distro distro-host-test $(MAC_SEPOL_REF)
	$(Q)tools/run-part.sh distro-$(BOARD)-$(DISTRO) $(RESULTS) tests/distro/run-distro.sh \
		$(BOARD) $(DISTRO) $(DISTRO_IMAGE).log $(DISTRO_POLICY) tests/distro/$(DISTRO).manifest \
		$(MAC_SEPOL_REF) $(call QEMU_CMD,$(DISTRO_IMAGE).elf)

distro-run: distro
	$(call QEMU_CMD,$(DISTRO_IMAGE).elf)

# A switch of MAC_MANIFEST or MAC_POLICY_SRC rebuilt with no clean, and
# a mistake in either reported at its own line (tests/rebuild-test.sh).
.PHONY: rebuild-test
rebuild-test:
	$(Q)MAKE=$(MAKE) tests/rebuild-test.sh r2dplus $(BUILD_ROOT)/rebuild-test

# the rules the test image's tables enforce, for its grants' check
$(BUILD)/test/gen/policy.dump: $(BUILD)/test/gen/policy.bin $(MAC_POLC)
	$(Q)CC="$(HOST_CC)" $(MAC_POLC) --dump $< >$@.tmp && mv $@.tmp $@

test:
	$(Q)rm -rf $(BUILD_ROOT)/results && mkdir -p $(BUILD_ROOT)/results
	$(Q)st=0; \
	$(MAKE) --no-print-directory test-host || st=1; \
	for b in $(BOARDS); do $(MAKE) --no-print-directory -j2 BOARD=$$b test-images || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b target-test || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b firmware-test || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b labgrid-test || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b console-test || st=1; \
		tools/run-part.sh check-disasm-$$b $(BUILD_ROOT)/results \
			$(MAKE) --no-print-directory BOARD=$$b check-disasm || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b capture-test || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b image-test || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b wallclock-test || st=1; done; \
	$(MAKE) --no-print-directory BOARD=r2dplus test-report || st=1; \
	for b in r2dplus verdex; do $(MAKE) --no-print-directory BOARD=$$b PROFILE_TASKS=1 target-test \
		|| st=1; done; \
	for b in verdex mainstone; do $(MAKE) --no-print-directory BOARD=$$b bringup-test || st=1; done; \
	for b in $(README_CYCLES_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b test-sim-glue \
		|| st=1; $(MAKE) --no-print-directory BOARD=$$b cycles-test || st=1; \
		$(MAKE) --no-print-directory BOARD=$$b layouts-test || st=1; done; \
	$(MAKE) --no-print-directory test-sim-marks || st=1; \
	tools/run-part.sh build-deps $(BUILD_ROOT)/results tools/check-deps.sh r2dplus || st=1; \
	tools/run-part.sh kernel-includes $(BUILD_ROOT)/results tools/check-kernel-includes.sh \
		|| st=1; \
	tools/run-part.sh rebuild $(BUILD_ROOT)/results $(MAKE) --no-print-directory rebuild-test \
		|| st=1; \
	tools/run-part.sh devices $(BUILD_ROOT)/results tests/device/devices.sh $(BOARDS) || st=1; \
	tools/run-part.sh device-inputs $(BUILD_ROOT)/results tests/device/inputs.sh r2dplus || st=1; \
	$(MAKE) --no-print-directory -s $(DEVICE_TABLES) || st=1; \
	tools/run-part.sh readme-figures $(BUILD_ROOT)/results tools/readme-figures.py --check \
		README.md $(README_FIGURES_INPUTS) $(BUILD_ROOT)/r2dplus/firmware.log \
		$(BUILD_ROOT)/verdex/firmware.log $(BUILD_ROOT)/mainstone/firmware.log \
		--cycles $(README_CYCLES_LOGS) || st=1; \
	$(MAKE) --no-print-directory figures-test || st=1; \
	$(MAKE) --no-print-directory help-test || st=1; \
	$(MAKE) --no-print-directory docs-test || st=1; \
	tools/run-part.sh abi $(BUILD_ROOT)/results tests/abi-test.py || st=1; \
	tools/run-part.sh variants $(BUILD_ROOT)/results tests/target/variants.sh r2dplus || st=1; \
	tools/run-part.sh console-refused $(BUILD_ROOT)/results tests/console-refused.sh r2dplus \
		|| st=1; \
	$(MAKE) --no-print-directory BOARD=r2dplus boot-test || st=1; \
	$(MAKE) --no-print-directory BOARD=r2dplus load-test || st=1; \
	$(MAKE) --no-print-directory BOARD=r2dplus labgrid-pty-test || st=1; \
	for d in $(DISTROS); do $(MAKE) --no-print-directory BOARD=r2dplus distro-test DISTRO=$$d \
		|| st=1; done; \
	for b in verdex mainstone; do tools/run-part.sh openocd-$$b $(BUILD_ROOT)/results \
		$(MAKE) --no-print-directory -s BOARD=$$b openocd-check || st=1; done; \
	tools/test-summary.sh $(BUILD_ROOT)/results || st=1; exit $$st

.PHONY: test-host
test-host:
	$(Q)tools/run-part.sh sh4-compiler $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-sh4-compiler
	$(Q)tools/run-part.sh monitor-host $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-monitor-host
	$(Q)tools/run-part.sh kernel-host $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-kernel-host
	$(Q)tools/run-part.sh sched-host $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-sched-host
	$(Q)tools/run-part.sh models-selinux07 $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-models-sel07
	$(Q)tools/run-part.sh models-smack $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-models-host
	$(Q)tools/run-part.sh fuzz-host $(BUILD_ROOT)/results $(MAKE) --no-print-directory -j2 test-fuzz-host
	$(Q)tools/run-part.sh sim-sh4 $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-sim-sh4
	$(Q)tools/run-part.sh sim-xscale $(BUILD_ROOT)/results $(MAKE) --no-print-directory test-sim-xscale

# Kernel modules alone, on the host, under the sanitizers: the object
# store, channels and quotas, the console's ring, against the device
# policy's generated header.
KHOST := $(BUILD_ROOT)/host/kernel
.PHONY: test-kernel-host
test-kernel-host: $(MAC_POLC) $(MAC_POLICY_BIN_TOOL)
	$(Q)mkdir -p $(KHOST)/gen
	$(Q)$(MAC_POLICY_BIN_TOOL) $(MAC_POLICY_SRC) $(KHOST)/gen/policy.bin
	$(Q)$(MAC_POLC) -o $(KHOST)/gen $(KHOST)/gen/policy.bin $(MAC_MANIFEST) >/dev/null
	$(Q)$(HOST_CC) -std=gnu11 -g -O1 -Wall -Wextra -fsanitize=address,undefined \
		-fno-sanitize-recover=all -Itests/host/arch -Iinclude -Ikernel -Imonitor \
		-I$(KHOST)/gen tests/host/kernel_object_test.c kernel/object.c kernel/channel.c \
		kernel/quota.c \
		-o $(KHOST)/object_test
	$(Q)$(KHOST)/object_test
	$(Q)$(HOST_CC) -std=gnu11 -g -O1 -Wall -Wextra -fsanitize=address,undefined \
		-fno-sanitize-recover=all -Itests/host/arch -Iinclude -Ikernel -Imonitor \
		-I$(KHOST)/gen tests/host/kernel_latency_test.c kernel/latency.c -o $(KHOST)/latency_test
	$(Q)$(KHOST)/latency_test
	$(Q)$(HOST_CC) -std=gnu11 -g -O1 -Wall -Wextra -fsanitize=address,undefined \
		-fno-sanitize-recover=all -Itests/host/arch -Iinclude -Ikernel -Imonitor \
		-I$(KHOST)/gen tests/host/kernel_console_test.c kernel/console.c kernel/device.c \
		-o $(KHOST)/console_test
	$(Q)$(KHOST)/console_test

# The scheduler alone, on the host: its picks against the linear scan
# it replaced, its masks against the tasks' states, the stack guard.
.PHONY: test-sched-host
test-sched-host: $(MAC_POLC) $(MAC_POLICY_BIN_TOOL)
	$(Q)mkdir -p $(KHOST)/gen
	$(Q)$(MAC_POLICY_BIN_TOOL) $(MAC_POLICY_SRC) $(KHOST)/gen/policy.bin
	$(Q)$(MAC_POLC) -o $(KHOST)/gen $(KHOST)/gen/policy.bin $(MAC_MANIFEST) >/dev/null
	$(Q)$(HOST_CC) -std=gnu11 -g -O1 -Wall -Wextra -fsanitize=address,undefined \
		-fno-sanitize-recover=all -Itests/host/arch -Iinclude -Ikernel -Imonitor \
		-I$(KHOST)/gen tests/host/sched_test.c -o $(KHOST)/sched_test
	$(Q)$(KHOST)/sched_test


# build/toolchain is kept: newlib and the GCC plugin take minutes to build
# and depend on no image
clean:
	find $(BUILD_ROOT) -mindepth 1 -maxdepth 1 ! -name toolchain ! -name peer -exec rm -rf {} + 2>/dev/null || true

distclean:
	rm -rf $(BUILD_ROOT)

print-deps:
	@echo $(DEB_PACKAGES)


-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
