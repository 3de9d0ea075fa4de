# Shared by the PXA270 boards: the image, the ARM toolchain, the flash.
ARCH := arm
SOC := pxa270
LDSCRIPT := linker/arm-pxa270-sdram.ld

# QEMU's flash on both boards: one 32 MiB bank at 0x0, and QEMU wants
# the pflash image exactly that size.  The .pflash is the image at 0x0,
# as on a board flashed with FLASH_WHOLE=1 (no U-Boot); a programmer
# writes just the .bin.
PXA270_FLASH_BYTES := 33554432
BOARD_IMAGE_FORMATS := pflash

$(BUILD)/%.pflash: $(BUILD)/%.bin
	@echo "  FLASH   $@"
	$(Q)test $$(stat -c %s $<) -le $(PXA270_FLASH_BYTES) || \
		{ echo "$< is larger than the flash" >&2; exit 1; }
	$(Q)cp $< $@.tmp && truncate -s $(PXA270_FLASH_BYTES) $@.tmp && mv $@.tmp $@

# Erased NOR flash reads all ones: QEMU's flash when a boot loader, not
# the flash, brings the image (tests/images.sh).
$(BUILD)/blank.pflash:
	@mkdir -p $(@D)
	$(Q)head -c $(PXA270_FLASH_BYTES) /dev/zero | tr '\000' '\377' >$@.tmp && mv $@.tmp $@

# U-Boot's console on both boards' FFUART (serial 0 under QEMU).
UBOOT_CONSOLE := FFUART, 115200 8N1

# Flashing a real board through JTAG, keeping its U-Boot:
#   make BOARD=verdex|mainstone flash OPENOCD_ADAPTER=interface/ftdi/olimex-arm-usb-ocd-h.cfg
# writes firmware.bin at FLASH_OFFSET (boards/<board>/flash.mk); U-Boot
# then starts it with `go` at that address (make uboot-cmds).
# FLASH_WHOLE=1 writes it at 0x0 instead, for power-on boot, and
# erases U-Boot.  boards/pxa270/flash.sh refuses, before OpenOCD runs,
# an image that would overlap U-Boot's blocks or not fit the flash.
OPENOCD_ADAPTER ?=
FLASH_WHOLE ?= 0
PXA270_FLASH_LAYOUT = --cfg boards/$(BOARD)/openocd.cfg --base $(FLASH_BASE) \
	--size $(FLASH_BYTES) --block $(FLASH_ERASE_BLOCK) \
	--reserved $(FLASH_BOOTLOADER_END) --offset $(FLASH_OFFSET)
.PHONY: flash openocd-check
flash: $(FIRMWARE).bin
	$(Q)boards/pxa270/flash.sh $(PXA270_FLASH_LAYOUT) --whole "$(FLASH_WHOLE)" \
		--adapter "$(OPENOCD_ADAPTER)" $<

# Checks the OpenOCD config and flash.sh's refusals without a board.
openocd-check: $(BUILD)/firmware.bin
	$(Q)boards/pxa270/openocd-check.sh --board $(BOARD) --chip-width $(FLASH_CHIP_WIDTH) \
		--bus-width $(FLASH_BUS_WIDTH) $(PXA270_FLASH_LAYOUT) $<

# serial 0 is the FFUART console; the other two UARTs stay absent.
# -semihosting: power-off is Angel SYS_EXIT.  -icount shift=0: CCNT
# (virtual ns) advances one per instruction.  Both boards have an
# SMC91C111 that QEMU creates whatever -nic says, and warns of when it
# has no peer (-nic none) or only a hub; a user-mode network, even
# restricted, sends the guest packets of its own and prints "Slirp:
# Failed to send packet" into the console when the NIC, which the
# firmware never turns on, refuses them.  Its peer is a UDP socket on
# the loopback instead, aimed at the discard port: nothing sends on it.
PXA270_QEMU := qemu-system-arm -nic socket,udp=127.0.0.1:9,localaddr=127.0.0.1:0 \
	-display none -monitor none \
	-serial stdio -no-reboot -semihosting \
	-icount shift=0,align=off,sleep=off

# Keep the .bin between the .elf and the .pflash: it is the image a
# flash programmer writes.
.PRECIOUS: $(BUILD)/%.bin

# The power-on set-up (lowlevel.S) in QEMU's MMIO write trace: booted
# from flash, started in SDRAM as by a boot loader, and from flash with
# SDRAM already on (tests/target/bringup.sh).
.PHONY: bringup-test
bringup-test: $(BUILD)/firmware.elf $(BUILD)/firmware.bin $(BUILD)/firmware.pflash \
		$(BUILD)/blank.pflash
	$(Q)SHELL_MODE_STAY=$(SHELL_MODE_STAY) SHORT_PLAN="$(call PLAN_LOADER,$(BUILD)/firmware.elf,short)" \
		tools/run-part.sh bringup-$(BOARD) $(RESULTS) \
		tests/target/bringup.sh $(BOARD) $(BUILD) $(PXA270_QEMU) -M $(BOARD)
