# Intel Mainstone II: PXA270.  QEMU loads the ELF straight into SDRAM
# (-kernel); BOOT=flash boots the same image from flash bank 0 instead,
# as on the Verdex.
include boards/pxa270/pxa270.mk
BOARD_SRCS := boards/mainstone/board.c boards/pxa270/board.c boards/pxa270/pxa270.c \
	boards/pxa270/lowlevel.S

BOOT ?= kernel
ifeq ($(BOOT),flash)
QEMU_IMAGE = $(1:.elf=.pflash)
QEMU_CMD = $(PXA270_QEMU) -M mainstone -drive if=pflash,format=raw,index=0,file=$(call QEMU_IMAGE,$(1))
else
QEMU_IMAGE = $(1)
QEMU_CMD = $(PXA270_QEMU) -M mainstone -kernel $(call QEMU_IMAGE,$(1))
endif
BOARD_EXTRA_IMAGES := $(BUILD)/firmware.pflash
