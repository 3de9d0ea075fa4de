# monitor.mk - the reference monitor's part of the build, included by the
# top-level Makefile, which defines BUILD_ROOT, BOARD and BUILD.
#
#   $(MAC_GEN_SRCS) $(MAC_GEN_HDRS)  tables for the board, from
#                                    $(MAC_POLICY_SRC) + $(MAC_MANIFEST)
#   $(MAC_SRCS)                      portable monitor code for the kernel
#   make policy-dump POLICY=FILE [DUMP_FLAGS=...]
#                                    the rules the tables enforce, on stdout
#   make test-monitor-host           host tests, ends with "N passed, N failed"
#   make bench-polc                  mac-polc's time and memory against its input
#
# Recipes are silent and report on stderr, so that policy-dump's stdout
# holds the dump and nothing else.

HOST_CC ?= cc
MAC_DIR := monitor
MAC_HOST_DIR := $(BUILD_ROOT)/host/monitor
MAC_POLC := $(MAC_HOST_DIR)/mac-polc
MAC_SEPOL_REF := $(MAC_HOST_DIR)/sepol_ref
MAC_POLICY_BIN_TOOL := $(MAC_DIR)/compiler/mac-policy-bin
MAC_POLC_SRCS := $(filter-out %/polc_dump.c,$(wildcard $(MAC_DIR)/compiler/polc_*.c))
# include/kernel_limits.h: the kernel tables that limit statements share out;
# include/mac_kernel_checks.h: the classes and permissions the kernel checks
MAC_POLC_HDRS := $(MAC_DIR)/compiler/polc.h include/kernel_limits.h \
	include/mac_kernel_checks.h
# libsepol's internal policydb API is only in the static library.
MAC_SEPOL_A ?= $(shell $(HOST_CC) -print-file-name=libsepol.a)
MAC_HOST_CFLAGS ?= -std=c99 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-O2 -g -Wall -Wextra

MAC_POLICY_SRC ?= $(MAC_DIR)/policy/device.conf
MAC_MANIFEST ?= $(MAC_DIR)/policy/device.manifest
MAC_GEN_DIR := $(BUILD)/gen
MAC_POLICY_BIN := $(MAC_GEN_DIR)/policy.bin
MAC_GEN_SRCS := $(MAC_GEN_DIR)/mac_policy.c
MAC_GEN_HDRS := $(MAC_GEN_DIR)/mac_policy.h
MAC_SRCS := $(MAC_DIR)/mac.c
MAC_INCLUDES := -I$(MAC_DIR) -I$(MAC_GEN_DIR)

$(MAC_POLC): $(MAC_POLC_SRCS) $(MAC_POLC_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@" >&2
	@$(HOST_CC) $(MAC_HOST_CFLAGS) -Iinclude -DPOLC_MONITOR_DIR='"$(abspath $(MAC_DIR))"' \
		-o $@ $(MAC_POLC_SRCS) $(MAC_SEPOL_A) >&2

# The same compiler for a kernel of more nodes (polc_manifest.c): the
# statn benchmark's manifests of up to ten thousand files (make
# bench-polc, tests/host/polc_work_test.sh).
MAC_POLC_BIG := $(MAC_HOST_DIR)/mac-polc-big
MAC_POLC_BIG_NODES := 10240
$(MAC_POLC_BIG): $(MAC_POLC_SRCS) $(MAC_POLC_HDRS)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@" >&2
	@$(HOST_CC) $(MAC_HOST_CFLAGS) -Iinclude -DPOLC_MONITOR_DIR='"$(abspath $(MAC_DIR))"' \
		-DPOLC_NODE_MAX=$(MAC_POLC_BIG_NODES) -o $@ $(MAC_POLC_SRCS) $(MAC_SEPOL_A) >&2

$(MAC_SEPOL_REF): tests/host/sepol_ref.c
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@" >&2
	@$(HOST_CC) $(MAC_HOST_CFLAGS) -o $@ $< $(MAC_SEPOL_A) >&2

$(MAC_POLICY_BIN): $(MAC_POLICY_SRC) $(MAC_POLICY_BIN_TOOL)
	@mkdir -p $(@D)
	@echo "  POLICY  $@" >&2
	@$(MAC_POLICY_BIN_TOOL) $< $@

# One run writes both files; the header rule only orders after it.
$(MAC_GEN_SRCS): $(MAC_POLICY_BIN) $(MAC_MANIFEST) $(MAC_POLC)
	@echo "  MACPOLC $@" >&2
	@$(MAC_POLC) -o $(MAC_GEN_DIR) $(MAC_POLICY_BIN) $(MAC_MANIFEST) >&2

$(MAC_GEN_HDRS): $(MAC_GEN_SRCS)
	@test -f $@

.PHONY: policy-dump test-monitor-host mac-gen bench-polc

mac-gen: $(MAC_GEN_SRCS) $(MAC_GEN_HDRS)

# DUMP_FLAGS: mac-polc's --dump options (--domain, --class, --target,
# --max-triples); the shell's trap removes the binary policy on a signal.
policy-dump: $(MAC_POLC)
	@test -n "$(POLICY)" || { echo "usage: make policy-dump POLICY=FILE [DUMP_FLAGS=...]" >&2; exit 2; }
	@tmp=$$(mktemp -d) && trap 'rm -rf $$tmp' EXIT && trap 'exit 130' INT TERM HUP && \
	$(MAC_POLICY_BIN_TOOL) "$(POLICY)" $$tmp/policy.bin && \
	CC="$(HOST_CC)" $(MAC_POLC) --dump $(DUMP_FLAGS) $$tmp/policy.bin

test-monitor-host: $(MAC_POLC) $(MAC_POLC_BIG) $(MAC_SEPOL_REF)
	@MAC_POLC=$(MAC_POLC) MAC_POLC_BIG=$(MAC_POLC_BIG) SEPOL_REF=$(MAC_SEPOL_REF) HOST_CC="$(HOST_CC)" \
	MAC_TEST_DIR=$(MAC_HOST_DIR)/test MAC_DIR=$(MAC_DIR) \
	sh tests/host/mac_test_host.sh

# mac-polc's wall time and peak memory at BENCH_POLC_SIZES statn types,
# per type, then on the manifest of a file per context of Debian's
# file_contexts (when selinux-policy-default is installed), with the
# size of its tables (tools/polc-scale.py).
BENCH_POLC_SIZES := 800 1600 3200 6400 10000
BENCH_POLC_FC_POLICY := /etc/selinux/default/policy/policy.33
BENCH_POLC_FC := /etc/selinux/default/contexts/files/file_contexts
bench-polc: $(MAC_POLC) $(MAC_POLC_BIG)
	@tools/polc-scale.py bench $(MAC_POLC_BIG) $(MAC_HOST_DIR)/bench-polc $(BENCH_POLC_SIZES)
	@if [ -f $(BENCH_POLC_FC_POLICY) ] && [ -f $(BENCH_POLC_FC) ]; then echo; \
		tools/polc-scale.py fc $(MAC_POLC) $(MAC_HOST_DIR)/bench-polc \
		$(BENCH_POLC_FC_POLICY) $(BENCH_POLC_FC); \
	else echo "bench-polc: no $(BENCH_POLC_FC) (selinux-policy-default): no file_contexts row"; fi
