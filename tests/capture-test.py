#!/usr/bin/env python3
"""The path from a board's serial console to the report, under QEMU.

    capture-test.py BOARD BUILD QEMU-COMMAND...

Boots BUILD/firmware with the QEMU command of `make run` and its console
on a pty, captures it there with tools/capture.py, and checks that tools/report.py gives the same
report from the capture as from BUILD/firmware.log, the log of the same
image that `make firmware-test` wrote. Then the same for a capture made
by hand from that log as a board would give it (a boot loader's lines
and prompt before the banner, CRLF, a stray byte, an earlier cut boot),
and the errors: a truncated capture, a capture with no banner, capture.py's
ports that cannot be opened, `make capture` without PORT.
Ends with "capture BOARD: N passed, N failed".
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
CAPTURE = os.path.join(TOP, "tools", "capture.py")
REPORT = os.path.join(TOP, "tools", "report.py")

from tally import check, skip  # noqa: E402
import tally  # noqa: E402


def report(path):
    """report.py's status, report.md and messages (no plots: they come from
    the same figures)."""
    out = path + ".report"
    r = subprocess.run([REPORT, "--no-plots", "--print", "-o", out, path], capture_output=True,
                       text=True)
    return r.returncode, r.stdout, r.stderr


def wait_for(path, pattern, seconds, proc=None):
    """The first match of pattern in the file at path, as it grows."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with open(path, errors="replace") as f:
            m = re.search(pattern, f.read())
        if m:
            return m
        if proc is not None and proc.poll() is not None:
            return None
        time.sleep(0.05)
    return None


def pty_boot(qemu, fwlog, work):
    """Boots the image with its console on a pty and captures it there."""
    # The console goes to a pty this test holds, not to one of QEMU's own
    # (-serial pty): Linux discards what the reader has not read yet when
    # the master side closes, and QEMU closes it the moment the firmware
    # powers it off, so the report's last lines could be lost. Here QEMU
    # runs with the very command firmware-test ran (-serial stdio) and
    # writes into the pty; its master stays open until the capture ends.
    master, slave = os.openpty()
    name = os.ttyname(slave)
    qemu_err = os.path.join(work, "qemu.err")
    cap_log, cap_out, cap_err = (os.path.join(work, n) for n in ("pty.log", "pty.out", "pty.err"))
    cap = q = None
    try:
        with open(cap_out, "wb") as co, open(cap_err, "w") as ce:
            cap = subprocess.Popen([CAPTURE, "--log", cap_log, "--timeout", "50", name],
                                   stdin=subprocess.DEVNULL, stdout=co, stderr=ce)
        # the firmware starts at once: the port must be raw and read first
        ready = wait_for(cap_err, r"capture: reading ", 10, cap)
        check("capture.py opens the pty", ready is not None, open(cap_err).read())
        if not ready:
            return
        with open(qemu_err, "w") as qe:
            q = subprocess.Popen(qemu, stdin=subprocess.DEVNULL, stdout=master, stderr=qe)
        try:
            rc = cap.wait(60)
        except subprocess.TimeoutExpired:
            rc = None
        err = open(cap_err).read()
        check("capture.py stops at the end of the report, status 0",
              rc == 0 and "stopped: end of report: all tasks have exited" in err, f"status {rc}: {err}")
        try:
            qrc = q.wait(20)
        except subprocess.TimeoutExpired:
            qrc = None
        check("the firmware powers QEMU off", qrc == 0,
              f"QEMU status {qrc}: {open(qemu_err).read()[-500:]}")
    finally:
        for p in (cap, q):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
        os.close(master)
        os.close(slave)
    raw = open(cap_log, "rb").read()
    check("capture.py echoes every byte it logs", raw == open(cap_out, "rb").read())
    # The console sends CRLF; a port left in cooked mode would turn CR into LF.
    check("the capture keeps the console's CRLF (the port is raw)",
          b"\r\n" in raw and b"\n\n" not in raw.replace(b"\r\n", b"\r"))
    want = report(fwlog)
    got = report(cap_log)
    check("report.py reads the plain QEMU log", want[0] == 0 and want[1], want[2])
    check("report.py's report from the pty capture equals the one from the QEMU log",
          got[0] == 0 and got[1] == want[1], got[2] or "the tables differ")


