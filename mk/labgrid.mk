# labgrid's view of the firmware (tools/labgrid-env.py): environments
# into build/<board>/labgrid/ (a device's: build/<board>/<device>/labgrid/).
#   make labgrid-env [PORT=DEV] [LABGRID_IPADDR=ADDR] [LABGRID_SERVERIP=ADDR]
#     qemu.yaml    QEMUDriver on make run's command
#     board.yaml   the board's U-Boot on PORT (/dev/ttyUSB0 by default):
#                  tftpboot of the .bin (dhcp, or setenv ipaddr), go
#   make labgrid-test [LG_ENV=board]   the report check through labgrid's
#                  pytest plugin: QEMU (after firmware-test, whose BENCH
#                  lines it compares), or the board through its U-Boot
LABGRID_DIR = $(dir $(FIRMWARE))labgrid
LABGRID_IPADDR ?=
LABGRID_SERVERIP ?=
LG_ENV ?= qemu
LABGRID_ENVS := qemu board

.PHONY: labgrid-env labgrid-test labgrid-pty-test
labgrid-env: all
	$(Q)mkdir -p $(LABGRID_DIR)
	$(Q)$(UBOOT_CMDS) $(FIRMWARE).elf >$(LABGRID_DIR)/uboot-cmds.txt
	$(Q)tools/labgrid-env.py --board $(BOARD) --out $(LABGRID_DIR) \
		--qemu-image $(call QEMU_IMAGE,$(FIRMWARE).elf) --uboot-cmds $(LABGRID_DIR)/uboot-cmds.txt \
		--bin $(FIRMWARE).bin --prompt '$(UBOOT_PROMPT)' $(if $(PORT),--port $(PORT)) \
		$(if $(LABGRID_IPADDR),--ipaddr $(LABGRID_IPADDR)) \
		$(if $(LABGRID_SERVERIP),--serverip $(LABGRID_SERVERIP)) \
		-- $(call QEMU_CMD,$(FIRMWARE).elf)

labgrid-test: labgrid-env
	$(Q)$(if $(DEVICE_NAME),echo "labgrid-test: the report check is the firmware's; a device's" \
		"environments are in $(LABGRID_DIR) for its own tests" >&2; exit 2)
	$(Q)$(if $(filter $(LG_ENV),$(LABGRID_ENVS)),,echo "labgrid-test: LG_ENV=$(LG_ENV):" \
		"not one of $(LABGRID_ENVS)" >&2; exit 2)
	$(Q)$(if $(filter board,$(LG_ENV)),test -c "$(PORT)" || { echo "labgrid-test: LG_ENV=board:" \
		"PORT=$(PORT) is not a serial port: give the board's (PORT=/dev/ttyUSB0)" >&2; exit 2; })
	$(Q)$(if $(filter qemu,$(LG_ENV)),test -r $(MAKE_RUN_LOG) || { echo "labgrid-test: no" \
		"$(MAKE_RUN_LOG): run $(MAKE_RUN_HOW) first" >&2; exit 2; })
	$(Q)tools/run-part.sh labgrid-$(LG_ENV)-$(BOARD) $(RESULTS) /usr/bin/python3 -m pytest \
		-p no:cacheprovider -q -rs tests/labgrid --lg-env $(LABGRID_DIR)/$(LG_ENV).yaml \
		--board $(BOARD) --console-log $(LABGRID_DIR)/$(LG_ENV).log \
		--make-run "$(call QEMU_CMD,$(FIRMWARE).elf)" --make-run-log $(MAKE_RUN_LOG) \
		--board-env $(LABGRID_DIR)/board.yaml --uboot-cmds $(LABGRID_DIR)/uboot-cmds.txt \
		--prompt '$(UBOOT_PROMPT)'

# The board's environment through a U-Boot on a pty (tests/fake-uboot.py:
# tftpboot from this build's directory, go boots it under QEMU): labgrid's
# UBootDriver types the boot command, and the report check runs on what
# comes back (the board's QEMU stands in for the board, LOAD_TEST_QEMU).
labgrid-pty-test: labgrid-env
	$(Q)$(if $(LOAD_TEST_QEMU),,echo "labgrid-pty-test: no LOAD_TEST_QEMU for $(BOARD)" \
		"(BOARD=r2dplus has one)" >&2; exit 2)
	$(Q)tools/run-part.sh labgrid-pty-$(BOARD) $(RESULTS) tests/labgrid/board-pty.py \
		--env $(LABGRID_DIR)/board.yaml --work $(LABGRID_DIR)/pty --board $(BOARD) \
		--uboot-cmds $(LABGRID_DIR)/uboot-cmds.txt --prompt '$(UBOOT_PROMPT)' -- $(LOAD_TEST_QEMU)
