# xscale.mk - the PXA270 timing model's host tests, included by the
# top-level Makefile (which defines BUILD_ROOT; HOST_CC from
# monitor/monitor.mk).
#
#   make test-sim-xscale   unit tests, the parameter table against
#                          sim/xscale-params.md, every instruction of the
#                          Verdex firmware's text through the decoder, and
#                          arch/arm/calib.S's routines through the model;
#                          ends with "sim-xscale: N passed, N failed"

XS_SIM_DIR := $(BUILD_ROOT)/host/sim
XS_SIM_TEST := $(XS_SIM_DIR)/xscale_test
XS_SIM_SRCS := sim/xscale.c sim/xscale_decode.c sim/cache.c sim/params.c sim/tests/xscale_test.c
XS_SIM_HDRS := sim/tests/check.h sim/model.h sim/xscale.h sim/cache.h include/counter_model.h
XS_FW_ELF := $(BUILD_ROOT)/verdex/firmware.elf
XS_CALIB_OBJS := $(BUILD_ROOT)/verdex/firmware/obj/arch/arm/calib.S.o \
	$(BUILD_ROOT)/verdex/firmware/obj/arch/arm/calib.c.o
# calib.S and calib.c alone, linked where SDRAM is, the counter's model
# pointer a zero word of the test's memory (CCNT, as without a model)
XS_CALIB_ELF := $(XS_SIM_DIR)/calib-xscale.elf

$(XS_SIM_TEST): $(XS_SIM_SRCS) $(XS_SIM_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@" >&2
	$(Q)$(HOST_CC) $(SIM_TEST_CFLAGS) -o $@ $(XS_SIM_SRCS)

.PHONY: test-sim-xscale
test-sim-xscale: $(XS_SIM_TEST)
	$(Q)$(MAKE) --no-print-directory BOARD=verdex all
	@mkdir -p $(XS_SIM_DIR)
	$(Q)arm-none-eabi-ld -o $(XS_CALIB_ELF) -Ttext=0xA0008000 \
		--section-start=.bss=0xA0100000 -e calib_alu_short \
		--defsym=arm_counter_model_ptr=0xA01E0000 $(XS_CALIB_OBJS)
	$(Q)$(XS_SIM_TEST) sim/xscale-params.md $(XS_FW_ELF) $(XS_CALIB_ELF)
