#!/usr/bin/env python3
"""Captures a board's boot report from its serial console into a log.

    capture.py [--log FILE] [--timeout SECONDS] PORT

Opens PORT (for example /dev/ttyUSB0) raw at 115200 8N1 with no flow
control, writes every byte it receives to the log (default capture.log)
and echoes it to stdout. It stops at the firmware's last line (`all tasks
have exited`, or a `PANIC:` line), after --timeout seconds (default 600,
0 for none), or at Ctrl-C, keeps what it received in every case and says
why it stopped. Exit status: 0 at the end of the report, 1 otherwise.

Lines typed on the terminal are sent to the board, ending in CR, so that
a boot loader's prompt can be answered from the same window (U-Boot's
`bootm`, `go`); when stdin is not a terminal nothing is sent.

tools/report.py reads the log as it reads a QEMU log.
"""
import argparse
import os
import re
import select
import sys
import termios
import time
import tty

BANNER = re.compile(rb"^mac-fw: board=\S+ ")
# The firmware powers the board off after either; on hardware it may
# then print nothing more, so these end the capture.
END = re.compile(rb"^(all tasks have exited|PANIC: .*)$")


def fail(msg):
    sys.exit(f"capture: {msg}")


def open_port(port):
    try:
        # O_NONBLOCK: a modem-control line (DCD) must not hold the open
        # back; the reads below wait in select() instead.
        fd = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except FileNotFoundError:
        fail(f"{port}: no such port (is the USB serial adapter plugged in? "
             f"ls /dev/ttyUSB* /dev/ttyACM* lists the ports)")
    except PermissionError:
        fail(f"{port}: permission denied: add yourself to the port's group "
             f"(sudo usermod -aG dialout $USER, then log in again)")
    except OSError as e:
        fail(f"{port}: cannot open: {e.strerror}")
    if not os.isatty(fd):
        os.close(fd)
        fail(f"{port}: not a serial port (not a tty)")
    return fd


def set_raw_115200_8n1(fd):
    """Raw bytes both ways at 115200 8N1, no flow control; returns the old settings."""
    old = termios.tcgetattr(fd)
    # TCSANOW: bytes that came before this are the board's too; keep them
    tty.setraw(fd, termios.TCSANOW)
    attr = termios.tcgetattr(fd)
    iflag, oflag, cflag, lflag, _, _, cc = attr
    iflag &= ~(termios.IXON | termios.IXOFF | termios.IXANY | termios.INPCK)
    # CLOCAL: ignore the modem lines (most boards wire only TX, RX, GND)
    cflag &= ~(termios.PARENB | termios.CSTOPB | termios.CSIZE | termios.CRTSCTS)
    cflag |= termios.CS8 | termios.CREAD | termios.CLOCAL
    cc[termios.VMIN], cc[termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW,
                      [iflag, oflag, cflag, lflag, termios.B115200, termios.B115200, cc])
    got = termios.tcgetattr(fd)
    if got[4] != termios.B115200 or got[5] != termios.B115200:
        fail("the port does not accept 115200 baud")
    return old


def capture(fd, port, log, timeout):
    """Copies the port to the log and stdout; returns (ended, why)."""
    deadline = time.monotonic() + timeout if timeout > 0 else None
    typed = sys.stdin.isatty()
    line, banner, total = b"", False, 0
    while True:
        wait = None if deadline is None else deadline - time.monotonic()
        if wait is not None and wait <= 0:
            why = f"no end of report within {timeout:g} s"
            if not banner:
                why += " and no firmware banner seen (start the capture before resetting the board)"
            return False, why, total
        ready, _, _ = select.select([fd] + ([sys.stdin] if typed else []), [], [], wait)
        if typed and sys.stdin in ready:
            text = sys.stdin.readline()
            if text:
                os.write(fd, text.rstrip("\n").encode() + b"\r")
            else:
                typed = False	# end of input (Ctrl-D): keep capturing
        if fd not in ready:
            continue
        try:
            data = os.read(fd, 4096)
        except BlockingIOError:
            continue
        except OSError as e:
            # EIO: the adapter was unplugged, or the other end of a pty closed
            return False, f"the port went away ({e.strerror})", total
        if not data:
            return False, "the port was hung up", total
        log.write(data)
        log.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        total += len(data)
        # Only whole lines can be the banner or the end; \r\n or \n ends one.
        *done, line = (line + data).split(b"\n")
        for l in done:
            l = l.rstrip(b"\r")
            if BANNER.match(l):
                banner = True
            elif banner and END.match(l):
                return True, "end of report: " + l.decode(errors="replace"), total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", default="capture.log", help="where to write the bytes received")
    ap.add_argument("--timeout", type=float, default=600,
                    help="give up after this many seconds (0: never)")
    ap.add_argument("port", nargs="?", help="the serial port, for example /dev/ttyUSB0")
    args = ap.parse_args()
    if not args.port:
        fail("no port given: capture.py /dev/ttyUSB0 (or make capture PORT=/dev/ttyUSB0)")
    if args.timeout < 0:
        fail(f"--timeout {args.timeout:g}: must be 0 (never) or more")
    fd = open_port(args.port)
    try:
        old = set_raw_115200_8n1(fd)
    except termios.error as e:
        fail(f"{args.port}: cannot set 115200 8N1: {e.args[-1]}")
    try:
        log = open(args.log, "wb")
    except OSError as e:
        fail(f"{args.log}: cannot write the log: {e.strerror}")
    print(f"capture: reading {args.port} at 115200 8N1 into {args.log} "
          f"(stops at the end of the report, after {args.timeout:g} s, or at Ctrl-C)",
          file=sys.stderr, flush=True)
    total = 0
    try:
        ended, why, total = capture(fd, args.port, log, args.timeout)
    except KeyboardInterrupt:
        ended, why = False, "interrupted (Ctrl-C)"
        total = log.tell()
    finally:
        log.close()
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)
        except termios.error:
            pass	# the port is gone: nothing left to restore
        os.close(fd)
    print(f"\ncapture: stopped: {why}; {total} bytes kept in {args.log}", file=sys.stderr)
    return 0 if ended else 1


if __name__ == "__main__":
    sys.exit(main())
