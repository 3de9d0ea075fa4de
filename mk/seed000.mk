# seed000.mk - seed 000's tuning effect attributed to its factors
# (tools/seed000.py): each build of the selinux07 models across make
# layouts' N layouts, so that no build's figure is one layout's luck.
#
#   make seed000 [BOARD=r2dplus|verdex] [N=16]
#                       make layouts (layouts 1..N, PLAN=short under the
#                       CPU's model) of the default build and of each
#                       other, and make cycles-range's ends of the model's
#                       ranges; $(BUILD)/seed000/attribution.md and .txt

# the other builds, each by its make variables (the Makefile's SEL07_*):
# GCC 12's one-file model, and the 2007 build without one factor
SEED000_BUILDS_sh4 := gcc12 nostrcalls
SEED000_BUILDS_arm := gcc12 nostrcalls noframes
SEED000_VARS_2007 :=
SEED000_VARS_gcc12 := SEL07_BUILD=gcc12
SEED000_VARS_nostrcalls := SEL07_STRCALLS=0
SEED000_VARS_noframes := SEL07_FRAMES=0
SEED000_DIR := $(BUILD)/seed000
# build_dir_of VARS: the build directory those variables select
build_dir_of = $(shell $(MAKE) --no-print-directory -s BOARD=$(BOARD) $(1) print-build)

.PHONY: seed000 print-build
print-build:
	@echo $(BUILD)

seed000:
	$(Q)$(foreach b,2007 $(SEED000_BUILDS_$(ARCH)),$(MAKE) --no-print-directory BOARD=$(BOARD) \
		N=$(N) $(SEED000_VARS_$(b)) layouts >/dev/null &&) :
	$(Q)$(MAKE) --no-print-directory BOARD=$(BOARD) cycles-range >/dev/null
	$(Q)tools/seed000.py $(BOARD) $(ARCH) $(SEED000_DIR) $(N) $(foreach b,2007 $(SEED000_BUILDS_$(ARCH)),$(b)=$(call \
		build_dir_of,$(SEED000_VARS_$(b)))/layouts) \
		$(foreach e,mid lo hi,range-$(e)=$(BUILD)/cycles-range/$(e).log)
