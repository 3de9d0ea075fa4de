#!/usr/bin/python3
"""Loads the firmware into a board's RAM through its U-Boot, over the
serial console, starts it and captures its report.

    load.py --entry ENTRY [--method loady|loads] [--log FILE]
            [--prompt P] [--prompt-timeout S] [--timeout S] PORT STEM

STEM is the image without its suffix (build/r2dplus/firmware): loady
sends by ymodem (lrzsz's sb) each run of STEM.srec's data, from a file
of its own in STEM.loady/, one `loady ADDRESS` each: the .bin less its
.bss, heap and alignment gaps; loads sends STEM.srec as text.
On PORT at 115200 8N1 it waits for U-Boot's prompt (--prompt, `=>` by
default; stopping autoboot
with Ctrl-C; a board already at its prompt answers the Ctrl-C with a new
one), checks the prompt runs a command (labgrid's UBootDriver), types
`loady ADDRESS` or `loads`, sends the image, checks the size U-Boot says
it received, types `go ENTRY` and captures what the firmware prints into
--log until its last line, as tools/capture.py does.

Nothing here writes flash or U-Boot's environment: the only commands
typed are the load, `go` and labgrid's `echo`.  Exit status: 0 when the
report ended, 1 otherwise, 2 for bad arguments.
"""
import argparse
import fcntl
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import capture  # noqa: E402  (tools/capture.py: the port's checks and the capture)
import srec  # noqa: E402  (tools/srec.py: the S-records' runs)

try:
    import pexpect
    from labgrid import Target
    from labgrid.driver import SerialDriver, UBootDriver
    from labgrid.resource import RawSerialPort
except ImportError as e:
    sys.exit(f"load: {e.name} is missing: install python3-labgrid and run this with Debian's "
             f"/usr/bin/python3")

AUTOBOOT = re.compile(rb"[Hh]it any key to stop autoboot|[Aa]utoboot in \d+ seconds")
CTRL_C = b"\x03"
TOTAL = r"Total Size\s*=\s*0x[0-9A-Fa-f]+\s*=\s*(\d+) Bytes"
READY = {"loady": r"Ready for binary \(ymodem\) download", "loads": r"Ready for S-Record download"}


def fail(msg):
    print(f"load: {msg}", file=sys.stderr)
    sys.exit(1)


def shown(data):
    """The tail of what the board sent, printable, for an error message."""
    text = data[-300:].decode(errors="replace")
    return repr(text) if text else "nothing at all"


def await_prompt(console, port, prompt, timeout):
    """Reads until U-Boot's prompt ends the output, stopping autoboot on
    the way; fails saying what came when no prompt does."""
    seen = b""
    deadline = time.monotonic() + timeout
    console.write(CTRL_C)
    while time.monotonic() < deadline:
        try:
            seen += console.read(size=4096, timeout=0.2)
        except pexpect.TIMEOUT:
            pass
        if AUTOBOOT.search(seen[-200:]):
            console.write(CTRL_C)
            seen += b"\n"		# that line is answered
        if seen.rstrip(b" ").endswith(prompt.encode()):
            return
    fail(f"no U-Boot prompt ({prompt!r}) on {port} within {timeout:g} s; "
         f"it sent {shown(seen)}. Reset or power the board up (the loader stops autoboot), "
         f"check it is U-Boot's console at 115200 8N1, and give a prompt other than '=>' "
         f"as UBOOT_PROMPT (make load UBOOT_PROMPT='GUM>')")


def send_ymodem(serial, path):
    """lrzsz's sb on the port, the sender of a ymodem batch of one file, in 1 KiB
    blocks (-k; without it 128-byte ones: 3 % more bytes, eight times the round trips)."""
    fd = serial.fileno()
    # sb reads blocking, with its own timeouts; pyserial opened the port
    # non-blocking (the flag is the open file's, shared with sb)
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
    try:
        r = subprocess.run(["sb", "--ymodem", "-k", "-q", path], stdin=fd, stdout=fd)
    finally:
        fcntl.fcntl(fd, fcntl.F_SETFL, flags)
    if r.returncode:
        fail(f"ymodem transfer of {path} failed (sb exit status {r.returncode}): "
             f"U-Boot may be left in loady; Ctrl-C at its prompt stops it")


def send_srec(serial, path):
    """The S-records as the file has them (objcopy ends lines in CR LF), as
    cat to the port would send them."""
    with open(path, "rb") as f:
        while chunk := f.read(4096):
            serial.write(chunk)
    serial.flush()


def filesize(uboot):
    """The size loady received, from U-Boot's filesize variable: its own
    "Total Size" line comes as sb exits, which may discard it."""
    while True:		# U-Boot's closing lines and prompt, if sb left them
        try:
            uboot.console.read(size=4096, timeout=0.5)
        except pexpect.TIMEOUT:
            break
    try:
        out, _, _ = uboot.run("echo ${filesize}", timeout=10)
        return int(out[-1].strip(), 16)
    except (pexpect.TIMEOUT, ValueError, IndexError):
        fail("transfer failed: U-Boot gives no size (filesize) after loady")


