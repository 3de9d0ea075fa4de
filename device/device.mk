# device.mk - a user's own device, built from a directory outside the tree
# (docs/device.md), included by the top-level Makefile:
#
#   make DEVICE=DIR [POLICY=default|mls|FILE] [BOARD=...] [TARGET]
#       TARGET: all (the image), run, console, debug, cycles, report,
#       bench (report on every board), uboot-cmds, load, flash, check
#   make new-device DIR=... [POLICY=default]   a device to start from
#
# DIR holds the device and nothing of the kernel: one *.manifest, its
# policy (tools/device-config.sh says how it is found), and its tasks'
# C sources (user mode, against user/ulib.h; PROG.c and PROG-PART.c make
# the program PROG, as in the tree).  The kernel side is device/*.c; the
# program table comes from the manifest's program statements.  The
# image is build/<board>/<device>/firmware.*, its tables beside it.

.PHONY: new-device check
new-device:
	$(Q)tools/new-device.sh "$(DIR)" "$(POLICY)"

ifneq ($(strip $(DEVICE)),)
DEVICE_CONF := $(shell tools/device-config.sh '$(DEVICE)' '$(POLICY)')
ifeq ($(words $(DEVICE_CONF)),4)
DEVICE_NAME := $(word 1,$(DEVICE_CONF))
DEVICE_DIR := $(word 2,$(DEVICE_CONF))
DEVICE_MANIFEST := $(word 3,$(DEVICE_CONF))
DEVICE_POLICY := $(word 4,$(DEVICE_CONF))
else
$(error make DEVICE=$(DEVICE): the device cannot be built (above))
endif

# one image, named by the device, on the generic image rules (Makefile)
DEVICE_IMAGE := $(DEVICE_NAME)/firmware
IMAGES += $(DEVICE_IMAGE)
FIRMWARE := $(BUILD)/$(DEVICE_IMAGE)
DEVICE_GEN := $(BUILD)/$(DEVICE_IMAGE)/gen
$(DEVICE_IMAGE)_POLICY := $(DEVICE_POLICY)
$(DEVICE_IMAGE)_MANIFEST := $(DEVICE_MANIFEST)
$(DEVICE_IMAGE)_SRCS := $(REPORT_SRCS) $(wildcard device/*.c)
$(DEVICE_IMAGE)_USER_SRCS := $(wildcard $(DEVICE_DIR)/*.c)
$(DEVICE_IMAGE)_CFLAGS := -Idevice -Ireport -DDEVICE_NAME='"$(DEVICE_NAME)"'
# the report task is the image's, one of the kernel's task slots
$(DEVICE_IMAGE)_POLC_FLAGS := --reserve-tasks 1

ifeq ($($(DEVICE_IMAGE)_USER_SRCS),)
$(error make DEVICE=$(DEVICE): no task source (*.c) in $(DEVICE_DIR))
endif

# Every entry the manifest names is defined by a task source, or the
# build stops here, at the manifest's line, before the link.
$(DEVICE_GEN)/entries.ok: $(DEVICE_GEN)/entries tools/check-entries.sh \
		$(patsubst %,$(BUILD)/$(DEVICE_IMAGE)/uobj/%.o,$($(DEVICE_IMAGE)_USER_SRCS))
	$(Q)tools/check-entries.sh $(OBJDUMP:-objdump=-nm) $(DEVICE_GEN)/entries \
		$(patsubst %,$(BUILD)/$(DEVICE_IMAGE)/uobj/%.o,$($(DEVICE_IMAGE)_USER_SRCS))
	$(Q)touch $@
$(FIRMWARE).elf: $(DEVICE_GEN)/entries.ok

# The host checks of the device: its labels against the policy's
# file_contexts, where it has one, and every decision of its tables
# against libsepol's.
check: $(DEVICE_GEN)/policy.bin $(MAC_POLC) $(MAC_SEPOL_REF)
	$(Q)MAC_POLC=$(MAC_POLC) SEPOL_REF=$(MAC_SEPOL_REF) HOST_CC="$(HOST_CC)" \
		tools/device-check.sh $(DEVICE_NAME) $(DEVICE_POLICY) $(DEVICE_GEN)/policy.bin \
		$(DEVICE_MANIFEST) $(BUILD)/$(DEVICE_NAME)/check
else
check:
	@echo "make check: the host checks of a device of your own: make DEVICE=DIR check" >&2; exit 2
endif
FIRMWARE ?= $(BUILD)/firmware
