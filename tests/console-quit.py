#!/usr/bin/env python3
"""`make console`'s keys on a terminal: QEMU's command on a pty, as a
person's terminal runs it.

    console-quit.py BOARD QEMU-COMMAND...

Waits for the prompt, types a line and Ctrl-C (the board must drop the
line: the key reached it, QEMU went on), then C-a x (QEMU must end).
Ends with "console-quit BOARD: N passed, N failed".
"""
import os
import pty
import select
import subprocess
import sys
import time

from tally import check
import tally

PROMPT = b"mac-fw> "


def read_until(fd, want, timeout):
    buf, end = b"", time.monotonic() + timeout
    while want not in buf and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], max(0, end - time.monotonic()))
        if not ready:
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        buf += chunk
    return buf


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    board = sys.argv[1]
    master, slave = pty.openpty()
    p = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave,
                         start_new_session=True)
    os.close(slave)
    try:
        first = read_until(master, PROMPT, 60)
        check("the prompt on a terminal", PROMPT in first)
        os.write(master, b"reboot\x03")
        out = read_until(master, PROMPT, 20)
        check("Ctrl-C reaches the board: the line dropped, QEMU still runs",
              b"^C" in out and p.poll() is None, repr(out[-200:]))
        os.write(master, b"\x01x")
        try:
            rc = p.wait(20)
        except subprocess.TimeoutExpired:
            rc = None
        check("C-a x ends QEMU", rc is not None, f"exit status {rc}")
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(master)
    return tally.summary(f"console-quit {board}")


if __name__ == "__main__":
    sys.exit(main())
