# make help: every target a user runs, one line each, by what it is for.
# tests/help-test.py holds this list to the rules: each target named here
# exists, and each .PHONY target is named here or in INTERNAL_TARGETS.

# phony targets that the targets below run for themselves
INTERNAL_TARGETS := FORCE bench-logs distro-policy models-host-gen fuzz-seeds sim-model \
	print-sim-model print-build layouts-check sim-sh4-firmware mac-gen test-images peer-deps peer-logs peer-cycles-logs

define HELP_TEXT
Build (BOARD=r2dplus|verdex|mainstone, default r2dplus; into build/<board>/):
  make [all]                   the firmware and its images: .elf .bin .srec .uImage, PXA270 .pflash
  make HW=1                    the R2D+ image that probes its cycle counter (build/r2dplus-hw/)
  make SH4_EXIT=chip           the R2D+ image with the chip's exit on any board (build/r2dplus-chipexit/)
  make SEL07_BUILD=gcc12       the selinux07 models as one file GCC 12 optimises across (build/<board>-sel07gcc12/)
  make SEL07_STRCALLS=0        the 2007 models with memset/memcpy inline, not calls (build/<board>-nostrcalls/)
  make SEL07_FRAMES=0          the 2007 models without the ARM's APCS frames (build/<board>-noframes/)
  make distro DISTRO=default|mls  the image on Debian's own policy (selinux-policy-DISTRO)
  make print-deps              the Debian packages the build needs
  make clean                   build/ but build/toolchain (newlib, the GCC plugin) and build/peer (Linux)
  make distclean               build/ whole

Run under QEMU:
  make run                     boot the firmware; its console also into build/bench/<board>.log
  make console                 the same, staying at the serial console (quit: reboot, C-a x)
  make debug                   the same, halted for gdb on tcp:1234 (prints the gdb command)
  make cycles [PLAN=short]     boot under the CPU's timing model: figures in insns and est-cycles
  make cycles LAYOUT=SEED      the same for one link layout of the firmware (make layouts)
  make cycles-range           seed 000 under the model with its ranged parameters at both ends
                               (sim/<cpu>-params.md): build/<board>/cycles-range/summary.txt
  make distro-run DISTRO=...   boot the distro image

Report:
  make report [LOG=FILE] [CYCLES=1]  into build/report/, from the logs make run kept, or LOG;
                               the Linux peer's beside them where make peer wrote its logs
  make bench                   every board's report and make peer's, then the figures of the README and docs/,
                               bench-polc's and Linux's too
  make layouts [N=16]          seed 000 under the timing model across N link layouts of the same objects:
                               min/median/max into build/<board>/layouts/summary.md and .txt
  make layout-elf LAYOUT=SEED  one layout's ELF and QEMU image, into build/<board>/layouts/SEED/
  make seed000 [N=16]          seed 000's tuning attributed: make layouts of the 2007 build, GCC 12's and
                               the 2007 build without each factor (SEL07_*); build/<board>/seed000/attribution.md
  make check-disasm            each check site's fast path from the disassembly, against its budget
  make func-insns FUNCS="f g"  the insns each call of those functions executes (min, median, max) [PLAN=short]
  make check-includes          kernel/ includes no header of an image (app/, device/, report/)
  make policy-dump POLICY=FILE  the rules the generated tables enforce, one line per triple
  make bench-polc              the policy compiler's time and peak memory, 800 to 10,000 statn types
  make docs                    the manual (docs/) as HTML into build/docs/html, warnings as errors
  make help                    these lines

