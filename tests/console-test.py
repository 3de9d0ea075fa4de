#!/usr/bin/env python3
"""The serial console, driven through QEMU's standard input as a user would.

    console-test.py BOARD POLICY.conf LOG QEMU-COMMAND...

Boots the firmware with the QEMU command of `make console` (its console
on this script's pipes), waits for the prompt after the report, and types
every command, each answer checked before the next: help, report (every
table's header, or its line saying the image has none), report of an
unknown table, bench null and an unknown bench, stats, denials (the
sample application's denial), ps, policy,
enforce 0 and 1 (switched or refused as POLICY.conf lets the console's
domain), an unknown command, lines edited with backspace (0x08 and 0x7f),
a line dropped with Ctrl-C, an over-long line, a paste of 300 bytes at
the prompt and again while `bench walk` runs (every byte must arrive), a burst larger than the input ring sent
while a command runs (the loss told as a count, the count in stats equal
to what was sent less what arrived), and reboot, which must end QEMU.
Every command goes in one write, as a terminal's paste does.  Everything
the board wrote goes to LOG.
Ends with "console BOARD: N passed, N failed".
"""
import os
import random
import re
import select
import subprocess
import sys
import time

from tally import check, skip
import tally

PROMPT = b"mac-fw> "
BOOT_TIMEOUT = 60	# seconds to the first prompt: the whole report
ANSWER_TIMEOUT = 20
PASTE_LINES, PASTE_LINE = 5, 60	# 300 bytes: five lines of 60, CR included
# Bytes a second where the UART model drops what its FIFO cannot take
# (Board.type): QEMU reads its chardev in a thread of its own, so a host
# busy with other work that holds the emulated CPU off for a few ms
# loses bytes there whatever the firmware does; 4 bytes every 4 ms
# (115200 baud is 11520 bytes a second) is what it keeps up with.
PACE = {"r2dplus": 1000}
PACE_SLICE = 4
RX_RING = 512			# kernel/console.h's CONSOLE_RX_SIZE
COMMANDS = ["help", "report", "bench", "stats", "denials", "ps", "policy", "enforce", "reboot"]


class Board:
    def __init__(self, cmd, log, pace=None):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        self.buf = b""
        self.log = log
        self.sent = 0
        self.pace = pace

    def read_until(self, pattern, timeout):
        """Output up to and including pattern (bytes), or None at the timeout or
        QEMU's end; what follows stays for the next call."""
        end = time.monotonic() + timeout
        while True:
            i = self.buf.find(pattern)
            if i >= 0:
                out, self.buf = self.buf[:i + len(pattern)], self.buf[i + len(pattern):]
                return out
            left = end - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.p.stdout], [], [], left)
            if ready:
                chunk = os.read(self.p.stdout.fileno(), 4096)
                if not chunk:
                    return None
                self.log.write(chunk)
                self.buf += chunk

    def type(self, data):
        """All of data at once, as a terminal's paste: one write, which
        QEMU's 16550 (the PXA270's FFUART) takes as fast as its FIFO
        drains.  QEMU 7.2's SCIF takes 16 bytes from its chardev whenever
        it looks, full FIFO or not, and drops the rest, with no line speed
        of its own: there (PACE) the paste goes in slices at a steady
        pace, never in a burst after a delay."""
        if not self.pace:
            self.p.stdin.write(data)
            self.p.stdin.flush()
        else:
            start = time.monotonic()
            for i in range(0, len(data), PACE_SLICE):
                due = start + i / self.pace
                while time.monotonic() < due:
                    pass
                self.p.stdin.write(data[i:i + PACE_SLICE])
                self.p.stdin.flush()
                late = time.monotonic() - due
                if late > PACE_SLICE / self.pace:
                    start += late	# never catch up in a burst
        self.sent += len(data)

    def command(self, line):
        """Types line and its CR; the answer (echo included, CRs removed) up to
        the next prompt, or None."""
        self.type(line + b"\r")
        out = self.read_until(PROMPT, ANSWER_TIMEOUT)
        return None if out is None else out.replace(b"\r", b"").decode("latin-1")

    def wait_exit(self, timeout):
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()


def listed(answer, what):
    """The names an error's list gives: 'WHAT: a b c' on its line."""
    m = re.search(what + r":((?: \S+)*)\s*$", answer or "", re.M)
    return [n for n in m.group(1).split() if n != "(none)"] if m else None


