# seed000.mk - seed 000's tuning effect attributed to its factors
# (tools/seed000.py): the 2007 build across make layouts' N layouts, and
# the default layout of each other build of the selinux07 models.
#
#   make seed000 [BOARD=r2dplus|verdex] [N=16]
#                       layouts 1..N of the default build, then each other
#                       build's image booted PLAN=short under the CPU's
#                       model, and make cycles-range's ends of the model's
#                       ranges; $(BUILD)/seed000/attribution.md and .txt

# the other builds, each by its make variables (the Makefile's SEL07_*):
# GCC 12's one-file model, and the 2007 build without one factor
SEED000_BUILDS_sh4 := gcc12 nostrcalls
SEED000_BUILDS_arm := gcc12 nostrcalls noframes
SEED000_VARS_gcc12 := SEL07_BUILD=gcc12
SEED000_VARS_nostrcalls := SEL07_STRCALLS=0
SEED000_VARS_noframes := SEL07_FRAMES=0
SEED000_DIR := $(BUILD)/seed000
# build_dir_of VARS: the build directory those variables select
build_dir_of = $(shell $(MAKE) --no-print-directory -s BOARD=$(BOARD) $(1) print-build)

.PHONY: seed000 seed000-boot print-build
print-build:
	@echo $(BUILD)

seed000-boot: $(LAYOUT_ROOT)/default/boot.log

seed000:
	$(Q)$(MAKE) --no-print-directory BOARD=$(BOARD) N=$(N) layouts >/dev/null
	$(Q)$(foreach b,$(SEED000_BUILDS_$(ARCH)),$(MAKE) --no-print-directory BOARD=$(BOARD) \
		$(SEED000_VARS_$(b)) seed000-boot >/dev/null &&) :
	$(Q)$(MAKE) --no-print-directory BOARD=$(BOARD) cycles-range >/dev/null
	$(Q)tools/seed000.py $(BOARD) $(ARCH) $(SEED000_DIR) --layouts $(LAYOUT_ROOT) --build \
		range-lo=$(BUILD)/cycles-range/lo.log range-hi=$(BUILD)/cycles-range/hi.log \
		$(foreach b,$(SEED000_BUILDS_$(ARCH)),$(b)=$(call \
			build_dir_of,$(SEED000_VARS_$(b)))/layouts/default/boot.log)
