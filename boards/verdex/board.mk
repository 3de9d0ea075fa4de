# Gumstix Verdex: PXA270, boots only from its 32 MiB flash at 0x0; the
# image copies itself to SDRAM (arch/arm/start.S).
include boards/pxa270/pxa270.mk
BOARD_SRCS := boards/verdex/board.c boards/pxa270/board.c boards/pxa270/pxa270.c \
	boards/pxa270/lowlevel.S

# QEMU ignores -kernel on this machine: it loads the padded flash image.
QEMU_IMAGE = $(1:.elf=.pflash)
QEMU_CMD = $(PXA270_QEMU) -M verdex -drive if=pflash,format=raw,file=$(call QEMU_IMAGE,$(1))
# firmware.bin is what the OpenOCD config writes to a real board.
BOARD_EXTRA_IMAGES := $(BUILD)/firmware.bin

# Flashing a real board through JTAG: make BOARD=verdex flash
#   OPENOCD_ADAPTER=interface/ftdi/olimex-arm-usb-ocd-h.cfg (for example)
OPENOCD_ADAPTER ?= interface/ftdi/olimex-arm-usb-ocd-h.cfg
.PHONY: flash openocd-check
flash: $(BUILD)/firmware.bin
	openocd -f $(OPENOCD_ADAPTER) -f boards/verdex/openocd.cfg \
		-c "verdex_flash $(BUILD)/firmware.bin"

# Checks the OpenOCD config without hardware (the dummy adapter).
openocd-check: $(BUILD)/firmware.bin
	$(Q)boards/verdex/openocd-check.sh $(BUILD)/firmware.bin