def test_help(b):
    out = b.command(b"help") or ""
    check("help names every command",
          all(re.search(rf"^  {c} ", out, re.M) for c in COMMANDS), out)
    return out


def test_report(b):
    bad = b.command(b"report nosuch") or ""
    tables = listed(bad, "tables")
    check("report of an unknown table: an error naming the tables",
          "no table 'nosuch'" in bad and tables, bad)
    out = b.command(b"report") or ""
    # a table an image may lack (the application's profile) says so instead
    missing = [t for t in tables or [] if not re.search(rf"^-- table {t}: .+\(.+\) --$", out, re.M)
               and not re.search(rf"^report: no {t} in this image$", out, re.M)]
    if tables == ["bench"] and "-- table " not in out:
        skip("report: every table's header", "the image's report is report/report.h's stub")
        return
    check("report: every table's header", tables and not missing, f"missing {missing}")


def test_bench(b):
    bad = b.command(b"bench nosuch") or ""
    names = listed(bad, "benchmarks")
    check("bench of an unknown name: an error naming the benchmarks",
          "no benchmark 'nosuch'" in bad and names is not None, bad)
    out = b.command(b"bench null") or ""
    if names == []:
        skip("bench null: its BENCH lines", "the image names no benchmark (report.h's stub)")
        return
    check("bench null: its BENCH lines",
          re.search(r"^BENCH board=\S+ bench=null strategy=\S+ .*median=\d+", out, re.M), out)


def test_stats(b):
    out = b.command(b"stats") or ""
    ok = re.search(r"^selinux07 +(\d+ +){5}\d+$", out, re.M) and \
        re.search(r"^flat: \d+ slow-path, \d+ denials, \d+ permissive, \d+ granted, "
                  r"\d+ audited", out, re.M)
    check("stats: the AVC model's and the monitor's counters", ok, out)


def test_denials(b):
    out = b.command(b"denials") or ""
    check("denials: the sample application's denial",
          re.search(r'^avc:  denied  \{ write \} for  pid=\d+ comm="update-hook" '
                    r'path="/etc/key" .*tclass=file permissive=0$', out, re.M), out)


def test_ps(b):
    out = b.command(b"ps") or ""
    check("ps: the console itself, running in its domain",
          re.search(r"^ +\d+ console +console_t +running +0$", out, re.M), out)


def mode(b):
    out = b.command(b"policy") or ""
    m = re.search(r"^policy: \d+ domains, \d+ types, \d+ classes, tables \d+ bytes, "
                  r"(enforcing|permissive)", out, re.M)
    return m.group(1) if m else None, out


def test_enforce(b, allowed):
    before, out = mode(b)
    check("policy: counts, classes with security, the mode",
          before and re.search(r"^classes: .*\bsecurity\b", out, re.M), out)
    for want, arg in (("permissive", b"0"), ("enforcing", b"1")):
        out = b.command(b"enforce " + arg) or ""
        now, _ = mode(b)
        if allowed:
            check(f"enforce {arg.decode()}: allowed by the policy, now {want}",
                  f"enforce: {want}" in out and now == want, out)
        else:
            check(f"enforce {arg.decode()}: refused by the policy, the mode kept",
                  "permission denied" in out and now == before and
                  re.search(r"^avc:  denied  \{ setenforce \} .*tclass=security", out, re.M),
                  out)


def test_editing(b):
    out = b.command(b"frobnicate") or ""
    check("an unknown command: help's text", "unknown command 'frobnicate'" in out and
          "commands:" in out, out)
    out = b.command(b"pq\x7fs") or ""
    check("backspace 0x7f erases", re.search(r"^ +pid name", out, re.M), out)
    out = b.command(b"poxx\x08\x08licy") or ""
    check("backspace 0x08 erases", "policy: " in out, out)
    b.type(b"reboot\x03")
    out = b.read_until(PROMPT, ANSWER_TIMEOUT)
    alive = b.command(b"enforce")
    check("Ctrl-C drops the line", out is not None and b"^C" in out and alive is not None and
          b.p.poll() is None, repr(out))
    out = b.command(b"x" * 100) or ""
    check("an over-long line is refused", "line too long" in out, out)


