# Gumstix Verdex boot flash and what its U-Boot keeps there.
#
# Sources: Gumstix's U-Boot 1.2 for the Verdex, include/configs/gumstix.h
# (as in github.com/ashcharles/verdex-uboot): PHYS_FLASH_1 = 0x0,
# PHYS_FLASH_SECT_SIZE = 128 KiB, CFG_MONITOR_BASE = 0,
# CFG_MONITOR_LEN = 2 sectors - 4 KiB, CFG_ENV_SIZE = 4 KiB,
# CFG_ENV_ADDR = 2 sectors - 4 KiB, CFG_ENV_SECT_SIZE = 1 sector;
# OpenOCD's board/verdex.cfg: CFI bank at 0x0, 32 MiB (XL6P; the XM4
# has 16 MiB), chip and bus 16 bits wide.
#
#   0x00000000  U-Boot                  blocks 0..1 (0x3F000 bytes)
#   0x0003F000  U-Boot environment      4 KiB at the end of block 1
#   0x00040000  the firmware (FLASH_OFFSET), the first block U-Boot
#               leaves alone; Gumstix's Linux keeps its root file
#               system from here, which the firmware replaces
#
# 0x40000 is a block boundary whether the chip has uniform 128 KiB
# blocks or four 32 KiB parameter blocks at the bottom (P30 "B" parts).
FLASH_BASE := 0x00000000
FLASH_BYTES := 0x02000000
FLASH_CHIP_WIDTH := 2
FLASH_BUS_WIDTH := 2
FLASH_ERASE_BLOCK := 0x20000
# U-Boot and its environment end here: nothing below it is written
# unless FLASH_WHOLE=1
FLASH_BOOTLOADER_END := 0x40000
FLASH_OFFSET ?= 0x40000
