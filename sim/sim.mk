# sim.mk - the timing models: QEMU TCG plugins built by the host compiler
# (sim/plugin.c and one CPU's model), and the boots that load them.
#
#   make cycles [BOARD=...] [PLAN=short] [SIM_PARAMS=name=value,...]
#                       the firmware under QEMU with its CPU's timing
#                       model: every figure in insns, then again in
#                       est-cycles (with CAUSES lines), and CALIB lines
#   make cycles-test    calibration and a short run under the model,
#                       figures held to the plain boot's, a wrong
#                       parameter shown to fail
#   make cycles-range   seed 000's table (PLAN=short) with every ranged
#                       parameter (sim/<cpu>-params.md) at its low end,
#                       as the table has it, and at its high end:
#                       build/<board>/cycles-range/{lo,mid,hi}.log, summary.txt
#   make test-sim-glue  the plugin's glue with a model of one cycle an
#                       instruction: est-cycles must equal insns

# The models' host tests (sh4.mk, xscale.mk): a warning or a sanitizer's
# report fails the build or the run.
SIM_TEST_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
	-fno-sanitize-recover=all -Iinclude -Isim

include sim/sh4.mk
include sim/xscale.mk

SIM_BUILD := $(BUILD_ROOT)/sim
comma := ,
SIM_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -fPIC -fvisibility=hidden -Iinclude -Isim
SIM_GLUE := sim/plugin.c sim/params.c
SIM_HEADERS := $(wildcard sim/*.h) include/counter_model.h include/window_marks.h
SIM_SO := $(SIM_BUILD)/$(SIM_MODEL)-timing.so

$(SIM_BUILD)/sh4-timing.so: $(SIM_GLUE) sim/cache.c $(wildcard sim/sh4*.c) $(SIM_HEADERS)
$(SIM_BUILD)/xscale-timing.so: $(SIM_GLUE) sim/cache.c $(wildcard sim/xscale*.c) $(SIM_HEADERS)
$(SIM_BUILD)/unit-timing.so: $(SIM_GLUE) sim/tests/unit_model.c $(SIM_HEADERS)
$(SIM_BUILD)/%-timing.so:
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	$(Q)$(HOST_CC) $(SIM_CFLAGS) -shared -DSIM_MODEL=sim_model_$* $(filter %.c,$^) -o $@

# The plugin's arguments for an image: its counter block and kernel
# text by symbol, the CPU's address rules (arch.mk), the board's RAM.
sim_sym = $(shell tools/image-addrs.sh --symbol $(1) $(2))
SIM_ARGS = block=$(call sim_sym,counter_model,$(1)),kernel=$(call sim_sym,_start,$(1)):$(call \
	sim_sym,__bss_end,$(1)),$(SIM_CPU_ARGS),ram=$(SIM_RAM)
# PLAN=short: the calibration and seed 000's calls only (app/bench.c)
BENCH_PLAN_SHORT := $(shell sed -n 's/^\#define BENCH_PLAN_SHORT \(0x[0-9A-Fa-f]*\)u.*/\1/p' app/bench.h)
PLAN_LOADER = $(if $(filter short,$(2)),-device loader$(comma)addr=$(shell tools/image-addrs.sh \
	--noinit-phys bench_plan $(1))$(comma)data=$(BENCH_PLAN_SHORT)$(comma)data-len=4)
# CYCLES_CMD ELF PLUGIN OUT PLAN [PARAMS]: make run's command with a model
CYCLES_CMD = $(call QEMU_CMD,$(1)) $(call PLAN_LOADER,$(1),$(4)) \
	-plugin $(2),$(call SIM_ARGS,$(1)),out=$(3)$(if $(strip $(5)),$(comma)$(5))
# sim_params ELF [PARAMS]: the CPU model's own parameters for that image
# (arch.mk's SIM_MODEL_PARAMS, a function of the ELF), then the ones given
sim_params = $(subst $(space),$(comma),$(strip $(call SIM_MODEL_PARAMS,$(1)) $(2)))
space := $(empty) $(empty)

PLAN ?=
SIM_PARAMS ?=
.PHONY: cycles cycles-test cycles-range test-sim-glue sim-model print-sim-model
sim-model: $(SIM_SO)
print-sim-model:
	@echo $(notdir $(SIM_SO))

# LAYOUT=SEED: that link layout of the firmware (mk/layouts.mk), its log not kept
CYCLES_ELF = $(if $(LAYOUT),$(LAYOUT_ROOT)/$(LAYOUT)/firmware.elf,$(FIRMWARE).elf)
cycles: all $(SIM_SO)
	$(if $(filter-out short,$(PLAN)),$(error PLAN '$(PLAN)': leave it unset, or PLAN=short))
	$(call KEEP_LOG,$(call CYCLES_CMD,$(CYCLES_ELF),$(SIM_SO),$(dir $(CYCLES_ELF))cycles.totals,$(PLAN),$(call \
		sim_params,$(CYCLES_ELF),$(SIM_PARAMS))),1)

# A parameter that the calibration must catch when it is wrong (arch.mk).
cycles-test: all $(SIM_SO)
	$(Q)tools/run-part.sh cycles-$(BOARD) $(RESULTS) tests/cycles-test.py model $(BOARD) \
		$(BUILD)/firmware.log $(BUILD)/cycles-test \
		"$(call CYCLES_CMD,$(BUILD)/firmware.elf,$(SIM_SO),$(BUILD)/cycles-test/totals,short,$(call \
			sim_params,$(BUILD)/firmware.elf))" \
		"$(call CYCLES_CMD,$(BUILD)/firmware.elf,$(SIM_SO),$(BUILD)/cycles-test/wrong.totals,short,$(call \
			sim_params,$(BUILD)/firmware.elf,$(SIM_WRONG_PARAM)))"

# @END@ and @RANGE@: the end's name and parameters (tools/cycles-range.py)
cycles-range: all $(SIM_SO)
	$(Q)tools/cycles-range.py $(BOARD) sim/$(SIM_MODEL)-params.md $(BUILD)/cycles-range \
		"$(call CYCLES_CMD,$(BUILD)/firmware.elf,$(SIM_SO),$(BUILD)/cycles-range/@END@.totals,short,$(call \
			sim_params,$(BUILD)/firmware.elf,@RANGE@))"

test-sim-glue: all $(SIM_BUILD)/unit-timing.so
	$(Q)tools/run-part.sh sim-glue-$(BOARD) $(RESULTS) tests/cycles-test.py glue $(BOARD) \
		$(BUILD)/sim-glue "$(call CYCLES_CMD,$(BUILD)/firmware.elf,$(SIM_BUILD)/unit-timing.so,$(BUILD)/sim-glue/totals,short)"

# Marked windows (include/window_marks.h): a tiny guest per CPU, its
# windows counted by hand, under a model of one cycle an instruction and
# under the CPU's model (tests/marks-test.py).
SIM_MARKS := $(SIM_BUILD)/marks
SIM_MARKS_sh4_CROSS := sh4-linux-gnu-
SIM_MARKS_sh4_FLAGS := -m4 -ml -Wl,-Ttext=0x8c800000
SIM_MARKS_arm_CROSS := arm-none-eabi-
SIM_MARKS_arm_FLAGS := -mcpu=xscale -marm -Wl,-Ttext=0xa0008000
$(SIM_MARKS)/marks-%.elf: sim/tests/marks-%.S include/window_marks.h
	@mkdir -p $(@D)
	@echo "  AS      $@"
	$(Q)$(SIM_MARKS_$*_CROSS)gcc $(SIM_MARKS_$*_FLAGS) -nostdlib -Iinclude -Wl,-e,_start \
		-Wl,--build-id=none -Wl,--no-warn-rwx-segments -o $@ $<
	$(Q)$(SIM_MARKS_$*_CROSS)nm $@ >$(@:.elf=.syms)
$(SIM_MARKS)/marks-sh4.bin: $(SIM_MARKS)/marks-sh4.elf
	$(Q)$(SIM_MARKS_sh4_CROSS)objcopy -O binary -j .text $< $@

.PHONY: test-sim-marks
test-sim-marks: $(SIM_MARKS)/marks-sh4.bin $(SIM_MARKS)/marks-arm.elf $(SIM_BUILD)/sh4-timing.so \
		$(SIM_BUILD)/xscale-timing.so $(SIM_BUILD)/unit-timing.so
	$(Q)tools/run-part.sh sim-marks $(RESULTS) tests/marks-test.py $(SIM_MARKS) $(SIM_BUILD)
