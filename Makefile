# mac-fw: a tiny RTOS with a compile-time SELinux reference monitor.
#
#   make [BOARD=r2dplus|verdex|mainstone]   build into build/<board>/
#   make run | debug                        boot the firmware under QEMU
#   make test                               host tests, then every board under QEMU
#   make clean
BOARDS := r2dplus verdex mainstone
BOARD ?= r2dplus
ifeq ($(filter $(BOARD),$(BOARDS)),)
$(error unknown BOARD '$(BOARD)': choose one of: $(BOARDS))
endif

BUILD_ROOT := build
.DEFAULT_GOAL := all
BUILD := $(BUILD_ROOT)/$(BOARD)
Q := $(if $(filter 1,$(V)),,@)

include mk/deps.mk
include boards/$(BOARD)/board.mk
include arch/$(ARCH)/arch.mk

INCLUDES := -Iinclude -Iarch/$(ARCH)/include -Iboards/$(BOARD) -Iboards/$(SOC) -Ikernel -Iuser
CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -ffunction-sections -fdata-sections \
	-fno-common $(ARCH_CFLAGS) $(INCLUDES) -MMD -MP
# Task code: no unwind tables (they would land outside the user region)
# and no calls the compiler invents into the kernel's libc.
UCFLAGS := $(CFLAGS) -fno-builtin -fno-unwind-tables -fno-asynchronous-unwind-tables
LDFLAGS := -nostdlib -T $(LDSCRIPT) -Wl,--gc-sections -Wl,--no-warn-rwx-segments -Wl,--build-id=none

KERNEL_SRCS := $(ARCH_SRCS) $(BOARD_SRCS) $(wildcard kernel/*.c)
USER_LIB_SRCS := $(wildcard user/*.c)
FW_SRCS := app/boot.c
FW_USER_SRCS := app/tasks.c
TEST_SRCS := tests/target/ktests.c
TEST_USER_SRCS := tests/target/utests.c

kobj = $(patsubst %,$(BUILD)/obj/%.o,$(1))
uobj = $(patsubst %,$(BUILD)/uobj/%.o,$(1))
KERNEL_OBJS := $(call kobj,$(KERNEL_SRCS))
FW_OBJS := $(KERNEL_OBJS) $(call kobj,$(FW_SRCS)) $(call uobj,$(FW_USER_SRCS) $(USER_LIB_SRCS))
TEST_OBJS := $(KERNEL_OBJS) $(call kobj,$(TEST_SRCS)) $(call uobj,$(TEST_USER_SRCS) $(USER_LIB_SRCS))

.PHONY: all run debug test clean help
all: $(BUILD)/firmware.elf $(call QEMU_IMAGE,$(BUILD)/firmware.elf) $(BOARD_EXTRA_IMAGES)

$(BUILD)/obj/%.c.o: %.c | $(ARCH_DEPS)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/obj/%.S.o: %.S | $(ARCH_DEPS)
	@mkdir -p $(@D)
	@echo "  AS      $<"
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

# Task objects move, section by section, into the user region.
$(BUILD)/uobj/%.c.o: %.c | $(ARCH_DEPS)
	@mkdir -p $(@D)
	@echo "  CC user $<"
	$(Q)$(CC) $(UCFLAGS) -c $< -o $@.tmp
	$(Q)$(OBJCOPY) --prefix-alloc-sections=.user $@.tmp $@ && rm -f $@.tmp

$(BUILD)/%.elf: | $(ARCH_DEPS)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $(filter %.o,$^) $(ARCH_LIBS) -o $@ -Wl,-Map=$(@:.elf=.map)

$(BUILD)/firmware.elf: $(FW_OBJS) $(LDSCRIPT)
$(BUILD)/test.elf: $(TEST_OBJS) $(LDSCRIPT)

$(BUILD)/%.bin: $(BUILD)/%.elf
	$(Q)$(OBJCOPY) -O binary $< $@

run: all
	$(call QEMU_CMD,$(BUILD)/firmware.elf)

debug: all
	@echo "QEMU is halted with a gdb stub on tcp::1234. In another terminal:"
	@echo "  gdb-multiarch -ex 'set architecture $(GDB_ARCH)' -ex 'target remote :1234' $(BUILD)/firmware.elf"
	$(call QEMU_CMD,$(BUILD)/firmware.elf) -S -gdb tcp:127.0.0.1:1234

# On-target tests of this board: boots test.elf and checks its summary.
.PHONY: target-test
target-test: $(BUILD)/test.elf $(call QEMU_IMAGE,$(BUILD)/test.elf) $(BOARD_TEST_IMAGES)
	$(Q)tests/run-qemu.sh $(BOARD) $(BUILD)/test.log $(BUILD_ROOT)/results/target-$(BOARD).sum \
		$(call QEMU_CMD,$(BUILD)/test.elf)

test:
	$(Q)rm -rf $(BUILD_ROOT)/results && mkdir -p $(BUILD_ROOT)/results
	$(Q)st=0; \
	$(MAKE) --no-print-directory test-host || st=1; \
	for b in $(BOARDS); do $(MAKE) --no-print-directory BOARD=$$b target-test || st=1; done; \
	tools/test-summary.sh $(BUILD_ROOT)/results || st=1; exit $$st

.PHONY: test-host
test-host:
	$(Q)$(MAKE) --no-print-directory test-sh4-compiler > $(BUILD_ROOT)/results/sh4-compiler.log 2>&1; \
	tail -1 $(BUILD_ROOT)/results/sh4-compiler.log > $(BUILD_ROOT)/results/sh4-compiler.sum

clean:
	rm -rf $(BUILD_ROOT)

help:
	@sed -n '1,/^BOARDS/p' Makefile | grep '^#'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
