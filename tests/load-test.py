#!/usr/bin/env python3
"""make load against U-Boot's side of a serial line on a pty: a fake
U-Boot prompt (tests/fake-uboot.py) whose loady is lrzsz's rb, a real
ymodem receiver, and whose go boots what it received under QEMU, its
console on the same pty (every byte no load wrote 0xA5); what U-Boot
got must be the ELF's loaded sections as firmware.bin has them, and the
loader's capture the firmware's whole report.

    load-test.py BUILD "MAKE-LOAD-COMMAND" QEMU-COMMAND... -kernel

BUILD holds firmware.bin, .srec, .elf (and firmware.log from
firmware-test or images-test/boot-bin.log from image-test, whose BENCH
lines a boot of the same bytes repeats).
The S-records' session checks the memory U-Boot's loads leaves (image-test
boots the same bytes) and then replays the loady session's console.
The last line is "load: N passed, N failed".
"""
import importlib.util
import os
import pty
import re
import shlex
import subprocess
import sys
import termios
import threading
import tty

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tally import check, summary  # noqa: E402
from uboot_pty import FakeUBoot  # noqa: E402

spec = importlib.util.spec_from_file_location(
    "srec_check", os.path.join(os.path.dirname(os.path.abspath(__file__)), "srec-check.py"))
srec_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(srec_check)

HERE = os.path.dirname(os.path.abspath(__file__))
ALLOWED = {"echo", "loady", "loads", "go"}


def bench_lines(path):
    try:
        text = open(path, "rb").read().decode(errors="replace").replace("\r", "")
    except OSError:
        return None
    return [l for l in text.splitlines() if l.startswith("BENCH")]


def session(name, build, make_load, qemu, extra=(), fake_args=(), timeout=90):
    """One make load against a fresh fake U-Boot; returns (rc, output, dir)."""
    work = os.path.join(build, "load-test", name)
    os.makedirs(work, exist_ok=True)
    for f in os.listdir(work):
        os.remove(os.path.join(work, f))
    fake = FakeUBoot(work, qemu, fake_args)
    log = os.path.join(work, "capture.log")
    cmd = shlex.split(make_load) + [f"PORT={fake.port}", f"LOG={log}", *extra]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        rc, out = r.returncode, (r.stdout + r.stderr).decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        rc, out = -1, f"timed out: {(e.stdout or b'') + (e.stderr or b'')!r}"
    fake.close(wait=10 if rc == 0 else 1)
    return rc, out, work


def commands(work):
    try:
        return [l.split()[0] for l in open(os.path.join(work, "commands.txt")) if l.strip()]
    except OSError:
        return []


def boot_checks(name, rc, out, work, build, want_cmds):
    log = os.path.join(work, "capture.log")
    text = open(log, "rb").read().decode(errors="replace") if os.path.exists(log) else ""
    check(f"{name}: make load ends at the report", rc == 0, out[-800:])
    check(f"{name}: the capture has the report's last line",
          re.search(r"^all tasks have exited\r?$", text, re.M) is not None, text[-400:])
    got = bench_lines(log)
    check(f"{name}: the capture has BENCH lines", bool(got), text[-400:])
    ref = (bench_lines(os.path.join(build, "firmware.log")) or
           bench_lines(os.path.join(build, "images-test", "boot-bin.log")))
    if ref:
        check(f"{name}: its BENCH lines are firmware-test's", got == ref,
              f"{len(got or [])} lines against {len(ref)}")
    check(f"{name}: U-Boot was given only {' + '.join(want_cmds)} (no flash, no environment)",
          [c for c in commands(work) if c != "echo"] == want_cmds, commands(work))
    check(f"{name}: make load says how to get the report", f"make report LOG={log}" in out,
          out[-400:])


def memory_matches(work, build, binf):
    """(ok, why): what U-Boot's memory got holds every loaded section's
    bytes as the .bin has them, nothing in .bss or .noinit, and zeros
    only (the .bin's) where it is between sections."""
    try:
        mem = open(os.path.join(work, "memory.bin"), "rb").read()
        written = open(os.path.join(work, "written.bin"), "rb").read()
    except OSError as e:
        return False, f"no memory from U-Boot: {e}"
    elf = srec_check.Elf32(os.path.join(build, "firmware.elf"))
    loaded, forbidden = srec_check.ranges_of(elf)
    base = loaded[0][0]
    for lo, hi, name in loaded:
        if written.find(0, lo - base, hi - base) >= 0:
            return False, f"{name} not all loaded"
    for lo, hi, why in forbidden:
        lo, hi = max(lo - base, 0), min(hi - base, len(written))
        if lo < hi and written.find(1, lo, hi) >= 0:
            return False, f"written in {why}"
    for i, w in enumerate(written):
        if w and mem[i] != binf[i]:
            return False, f"differs from firmware.bin at {base + i:#x}"
    return True, ""


