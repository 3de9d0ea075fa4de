# A lab's view of the firmware: LAVA jobs and device descriptions
# (tools/lava-jobs.py), into build/<board>/lava/ (a device's:
# build/<board>/<device>/lava/).
#   make lava-jobs [DEVICE=DIR] [LAVA_IPADDR=ADDR]
# LAVA_IPADDR: the board's address in the U-Boot jobs (setenv ipaddr)
# where the lab has no DHCP.
#   make lava-test   the QEMU job run by lava-run, its results held to the
#                    BENCH lines of the same boot; the U-Boot jobs validated
#                    (after firmware-test, whose log it compares)
#   make lab-test    lava-test on every board, with a total (.ci/run)
LAVA_DIR = $(dir $(FIRMWARE))lava
LAVA_IPADDR ?=
# lava-server's device-type templates, of the version of the installed
# lava-dispatcher: the jobs' devices are rendered as the server would.
LAVA_SERVER := $(BUILD_ROOT)/lava/lava-server
LAVA_TEMPLATES := $(LAVA_SERVER)/usr/share/lava-server/device-types

$(LAVA_TEMPLATES)/qemu.jinja2:
	$(Q)tools/lava-templates.sh $(LAVA_SERVER)

.PHONY: lava-jobs lava-test lab-test
lava-jobs: all $(LAVA_TEMPLATES)/qemu.jinja2
	$(Q)mkdir -p $(LAVA_DIR)
	$(Q)$(UBOOT_CMDS) $(FIRMWARE).elf >$(LAVA_DIR)/uboot-cmds.txt
	$(Q)tools/lava-jobs.py --board $(BOARD) --arch $(ARCH) --out $(LAVA_DIR) \
		--qemu-image $(call QEMU_IMAGE,$(FIRMWARE).elf) --uboot-cmds $(LAVA_DIR)/uboot-cmds.txt \
		--prompt '$(UBOOT_PROMPT)' --console "$(UBOOT_CONSOLE)" --mkimage-arch $(UIMAGE_ARCH) \
		--bin $(FIRMWARE).bin --uimage $(FIRMWARE).uImage $(if $(LAVA_IPADDR),--ipaddr $(LAVA_IPADDR)) \
		--templates $(LAVA_TEMPLATES) -- $(call QEMU_CMD,$(FIRMWARE).elf)

# the same image's console as make run printed it, which both labs'
# tests compare theirs with: firmware-test's log, or a device's make run log
MAKE_RUN_LOG = $(if $(DEVICE_NAME),$(call LOG_OF,$(BOARD),0),$(BUILD)/firmware.log)
MAKE_RUN_HOW = $(if $(DEVICE_NAME),make DEVICE=$(DEVICE) BOARD=$(BOARD) run,make BOARD=$(BOARD) firmware-test)
LAB_RESULTS := $(BUILD_ROOT)/lava/results
lab-test:
	$(Q)rm -rf $(LAB_RESULTS)
	$(Q)st=0; for b in $(BOARDS); do $(MAKE) --no-print-directory BOARD=$$b lava-test \
		RESULTS=$(LAB_RESULTS) || st=1; done; tools/test-summary.sh $(LAB_RESULTS) && exit $$st

lava-test: lava-jobs
	$(Q)test -r $(MAKE_RUN_LOG) || { echo "lava-test: no $(MAKE_RUN_LOG): run $(MAKE_RUN_HOW)" \
		"first" >&2; exit 2; }
	$(Q)tools/run-part.sh lava-$(BOARD) $(RESULTS) tests/lava/lava-test.py --board $(BOARD) \
		--jobs $(LAVA_DIR) --make-run-log $(MAKE_RUN_LOG) \
		--qemu-image $(call QEMU_IMAGE,$(FIRMWARE).elf) \
		-- $(call QEMU_CMD,$(FIRMWARE).elf)
