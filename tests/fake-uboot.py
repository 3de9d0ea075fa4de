#!/usr/bin/env python3
"""A U-Boot prompt on one side of a pty, for tests/load-test.py: enough
of U-Boot's console for make load, with real transfers and a real boot.

    fake-uboot.py --fd FD --dir DIR [--short] [--replay LOG] [--tftp-dir DIR]
                  [--setenv NAME=VALUE]... -- QEMU-COMMAND... -kernel

On FD (a pty's master) it prints a banner and `Hit any key to stop
autoboot`, then `=> ` once a key comes; it echoes what is typed, answers
Ctrl-C with `<INTERRUPT>` and a new prompt, and runs:
  echo ARGS     (labgrid's prompt check; quotes removed, ${filesize}
                and $? expanded)
  loady ADDR    lrzsz's rb, a real ymodem receiver, on FD; the file it
                received is put at ADDR (the last one kept in
                DIR/received.bin), its size in filesize
  loads         reads S-records until the end record, each checked
                (tools/srec.py's reader), and puts them in memory
  setenv NAME [VALUE]   sets (or clears) a variable
  dhcp          sets ipaddr (10.0.2.15), as a lease would
  tftpboot ADDR FILE    with --tftp-dir: DIR's FILE put at ADDR, its
                size in filesize; refused without ipaddr or serverip,
                as U-Boot refuses it
  go ADDR       writes memory from its lowest loaded byte to its highest
                into DIR/memory.bin (bytes no load wrote are 0xA5; which
                were written: DIR/written.bin, a byte each) and
                boots it: QEMU-COMMAND with DIR/memory.bin appended, its
                serial console on FD; it exits when QEMU does
--setenv: a variable its environment holds from the start (a saved
serverip).  Any other command is refused, as U-Boot's "Unknown command".  Every
command line goes to DIR/commands.txt.  --short: loady reports 1 KiB less
than it received, as a transfer cut short would.  --replay LOG: go writes
memory.bin, then sends LOG (a boot's console) instead of booting it.
"""
import argparse
import os
import re
import select
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import srec  # noqa: E402  (tools/srec.py: the records, checked)

PROMPT = b"=> "
env = {"?": "0"}	# U-Boot's variables: what loady sets, and the last status


class Console:
    def __init__(self, fd):
        self.fd = fd
        self.pending = b""

    def put(self, text):
        data = text.encode() if isinstance(text, str) else text
        while data:
            data = data[os.write(self.fd, data):]

    def get(self, timeout=None):
        """One byte, or None at the timeout."""
        if not self.pending:
            r, _, _ = select.select([self.fd], [], [], timeout)
            if not r:
                return None
            try:
                self.pending = os.read(self.fd, 65536)
            except OSError:
                self.pending = b""
            if not self.pending:
                sys.exit("fake-uboot: the pty closed")
        b, self.pending = self.pending[:1], self.pending[1:]
        return b

    def line(self):
        """A typed line, echoed; None for Ctrl-C."""
        buf = b""
        while True:
            b = self.get()
            if b == b"\x03":
                self.put("<INTERRUPT>\r\n")
                return None
            if b in (b"\r", b"\n"):
                self.put("\r\n")
                return buf.decode(errors="replace")
            buf += b
            self.put(b)


