# Renesas R2D+: SH7751R, image loaded by QEMU -kernel (or U-Boot) at
# physical 0x0C800000.
ARCH := sh4
SOC := sh7751r
BOARD_SRCS := boards/r2dplus/board.c boards/sh7751r/sh7751r.c
LDSCRIPT := linker/sh4-p1.ld

# What QEMU loads: the raw binary.  -icount shift=8 makes the TMU count
# instructions exactly (arch/sh4/arch.c).
QEMU_IMAGE = $(1:.elf=.bin)
R2D_QEMU := qemu-system-sh4 -M r2d -nic none -display none -monitor none \
	-serial null -serial stdio -no-reboot -icount shift=8,align=off,sleep=off
QEMU_CMD = $(R2D_QEMU) -kernel $(call QEMU_IMAGE,$(1))

# How the image starts under QEMU's eyes: caches, bootm's command line,
# the HW=1 image (tests/target/r2dplus-boot.sh; after firmware-test).
.PHONY: boot-test
boot-test: $(BUILD)/firmware.bin
	$(Q)SHORT_PLAN="$(call PLAN_LOADER,$(BUILD)/firmware.elf,short)" tools/run-part.sh \
		r2dplus-boot $(RESULTS) tests/target/r2dplus-boot.sh $(BUILD) $(R2D_QEMU)

# A real R2D+ boots through U-Boot (make uboot-cmds): firmware.bin,
# .srec or .uImage, the same bytes QEMU runs.  U-Boot's console is the
# SCIF (ttySC1 in Linux); U-Boot (include/configs/r2dplus.h) has 64 MiB
# of SDRAM at 0x8C000000 (P1) and relocates itself to its top.  The
# uImage is downloaded 32 MiB in, clear of the image (tools/uboot-cmds.sh
# checks) and of U-Boot.
UBOOT_CONSOLE := SCIF, 115200 8N1
UBOOT_SDRAM := 0x8C000000 0x04000000
UBOOT_DOWNLOAD := 0x8E000000
# the timing model's RAM (sim/sim.mk): the SDRAM, physical
SIM_RAM := 0x0c000000:0x04000000

# tests/images.sh boots the raw binary, the same bytes as the uImage's
# payload, and what `loads` leaves in memory (images-test/loads.bin,
# written by tests/srec-check.py: the S-records' bytes, garbage between)
IMAGE_BOOTS = "bin=$(call QEMU_CMD,$(BUILD)/firmware.elf)" \
	"loads=$(R2D_QEMU) -kernel $(BUILD)/images-test/loads.bin"

# make load-test's U-Boot boots what it received with this, the file's
# name appended, its serial console on the loader's pty
LOAD_TEST_QEMU = $(R2D_QEMU) -kernel

# OpenOCD has no SuperH target: say so rather than "no rule".
.PHONY: flash
flash:
	@echo "flash: OpenOCD cannot program the R2D+ (no SuperH target); load the image through U-Boot: make BOARD=r2dplus uboot-cmds" >&2; exit 1
