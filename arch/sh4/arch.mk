# SH-4 with Debian's sh4-linux-gnu-gcc used bare metal.
include arch/sh4/toolchain.mk

CC := $(SH4_CC)
OBJCOPY := sh4-linux-gnu-objcopy
OBJDUMP := sh4-linux-gnu-objdump
# the CPU as mkimage names it (-A), for U-Boot images
UIMAGE_ARCH := sh
ARCH_CFLAGS := $(SH4_TOOLCHAIN_CFLAGS) $(if $(filter 1,$(HW)),-DARCH_COUNTER_HW)
ARCH_LIBS := $(SH4_TOOLCHAIN_LIBS)
ARCH_DEPS := $(SH4_TOOLCHAIN_DEPS)
ARCH_SRCS := arch/sh4/start.S arch/sh4/entry.S arch/sh4/counter.S arch/sh4/counter.c arch/sh4/arch.c arch/sh4/mmu.c \
	arch/sh4/calib.S arch/sh4/calib.c
GDB_ARCH := sh4