def test_paste(b, behind=b""):
    """Five commands, 300 bytes, at once: each names a table that is not
    there, 52 random characters the answer must give back whole.  Behind
    a command (behind), the paste comes while that command runs and the
    console reads nothing: the input ring holds it."""
    rnd = random.Random(os.getpid() + len(behind))
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    names = ["".join(rnd.choice(alphabet) for _ in range(PASTE_LINE - len("report \r")))
             for _ in range(PASTE_LINES)]
    paste = b"".join(b"report " + n.encode() + b"\r" for n in names)
    assert len(paste) == PASTE_LINES * PASTE_LINE
    b.type(behind + paste)
    if behind:
        b.read_until(PROMPT, ANSWER_TIMEOUT)
    answers = [b.read_until(PROMPT, ANSWER_TIMEOUT) for _ in names]
    got = [a.replace(b"\r", b"").decode("latin-1") if a else "" for a in answers]
    bad = [n for n, a in zip(names, got) if f"report {n}\n" not in a or
           f"no table '{n}'" not in a]
    how = " paced" if b.pace else " in one write"
    if behind:
        how += " while `" + behind.decode().strip() + "` runs"
    check(f"a paste of {len(paste)} bytes{how}: every byte echoed and answered",
          not bad, f"wrong or missing: {bad}\n" + "".join(got))


def rx_counts(b):
    out = b.command(b"stats") or ""
    m = re.search(r"^console: (\d+) bytes received, (\d+) lost \((\d+) overrun, (\d+) ring full\)$",
                  out, re.M)
    return tuple(int(x) for x in m.groups()) if m else None, out


def test_overrun(b):
    """A burst of three rings' worth while `bench walk` runs (seconds under
    QEMU, the console reading nothing meanwhile): the ring fills,
    what does not fit is counted and told, and the line it fell in is
    dropped (no 'line too long': it never ran)."""
    before, _ = rx_counts(b)
    burst = b"bench walk\r" + b"x" * (3 * RX_RING) + b"\r"
    b.type(burst)
    out = b.read_until(PROMPT, ANSWER_TIMEOUT)	# the bench's
    told = b.read_until(PROMPT, ANSWER_TIMEOUT)	# the burst's line
    b.type(b"\r")
    tail = b.read_until(PROMPT, ANSWER_TIMEOUT)
    text = b"".join(x or b"" for x in (out, told, tail)).replace(b"\r", b"").decode("latin-1")
    lost_told = sum(int(n) for n in re.findall(r"^console: (\d+) bytes lost \(overrun\)$",
                                               text, re.M))
    after, stats = rx_counts(b)
    ok = before and after and lost_told > 0 and after[1] - before[1] == lost_told and \
        after[1] == after[2] + after[3]
    check("a burst larger than the input ring: the loss told as a count, stats agrees",
          ok, f"told {lost_told}, stats before {before} after {after}\n{text}{stats}")
    check("the line the loss fell in is dropped, not run", "line too long" not in text, text)
    # every byte written since boot (stats's own line included: it is
    # received before it runs) arrived or was counted lost
    if b.pace:
        skip("received + lost = every byte written",
             "QEMU's SCIF drops uncounted what its FIFO cannot take")
        return
    check("received + lost = every byte written",
          after and after[0] + after[1] == b.sent,
          f"sent {b.sent}, counts {after}")


def policy_allows_setenforce(conf):
    text = open(conf).read()
    return re.search(r"^allow\s+console_t\s+security_t\s*:\s*security\s+\{?[^;]*\bsetenforce\b",
                     text, re.M) is not None


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    board, conf, log_path = sys.argv[1:4]
    allowed = policy_allows_setenforce(conf)
    with open(log_path, "wb") as log:
        b = Board(sys.argv[4:], log, PACE.get(board))
        try:
            first = b.read_until(PROMPT, BOOT_TIMEOUT)
            check("the prompt after the report", first is not None and
                  b"all tasks have exited" in first)
            if first is not None:
                test_help(b)
                test_report(b)
                test_bench(b)
                test_stats(b)
                test_denials(b)
                test_ps(b)
                test_enforce(b, allowed)
                test_editing(b)
                test_paste(b)
                test_paste(b, b"bench walk\r")
                test_overrun(b)
                b.type(b"reboot\r")
                rc = b.wait_exit(ANSWER_TIMEOUT)
                check("reboot ends QEMU", rc == 0, f"exit status {rc}")
        finally:
            b.kill()
    return tally.summary(f"console {board}")


if __name__ == "__main__":
    sys.exit(main())
