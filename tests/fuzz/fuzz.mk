# fuzz.mk - mac-polc's inputs under libFuzzer (clang), included by the
# top-level Makefile after monitor.mk, whose sources and tools it uses.
#
#   make test-fuzz-host [FUZZ_SECONDS=N]   each target for N seconds
#        (default 30) from its seeds; a crash, leak, timeout or sanitizer
#        report fails it; ends with "fuzz: N passed, N failed"
#
# Seeds: tests/fuzz/corpus/<target>/ (committed, with every reproducer),
# plus the repository's policies and manifests gathered into
# build/host/fuzz/seeds/<target>/ at each run.

FUZZ_CC ?= clang-14
FUZZ_SECONDS ?= 15
FUZZ_DIR := $(BUILD_ROOT)/host/fuzz
FUZZ_TARGETS := manifest policy
FUZZ_POLICY_BIN := $(FUZZ_DIR)/seeds/policy/device.bin
# libsepol.a is not instrumented: coverage and sanitizers see our code.
FUZZ_CFLAGS := -std=c99 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 \
	-Wall -Wextra -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
	-I$(MAC_DIR)/compiler -Iinclude -Itests/fuzz \
	-DFUZZ_POLICY='"$(abspath $(FUZZ_POLICY_BIN))"' \
	-DFUZZ_MANIFEST='"$(abspath $(MAC_MANIFEST))"'
FUZZ_LIB_SRCS := $(filter-out %/polc_main.c,$(MAC_POLC_SRCS)) tests/fuzz/fuzz_util.c
FUZZ_POLICY_SRCS := $(MAC_POLICY_SRC) tests/target/test.conf \
	$(filter-out %/bad_syntax.conf,$(wildcard tests/policy/*.conf tests/policy/*.cil))
FUZZ_MANIFEST_SEEDS := $(MAC_MANIFEST) tests/target/test.manifest \
	$(wildcard tests/policy/*.manifest)

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB_SRCS) $(MAC_POLC_HDRS) \
		tests/fuzz/fuzz_util.h
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@" >&2
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_LIB_SRCS) $(MAC_SEPOL_A)

# Binary policies from checkpolicy and secilc; device.bin is also the
# manifest target's fixed policy.
$(FUZZ_POLICY_BIN): $(FUZZ_POLICY_SRCS) $(MAC_POLICY_BIN_TOOL)
	@mkdir -p $(@D)
	@for src in $(FUZZ_POLICY_SRCS); do \
		$(MAC_POLICY_BIN_TOOL) $$src $(@D)/$$(basename $${src%.*}).bin || exit 1; \
	done

.PHONY: test-fuzz-host fuzz-seeds
fuzz-seeds: $(FUZZ_POLICY_BIN)
	@mkdir -p $(FUZZ_DIR)/seeds/manifest
	@cp $(FUZZ_MANIFEST_SEEDS) $(FUZZ_DIR)/seeds/manifest/

test-fuzz-host: fuzz-seeds $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
	@tests/fuzz/run-fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)
