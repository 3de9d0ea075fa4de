# A lab's view of the firmware: LAVA jobs and device descriptions
# (tools/lava-jobs.py), into build/<board>/lava/ (a device's:
# build/<board>/<device>/lava/).
#   make lava-jobs [DEVICE=DIR] [LAVA_IPADDR=ADDR]
# LAVA_IPADDR: the board's address in the U-Boot jobs (setenv ipaddr)
# where the lab has no DHCP.
#   make lava-test   the QEMU job run by lava-run, its results held to the
#                    BENCH lines of the same boot; the U-Boot jobs validated
LAVA_DIR = $(dir $(FIRMWARE))lava
LAVA_IPADDR ?=
# lava-server's device-type templates, of the version of the installed
# lava-dispatcher: the jobs' devices are rendered as the server would.
LAVA_SERVER := $(BUILD_ROOT)/lava/lava-server
LAVA_TEMPLATES := $(LAVA_SERVER)/usr/share/lava-server/device-types

$(LAVA_TEMPLATES)/qemu.jinja2:
	$(Q)tools/lava-templates.sh $(LAVA_SERVER)

.PHONY: lava-jobs lava-test
lava-jobs: all $(LAVA_TEMPLATES)/qemu.jinja2
	$(Q)mkdir -p $(LAVA_DIR)
	$(Q)$(UBOOT_CMDS) $(FIRMWARE).elf >$(LAVA_DIR)/uboot-cmds.txt
	$(Q)tools/lava-jobs.py --board $(BOARD) --arch $(ARCH) --out $(LAVA_DIR) \
		--qemu-image $(call QEMU_IMAGE,$(FIRMWARE).elf) --uboot-cmds $(LAVA_DIR)/uboot-cmds.txt \
		--prompt '$(UBOOT_PROMPT)' --console "$(UBOOT_CONSOLE)" --mkimage-arch $(UIMAGE_ARCH) \
		--bin $(FIRMWARE).bin --uimage $(FIRMWARE).uImage $(if $(LAVA_IPADDR),--ipaddr $(LAVA_IPADDR)) \
		--templates $(LAVA_TEMPLATES) -- $(call QEMU_CMD,$(FIRMWARE).elf)

lava-test: lava-jobs
	$(Q)tools/run-part.sh lava-$(BOARD) $(RESULTS) tests/lava/lava-test.py --board $(BOARD) \
		--jobs $(LAVA_DIR) --make-run-log $(BUILD)/firmware.log \
		--qemu-image $(call QEMU_IMAGE,$(FIRMWARE).elf) \
		-- $(call QEMU_CMD,$(FIRMWARE).elf)
