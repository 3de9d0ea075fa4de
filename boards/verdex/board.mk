# Gumstix Verdex: PXA270, boots only from its 32 MiB flash at 0x0; the
# image copies itself to SDRAM (arch/arm/start.S).
include boards/pxa270/pxa270.mk
include boards/verdex/flash.mk
BOARD_SRCS := boards/verdex/board.c boards/pxa270/board.c boards/pxa270/pxa270.c \
	boards/pxa270/lowlevel.S

# QEMU ignores -kernel on this machine: it loads the padded flash image.
QEMU_IMAGE = $(1:.elf=.pflash)
QEMU_CMD = $(PXA270_QEMU) -M verdex -drive if=pflash,format=raw,file=$(call QEMU_IMAGE,$(1))

# Gumstix U-Boot (include/configs/gumstix.h): 64 MiB of SDRAM on the
# XM4 (128 MiB on the XL6P), CFG_LOAD_ADDR 0xA2000000 for downloads.
UBOOT_SDRAM := 0xA0000000 0x04000000
# the timing model's RAM (sim/sim.mk): the SDRAM, physical
SIM_RAM := 0xa0000000:0x04000000
UBOOT_DOWNLOAD := 0xA2000000
# its prompt (CFG_PROMPT), for make load
UBOOT_PROMPT ?= GUM>

# What U-Boot's `loadb` + `go` do, under QEMU: the .bin in SDRAM at its
# load address, the CPU started at its entry, the flash blank (erased
# NOR reads 0xFF), so nothing boots but what was loaded.
QEMU_LOADER_CMD = $(PXA270_QEMU) -M verdex \
	-drive if=pflash,format=raw,file=$(BUILD)/blank.pflash \
	-device loader,file=$(1),addr=$(2),force-raw=on -device loader,addr=$(3),cpu-num=0

# The flash as `make flash` leaves it: U-Boot's blocks (blank here) and
# the image at FLASH_OFFSET.
$(BUILD)/%.uboot.pflash: $(BUILD)/%.bin $(BUILD)/blank.pflash
	@echo "  FLASH   $@"
	$(Q)cp $(BUILD)/blank.pflash $@.tmp && \
		dd if=$< of=$@.tmp bs=4096 seek=$$(($(FLASH_OFFSET) / 4096)) conv=notrunc status=none && \
		mv $@.tmp $@

# tests/images.sh boots the image as U-Boot would start it: loadb + go
# (the .bin in SDRAM), and go FLASH_OFFSET (the copy written by make
# flash, which copies itself to SDRAM), and loads + go (what the
# S-records leave in SDRAM, garbage between them: tests/srec-check.py)
IMAGE_TEST_DEPS := $(BUILD)/blank.pflash $(BUILD)/firmware.uboot.pflash
IMAGE_BOOTS = "loadb-go=$(call QEMU_LOADER_CMD,$(BUILD)/firmware.bin,$(IMAGE_LOAD),$(IMAGE_ENTRY))" \
	"loads-go=$(call QEMU_LOADER_CMD,$(BUILD)/images-test/loads.bin,$(IMAGE_LOAD),$(IMAGE_ENTRY))" \
	"flash-go=$(PXA270_QEMU) -M verdex -drive if=pflash,format=raw,file=$(BUILD)/firmware.uboot.pflash \
	-device loader,addr=$(shell printf 0x%x $$(($(FLASH_BASE) + $(FLASH_OFFSET)))),cpu-num=0"
