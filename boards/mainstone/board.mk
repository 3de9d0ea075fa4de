# Intel Mainstone II: PXA270.  QEMU loads the U-Boot image into SDRAM
# (-kernel) as U-Boot's bootm would: the image at its load address,
# ATAGs at SDRAM + 0x100 and a small stub at SDRAM's base that jumps to
# the entry.  BOOT=flash boots the image from flash bank 0 instead, as
# on the Verdex.
include boards/pxa270/pxa270.mk
include boards/mainstone/flash.mk
BOARD_SRCS := boards/mainstone/board.c boards/pxa270/board.c boards/pxa270/pxa270.c \
	boards/pxa270/lowlevel.S

BOOT ?= kernel
ifeq ($(BOOT),flash)
QEMU_IMAGE = $(1:.elf=.pflash)
QEMU_CMD = $(PXA270_QEMU) -M mainstone -drive if=pflash,format=raw,index=0,file=$(call QEMU_IMAGE,$(1))
else
QEMU_IMAGE = $(1:.elf=.uImage)
QEMU_CMD = $(PXA270_QEMU) -M mainstone -kernel $(call QEMU_IMAGE,$(1))
endif

# Mainstone U-Boot (include/configs/mainstone.h): 64 MiB of SDRAM,
# CFG_LOAD_ADDR 0xA1000000 for downloads.
UBOOT_SDRAM := 0xA0000000 0x04000000
# the timing model's RAM (sim/sim.mk): the SDRAM, physical
SIM_RAM := 0xa0000000:0x04000000
UBOOT_DOWNLOAD := 0xA1000000

# QEMU -kernel with any image: a uImage goes to its load address, a raw
# binary to SDRAM + 0x10000, where the image's start code runs
# position-independent and copies itself to its link address.
QEMU_KERNEL_CMD = $(PXA270_QEMU) -M mainstone -kernel $(1)

# tests/images.sh boots both RAM images, as U-Boot's bootm and its
# loadb + go would leave them, and what the S-records leave (their
# bytes, garbage between: tests/srec-check.py)
IMAGE_BOOTS = "uImage=$(call QEMU_KERNEL_CMD,$(BUILD)/firmware.uImage)" \
	"bin=$(call QEMU_KERNEL_CMD,$(BUILD)/firmware.bin)" \
	"loads=$(call QEMU_KERNEL_CMD,$(BUILD)/images-test/loads.bin)"
