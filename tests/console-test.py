#!/usr/bin/env python3
"""The serial console, driven through QEMU's standard input as a user would.

    console-test.py BOARD POLICY.conf LOG QEMU-COMMAND...

Boots the firmware with the QEMU command of `make console` (its console
on this script's pipes), waits for the prompt after the report, and types
every command, each answer checked before the next: help, report (every
table's header, or its line saying the image has none), report of an
unknown table, summary, bench null and an unknown bench, stats, stats N
(rounds until a key), denials (the sample application's denial, and no
grant), ps, policy (MCS or MLS as POLICY.conf has them),
enforce 0 and 1 (switched or refused as POLICY.conf lets the console's
domain), stat of a file in a directory the console's domain may not
search (the denial names the directory), arguments refused (too many,
out of range, each naming what is taken), a terminal's escape sequences
(arrows, SS3 and CSI keys with parameters) swallowed,
an unknown command, lines edited with backspace (0x08 and 0x7f),
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
COMMANDS = ["help", "report", "summary", "bench", "stats", "denials", "ps", "policy", "stat",
            "enforce", "reboot"]
STATS_HEADER = re.compile(r"^monitor +lookups +hits", re.M)
# keys a terminal sends as escape sequences: up, down, Ctrl-right (CSI
# with parameters), F1 (SS3), Delete (CSI ~), Alt-x
ESCAPES = b"\x1b[A\x1b[B\x1b[1;5C\x1bOP\x1b[3~\x1bx"


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
    check("stats alone: one round", len(STATS_HEADER.findall(out)) == 1, out)


def test_stats_every(b):
    """stats 1: a round at once, then one a second, until a key, which is
    taken (it runs nothing)."""
    b.type(b"stats 1\r")
    first = b.read_until(b"any key stops", ANSWER_TIMEOUT)
    rounds = [b.read_until(b"\nconsole: ", ANSWER_TIMEOUT) for _ in range(3)]
    b.type(b"q")
    out = b.read_until(PROMPT, ANSWER_TIMEOUT)
    text = b"".join(x or b"" for x in [first] + rounds + [out]).replace(b"\r", b"").decode("latin-1")
    # the board's seconds (QEMU's clock runs on instructions, not the host's)
    at = [float(t) for t in re.findall(r"^at (\d+\.\d\d) s:$", text, re.M)]
    steps = {round(b - a, 2) for a, b in zip(at, at[1:])}
    check("stats 1: a round a second of the board's time, until a key",
          first is not None and all(rounds) and out is not None and len(at) >= 3 and
          len(STATS_HEADER.findall(text)) == len(at) and steps == {1.0}, text)
    check("stats 1: the key that stops it runs nothing", out is not None and
          "unknown command" not in text and b.command(b"") is not None, text)


def test_denials(b):
    out = b.command(b"denials") or ""
    check("denials: the sample application's denial",
          re.search(r'^avc:  denied  \{ write \} for  pid=\d+ comm="update-hook" '
                    r'path="/etc/key" .*tclass=file permissive=0$', out, re.M), out)
    check("denials: no audited grant among them", "avc:  granted" not in out and
          "avc:  denied" in out, out)


def test_stat_search(b):
    """The console's domain may not search /etc/fw: the denial names the
    directory searched, not the file asked for; denials then lists it."""
    enforcing = mode(b)[0] == "enforcing"
    out = b.command(b"stat /etc/fw/image") or ""
    line = re.search(r'^avc:  denied  \{ search \} for  pid=\d+ comm="console" '
                     r'path="([^"]*)" .*tclass=dir permissive=([01])$', out, re.M)
    check("stat of a file under a directory the domain may not search: the denial names "
          "the directory", line and line.group(1) == "/etc/fw", out)
    check("stat: refused in enforcing mode, answered in permissive",
          ("stat: /etc/fw/image: permission denied" in out) == enforcing and
          ("/etc/fw/image: file, 2 bytes" in out) != enforcing, out)
    out = b.command(b"stat /etc") or ""
    check("stat of a directory the domain may see",
          re.search(r"^/etc: directory, \d+ bytes, node \d+$", out, re.M), out)
    out = b.command(b"denials") or ""
    check("denials: the search denial, last", out.rstrip(PROMPT.decode()).rstrip().splitlines()[-1:]
          == [line.group(0)] if line else False, out)


def test_summary(b):
    out = b.command(b"summary") or ""
    table = re.search(r"^-- table summary: .+ --$", out, re.M) and \
        re.search(r"^SUMMARY board=\S+ unit=\S+", out, re.M)
    missing = "no summary in this image" in out
    check("summary: the report's summary, or the line saying the image has none",
          bool(table) != missing, out)


def test_arguments(b):
    """Extra words and numbers out of range are refused, each with what
    the command takes, and nothing runs."""
    before, _ = mode(b)
    out = b.command(b"enforce 0 1") or ""
    after, _ = mode(b)
    check("enforce 0 1: too many arguments, the mode kept",
          "enforce: too many arguments: enforce [0|1]" in out and after == before, out)
    out = b.command(b"enforce 2") or ""
    check("enforce 2: the range named", "enforce takes 0..1" in out and mode(b)[0] == before, out)
    out = b.command(b"ps now") or ""
    check("ps now: refused, the tasks not listed", "ps takes no argument" in out and
          "pid" not in out, out)
    for arg in (b"9", b"0", b"x"):
        out = b.command(b"bench walk " + arg) or ""
        check(f"bench walk {arg.decode()}: the range named, nothing run",
              "bench walk takes 1..8" in out and "BENCH " not in out, out)
    out = b.command(b"bench null 3") or ""
    check("bench null 3: takes no argument", "bench null takes no argument" in out and
          "BENCH " not in out, out)
    for arg in (b"0", b"3601", b"x"):
        out = b.command(b"stats " + arg) or ""
        check(f"stats {arg.decode()}: the range named", "stats takes 1..3600" in out and
              not STATS_HEADER.search(out), out)


def test_escapes(b):
    """A terminal's keys that send escape sequences move nothing: alone on
    a line, amid a word, before a command."""
    out = b.command(ESCAPES) or ""
    check("escape sequences alone: swallowed, no unknown command, no help",
          "unknown command" not in out and "commands:" not in out and "?" not in out, repr(out))
    out = b.command(b"po\x1b[Dli\x1bOHcy") or ""
    check("escape sequences amid a word: the word runs", "policy: " in out and
          "unknown command" not in out, repr(out))
    out = b.command(ESCAPES + b"ps") or ""
    check("escape sequences before a command: it runs", re.search(r"^ +pid name", out, re.M) and
          "unknown command" not in out, repr(out))


def test_ps(b):
    out = b.command(b"ps") or ""
    check("ps: the console itself, running in its domain",
          re.search(r"^ +\d+ console +console_t +running +0$", out, re.M), out)


def mode(b):
    out = b.command(b"policy") or ""
    m = re.search(r"^policy: \d+ domains, \d+ types, \d+ classes, tables \d+ bytes, "
                  r"(enforcing|permissive)(.*)$", out, re.M)
    return (m.group(1) if m else None), out


def policy_levels(conf):
    """', MCS' for one sensitivity, ', MLS' for more, '' without MLS."""
    n = len(re.findall(r"^\s*sensitivity\s+\w+", open(conf).read(), re.M))
    return ", MCS" if n == 1 else ", MLS" if n > 1 else ""


def test_enforce(b, allowed, levels):
    before, out = mode(b)
    check("policy: counts, classes with security, the mode",
          before and re.search(r"^classes: .*\bsecurity\b", out, re.M), out)
    check(f"policy: '{levels or 'no MLS'}' as the policy's sensitivities say",
          re.search(rf"^policy: .*, (enforcing|permissive){re.escape(levels)}$", out, re.M), out)
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
    levels = policy_levels(conf)
    # a variant whose policy differs only in setenforce needs no more
    only_enforce = os.environ.get("CONSOLE_ONLY") == "enforce"
    with open(log_path, "wb") as log:
        b = Board(sys.argv[4:], log, PACE.get(board))
        try:
            first = b.read_until(PROMPT, BOOT_TIMEOUT)
            check("the prompt after the report", first is not None and
                  b"all tasks have exited" in first)
            if first is not None and only_enforce:
                test_enforce(b, allowed, levels)
            elif first is not None:
                test_help(b)
                test_report(b)
                test_bench(b)
                test_summary(b)
                test_stats(b)
                test_stats_every(b)
                test_denials(b)
                test_ps(b)
                test_enforce(b, allowed, levels)
                test_stat_search(b)
                test_arguments(b)
                test_escapes(b)
                test_editing(b)
                test_paste(b)
                test_paste(b, b"bench walk\r")
                test_overrun(b)
            if first is not None:
                b.type(b"reboot\r")
                rc = b.wait_exit(ANSWER_TIMEOUT)
                check("reboot ends QEMU", rc == 0, f"exit status {rc}")
        finally:
            b.kill()
    return tally.summary(f"console {board}")


if __name__ == "__main__":
    sys.exit(main())
