# Renesas R2D+: SH7751R, image loaded by QEMU -kernel (or U-Boot) at
# physical 0x0C800000.
ARCH := sh4
SOC := sh7751r
BOARD_SRCS := boards/r2dplus/board.c boards/sh7751r/sh7751r.c
LDSCRIPT := linker/sh4-p1.ld

# What QEMU loads: the raw binary.  -icount shift=8 makes the TMU count
# instructions exactly (arch/sh4/arch.c).
QEMU_IMAGE = $(1:.elf=.bin)
QEMU_CMD = qemu-system-sh4 -M r2d -nic none -display none -monitor none \
	-serial null -serial stdio -no-reboot \
	-icount shift=8,align=off,sleep=off -kernel $(call QEMU_IMAGE,$(1))

# A real R2D+ boots through U-Boot: load this image (tftp, or from the
# CompactFlash) and `bootm` it; it is the same binary QEMU runs.
BOARD_EXTRA_IMAGES := $(BUILD)/firmware.uImage
$(BUILD)/%.uImage: $(BUILD)/%.bin
	@echo "  UIMAGE  $@"
	$(Q)mkimage -A sh -O linux -T kernel -C none -a 0x8c800000 -e 0x8c800000 \
		-n "mac-fw $(BOARD)" -d $< $@ >/dev/null
