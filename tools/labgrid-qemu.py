#!/usr/bin/python3
"""QEMU for labgrid's QEMUDriver, with make run's console and stdout.

    labgrid-qemu.py QEMU-BINARY ARGS...

QEMUDriver talks QMP on QEMU's stdout and gives the console a socket it
listens on (-chardev socket,id=serialsocket,path=P).  Both differ from
make run's pipes in a way the firmware sees:
- stdout: QEMU prints more than QMP there (the PXA270 model's
  "pxa2xx_clkcfg_write: CPU frequency change attempt" as the firmware
  sets the clocks), which breaks the answer QEMUDriver awaits, at
  random, as it races the start.  Those lines go to stderr.
- the console: a Unix socket takes a few hundred one-byte writes before
  it refuses the next, and QEMU's 16550 (the PXA270's FFUART) then keeps
  its transmitter busy: the firmware waits on it in guest time, more
  ticks fall into its benchmarks' samples, and their figures are the
  host's.  QEMU gets a pipe instead (a FIFO pair, as deep as make run's
  pipe), relayed to labgrid's socket through a buffer that never refuses.
It exits with QEMU's status, and passes SIGTERM and SIGINT on to QEMU.
"""
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading

LABGRID_CHARDEV = "socket,id=serialsocket,path="


def console_pipe(args):
    """args with labgrid's console socket made a FIFO pair: (args, the
    socket's path, the FIFOs' base path), or (args, None, None)."""
    for i, a in enumerate(args[:-1]):
        if a == "-chardev" and args[i + 1].startswith(LABGRID_CHARDEV):
            base = os.path.join(tempfile.mkdtemp(prefix="labgrid-qemu-"), "console")
            os.mkfifo(base + ".in")
            os.mkfifo(base + ".out")
            return (args[:i + 1] + ["pipe,id=serialsocket,path=" + base] + args[i + 2:],
                    args[i + 1][len(LABGRID_CHARDEV):], base)
    return args, None, None


def relay(sock, base, qemu):
    """The console between QEMU's FIFOs and labgrid's socket, until QEMU
    has exited and all it wrote is sent."""
    out = os.open(base + ".out", os.O_RDWR | os.O_NONBLOCK)	# never blocks on a FIFO
    inp = os.open(base + ".in", os.O_RDWR)
    sock.setblocking(False)
    pending, typing = bytearray(), True
    while True:
        gone = qemu.poll() is not None
        r, w, _ = select.select([out] + [sock] * typing, [sock] * bool(pending), [], 0.05)
        try:
            while chunk := os.read(out, 65536):
                pending += chunk
        except BlockingIOError:
            pass
        if sock in r:
            typed = sock.recv(4096)
            typing = bool(typed)		# labgrid closed its side: nothing more to type
            os.write(inp, typed)
        try:
            if pending:
                del pending[:sock.send(pending)]
        except BlockingIOError:
            pass
        except OSError:
            return				# labgrid is gone
        if gone and not pending:
            break
    sock.close()


def main():
    if len(sys.argv) < 2:
        sys.exit("labgrid-qemu: no QEMU binary given")
    args, sock_path, base = console_pipe(sys.argv[1:])
    sock = None
    if sock_path:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(sock_path)			# QEMUDriver accepts once QEMU is started
    qemu = subprocess.Popen(args, stdout=subprocess.PIPE)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda s, _: qemu.send_signal(s))
    console = threading.Thread(target=relay, args=(sock, base, qemu)) if sock else None
    if console:
        console.start()
    for line in qemu.stdout:
        out = sys.stdout if line.startswith(b"{") else sys.stderr
        out.buffer.write(line)
        out.flush()
    status = qemu.wait()
    if console:
        console.join()
        shutil.rmtree(os.path.dirname(base))
    return status


if __name__ == "__main__":
    sys.exit(main())
