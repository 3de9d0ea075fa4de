# layouts.mk - seed 000 across link layouts: the firmware's objects linked
# again with the kernel's sections in another order and padding
# (tools/layouts.py), so that the est-cycles of 2-way caches meet other
# set conflicts with the same code.  A layout is named by its seed.
#
#   make layouts [N=16] [SIM_PARAMS=...]  the default image and layouts
#                       1..N, each booted PLAN=short under the CPU's
#                       timing model; LAYOUT_ROOT/summary.md and .txt
#   make layout-elf LAYOUT=SEED         one layout's ELF and QEMU image
#   make cycles LAYOUT=SEED             that layout under the model
#   make layouts-test   layouts 1 and 2: other addresses, the same insns,
#                       both boots to the end, a seed linked twice alike

LAYOUT_ROOT ?= $(BUILD)/layouts
# a second link of layout 1, to compare byte for byte
LAYOUT_AGAIN := $(BUILD)/layouts-again
N ?= 16
LAYOUT_SEEDS = $(if $(filter-out 0,$(shell expr "$(N)" : '[0-9][0-9]*$$')),$(shell seq 1 $(N)),$(error \
	N '$(N)': the number of layouts, a positive integer))
# the objects the layout moves: the kernel's, not the tasks' (.user.*)
LAYOUT_OBJS = $(filter-out $(BUILD)/firmware/uobj/%,$(firmware_OBJS))
# layout_boot ELF: the short plan under the model into the target (CR
# stripped), QEMU's exit status into boot.rc beside it
layout_boot = { $(call CYCLES_CMD,$(1),$(SIM_SO),$(@D)/totals,short,$(call \
	sim_params,$(1),$(SIM_PARAMS))); echo $$? >$(@D)/boot.rc; } </dev/null 2>&1 | tr -d '\r' >$@.tmp \
	&& mv $@.tmp $@

# kept once made: a layout's script, ELF and images (not intermediates)
layout_files = $(foreach s,$(1),$(addprefix $(LAYOUT_ROOT)/$(s)/,layout.ld firmware.elf \
	firmware.bin $(notdir $(call QEMU_IMAGE,firmware.elf))))
.SECONDARY: $(call layout_files,1 2 $(LAYOUT) $(if $(filter layouts,$(MAKECMDGOALS)),$(LAYOUT_SEEDS)))

$(LAYOUT_ROOT)/%/layout.ld: $(LDSCRIPT) tools/layouts.py $(LAYOUT_OBJS)
	@mkdir -p $(@D)
	$(Q)tools/layouts.py script $* $(LDSCRIPT) $@ $(LAYOUT_OBJS)

# the default image's link (Makefile, image_rules) with the layout's script
$(LAYOUT_ROOT)/%/firmware.elf: $(LAYOUT_ROOT)/%/layout.ld $(firmware_OBJS) \
		$(BUILD)/firmware/gen/programs.ld | $(ARCH_DEPS)
	@echo "  LD      $@"
	$(Q)$(CC) $(CFLAGS) $(subst -T $(LDSCRIPT),-T $<,$(LDFLAGS)) -L$(BUILD)/firmware/gen \
		$(firmware_OBJS) $(ARCH_LIBS) -o $@ -Wl,-Map=$(@:.elf=.map)
	$(Q)tools/check-user-sections.sh $(OBJDUMP) $@

# rewritten only when SIM_PARAMS changes: the boots follow it
$(LAYOUT_ROOT)/sim-params: FORCE
	$(shell mkdir -p $(@D))$(file >$@.tmp,$(SIM_PARAMS))
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@

$(LAYOUT_ROOT)/default/boot.log: $(BUILD)/firmware.elf $(call QEMU_IMAGE,$(BUILD)/firmware.elf) \
		$(SIM_SO) $(LAYOUT_ROOT)/sim-params
	@mkdir -p $(@D)
	@echo "  CYCLES  $@"
	$(Q)$(call layout_boot,$<)

$(LAYOUT_ROOT)/%/boot.log: $(LAYOUT_ROOT)/%/firmware.elf $(call QEMU_IMAGE,$(LAYOUT_ROOT)/%/firmware.elf) \
		$(SIM_SO) $(LAYOUT_ROOT)/sim-params
	@echo "  CYCLES  $@"
	$(Q)$(call layout_boot,$<)

.PHONY: layouts layout-elf layouts-test layouts-check
layouts: $(LAYOUT_ROOT)/default/boot.log $(foreach s,$(LAYOUT_SEEDS),$(LAYOUT_ROOT)/$(s)/boot.log)
	$(Q)tools/layouts.py summary $(BOARD) $(ARCH) $(LAYOUT_ROOT) $^

# make cycles LAYOUT=SEED boots that layout (sim/sim.mk's CYCLES_ELF)
cycles: $(if $(LAYOUT),$(call QEMU_IMAGE,$(LAYOUT_ROOT)/$(LAYOUT)/firmware.elf))

layout-elf: $(if $(LAYOUT),$(call QEMU_IMAGE,$(LAYOUT_ROOT)/$(LAYOUT)/firmware.elf))
	$(Q)$(if $(LAYOUT),:,echo "layout-elf: give the layout's seed, LAYOUT=N" >&2; exit 2)

layouts-test:
	$(Q)tools/run-part.sh layouts-$(BOARD) $(RESULTS) $(MAKE) --no-print-directory -s -j2 layouts-check

layouts-check: $(LAYOUT_ROOT)/1/boot.log $(LAYOUT_ROOT)/2/boot.log $(BUILD)/firmware.elf
	$(Q)rm -rf $(LAYOUT_AGAIN)
	$(Q)$(MAKE) --no-print-directory -s LAYOUT_ROOT=$(LAYOUT_AGAIN) $(LAYOUT_AGAIN)/1/firmware.elf
	$(Q)tests/layouts-test.py $(BOARD) $(NM) $(BUILD)/firmware.elf $(LAYOUT_ROOT)/1 \
		$(LAYOUT_ROOT)/2 $(LAYOUT_AGAIN)/1
