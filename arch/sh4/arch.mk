# SH-4 with Debian's sh4-linux-gnu-gcc used bare metal.
include arch/sh4/toolchain.mk

CC := $(SH4_CC)
OBJCOPY := sh4-linux-gnu-objcopy
OBJDUMP := sh4-linux-gnu-objdump
# the CPU as mkimage names it (-A), for U-Boot images
UIMAGE_ARCH := sh
ARCH_CFLAGS := $(SH4_TOOLCHAIN_CFLAGS) $(if $(filter 1,$(HW)),-DARCH_COUNTER_HW) \
	$(if $(filter chip,$(SH4_EXIT)),-DSH4_EXIT_CHIP)
ARCH_LIBS := $(SH4_TOOLCHAIN_LIBS)
ARCH_DEPS := $(SH4_TOOLCHAIN_DEPS)
ARCH_SRCS := arch/sh4/start.S arch/sh4/entry.S arch/sh4/counter.S arch/sh4/counter.c arch/sh4/arch.c arch/sh4/mmu.c \
	arch/sh4/calib.S arch/sh4/calib.c
GDB_ARCH := sh4
# The timing model (sim/sh4.c) and the SH-4's address rules: P1 is
# physical + 0x80000000, and the top three bits of any address select
# the area, not the memory.
SIM_MODEL := sh4
SIM_CPU_ARGS := v2p=0x80000000,pmask=0x1fffffff
# one the calibration must catch (load-use: 2 cycles by the manual)
SIM_WRONG_PARAM := load_latency=3
# The selinux07 models as 2.6.22 built them (Makefile, SEL07_BUILD=2007):
# arch/sh/Makefile's -ffreestanding (memset and memcpy calls of its
# assembly, arch_sel07_string.h); -O2 (rts7751r2d_defconfig leaves
# CC_OPTIMIZE_FOR_SIZE unset) and no frame pointer (FRAME_POINTER unset),
# as CFLAGS already has.  SEL07_FRAMES has nothing to change here.
ARCH_SEL07_SRCS := arch/sh4/sel07_string.S
ARCH_SEL07_CFLAGS = $(SEL07_GCC34_CFLAGS) -O2 -ffreestanding