def synthetic(fwlog, work):
    """A capture as a board gives it, made from the plain QEMU log."""
    text = open(fwlog, "rb").read()
    want = report(fwlog)
    first = text.index(b"\nmac-fw: board=")
    body = text[first:].replace(b"\n", b"\r\n")
    boot_loader = (b"0 0x8c800000\r\n"	# the tail of a line, the capture began in it
                   b"\r\nU-Boot 2009.01 (Jan 01 2010 - 00:00:00)\r\n\r\nDRAM:  64 MB\r\n"
                   b"Flash: 64 MB\r\nHit any key to stop autoboot:  0 \r\n=> \xff"
                   b"bootm 0x8c800000\r\n## Booting kernel from Legacy Image at 8c800000 ...\r\n")
    # a reset while the first boot ran: its cut report comes first
    cut = body[:len(body) // 3]
    path = os.path.join(work, "board.log")
    open(path, "wb").write(boot_loader + cut + b"\r\n" + boot_loader + body)
    got = report(path)
    check("a capture with a boot loader, CRLF, a stray byte and a cut earlier boot gives the same report",
          got[0] == 0 and got[1] == want[1], got[2] or "the tables differ")
    check("report.py says which boot it read", "2 boots; reading the last" in got[2], got[2])

    hw = os.path.join(work, "hw.log")
    open(hw, "wb").write(boot_loader + body.replace(b" unit=insns ", b" unit=cycles ")
                         .replace(b" unit=insns\r\n", b" unit=cycles\r\n")
                         .replace(b"(QEMU)", b"(hardware)"))
    rc, out, err = report(hw)
    check("a report in cycles says cycles", rc == 0 and "(cycles)" in out and "insns" not in out,
          err or out[:300])

    trunc = os.path.join(work, "truncated.log")
    open(trunc, "wb").write(boot_loader + body[:len(body) // 2])
    rc, out, err = report(trunc)
    check("a truncated capture is an error naming the file",
          rc != 0 and trunc in err and "truncated" in err and "Traceback" not in err, f"status {rc}: {err}")

    nobanner = os.path.join(work, "nobanner.log")
    open(nobanner, "wb").write(boot_loader + b"=> ")
    rc, out, err = report(nobanner)
    check("a capture with no banner is an error naming the file",
          rc != 0 and nobanner in err and "banner" in err and "Traceback" not in err, f"status {rc}: {err}")


# Signals this test sends, or that stop capture.py: a test run from a
# background job (SIGINT ignored) or under nohup (SIGHUP) would pass
# them on ignored, and Python keeps an ignored SIGINT ignored.
SENT_SIGNALS = (signal.SIGINT, signal.SIGHUP, signal.SIGTERM)


def default_signals():
    """In the child, before it runs: the signals it is sent, at their defaults."""
    for sig in SENT_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)


def run_capture(args, capture=CAPTURE, **kw):
    return subprocess.run([capture] + args, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=30, **kw)


def enterable(path):
    """Whether every user may reach path: each directory on the way o+x."""
    path = os.path.abspath(path)
    while True:
        if not os.stat(path).st_mode & 0o001:
            return False
        if path == os.path.dirname(path):
            return True
        path = os.path.dirname(path)


def as_nobody(name):
    """capture.py on the port as nobody (root opens anything), or None.  A
    copy of it in a directory every user may enter: the checkout may sit
    in one only root may (a mktemp -d)."""
    if os.geteuid() != 0:
        return run_capture(["--log", "/dev/null", name])
    where = tempfile.mkdtemp(prefix="capture-test.", dir="/tmp")
    try:
        os.chmod(where, 0o755)
        if not enterable(where):
            return None
        copy = os.path.join(where, "capture.py")
        shutil.copy(CAPTURE, copy)
        os.chmod(copy, 0o755)
        return run_capture(["--log", "/dev/null", name], capture=copy,
                           preexec_fn=lambda: os.setuid(65534))
    finally:
        shutil.rmtree(where)


def capture_errors(board, work):
    r = run_capture([])
    check("capture.py without a port says how to give one",
          r.returncode != 0 and "/dev/ttyUSB0" in r.stderr, r.stderr)
    missing = os.path.join(work, "no-such-port")
    r = run_capture([missing])
    check("capture.py on a missing port names it",
          r.returncode != 0 and missing in r.stderr and "no such port" in r.stderr, r.stderr)
    r = run_capture(["/dev/null"])
    check("capture.py on a file that is not a tty says so",
          r.returncode != 0 and "not a tty" in r.stderr, r.stderr)

    master, slave = os.openpty()
    name = os.ttyname(slave)
    os.chmod(name, 0)
    r = as_nobody(name)
    if r is None:
        skip("capture.py on a port it may not open points to the dialout group",
             "/tmp is not open to every user: nobody could run a copy of capture.py there")
    else:
        check("capture.py on a port it may not open points to the dialout group",
              r.returncode != 0 and "permission denied" in r.stderr and "dialout" in r.stderr,
              r.stderr)
    os.chmod(name, 0o620)

    # A console that stops mid-report: the timeout, what came is kept.
    sent = b"\r\nmac-fw: board=x cpu=y\r\nBENCH board=x"
    for how, args, stop, why in (
            ("at its timeout", ["--timeout", "2"], None, "stopped: no end of report within 2 s"),
            ("at Ctrl-C", [], signal.SIGINT, "stopped: interrupted (Ctrl-C)")):
        log, errf = os.path.join(work, "stop.log"), os.path.join(work, "stop.err")
        with open(errf, "w") as err:
            p = subprocess.Popen([CAPTURE, "--log", log] + args + [name], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=err, preexec_fn=default_signals)
        # a console that stops mid-report
        if wait_for(errf, r"capture: reading ", 10, p):
            os.write(master, sent)
            wait_for(log, re.escape("BENCH board=x"), 10, p)
        if stop:
            p.send_signal(stop)
        try:
            rc = p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = p.wait()
        msg = open(errf).read()
        check(f"capture.py stops {how}, keeps what came and says why",
              rc == 1 and why in msg and f"{len(sent)} bytes kept in {log}" in msg
              and open(log, "rb").read() == sent, f"status {rc}: {msg}")
    os.close(master)
    os.close(slave)

    env = {k: v for k, v in os.environ.items() if k not in ("PORT", "MAKEFLAGS", "MFLAGS")}
    r = subprocess.run(["make", "--no-print-directory", "-s", "-C", TOP, f"BOARD={board}", "capture"],
                       capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
    check("make capture without PORT names the variable and gives an example",
          r.returncode != 0 and "PORT" in r.stderr and "PORT=/dev/ttyUSB0" in r.stderr, r.stderr)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    board, build, qemu = sys.argv[1], sys.argv[2], sys.argv[3:]
    fwlog, elf = os.path.join(build, "firmware.log"), os.path.join(build, "firmware.elf")
    work = os.path.join(build, "capture-test")
    os.makedirs(work, exist_ok=True)
    # the comparison holds only for the image that wrote the log
    if not os.path.exists(fwlog) or os.path.getmtime(fwlog) < os.path.getmtime(elf):
        check(f"{fwlog} is from this image", False, f"run make BOARD={board} firmware-test first")
    else:
        pty_boot(qemu, fwlog, work)
        synthetic(fwlog, work)
    capture_errors(board, work)
    return tally.summary(f"capture {board}")


if __name__ == "__main__":
    sys.exit(main())
