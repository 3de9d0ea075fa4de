# Shared by the PXA270 boards: the image, the ARM toolchain, the flash.
ARCH := arm
SOC := pxa270
LDSCRIPT := linker/arm-pxa270-sdram.ld

# Both boards' boot flash: one 32 MiB bank at 0x0.  QEMU wants the
# pflash image exactly that size; a programmer writes just the .bin.
PXA270_FLASH_BYTES := 33554432

$(BUILD)/%.pflash: $(BUILD)/%.bin
	@echo "  FLASH   $@"
	$(Q)test $$(stat -c %s $<) -le $(PXA270_FLASH_BYTES) || \
		{ echo "$< is larger than the flash" >&2; exit 1; }
	$(Q)cp $< $@.tmp && truncate -s $(PXA270_FLASH_BYTES) $@.tmp && mv $@.tmp $@

# serial 0 is the FFUART console; the other two UARTs stay absent.
# -semihosting: power-off is Angel SYS_EXIT.  -icount shift=0: CCNT
# (virtual ns) advances one per instruction.  Both boards have an
# SMC91C111 that QEMU creates whatever -nic says; without a peer it
# warns, so it gets an isolated user-mode network.
PXA270_QEMU := qemu-system-arm -nic user,restrict=on -display none -monitor none \
	-serial stdio -no-reboot -semihosting \
	-icount shift=0,align=off,sleep=off

# Keep the .bin between the .elf and the .pflash: it is the image a
# flash programmer writes.
.PRECIOUS: $(BUILD)/%.bin

# The power-on set-up (lowlevel.S) in QEMU's MMIO write trace: booted
# from flash, started in SDRAM as by a boot loader, and from flash with
# SDRAM already on (tests/target/bringup.sh).
.PHONY: bringup-test
bringup-test: $(BUILD)/firmware.elf $(BUILD)/firmware.bin $(BUILD)/firmware.pflash
	$(Q)tools/run-part.sh bringup-$(BOARD) $(RESULTS) tests/target/bringup.sh $(BOARD) \
		$(BUILD) $(PXA270_QEMU) -M $(BOARD)
