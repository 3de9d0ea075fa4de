# SH-4 timing model host tests: make test-sim-sh4.
#
# Unit tests of sim/sh4*.c and sim/cache.c with hand-built streams, the
# parameter document against the code, the decoder against every
# instruction of the R2D+ firmware, and the calibration routines
# (arch/sh4/calib.S, calib.c) linked alone at SIM_SH4_CALIB_BASE and run
# through the test's interpreter into the model.
SIM_SH4_CROSS ?= sh4-linux-gnu-
SIM_SH4_DIR := $(or $(BUILD_ROOT),build)/host/sim
SIM_SH4_FW := $(or $(BUILD_ROOT),build)/r2dplus
SIM_SH4_SRCS := sim/sh4.c sim/sh4_decode.c sim/sh4_params.c sim/cache.c sim/params.c
SIM_SH4_HDRS := sim/tests/check.h sim/cache.h sim/sh4.h sim/sh4_params.h sim/model.h include/counter_model.h \
	arch/sh4/include/sh4_calib.h
SIM_SH4_TEST := $(SIM_SH4_DIR)/sh4_test
SIM_SH4_BENCH := $(SIM_SH4_DIR)/sh4_bench
SIM_SH4_CALIB_OBJS := $(SIM_SH4_FW)/firmware/obj/arch/sh4/calib.S.o \
	$(SIM_SH4_FW)/firmware/obj/arch/sh4/calib.c.o
# the test's interpreter loads calib.bin here (sim/tests/sh4_test.c)
SIM_SH4_CALIB_BASE := 0x8c010000

$(SIM_SH4_TEST): sim/tests/sh4_test.c $(SIM_SH4_SRCS) $(SIM_SH4_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_TEST_CFLAGS) -DSIM_SH4_CALIB_BASE=$(SIM_SH4_CALIB_BASE) -o $@ \
		sim/tests/sh4_test.c $(SIM_SH4_SRCS)

$(SIM_SH4_BENCH): sim/tests/sh4_bench.c $(SIM_SH4_SRCS) $(SIM_SH4_HDRS)
	@mkdir -p $(@D)
	$(HOST_CC) -std=gnu11 -O2 -g -Wall -Wextra -Werror -Iinclude -Isim -o $@ \
		sim/tests/sh4_bench.c $(SIM_SH4_SRCS)

.PHONY: test-sim-sh4 bench-sim-sh4 sim-sh4-firmware
sim-sh4-firmware:
	@$(MAKE) --no-print-directory -j2 BOARD=r2dplus HW=0 MAC_STATS=0 PROFILE_TASKS=0 \
		$(SIM_SH4_FW)/firmware.elf

test-sim-sh4: $(SIM_SH4_TEST) sim-sh4-firmware
	@$(SIM_SH4_CROSS)objdump -m sh4 -d $(SIM_SH4_FW)/firmware.elf > $(SIM_SH4_DIR)/firmware.dis
	@$(SIM_SH4_CROSS)as -o $(SIM_SH4_DIR)/calib_stub.o sim/tests/sh4_calib_stub.s
	@$(SIM_SH4_CROSS)ld -N -Ttext=$(SIM_SH4_CALIB_BASE) -e calib_alu_short \
		--no-warn-rwx-segments -o $(SIM_SH4_DIR)/calib.elf $(SIM_SH4_CALIB_OBJS) \
		$(SIM_SH4_DIR)/calib_stub.o
	@$(SIM_SH4_CROSS)objcopy -O binary $(SIM_SH4_DIR)/calib.elf $(SIM_SH4_DIR)/calib.bin
	@$(SIM_SH4_CROSS)nm $(SIM_SH4_DIR)/calib.elf > $(SIM_SH4_DIR)/calib.syms
	$(SIM_SH4_TEST) --md sim/sh4-params.md --disasm $(SIM_SH4_DIR)/firmware.dis \
		--calib $(SIM_SH4_DIR)/calib.bin $(SIM_SH4_DIR)/calib.syms arch/sh4/calib.c

# est-cycles per host second over a synthetic boot-like stream
bench-sim-sh4: $(SIM_SH4_BENCH)
	$(SIM_SH4_BENCH)
