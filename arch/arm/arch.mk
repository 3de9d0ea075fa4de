# ARM XScale (PXA270) with Debian's arm-none-eabi-gcc and its full newlib
# (libc.a, not nano: the reports print 64-bit values with %llu/%lld).
# The default multilib is ARMv4T ARM code, which XScale runs as is.
CC := arm-none-eabi-gcc
OBJCOPY := arm-none-eabi-objcopy
OBJDUMP := arm-none-eabi-objdump
# the CPU as mkimage names it (-A), for U-Boot images
UIMAGE_ARCH := arm
ARCH_CFLAGS := -mcpu=xscale -marm -mfloat-abi=soft -Wa,--noexecstack
# Measurement only: ARM_MM_SWITCH=domains adds to every switch what a
# switch by ARMv5 domains would make (arch/arm/mmu.c says why it is not
# the design); such an image measures, it is never shipped.
ifeq ($(ARM_MM_SWITCH),domains)
ARCH_CFLAGS += -DARM_MM_SWITCH_DOMAINS
endif
# Grouped: libc needs libgcc's 64-bit helpers and libgcc needs libc's abort/memcpy.
# -z noexecstack: libgcc's float helpers lack .note.GNU-stack and would
# make every link warn about an executable stack.
ARCH_LIBS := -Wl,--start-group -lc -lgcc -Wl,--end-group -Wl,-z,noexecstack
ARCH_DEPS :=
ARCH_SRCS := arch/arm/start.S arch/arm/entry.S arch/arm/counter.S arch/arm/arch.c \
	arch/arm/mmu.c arch/arm/calib.S arch/arm/calib.c
GDB_ARCH := arm
# The timing model (sim/xscale.c); the kernel maps SDRAM one to one.  The
# model times the est-cycles pass alone, long after the MMU and caches
# went on: it starts with them on.  Where arch/arm/mmu.c maps the frames
# uncached and the user section in pages comes from the image's own
# symbols (sim/sim.mk's sim_sym), not from the model's defaults.
SIM_MODEL := xscale
SIM_CPU_ARGS := v2p=0
arm_sim_span = $(shell printf 0x%x $$(( $(call sim_sym,$(2),$(1)) - $(call sim_sym,$(3),$(1)) )))
SIM_MODEL_PARAMS = mmu_on_at_reset=1 uncached_base=$(call sim_sym,__mm_frames_start,$(1)) \
	uncached_size=$(call arm_sim_span,$(1),__mm_frames_end,__mm_frames_start) \
	small_page_base=$(call sim_sym,__user_start,$(1))
# one the calibration must catch (load-use: 4 cycles by the manual)
SIM_WRONG_PARAM := load_result=2
# The selinux07 models as 2.6.22 built them (Makefile, SEL07_BUILD=2007):
# -Os (init/Kconfig's CC_OPTIMIZE_FOR_SIZE, default y on ARM, and
# mainstone_defconfig); FRAME_POINTER, hard-wired to y (Kconfig.debug):
# arch/arm/Makefile's -fno-omit-frame-pointer -mapcs -mno-sched-prolog
# and the top Makefile's -fno-optimize-sibling-calls, so that every
# function builds an APCS frame (SEL07_FRAMES=0: GCC 12's own frames).
ARCH_SEL07_SRCS := arch/arm/sel07_string.S
ARCH_SEL07_CFLAGS = $(SEL07_GCC34_CFLAGS) -Os $(if $(filter 1,$(SEL07_FRAMES)),-mapcs-frame \
	-fno-omit-frame-pointer -mno-sched-prolog -fno-optimize-sibling-calls)
