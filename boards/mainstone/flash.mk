# Intel Mainstone II boot flash (bank 0, chip select 0) and what its
# U-Boot keeps there.
#
# Sources: U-Boot's Mainstone port, include/configs/mainstone.h (Koan /
# Samsys, 2005-2006, as in github.com/MINIONKIM/u-boot):
# PHYS_FLASH_1 = 0x0, PHYS_FLASH_BANK_SIZE = 32 MiB,
# PHYS_FLASH_SECT_SIZE = 256 KiB ("128 KB sectors (x2)": two 16-bit
# chips side by side), CFG_MONITOR_BASE = 0, CFG_MONITOR_LEN = 0x20000,
# CFG_ENV_ADDR = 0x20000, CFG_ENV_SIZE = CFG_ENV_SECT_SIZE = 0x20000,
# bootcmd "bootm 40000"; Linux's arch/arm/mach-pxa/mainstone.c: bank 0
# at 0x0 (32 bits wide unless BOOT_DEF bit 0 says 16), partitions
# "Bootloader" 0x0..0x40000 (read-only), "Kernel" 0x40000..0x440000,
# "Filesystem" after it; QEMU's mainstone model: 256 KiB sectors, 32
# bits wide.
#
#   0x00000000  U-Boot                  0x20000 bytes
#   0x00020000  U-Boot environment      0x20000 bytes
#   0x00040000  the firmware (FLASH_OFFSET), the first 256 KiB block
#               past U-Boot; where U-Boot's bootcmd and Linux expect a
#               kernel, which the firmware replaces
#
# On bottom-boot chips the four parameter-block pairs (64 KiB each)
# fill 0x0..0x40000, so 0x40000 starts a main block either way.
FLASH_BASE := 0x00000000
FLASH_BYTES := 0x02000000
FLASH_CHIP_WIDTH := 2
FLASH_BUS_WIDTH := 4
FLASH_ERASE_BLOCK := 0x40000
# U-Boot and its environment end here: nothing below it is written
# unless FLASH_WHOLE=1
FLASH_BOOTLOADER_END := 0x40000
FLASH_OFFSET ?= 0x40000