def load(uboot, serial, method, path, addr, prompt, timeout):
    """Types the load command, sends the file, returns the size U-Boot received."""
    cmd = f"loady {addr}" if method == "loady" else "loads"
    print(f"load: {cmd}: sending {path} ({os.path.getsize(path)} bytes)", file=sys.stderr,
          flush=True)
    uboot.console.sendline(cmd)
    try:
        uboot.console.expect(READY[method], timeout=10)
    except pexpect.TIMEOUT:
        fail(f"U-Boot did not start `{cmd}` (its build may not have the command)")
    t0 = time.monotonic()
    if method == "loady":
        send_ymodem(serial, path)
        got = filesize(uboot)
    else:
        send_srec(serial, path)
        try:
            _, _, m, _ = uboot.console.expect(TOTAL, timeout=timeout)
            uboot.console.expect(prompt, timeout=10)
        except pexpect.TIMEOUT:
            fail(f"transfer failed: U-Boot did not report the size it received after `{cmd}`")
        got = int(m.group(1))
    print(f"load: U-Boot received {got} bytes in {time.monotonic() - t0:.1f} s", file=sys.stderr)
    return got


def ymodem_pieces(stem):
    """The image's loaded bytes as files, one per run of the S-records
    (tools/srec.py): loady sends these rather than the .bin, whose .bss
    zeros cost more on the line than a session each."""
    try:
        parts = srec.runs(stem + ".srec")
    except srec.Bad as e:
        fail(f"{stem}.srec: {e}")
    outdir = stem + ".loady"
    os.makedirs(outdir, exist_ok=True)
    pieces = []
    for addr, data in parts:
        piece = os.path.join(outdir, f"0x{addr:08x}.bin")
        with open(piece, "wb") as f:
            f.write(data)
        pieces.append((f"0x{addr:08x}", piece))
    return pieces


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entry", required=True, help="where go starts the image")
    ap.add_argument("--method", default="loady", choices=sorted(READY))
    ap.add_argument("--prompt", default="=>", help="U-Boot's prompt, without its space")
    ap.add_argument("--log", default="capture.log")
    ap.add_argument("--prompt-timeout", type=float, default=30)
    ap.add_argument("--timeout", type=float, default=600, help="for the report, after go")
    ap.add_argument("port", nargs="?")
    ap.add_argument("stem")
    a = ap.parse_args()
    if not a.port:
        fail("no port given: make load PORT=/dev/ttyUSB0")
    path = a.stem + ".srec"
    if not os.access(path, os.R_OK):
        fail(f"no {path}: build it first (make)")
    pieces = [(None, path)] if a.method == "loads" else ymodem_pieces(a.stem)
    if a.method == "loady" and not shutil.which("sb"):
        fail("no sb (the ymodem sender): install lrzsz, or use METHOD=loads")
    try:	# capture's clear errors: missing, permission, not a tty
        os.close(capture.open_port(a.port))
    except SystemExit as e:
        fail(str(e).removeprefix("capture: "))

    target = Target("board")
    RawSerialPort(target, "console", port=a.port, speed=115200)
    serial_drv = SerialDriver(target, "serial")
    target.activate(serial_drv)
    serial = serial_drv.serial
    try:
        prompt = a.prompt.strip()
        if not prompt:
            fail("--prompt is empty")
        await_prompt(serial_drv, a.port, prompt, a.prompt_timeout)
        # a fresh prompt for labgrid, which checks that it runs a command
        serial_drv.write(CTRL_C)
        prompt_re = re.escape(prompt) + " ?"
        uboot = UBootDriver(target, "uboot", prompt=prompt_re, boot_expression="",
                            interrupt=CTRL_C.decode(), login_timeout=int(a.prompt_timeout))
        try:
            target.activate(uboot)
        except pexpect.TIMEOUT:
            fail(f"the prompt on {a.port} does not run commands (echo gave nothing back)")
        for addr, piece in pieces:
            got = load(uboot, serial, a.method, piece, addr, prompt_re, max(a.timeout, 60))
            if a.method == "loady" and got != os.path.getsize(piece):
                fail(f"transfer failed: U-Boot received {got} bytes of {piece}'s "
                     f"{os.path.getsize(piece)}")
        try:
            log = open(a.log, "wb")
        except OSError as e:
            fail(f"{a.log}: cannot write the log: {e.strerror}")
        uboot.console.sendline(f"go {a.entry}")
        print(f"load: go {a.entry}; capturing into {a.log}", file=sys.stderr, flush=True)
        try:
            ended, why, total = capture.capture(serial.fileno(), a.port, log, a.timeout)
        except KeyboardInterrupt:
            ended, why, total = False, "interrupted (Ctrl-C)", log.tell()
        log.close()
    finally:
        target.deactivate_all_drivers()
    print(f"\nload: stopped: {why}; {total} bytes kept in {a.log}", file=sys.stderr)
    if ended:
        print(f"load: the report: make report LOG={a.log}", file=sys.stderr)
    return 0 if ended else 1


if __name__ == "__main__":
    sys.exit(main())