Linux beside it (Debian's linux-source-6.1 on the same QEMU machine; into build/peer/<board>/):
  make peer [BOARD=r2dplus|mainstone]  Linux with SELinux and without an LSM, booted: BENCH lines
  make peer-cycles [BOARD=...]  the same boots under the CPU's timing model: BENCH and CAUSES in est-cycles
  make peer-test               the same, checked: both kernels boot, enforce, print every line;
                               a short boot of each under the model, its windows joined

Boards (a real board's U-Boot on a serial port, 115200 8N1):
  make uboot-cmds              the U-Boot commands that load and start this board's image
  make load PORT=/dev/ttyUSB0 [METHOD=loady|loads]  load through U-Boot, start, capture the report
  make capture PORT=/dev/ttyUSB0 [LOG=FILE]  a board's report from its console into LOG
  make flash OPENOCD_ADAPTER=CFG  write the image into a PXA270's flash (BOARD=verdex|mainstone)
  make openocd-check           the OpenOCD configuration and flashing rules, dummy adapter (PXA270)

In a lab (LAVA, Debian's lava-dispatcher; into build/<board>/lava/):
  make lava-jobs [LAVA_IPADDR=ADDR]  LAVA jobs (QEMU; U-Boot tftpboot + go, + bootm) and devices
  make lava-test               the QEMU job run by lava-run against the boot's BENCH lines (after firmware-test)
  make lab-test                lava-test on every board, with a total
In a lab (labgrid, Debian's python3-labgrid; into build/<board>/labgrid/):
  make labgrid-env [PORT=DEV]  environments: qemu.yaml (QEMUDriver), board.yaml (U-Boot: tftpboot, go)
  make labgrid-test [LG_ENV=board]  the report check through labgrid: QEMU (after firmware-test), or the board
  make labgrid-pty-test        board.yaml against a U-Boot on a pty whose go boots QEMU (BOARD=r2dplus)

Devices (your own, outside the tree):
  make new-device DIR=DIR [POLICY=default|mls]  a small working device to start from
  make DEVICE=DIR [TARGET]     that device's image, and run, console, debug, cycles, report,
                               bench, uboot-cmds, load, flash, check on it
  make DEVICE=DIR check        its tables against libsepol, decision by decision

Tests (make test runs them all, then prints "N passed, N failed"):
  make test                    host tests, then every board under QEMU
  make test-host               the host tests below
  make test-sh4-compiler       the GCC plugin against the SH-4 compiler's known wrong code
  make test-monitor-host       the policy compiler against libsepol, bad inputs, --dump
  make test-kernel-host        kernel modules on the host under ASan/UBSan
  make test-sched-host         the scheduler on the host
  make test-models-sel07       the selinux07 model's server against the tables
  make test-models-host        the Smack models
  make test-fuzz-host [FUZZ_SECONDS=N]  the policy compiler's inputs under libFuzzer
  make test-sim-sh4            the SH-4 timing model on the host
  make test-sim-xscale         the XScale timing model on the host
  make bench-sim-sh4           the SH-4 model's speed, est-cycles per host second
  make target-test [PROFILE_TASKS=1]  this board's on-target suites under QEMU
  make firmware-test           this board's firmware under QEMU, its report checked
  make console-test            the serial console, every command typed and checked
  make capture-test            make capture's path on a pty (after firmware-test)
  make image-test              the images against the ELF, booted as U-Boot starts them
  make wallclock-test          the firmware without -icount, to its end
  make boot-test               the R2D+'s start: caches, bootm's command line, HW=1 with the chip's exit
  make bringup-test            the PXA270 power-on set-up in QEMU's MMIO trace
  make load-test               make load against a U-Boot prompt on a pty
  make cycles-test             the calibration and figures under the timing model
  make layouts-test            two layouts: other addresses, the same insns, both boots to the end, reproducible
  make test-sim-glue           the timing plugin's glue, one cycle per instruction
  make test-sim-marks          marked windows (the Linux peer's) through the plugin, both CPUs
  make distro-test DISTRO=...  the distro image against libsepol, booted
  make distro-host-test DISTRO=...  the distro image's host checks alone
  make rebuild-test            a changed manifest or policy rebuilt with no clean
  make test-report             the report tool on synthetic, old and real logs
  make figures-test            each headline figure the same on the console, in report.md, README, docs/
  make docs-test               the manual built, its links, make targets and the headline's figures
  make help-test               this list against the Makefile's targets
endef
export HELP_TEXT

.PHONY: help help-test
help:
	@printf '%s\n' "$$HELP_TEXT"

help-test:
	$(Q)tools/run-part.sh help $(RESULTS) tests/help-test.py $(MAKE) $(BOARDS)