def receive_ymodem(con, workdir, short):
    path = os.path.join(workdir, "received.bin")
    if os.path.exists(path):
        os.remove(path)
    # rb talks through pipes that this relays to the pty: on the pty
    # itself its exit's tty flush would discard its own last ACK, which
    # the sender has not read yet (one termios for both ends of a pty)
    rb = subprocess.Popen(["rb", "--ymodem", "-y", "-q"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=workdir, bufsize=0)

    def to_rb():
        while rb.poll() is None:
            if select.select([con.fd], [], [], 0.05)[0]:
                try:
                    rb.stdin.write(os.read(con.fd, 65536))
                except (BrokenPipeError, OSError):
                    return
    threading.Thread(target=to_rb, daemon=True).start()
    while data := os.read(rb.stdout.fileno(), 65536):
        con.put(data)
    rb.wait()
    names = [n for n in os.listdir(workdir) if n not in ("commands.txt", "memory.bin",
                                                          "received.bin", "fake.err", "written.bin")]
    if rb.returncode or len(names) != 1:
        con.put("## Binary (ymodem) download aborted\r\n")
        sys.stderr.write(rb.stderr.read().decode(errors="replace"))
        return None
    os.rename(os.path.join(workdir, names[0]), path)
    data = open(path, "rb").read()
    return data[:-1024] if short else data


def receive_srec(con):
    """Lines until the end record; returns ({addr: data}, start)."""
    chunks, text = {}, b""
    while True:
        b = con.get(timeout=30)
        if b is None:
            return None, None
        if b not in (b"\r", b"\n"):
            text += b
            continue
        if not text:
            continue
        try:
            (_, t, addr, data), = srec.records(text.decode())
        except (srec.Bad, ValueError) as e:
            con.put(f"## S-Record download aborted: {e}\r\n")
            return None, None
        text = b""
        if t in srec.DATA_TYPES:
            chunks[addr] = data
        elif t in srec.END_TYPES:
            return chunks, addr


def boot(con, memory, workdir, qemu, replay):
    lo = min(memory)
    hi = max(a + len(d) for a, d in memory.items())
    image = bytearray([0xA5]) * (hi - lo)
    written = bytearray(hi - lo)
    for a, d in memory.items():
        image[a - lo:a - lo + len(d)] = d
        written[a - lo:a - lo + len(d)] = b"\1" * len(d)
    path = os.path.join(workdir, "memory.bin")
    open(path, "wb").write(image)
    open(os.path.join(workdir, "written.bin"), "wb").write(written)
    if replay:
        con.put(open(replay, "rb").read())
        return 0
    return subprocess.run(qemu + [path], stdin=con.fd, stdout=con.fd).returncode


def tftpboot(con, addr, name, memory, tftp_dir):
    for var in ("ipaddr", "serverip"):
        if not env.get(var):
            con.put(f"*** ERROR: `{var}' not set\r\n")
            return
    path = os.path.join(tftp_dir, os.path.basename(name))
    con.put(f"Using ethernet device\r\nTFTP from server {env['serverip']}; our IP address is "
            f"{env['ipaddr']}\r\nFilename '{name}'.\r\nLoad address: 0x{addr:x}\r\n")
    if not os.path.isfile(path):
        con.put("TFTP error: 'File not found' (1)\r\n")
        return
    data = open(path, "rb").read()
    memory[addr] = data
    env["filesize"] = f"{len(data):x}"
    con.put(f"done\r\nBytes transferred = {len(data)} ({len(data):x} hex)\r\n")


def run(con, cmd, args, memory, a):
    if cmd == "echo":
        words = (re.sub(r"\$\{(\w+)\}|\$(\?)", lambda m: env.get(m.group(1) or "?", ""), x)
                 for x in args)
        con.put(" ".join(x.replace("'", "").replace('"', "") for x in words) + "\r\n")
    elif cmd == "loady" and len(args) == 1:
        addr = int(args[0], 16)
        con.put(f"## Ready for binary (ymodem) download to 0x{addr:08X} at 115200 bps...\r\n")
        data = receive_ymodem(con, a.dir, a.short)
        if data is not None:
            memory[addr] = data
            env["filesize"] = f"{len(data):x}"
            con.put(f"## Total Size      = 0x{len(data):08x} = {len(data)} Bytes\r\n")
    elif cmd == "loads" and not args:
        con.put("## Ready for S-Record download ...\r\n")
        chunks, start = receive_srec(con)
        if chunks:
            memory.update(chunks)
            lo = min(chunks)
            hi = max(x + len(d) for x, d in chunks.items()) - 1
            con.put(f"\r\n## First Load Addr = 0x{lo:08X}\r\n## Last  Load Addr = 0x{hi:08X}\r\n"
                    f"## Total Size      = 0x{hi - lo + 1:08X} = {hi - lo + 1} Bytes\r\n"
                    f"## Start Addr      = 0x{start:08X}\r\n")
    elif cmd == "setenv" and args:
        env[args[0]] = " ".join(args[1:])
    elif cmd == "dhcp" and not args:
        env["ipaddr"] = "10.0.2.15"
        con.put(f"DHCP client bound to address {env['ipaddr']} (2 ms)\r\n")
    elif cmd == "tftpboot" and len(args) == 2 and a.tftp_dir:
        tftpboot(con, int(args[0], 16), args[1], memory, a.tftp_dir)
    elif cmd == "go" and len(args) == 1 and memory:
        con.put(f"## Starting application at 0x{int(args[0], 16):08X} ...\r\n")
        sys.exit(boot(con, memory, a.dir, a.qemu, a.replay))
    else:
        con.put(f"Unknown command '{cmd}' - try 'help'\r\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fd", type=int, required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--short", action="store_true")
    ap.add_argument("--replay")
    ap.add_argument("--tftp-dir")
    ap.add_argument("--setenv", action="append", default=[], type=lambda v: v.split("=", 1))
    ap.add_argument("qemu", nargs="+")
    a = ap.parse_args()
    env.update(a.setenv)
    con = Console(a.fd)
    con.put("\r\n\r\nU-Boot 2024.01 (load-test)\r\n\r\nDRAM:  64 MiB\r\n")
    con.put("Hit any key to stop autoboot:  3 ")
    deadline = time.monotonic() + 30
    while con.get(timeout=max(0, deadline - time.monotonic())) is None:
        if time.monotonic() >= deadline:
            sys.exit("fake-uboot: nobody stopped autoboot")
    con.put("\b\b\b 0 \r\n")
    memory = {}
    log = open(os.path.join(a.dir, "commands.txt"), "w")
    while True:
        con.put(PROMPT)
        text = con.line()
        if text is None or not text.strip():
            continue
        log.write(text + "\n")
        log.flush()
        for part in text.split(";"):
            words = part.split()
            if words:
                run(con, words[0], words[1:], memory, a)


if __name__ == "__main__":
    main()