def main():
    build, make_load, qemu = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not qemu:
        sys.exit(__doc__)
    binf = open(os.path.join(build, "firmware.bin"), "rb").read()

    # --- ymodem: loady per run of the image's data, go ---------------
    rc, out, work = session("loady", build, make_load, qemu)
    check("loady: the loaded sections reached U-Boot as in firmware.bin, none of .bss",
          *memory_matches(work, build, binf))
    runs = subprocess.run(["tools/srec.py", "runs", os.path.join(build, "firmware.srec")],
                          capture_output=True, text=True).stdout.split("\n")
    boot_checks("loady", rc, out, work, build, ["loady"] * (len(runs) - 1) + ["go"])

    # --- S-records: loads, go; memory between records is 0xA5 --------
    # The memory loads leaves is checked here and booted by image-test
    # (images-test/loads.bin, the same bytes): after go, this U-Boot
    # replays the loady session's console rather than boot it again.
    rc, out, work = session("loads", build, make_load, qemu, ["METHOD=loads"],
                            ["--replay", os.path.join(work, "capture.log")])
    mem = os.path.join(work, "memory.bin")
    srec_ok = subprocess.run(
        [os.path.join(HERE, "srec-check.py"), "--fill", os.path.join(work, "expected.bin"),
         os.path.join(build, "firmware.srec"), os.path.join(build, "firmware.elf"),
         os.path.join(build, "firmware.bin"), *subprocess.run(
             ["tools/image-addrs.sh", os.path.join(build, "firmware.elf")],
             capture_output=True, text=True).stdout.split()[:2]],
        capture_output=True, text=True)
    check("loads: the records U-Boot got are what srec-check expects",
          srec_ok.returncode == 0 and os.path.exists(mem) and
          open(mem, "rb").read() == open(os.path.join(work, "expected.bin"), "rb").read(),
          srec_ok.stdout)
    check("loads: the memory it leaves is what image-test boots",
          os.path.exists(mem) and open(mem, "rb").read() ==
          open(os.path.join(build, "images-test", "loads.bin"), "rb").read()
          if os.path.exists(os.path.join(build, "images-test", "loads.bin")) else True)
    boot_checks("loads", rc, out, work, build, ["loads", "go"])

    # --- refusals -----------------------------------------------------
    r = subprocess.run(shlex.split(make_load), capture_output=True, text=True)
    check("no PORT: refused, naming PORT", r.returncode != 0 and "PORT" in r.stderr, r.stderr)
    r = subprocess.run(shlex.split(make_load) + ["PORT=/dev/ttyNONE0"], capture_output=True,
                       text=True)
    check("a missing port: refused, saying so",
          r.returncode != 0 and "no such port" in r.stderr, r.stderr)
    r = subprocess.run(shlex.split(make_load) + ["METHOD=kermit", "PORT=/dev/null"],
                       capture_output=True, text=True)
    check("an unknown METHOD: refused, naming the methods",
          r.returncode != 0 and "loady" in r.stderr and "loads" in r.stderr, r.stderr)
    master, slave = pty.openpty()
    tty.setraw(slave)
    done = threading.Event()

    def noise():	# a board at another baud rate: bytes, never a prompt
        while not done.wait(0.2):
            os.write(master, b"garbage at the wrong baud rate\r\n")
            termios.tcflush(master, termios.TCIFLUSH)	# what the loader typed
    threading.Thread(target=noise, daemon=True).start()
    r = subprocess.run(shlex.split(make_load) + [f"PORT={os.ttyname(slave)}", "PROMPT_TIMEOUT=2"],
                       capture_output=True, text=True, timeout=60)
    done.set()
    os.close(master)
    os.close(slave)
    check("no prompt: refused within PROMPT_TIMEOUT, showing what came",
          r.returncode != 0 and "no U-Boot prompt" in r.stderr and "wrong baud" in r.stderr,
          r.stderr)
    rc, out, work = session("short", build, make_load, qemu, fake_args=["--short"])
    check("a transfer cut short: refused before go",
          rc != 0 and "transfer failed" in out and "go" not in commands(work), out[-600:])
    return summary("load")


if __name__ == "__main__":
    sys.exit(main())
