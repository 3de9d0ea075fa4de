# SH4 toolchain: Debian's sh4-linux-gnu-gcc used bare-metal, with a plugin against GCC
# PR target/106609 and a newlib built from Debian's newlib-source. Needs BUILD_ROOT.
#
# Linking with SH4_TOOLCHAIN_LIBS (-nostdlib) leaves these newlib syscall stubs for the
# firmware to provide: _write _sbrk _read _close _lseek _fstat _isatty _exit (stdio,
# malloc, exit) and _getpid _kill (only if abort/assert/raise are linked in).
# snprintf alone needs only _sbrk (plus --gc-sections).

SH4_SRCROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
SH4_Q = $(if $(filter 1,$(V)),,@)

SH4_CC := sh4-linux-gnu-gcc
SH4_PLUGIN := $(BUILD_ROOT)/toolchain/sh4-treg-veto.so
SH4_NEWLIB := $(BUILD_ROOT)/toolchain/sh4-newlib
SH4_NEWLIB_STAMP := $(SH4_NEWLIB)/built.stamp
# Order-only prerequisite for every SH4 compile and link.
SH4_TOOLCHAIN_DEPS := $(SH4_PLUGIN) $(SH4_NEWLIB_STAMP)

SH4_GCC_INC := $(shell $(SH4_CC) -print-file-name=include)
SH4_LIBGCC := $(shell $(SH4_CC) -print-libgcc-file-name)

# -mno-usermode: the Linux default refuses soft-imask atomics, and gUSA atomics need a
# kernel. -nostdinc: the default search path is the host's glibc. --noexecstack: keeps
# .S objects from making every link warn about an executable stack.
SH4_TOOLCHAIN_CFLAGS := -m4 -ml -mno-usermode -matomic-model=soft-imask \
	-fplugin=$(SH4_PLUGIN) -nostdinc -isystem $(SH4_NEWLIB)/include \
	-isystem $(SH4_GCC_INC) $(addprefix -isystem ,$(wildcard $(SH4_GCC_INC)-fixed)) \
	-U__linux__ -U__linux -Ulinux -U__gnu_linux__ -fno-pic -Wa,--noexecstack
# Grouped: libc needs libgcc's 64-bit helpers and libgcc needs libc's abort/memcpy.
SH4_TOOLCHAIN_LIBS := -L$(SH4_NEWLIB)/lib -Wl,--start-group -lc $(SH4_LIBGCC) -Wl,--end-group

$(SH4_PLUGIN): $(SH4_SRCROOT)/tools/sh4-gcc-plugin/treg_veto.cc
	@mkdir -p $(@D)
	@echo "  HOSTCXX $@"
	$(SH4_Q)g++ -shared -fPIC -fno-rtti -O2 -Wall \
		-I$(shell $(SH4_CC) -print-file-name=plugin)/include $< -o $@

# Shared by every SH4 board; about 40 s.
$(SH4_NEWLIB_STAMP): $(SH4_PLUGIN) $(SH4_SRCROOT)/tools/newlib/sh4-newlib.patch \
		$(SH4_SRCROOT)/tools/newlib/build-sh4-newlib.sh
	$(SH4_Q)bash $(SH4_SRCROOT)/tools/newlib/build-sh4-newlib.sh $(SH4_NEWLIB) $(SH4_PLUGIN)

# Prints the mnemonic of f's first conditional branch after its call, prefixed by
# "tst " when a tst comes between them.
SH4_TST_AWK := -F'\t' '/<f>:$$/ { in_f = 1; next } \
	in_f && NF < 3 { if ($$0 == "") in_f = 0; next } \
	in_f { m = $$3; sub(/ .*/, "", m); \
		if (m == "jsr") { call = 1; tst = "" } \
		else if (call && m == "tst") { tst = "tst " } \
		else if (call && m ~ /^b[tf](\.s|\/s)?$$/) { print tst m; exit } }'

# PR106609 check: the plugin must restore the tst, and the unpatched compiler must still
# drop it, or this test cannot fail and proves nothing.
.PHONY: test-sh4-compiler
test-sh4-compiler: $(SH4_PLUGIN)
	$(SH4_Q)d=$(BUILD_ROOT)/toolchain/test; mkdir -p $$d; pass=0; fail=0; \
	src=$(SH4_SRCROOT)/tests/host/sh4_tst_bug.c; \
	$(SH4_CC) -m4 -ml -O2 -c $$src -o $$d/tst_bug_plain.o || exit 1; \
	$(SH4_CC) -m4 -ml -O2 -fplugin=$(SH4_PLUGIN) -c $$src -o $$d/tst_bug_plugin.o || exit 1; \
	plain=$$(sh4-linux-gnu-objdump -d $$d/tst_bug_plain.o | awk $(SH4_TST_AWK)); \
	fixed=$$(sh4-linux-gnu-objdump -d $$d/tst_bug_plugin.o | awk $(SH4_TST_AWK)); \
	case "$$plain" in \
	b*) echo "sh4-compiler: without plugin: bug reproduces ($$plain, no tst), as expected"; \
	    pass=$$((pass + 1)) ;; \
	*) echo "sh4-compiler: FAIL: without plugin got '$$plain': bug not reproduced," \
		"so the check below tests nothing"; fail=$$((fail + 1)) ;; \
	esac; \
	case "$$fixed" in \
	tst\ b*) echo "sh4-compiler: with plugin: tst before the branch ($$fixed), ok"; \
	    pass=$$((pass + 1)) ;; \
	*) echo "sh4-compiler: FAIL: with plugin got '$$fixed': tst missing before the" \
		"branch (PR target/106609), the plugin is not working"; fail=$$((fail + 1)) ;; \
	esac; \
	echo "sh4-compiler: $$pass passed, $$fail failed"; [ $$fail -eq 0 ]
