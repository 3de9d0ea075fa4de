#!/usr/bin/python3
"""QEMU for labgrid's QEMUDriver, which talks QMP on QEMU's stdout: what
else QEMU prints there goes to stderr (the PXA270 model's
"pxa2xx_clkcfg_write: CPU frequency change attempt" as the firmware sets
the clocks: on stdout it breaks the answer QEMUDriver awaits, at random,
as it races the start).

    labgrid-qemu.py QEMU-BINARY ARGS...

It exits with QEMU's status, and passes SIGTERM and SIGINT on to QEMU.
"""
import signal
import subprocess
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit("labgrid-qemu: no QEMU binary given")
    qemu = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda s, _: qemu.send_signal(s))
    for line in qemu.stdout:
        out = sys.stdout if line.startswith(b"{") else sys.stderr
        out.buffer.write(line)
        out.flush()
    return qemu.wait()


if __name__ == "__main__":
    sys.exit(main())
