#!/usr/bin/python3
# Debian's python3 on purpose: its python3-matplotlib (mk/deps.mk) draws the plots.
"""The firmware's report, from captured console logs (QEMU or a board).

    report.py [-o DIR] [--no-plots] [--print] [--latency TESTLOG]... [--peer PEERLOG]... LOG...

Reads, in each log, the last boot's report: from the firmware's banner
(`mac-fw: board=...`) to its last line (`all tasks have exited`). A log is
a QEMU log or a capture from a board's serial console (tools/capture.py):
'\\n' or '\\r\\n' ends a line, what came before the banner (a boot loader,
a partial line, stray bytes) is left out, and of several boots the last
counts. Only the kernel's lines are read (a task's start with `[pid N
name] `): BENCH, AVCSTAT, LABELSTAT, SYSCHECK, PROFILE, LATENCY, ...,
and SUMMARY, which may follow the last line. One log per board.

A PEERLOG is the Linux peer's boot on the same QEMU machine (make peer:
build/peer/BOARD/selinux.log and nolsm.log): from its init's banner
(`linux-peer: board=...`) to `peer: done, 0 failures`, its BENCH and
AVCSTAT lines (strategy linux, Linux's SELinux, or linux-nolsm, no LSM)
join the report of the firmware's log of the same board and unit; Linux's
overheads and shares are against linux-nolsm, never the firmware's none.

Writes into DIR (default build/report/):
  report.md     the answer at a glance: a short table per seed, per unit,
                from each boot's closing SUMMARY line (each figure held to
                the same figure from its BENCH lines: a disagreement is an
                error), or from the BENCH lines where the boot printed none;
                links to the boards' files and the plots
  report-BOARD[-UNIT].md  every table of one board's report (UNIT when not
                insns), beside the seeds' own figures
  *.csv         every line of each kind, field by field (bench.csv, ...)
  *.png         the seeds' figures from these logs (unless --no-plots)
and prints which tables each log has and which lines it lacks (an older
firmware's log has only some of them). --print writes report.md, then
each board's file, to stdout too. A missing or empty log, one with no
banner, no BENCH lines, a damaged line or a report cut short is an error
that names the file; so is a peer log of a board no LOG reports, or one
cut short.
"""
import argparse
import csv
import os
import re
import sys
from decimal import Decimal

import figures

SEP = "\n"
# the Linux peer's (peer/): Debian's Linux 6.1 with SELinux, and with no LSM
PEER_STRATEGIES = ["linux", "linux-nolsm"]
STRATEGIES = ["none", "flat", "selinux07", "selinux07tuned", "smack", "smack-worst",
              "smackhash", "smackfix"] + PEER_STRATEGIES
# seed 004's kernels: Linux 3.9, its proposed hash, the fix Linux made
SMACKS = ["smack", "smackhash", "smackfix"]
CPU_NAME = {"sh4": "SH-4", "arm": "XScale"}
BOARDS = ["r2dplus", "verdex", "mainstone"]
BANNER = re.compile(r"^mac-fw: board=(?P<board>\S+)(?P<rest>.*)$")
END = figures.END_LINE
INT = r"\d+"
# where a timing model's est-cycles go (include/counter_model.h)
CAUSES = ["issue", "operand", "serial", "branch", "imiss", "dmiss", "wbuf", "tlb"]
DEC = r"\d+(?:\.\d{1,2})?"
# Each kind of line: its fields in order, how each is written, which
# may be absent (an older firmware wrote BENCH lines without a mean).
KINDS = {
    "BENCH": ([("board", r"\S+"), ("bench", r"\S+"), ("strategy", r"\S+"), ("arg", INT),
               ("unit", r"\S+"), ("n", INT), ("min", DEC), ("median", DEC), ("mean", DEC),
               ("max", DEC)], {"mean"}),
    "AVCSTAT": ([("board", r"\S+"), ("bench", r"\S+"), ("strategy", r"\S+"), ("arg", INT),
                 ("lookups", INT), ("hits", INT), ("misses", INT), ("allocs", INT),
                 ("reclaims", INT), ("frees", INT)], set()),
    "LABELSTAT": ([("board", r"\S+"), ("arg", INT), ("tries", INT)], set()),
    # smackhash's 16 slots: how many labels of a set each holds
    "SLOTS": ([("board", r"\S+"), ("set", r"\S+"), ("arg", INT), ("slots", r"\d+(?:,\d+)*")],
              set()),
    "SYSCHECK": ([("board", r"\S+"), ("syscall", r"\S+"), ("class", r"\S+"), ("perm", r"\S+")],
                 set()),
    "PROFILE": ([("board", r"\S+"), ("site", r"\S+"), ("checks", INT), ("cost", DEC),
                 ("syscall_cost", DEC), ("unit", r"\S+"), ("share", DEC), ("path", r"slow|fast")],
                {"syscall_cost", "path"}),
    "LATENCY": ([("board", r"\S+"), ("phase", r"\S+"), ("strategy", r"\S+"), ("unit", r"\S+"),
                 ("n", INT), ("min", DEC), ("median", DEC), ("max", DEC)], set()),
    # the latency suite's (test image): each system call's worst
    "LATCALL": ([("board", r"\S+"), ("call", r"\S+"), ("strategy", r"\S+"), ("unit", r"\S+"),
                 ("n", INT), ("max", DEC)], set()),
    "CAUSES": ([("board", r"\S+"), ("bench", r"\S+"), ("strategy", r"\S+"), ("arg", INT),
                ("unit", r"\S+"), ("n", INT)] + [(c, DEC) for c in CAUSES], set()),
    "TABLES": ([("board", r"\S+"), ("device", r"\S+"), ("bytes", INT), ("domains", INT),
                ("types", INT), ("classes", INT)], set()),
    "CALIB": ([("board", r"\S+"), ("name", r"\S+"), ("unit", r"\S+"), ("copies", INT),
               ("got", DEC), ("expect", DEC), ("tol", DEC), ("result", r"pass|fail|skip"),
               ("source", r'"[^"]*"')] + [(c, DEC) for c in CAUSES], set(CAUSES)),
}
CSV_FILES = {"BENCH": "bench.csv", "AVCSTAT": "avcstat.csv", "LABELSTAT": "labelstat.csv",
             "SLOTS": "slots.csv",
             "SYSCHECK": "syscheck.csv", "PROFILE": "profile.csv", "LATENCY": "latency.csv",
             "LATCALL": "latency-calls.csv", "CAUSES": "causes.csv", "CALIB": "calib.csv", "TABLES": "tables.csv"}


def kind_regex(fields, optional):
    parts = []
    for name, value in fields:
        item = f" {name}=(?P<{name}>{value})"
        parts.append(f"(?:{item})?" if name in optional else item)
    return re.compile("".join(parts) + r"\s*$")


LINES = {kind: kind_regex(*spec) for kind, spec in KINDS.items()}


class LogError(Exception):
    """A log that holds no usable report; the message names the file."""


class UnitChange(Exception):
    """The boot measures again in another unit (a timing model's
    est-cycles after the insns): a second report of the same board."""


class Report:
    """One boot's report: the board it names and its lines, by kind."""

    def __init__(self, path, board, banner):
        self.path, self.board, self.banner = path, board, banner
        self.counter = self.policy = ""
        self.rows = {kind: [] for kind in KINDS}
        self.unit = None
        # the firmware's SUMMARY line: its line number and key=value pairs
        self.summary_no, self.summary = None, {}
        self.figures = {}
        # the Linux peer's logs joined to this one (add_peer_logs)
        self.peers = []

    @property
    def cpu(self):
        """sh4 or arm, for the seeds' figures of that CPU."""
        text = f"{self.board} {self.banner}"
        if "r2dplus" in text or "SH-4" in text:
            return "sh4"
        return "arm" if re.search(r"verdex|mainstone|PXA27|XScale", text) else None

    @property
    def device(self):
        """The name of a user's device (make DEVICE=DIR), or None."""
        m = re.match(r"device: (\S+): ", self.policy)
        return m[1] if m else None

    @property
    def has_mean(self):
        return bool(self.rows["BENCH"]) and all(r["mean"] for r in self.rows["BENCH"])

    @property
    def stat(self):
        """Which figure the seeds' tables quote: the mean, as the seeds'
        averages, or the median where the log has no mean."""
        return "mean" if self.has_mean else "median"

    def bench(self, bench, strategy, arg=0):
        for r in reversed(self.rows["BENCH"]):
            if (r["bench"], r["strategy"], r["arg"]) == (bench, strategy, str(arg)):
                return r
        return None

    def value(self, bench, strategy, arg=0):
        r = self.bench(bench, strategy, arg)
        return None if r is None else float(r[self.stat] or r["median"])

    @property
    def measured(self):
        """The BENCH lines as tools/figures.py reads them: the headline
        figures' one definition."""
        return figures.Bench(self.board, self.unit, self.rows["BENCH"])

    def median(self, bench, strategy, arg=0):
        v = self.measured.median(bench, strategy, int(arg))
        return None if v is None else float(v)

    def mean(self, bench, strategy, arg=0):
        v = self.measured.mean(bench, strategy, int(arg))
        return None if v is None else float(v)

    @property
    def tag(self):
        """The board, and the unit when it is not QEMU's insns: the name
        of this report's own files."""
        return self.board + ("" if self.unit == "insns" else f"-{self.unit}")

    def args(self, bench, strategy=None):
        return sorted({int(r["arg"]) for r in self.rows["BENCH"]
                       if r["bench"] == bench and strategy in (None, r["strategy"])})

    def check_benches(self):
        """The check-CLASS-PERM benchmarks, in the log's order."""
        return [b for b in dict.fromkeys(r["bench"] for r in self.rows["BENCH"])
                if b.startswith("check-") and b.count("-") >= 2]

    def strategies(self, bench):
        return ordered({r["strategy"] for r in self.rows["BENCH"] if r["bench"] == bench},
                       STRATEGIES)

    def own_rows(self):
        """The firmware's own BENCH lines, without the Linux peer's."""
        return [r for r in self.rows["BENCH"] if r["strategy"] not in PEER_STRATEGIES]

    def has_peer(self, strategy=None):
        return any(strategy in (None, p.strategy) for p in self.peers)


def ordered(values, order):
    return sorted(set(values), key=lambda v: (order.index(v) if v in order else len(order), v))


# --- reading a log ---------------------------------------------------------

def log_lines(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise LogError(f"{path}: cannot read: {e.strerror}")
    if not data.strip():
        raise LogError(f"{path}: the log is empty")
    # A serial line can carry bytes that are not UTF-8 (noise at power-on,
    # a boot loader's output); they only ever stand outside the report.
    lines = [l.rstrip() for l in data.decode(errors="replace").split("\n")]
    # what follows the last '\n' is a line cut short (empty if none was)
    return lines[:-1], lines[-1]


def last_boot(path, lines):
    starts = [i for i, l in enumerate(lines) if BANNER.match(l)]
    if not starts:
        raise LogError(f"{path}: no firmware banner (a line 'mac-fw: board=...'): "
                       "not this firmware's boot, or the capture began after it")
    if len(starts) > 1:
        print(f"report: {path}: {len(starts)} boots; reading the last, from line {starts[-1] + 1}",
              file=sys.stderr)
    return starts[-1]


# The closing summary's machine line: the board, the unit, then figures
# by name (SPEC of the keys: summary_figures below).
SUMMARY_RE = re.compile(r"^ board=(?P<board>\S+) unit=(?P<unit>\S+)"
                        r"(?P<pairs>(?: [a-z][a-z0-9_]*=-?\d+(?:\.\d{1,2})?)*)\s*$")


def match_kind(path, no, kind, line):
    """A machine line's fields by name; a damaged one is an error."""
    m = (SUMMARY_RE if kind == "SUMMARY" else LINES[kind]).match(line[len(kind):])
    if not m:
        raise LogError(f"{path}:{no}: damaged {kind} line: {line!r}")
    return {k: v or "" for k, v in m.groupdict().items()}


def parse_line(rep, path, no, line):
    kind = line.split(" ", 1)[0]
    if kind == "LATENCY" and re.match(r"LATENCY board=\S+ call=", line):
        kind, line = "LATCALL", "LATCALL" + line[len("LATENCY"):]
    if kind not in LINES and kind != "SUMMARY":
        if line.startswith("counter:"):
            rep.counter = rep.counter or line
        elif line.startswith("policy:") or line.startswith("device:"):
            rep.policy = line
        return
    row = match_kind(path, no, kind, line)
    if row["board"] != rep.board:
        raise LogError(f"{path}:{no}: {kind} line of board {row['board']} in the report of "
                       f"{rep.board}")
    if row.get("unit") and kind != "CALIB":
        if rep.unit not in (None, row["unit"]):
            if "est-cycles" not in (row["unit"], rep.unit):
                raise LogError(f"{path}:{no}: unit {row['unit']} in a report in {rep.unit}")
            raise UnitChange(row["unit"])
        rep.unit = row["unit"]
    if kind == "SUMMARY":
        rep.summary_no = no
        rep.summary = dict(p.split("=", 1) for p in row["pairs"].split())
    else:
        rep.rows[kind].append(row)


def take(reps, rep, path, no, line):
    """Reads one line into the report of its unit (a timing model's
    est-cycles begin a second one); the report it went to."""
    try:
        parse_line(rep, path, no, line)
        return rep
    except UnitChange as u:
        rep = next((r for r in reps if r.unit == str(u)), None)
        if rep is None and str(u) != "est-cycles":
            raise LogError(f"{path}:{no}: unit {u} in a report in {reps[0].unit}")
        if rep is None:
            rep = sibling(reps[0], str(u))
            reps.append(rep)
        parse_line(rep, path, no, line)
        return rep


def read_report(path):
    """The last boot's report in one log: one per unit it measured in
    (under a timing model, insns then est-cycles)."""
    lines, tail = log_lines(path)
    first = last_boot(path, lines)
    m = BANNER.match(lines[first])
    reps = [Report(path, m["board"], m["rest"].strip())]
    rep = reps[0]
    for i in range(first + 1, len(lines)):
        line = lines[i]
        if line == END:
            break
        if line.startswith("PANIC"):
            raise LogError(f"{path}:{i + 1}: the firmware stopped before the end of its report: "
                           f"{line}")
        rep = take(reps, rep, path, i + 1, line)
    else:
        if not reps[0].rows["BENCH"]:
            raise LogError(f"{path}: no BENCH lines after the banner at line {first + 1}")
        last = tail or next((l for l in reversed(lines) if l), "")
        raise LogError(f"{path}: the report is truncated: no '{END}' after the banner at line "
                       f"{first + 1} (it ends with {last!r})")
    # the closing summary may come after the end line
    for j in range(i + 1, len(lines)):
        if lines[j].startswith("SUMMARY "):
            rep = take(reps, rep, path, j + 1, lines[j])
    for r in reps:
        if not r.rows["BENCH"]:
            raise LogError(f"{path}: no BENCH lines in {r.unit or 'any unit'} after the banner "
                           f"at line {first + 1}")
        r.figures = summary_figures(r)
    return reps


def sibling(rep, unit):
    """The same boot's report in another unit."""
    other = Report(rep.path, rep.board, rep.banner)
    other.counter, other.policy, other.unit = rep.counter, rep.policy, unit
    return other


def read_logs(paths):
    """Every log's reports, one per board and unit, so that no figure
    hides another."""
    reports, seen = [], {}
    for path in paths:
        for rep in read_report(path):
            key = (rep.board, rep.unit)
            if key in seen:
                raise LogError(f"{seen[key]} and {path} both report board {rep.board} in "
                               f"{rep.unit}: give one log per board")
            seen[key] = path
            reports.append(rep)
    units = ["insns", "cycles", "est-cycles"]
    return sorted(reports, key=lambda r: (BOARDS.index(r.board) if r.board in BOARDS
                                          else len(BOARDS), r.board,
                                          units.index(r.unit) if r.unit in units else 0))


def add_latency_logs(reports, paths):
    """The latency suite's lines (a test image's log, make target-test):
    each system call's worst, into the insns report of the same board."""
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l.rstrip("\r\n") for l in f]
        rows = [match_kind(path, no, "LATCALL", "LATCALL" + l[len("LATENCY"):])
                for no, l in enumerate(lines, 1) if re.match(r"LATENCY board=\S+ call=", l)]
        if not rows:
            raise LogError(f"{path}: no LATENCY call= lines (the latency suite's)")
        rep = next((r for r in reports if r.board == rows[0]["board"] and r.unit == rows[0]["unit"]),
                   None)
        if rep is None:
            raise LogError(f"{path}: no report of board {rows[0]['board']} in {rows[0]['unit']} "
                           f"to add its latency to")
        rep.rows["LATCALL"] = rows


# --- the Linux peer's logs (peer/) ------------------------------------------

PEER_BANNER = re.compile(r"^linux-peer: board=(?P<board>\S+)(?P<rest>.*)$")
PEER_END = re.compile(r"^peer: done, (?P<failures>\d+) failures?$")


class PeerLog:
    """One boot of the Linux peer in one unit: its banner's board and
    strategy, its BENCH, CAUSES and AVCSTAT lines."""

    def __init__(self, path, board, banner, unit=None):
        self.path, self.board, self.banner = path, board, banner
        fields = dict(re.findall(r"\b(strategy|unit)=(\S+)", banner))
        self.strategy, self.unit = fields.get("strategy"), unit or fields.get("unit")
        self.rows = {"BENCH": [], "CAUSES": [], "AVCSTAT": []}


def peer_line(peers, path, no, line):
    """A BENCH, CAUSES or AVCSTAT line of the peer's, held to its banner,
    into the part of its unit: the banner's (the init's clock, insns) or
    the timing model's (make peer-cycles adds est-cycles lines)."""
    first = peers[0]
    kind = line.split(" ", 1)[0]
    if kind not in first.rows:
        return  # the kernel's messages, the init's own
    row = match_kind(path, no, kind, line)
    for k, v in {"board": first.board, "strategy": first.strategy}.items():
        if k in row and row[k] != v:
            raise LogError(f"{path}:{no}: {kind} line of {k} {row[k]} in a peer log of {k} {v}")
    unit = row.get("unit", first.unit)
    part = next((p for p in peers if p.unit == unit), None)
    if part is None:
        part = PeerLog(path, first.board, first.banner, unit)
        peers.append(part)
    part.rows[kind].append(row)


def read_peer(path):
    """The last boot of the Linux peer in one log, one PeerLog a unit
    (the banner's first): from its banner to `peer: done`, kernel
    messages between its lines left out."""
    lines, tail = log_lines(path)
    starts = [i for i, l in enumerate(lines) if PEER_BANNER.match(l)]
    if not starts:
        raise LogError(f"{path}: no Linux peer banner (a line 'linux-peer: board=...'): not the "
                       "peer's boot (make peer), or its init never started")
    first = starts[-1]
    m = PEER_BANNER.match(lines[first])
    peers = [PeerLog(path, m["board"], m["rest"].strip())]
    peer = peers[0]
    if peer.strategy not in PEER_STRATEGIES or not peer.unit:
        raise LogError(f"{path}:{first + 1}: the peer's banner names strategy {peer.strategy} "
                       f"and unit {peer.unit}: expected one of {', '.join(PEER_STRATEGIES)} "
                       "and a unit")
    for i in range(first + 1, len(lines)):
        end = PEER_END.match(lines[i])
        if end:
            break
        peer_line(peers, path, i + 1, lines[i])
    else:
        last = tail or next((l for l in reversed(lines) if l), "")
        raise LogError(f"{path}: the peer's log is cut short: no 'peer: done' after its banner "
                       f"at line {first + 1} (it ends with {last!r})")
    if int(end["failures"]):
        raise LogError(f"{path}:{i + 1}: the peer's init counted {end['failures']} failures "
                       "(its 'peer: FAIL' lines): its figures are not taken")
    if not peer.rows["BENCH"]:
        raise LogError(f"{path}: no BENCH lines after the peer's banner at line {first + 1}")
    return peers


def add_peer_logs(reports, paths):
    """The Linux peer's lines, each log's part in a unit into the report
    of the firmware's log of its board and unit: Linux's strategies
    beside the firmware's.  A part with no such report is left out; a
    log none of whose parts has one is an error."""
    for path in paths:
        peers = read_peer(path)
        joined = [add_peer(reports, peer) for peer in peers]
        if not any(joined):
            p = peers[0]
            raise LogError(f"{path}: a Linux peer log of board {p.board} in "
                           f"{' and '.join(q.unit for q in peers)}, but no firmware log of "
                           f"{p.board} in {p.unit} among the inputs to join it to")


def add_peer(reports, peer):
    """One unit's part of a peer log into its report; False if none."""
    rep = next((r for r in reports if r.board == peer.board and r.unit == peer.unit), None)
    if rep is None:
        return False
    twin = next((p for p in rep.peers if p.strategy == peer.strategy), None)
    if twin is not None:
        raise LogError(f"{twin.path} and {peer.path} are both the peer's {peer.strategy} on "
                       f"board {peer.board} in {peer.unit}: give one log per board and strategy")
    rep.peers.append(peer)
    for kind, rows in peer.rows.items():
        rep.rows[kind] += rows
    return True


# --- the closing summary (the firmware's SUMMARY line) ----------------------

def overhead(rep, bench, strategy, arg=0):
    """What a strategy adds to its baseline (none; Linux's linux-nolsm),
    in percent of it: medians."""
    return figures.overhead(rep.measured, bench, strategy, arg)


def pct2(x):
    return "" if x is None else str(x)


def summary_figures(rep):
    """The summary's figures: the SUMMARY line's where the boot printed
    one, each held to the same figure from its BENCH lines, else the
    BENCH lines' alone."""
    made = figures.keys(rep.measured)
    for key, told in rep.summary.items():
        if key in made and Decimal(told) != made[key]:
            raise LogError(f"{rep.path}:{rep.summary_no}: SUMMARY {key}={told}, but the BENCH "
                           f"lines give {figures.show(key, made[key])}: the two disagree")
    out = {k: figures.show(k, v) for k, v in made.items()}
    return {k: rep.summary.get(k, out.get(k)) for k in figures.KEYS
            if k in out or k in rep.summary}


# --- what a log lacks ------------------------------------------------------

def has(rep, kind, **want):
    return any(all(r[k] == v for k, v in want.items()) for r in rep.rows[kind])


def missing(rep):
    """The agreed lines this report lacks (an older firmware's, or a cut run)."""
    if rep.device:
        return [name for name, absent in [
            ("TABLES", not rep.rows["TABLES"] and rep.unit != "est-cycles"),
            ("BENCH bench=null", not has(rep, "BENCH", bench="null")),
            ("PROFILE", not rep.rows["PROFILE"] and rep.unit != "est-cycles")] if absent]
    wants = [("BENCH ... mean= (seed 002 is told in means: its figures are left out)",
              rep.rows["BENCH"] and not rep.has_mean),
             ("BENCH bench=statn", not has(rep, "BENCH", bench="statn")),
             ("BENCH bench=statn-bounds", not has(rep, "BENCH", bench="statn-bounds")),
             ("AVCSTAT", not rep.rows["AVCSTAT"]),
             ("BENCH bench=walk", not has(rep, "BENCH", bench="walk")),
             ("BENCH strategy=smack-worst", not has(rep, "BENCH", strategy="smack-worst")),
             ("BENCH bench=label", not has(rep, "BENCH", bench="label")),
             ("BENCH bench=label strategy=flat", not has(rep, "BENCH", bench="label",
                                                         strategy="flat")),
             ("LABELSTAT", not rep.rows["LABELSTAT"]),
             ("BENCH bench=check-CLASS-PERM", not rep.check_benches()),
             ("SYSCHECK", not rep.rows["SYSCHECK"]),
             # the application's profile runs once, after the model's pass
             ("PROFILE", not rep.rows["PROFILE"] and rep.unit != "est-cycles")]
    return [name for name, absent in wants if absent]


# --- figures ---------------------------------------------------------------

def num(v, digits=0):
    if v is None:
        return ""
    # half up: Python's round() takes 209.5 to 210 but 210.5 to 210 too
    return f"{v:.{digits}f}" if digits else str(int(v + 0.5) if v >= 0 else -int(-v + 0.5))


def pct(part, whole):
    return None if part is None or not whole else 100.0 * part / whole


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return out + ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]


def table_head(name, title, unit):
    """A table's heading: its name as the firmware's human tables and the
    serial console call it, and its unit, as the log gives it."""
    return [f"### {name}: {title} ({unit})", ""]


# Seed 000 (lmbench simple read/write, SELinux's overhead in time).
SEED000 = {"sh4": ("SH7751R, Linux 2.6.22", {"read": (141.5, 36.43), "write": (155.9, 59.80)}),
           "arm": ("PXA270 416 MHz, Linux 2.6.17", {"read": (74.3, 53.6), "write": (98.7, 72.4)})}
SEED000_STRATEGY = {"selinux07": 0, "selinux07tuned": 1}
# Its lmbench times in microseconds (base, SELinux, tuned) and the CPU's clock
# in MHz, for its figures in cycles.
SEED000_TIMES = {"sh4": (240, {"read": (2.6781, 6.4671, 3.6538), "write": (2.0781, 5.3181, 3.321)}),
                 "arm": (416, {"read": (1.7945, 3.1279, 2.7555), "write": (1.4706, 2.9228, 2.5347)})}


def is_baseline(strategy):
    return figures.baseline(strategy) == strategy


def rw_rows(rep, label=""):
    seed = SEED000.get(rep.cpu)
    rows = []
    for op in ("read", "write"):
        for s in [s for s in rep.strategies(op) if not is_baseline(s)]:
            seen = seed[1][op][SEED000_STRATEGY[s]] if seed and s in SEED000_STRATEGY else None
            rows.append([f"{label}{op}", s, num(rep.median(op, figures.baseline(s))),
                         num(rep.median(op, s)), pct2(overhead(rep, op, s)),
                         "" if seen is None else f"{seen}"])
    return rows


PEER_NOTE = ("Linux's columns: Debian's Linux 6.1 on the same QEMU machine (make peer), its "
             "init timing the same calls; linux with SELinux enforcing, linux-nolsm with no LSM, "
             "Linux's unchecked call: its overheads and shares are against linux-nolsm, never "
             "the firmware's none.")


def rw_table(reps):
    """Seed 000: read and write against the same call with no check."""
    rep = reps[0]
    seeds = "; ".join(f"{c}: {SEED000[c][0]}" for c in ordered({r.cpu for r in reps if r.cpu},
                                                                ["sh4", "arm"]))
    rows = [row for r in reps for row in rw_rows(r, f"{r.board} " if len(reps) > 1 else "")]
    out = table_head("rw", "seed 000: read and write, median per call", rep.unit)
    out += md_table(["op", "strategy", "unchecked", "checked", "overhead %",
                     "seed overhead % (time)"], rows)
    return out + ["", f"The seed's overheads are lmbench times on hardware ({seeds}): "
                      "SELinux before (selinux07) and after (selinux07tuned) its tuning. "
                      "Unchecked: none" + ("; for linux, linux-nolsm." if any(
                          r.has_peer() for r in reps) else ".")]


PEER_CALLS = [("null", 0), ("read", 0), ("write", 0), ("read-cold", 0), ("write-cold", 0),
              ("stat", 0), ("fstat", 0), ("open", 0), ("walk", 1), ("walk", 8)]


def added_cell(rep, bench, strategy, arg=0):
    """What S adds to its baseline, and its percent of the baseline."""
    d = rep.measured.added(bench, strategy, arg)
    if d is None:
        return ""
    return f"{figures.show('', d)} ({pct2(overhead(rep, bench, strategy, arg))} %)"


def peer_table(rep):
    """The firmware's calls beside the Linux peer's on the same CPU, each
    system's check against its own unchecked call."""
    if not rep.has_peer():
        return []
    cols = [("none", None), ("flat", None), ("flat - none", "flat"), ("linux-nolsm", None),
            ("linux", None), ("linux - linux-nolsm", "linux")]
    rows = []
    for bench, arg in PEER_CALLS:
        cells = [added_cell(rep, bench, added, arg) if added else num(rep.median(bench, s, arg))
                 for s, added in cols]
        if any(cells):
            rows.append([bench + (f" {arg}" if bench == "walk" else "")] + cells)
    out = table_head("linux", "the firmware's calls beside Linux's on the same CPU, median per "
                     "call, each check against its own unchecked call", rep.unit)
    out += md_table(["call"] + [name for name, _ in cols], rows)
    line = check_cost(rep)
    return out + ["", PEER_NOTE + (f" {line}." if line else "")]


def check_cost(rep):
    """The check's cost here against Linux's SELinux on the same CPU: a
    1-byte read's flat - none and linux - linux-nolsm (medians)."""
    b = rep.measured
    here, linux = b.added("read", "flat"), b.added("read", "linux")
    if here is None or linux is None:
        return None
    cpu = CPU_NAME.get(rep.cpu)
    return (f"On {rep.board}{f' ({cpu})' if cpu else ''} a check here costs "
            f"{figures.show('', here)} {rep.unit}, Linux's SELinux {figures.show('', linux)} "
            f"{rep.unit} on the same CPU (a 1-byte read, median per call: flat - none; "
            "linux - linux-nolsm)")


# Seed 002 (lstat over N files of N categories, 1000 loops, seconds).
SEED002 = {"no bounds, patched": [2.338, 4.742, 7.275, 9.685, 12.509, 28.532, 45.554, 59.908],
           "bounds, patched": [2.372, 4.739, 7.116, 9.616, 12.187, 29.736, 50.631, 72.730],
           "vanilla": [2.216, 4.451, 6.844, 9.337, 12.049, 26.092, 40.878, 54.208]}
SEED002_N = [100, 200, 300, 400, 500, 600, 700, 800]
SEED002_COLUMNS = {"statn": ["no bounds, patched", "vanilla"], "statn-bounds": ["bounds, patched"]}
RATIO_N = 500


def seed_cell(column, n):
    if n not in SEED002_N:
        return ""
    t = SEED002[column][SEED002_N.index(n)]
    return f"{t:.3f} s ({t / SEED002[column][SEED002_N.index(RATIO_N)]:.2f})"


def statn_table(columns, bench_seeds):
    """columns: (label, report, bench, strategy); one row per N."""
    ns = sorted({n for _, rep, bench, s in columns for n in rep.args(bench, s)})
    rows = []
    for n in ns:
        row = [str(n)]
        for _, rep, bench, s in columns:
            v, r = rep.mean(bench, s, n), figures.round_ratio(rep.measured, bench, s, n)
            row.append("" if v is None else num(v) + ("" if r is None else f" ({r})"))
        rows.append(row + [seed_cell(c, n) for c in bench_seeds])
    header = ["N"] + [label for label, *_ in columns] + [f"seed: {c}" for c in bench_seeds]
    return md_table(header, rows)


STATN_NOTE = ("Each cell: the cost of one stat, and in brackets a round of N stats against "
              "the round of 500 (N x cost(N) / (500 x cost(500))), which is what the seed's "
              "ratios are: seconds of 1000 lstat() loops over N files of N categories on a "
              "Pentium 4, SELinux's AVC holding at most 512 entries (cache_threshold).")


def statn_board(rep):
    out = []
    for bench, what in (("statn", "no typebounds parent"), ("statn-bounds", "a typebounds parent")):
        strategies = [s for s in rep.strategies(bench) if s != "smack-worst"]
        if not strategies:
            out += [f"_No BENCH bench={bench} lines in this log._", ""]
            continue
        out += table_head("statn", f"seed 002: {bench}, the bench domain with {what}, "
                          "mean per stat; in brackets the round of N against the round of 500",
                          rep.unit)
        out += statn_table([(s, rep, bench, s) for s in strategies], SEED002_COLUMNS[bench]) + [""]
    linux = (" Linux's columns: the same stats by its init (make peer); its AVC too holds at "
             "most 512 entries by default.") if rep.has_peer() else ""
    return out + [STATN_NOTE + linux, ""] + avc_table(rep)


def avc_table(rep):
    rows = []
    for r in rep.rows["AVCSTAT"]:
        lookups, hits = int(r["lookups"]), int(r["hits"])
        rows.append([r["bench"], r["strategy"], r["arg"], r["lookups"], r["hits"], r["misses"],
                     r["allocs"], r["reclaims"], r["frees"], num(pct(hits, lookups), 1)])
    if not rows:
        return ["_No AVCSTAT lines in this log: the AVC model's counters are not shown._"]
    out = md_table(["bench", "strategy", "N", "lookups", "hits", "misses", "allocs", "reclaims",
                    "frees", "hits %"], rows)
    linux = ("; linux's: the kernel's own, /sys/fs/selinux/avc/cache_stats, over the same "
             "rounds" if any(r["strategy"] == "linux" for r in rep.rows["AVCSTAT"]) else "")
    return out + ["", "The AVC model's counters over the timed rounds, as avcstat prints "
                      f"them{linux}; the seed's avcstat after a Fedora rawhide boot: 619277 "
                      "lookups, 614912 "
                      "hits, 4365 misses, 4365 allocs, 3840 reclaims, 3863 frees (99.3 % hits)."]


def walk_table(rep):
    """Seed 003: path walks, and the monitor's share of each."""
    strategies = rep.strategies("walk")
    if not strategies:
        return ["_No BENCH bench=walk lines in this log._"]
    rows = []
    for d in rep.args("walk"):
        row = [str(d)]
        for s in strategies:
            part = None if is_baseline(s) else figures.walk_share(rep.measured, s, d)
            row.append(num(rep.median("walk", s, d)) + ("" if part is None else f" ({part} %)"))
        rows.append(row)
    out = table_head("walk", "seed 003: stat of a path of depth N, median per call, "
                     "the monitor's share", rep.unit)
    out += md_table(["depth"] + strategies, rows)
    linux = " (Linux's: (linux - linux-nolsm) / linux)" if rep.has_peer() else ""
    return out + ["", f"The share: (checked - none) / checked{linux}. Seed 003's profile of a "
                      "stat-heavy `make -j` (perf, cycles, kernel only): "
                      "avc_has_perm_noaudit 2.94 %, "
                      "selinux_inode_permission 2.47 %, inode_has_perm 1.12 %: 6.53 % in all."]


def label_table(rep):
    """Seed 004: finding a label in Smack's list, against the tables' row pointer."""
    ns = rep.args("label")
    if not ns:
        return ["_No BENCH bench=label lines in this log._"]
    tries = {int(r["arg"]): int(r["tries"]) for r in rep.rows["LABELSTAT"]}
    rows = []
    for n in ns:
        smack, hashed, fix, flat = (rep.median("label", s, n) for s in SMACKS + ["flat"])
        t = tries.get(n)
        rows.append([str(n), "" if t is None else str(t), num(smack),
                     num(smack / t, 1) if smack is not None and t else "", num(hashed), num(fix),
                     num(flat)])
    for n in rep.args("label-app"):
        rows.append([f"{n} package names"] + [""] * 6)
        rows[-1][2], rows[-1][4], rows[-1][5] = (num(rep.median("label-app", s, n)) for s in SMACKS)
    rows.append(["600 (seed 004)", "~200", "", "", "", "", ""])
    out = table_head("label", "seed 004: a label among N, median per lookup", rep.unit)
    out += md_table(["labels", "tries", "smack", "smack per try", "smackhash", "smackfix", "flat"],
                    rows)
    out += ["", "Tries: strcmp calls per lookup, counted (LABELSTAT). Seed 004 counted "
                "about 200 tries per smk_find_entry among 600 labels on a Tizen system. "
                "smackfix looks no label up: its figure is the load of the task blob's "
                "smack_known pointer, all its check does to find the subject. The package "
                "names (label-app) are seed 004's kind of labels, a label one third down them."]
    return out + slots_table(rep)


def slots_table(rep):
    """How smackhash's 16 slots fill with each label set (SLOTS lines)."""
    sets = rep.rows["SLOTS"]
    if not sets:
        return []
    width = max(len(r["slots"].split(",")) for r in sets)
    rows = [[r["set"], r["arg"]] + r["slots"].split(",") for r in sets]
    return [""] + table_head("slots", "seed 004: how each label set fills smackhash's slots "
                             "(full_name_hash, byte-wise, & 15)", "labels") + md_table(
        ["set", "labels"] + [str(i) for i in range(width)], rows)


def class_perm(bench):
    _, cls, perm = bench.split("-", 2)
    return cls, perm


def syscalls_of(rep):
    out = {}
    for r in rep.rows["SYSCHECK"]:
        calls = out.setdefault((r["class"], r["perm"]), [])
        if r["syscall"] not in calls:
            calls.append(r["syscall"])
    return out


def checks_table(rep):
    """Each check on its own, per strategy, and the calls that make it."""
    benches = rep.check_benches()
    if not benches:
        return ["_No BENCH bench=check-CLASS-PERM lines in this log._"]
    strategies = ordered({r["strategy"] for r in rep.rows["BENCH"] if r["bench"] in benches},
                         STRATEGIES)
    calls = syscalls_of(rep)
    rows = [[f"{c}:{p}"] + [num(rep.median(b, s)) for s in strategies] +
            [", ".join(calls.get((c, p), []))] for b in benches for c, p in [class_perm(b)]]
    out = table_head("checks", "one check on its own, median per call", rep.unit)
    out += md_table(["class:perm"] + strategies + ["system calls that check it"], rows)
    return out + ([] if rep.device else [""] + syscheck_table(rep))


def syscheck_table(rep):
    by_call = {}
    for r in rep.rows["SYSCHECK"]:
        by_call.setdefault(r["syscall"], []).append(f"{r['class']}:{r['perm']}")
    if not by_call:
        return ["_No SYSCHECK lines in this log: the system-call table's checks are not shown._"]
    return md_table(["system call", "checks"], [[c, ", ".join(p)] for c, p in by_call.items()])


def profile_table(rep):
    rows = rep.rows["PROFILE"]
    if not rows:
        return ["_No PROFILE lines in this log: the application's profile is not shown._"]
    unit = rows[0]["unit"]
    body = [[r["site"], r["checks"], r["cost"], r["syscall_cost"], r["share"]] for r in rows]
    out = table_head("profile", f"{'the device' if rep.device else 'the sample application'}"
                     "'s checks by site, share of its system calls' time", unit)
    return out + md_table(["site", "checks", "cost", "system calls' cost", "share %"], body)


def bench_table(rep):
    rows = [[r["bench"], r["arg"], r["strategy"], r["n"], r["min"], r["median"], r["mean"],
             r["max"]] for r in rep.rows["BENCH"]]
    out = table_head("bench", "every BENCH line, per operation, the counter's own cost "
                     "subtracted", rep.unit)
    return out + md_table(["bench", "arg", "strategy", "n", "min", "median", "mean", "max"], rows)


# The kernel's own tables: the phases the bound holds for (kernel/latency.c).
BOUNDED_STRATEGIES = ("flat", "profile", "none")


def latency_table(rep):
    def rows_of(bounded):
        return [[r["phase"], r["strategy"], r["n"], r["min"], r["median"], r["max"]]
                for r in rep.rows["LATENCY"] if (r["strategy"] in BOUNDED_STRATEGIES) == bounded]
    if not rep.rows["LATENCY"] and not rep.rows["LATCALL"]:
        return ["_No LATENCY lines in this log._"]
    out = []
    if rep.rows["LATCALL"]:
        out += table_head("latency", "each system call's worst, driven through its longest "
                          "path by the latency suite (the bound: 4,000 on the flat table)",
                          rep.rows["LATCALL"][0]["unit"])
        out += md_table(["call", "strategy", "n", "max"],
                        [[r["call"], r["strategy"], r["n"], r["max"]]
                         for r in rep.rows["LATCALL"]]) + [""]
    cols = ["phase", "strategy", "n", "min", "median", "max"]
    if rows_of(True):
        out += table_head("latency", "the tick's latency", rep.rows["LATENCY"][0]["unit"])
        out += md_table(cols, rows_of(True)) + [""]
    if rows_of(False):
        out += table_head("latency", "the tick's latency on the comparison models' tables "
                          "(measurement only: not held to the bound)",
                          rep.rows["LATENCY"][0]["unit"])
        out += md_table(cols, rows_of(False)) + [""]
    return out[:-1]


CAVEAT = ("QEMU counts instructions; the seeds measured time on hardware (lmbench "
          "microseconds, seconds of lstat loops, perf percentages). Instruction counts are exact "
          "and repeatable and compare code paths, but ignore caches, memory latency and pipeline "
          "stalls: they rank designs and show where costs scale (the AVC knee, the label list's "
          "linear cost), not the seeds' absolute times or percentages on a real board.")


def causes_of(rep, bench, strategy, arg=0):
    for r in reversed(rep.rows["CAUSES"]):
        if (r["bench"], r["strategy"], r["arg"]) == (bench, strategy, str(arg)):
            return {c: float(r[c]) for c in CAUSES}
    return None


def causes_table(rep):
    """Where each strategy's est-cycles go beyond its baseline's (none;
    Linux's linux-nolsm), by cause."""
    if not rep.rows["CAUSES"]:
        return []
    rows = []
    for bench in ("null", "read", "write", "read-cold", "write-cold", "stat"):
        for s in rep.strategies(bench):
            base = causes_of(rep, bench, figures.baseline(s))
            c = causes_of(rep, bench, s)
            if c is None or base is None or is_baseline(s):
                continue
            extra = {k: c[k] - base[k] for k in CAUSES}
            rows.append([bench, s, num(rep.median(bench, s)), num(sum(extra.values()), 1)] +
                        [num(extra[k], 1) for k in CAUSES])
    out = table_head("causes", "where a strategy's cycles go beyond its baseline's, per call",
                     rep.unit)
    out += md_table(["bench", "strategy", "median", "extra"] + CAUSES, rows)
    return out + ["", "Each cause per iteration of the benchmark's loop, less the same loop's "
                      "with no check (none; for linux, linux-nolsm): the loop's own cycles "
                      "cancel."]


def calib_table(rep):
    lines = [r for r in rep.rows["CALIB"] if r["unit"] == rep.unit]
    causes = [c for c in CAUSES if any(r[c] for r in lines)]
    rows = [[r["name"], r["got"], r["expect"], r["tol"], r["result"]] + [r[c] for c in causes] +
            [r["source"].strip('"')] for r in lines]
    if not rows:
        return []
    out = table_head("calib", "calibration: one body of each sequence against its figure",
                     rep.unit)
    return out + md_table(["sequence", "got", "figure", "tolerance", "result"] + causes +
                          ["source"], rows)


DEVICE_CALLS = ("null", "read", "write", "stat", "walk")


def tables_table(rep):
    rows = [[r["device"], r["bytes"], r["domains"], r["types"], r["classes"]]
            for r in rep.rows["TABLES"]]
    if not rows:
        return []
    return (["### tables: the device's policy as the kernel holds it", ""] +
            md_table(["device", "bytes", "domains", "types", "classes"], rows))


def device_calls_table(rep):
    """The core calls per strategy, and what each adds to none."""
    strategies = ordered({r["strategy"] for r in rep.rows["BENCH"]
                          if r["bench"] in DEVICE_CALLS}, STRATEGIES)
    rows = []
    for b in DEVICE_CALLS:
        for arg in rep.args(b):
            cells = []
            for st in strategies:
                v, over = rep.median(b, st, arg), overhead(rep, b, st, arg)
                cells.append("" if v is None else num(v) if is_baseline(st) or over is None
                             else f"{num(v)} ({'+' if over >= 0 else ''}{pct2(over)} %)")
            rows.append([b + (f" {arg}" if b == "walk" else "")] + cells)
    out = table_head("calls", "the device's calls, median per call and what the check "
                     "adds to none", rep.unit)
    return out + md_table(["call"] + strategies, rows)


def device_section(rep):
    gone = missing(rep)
    out = [f"## {rep.device} on {rep.board}" + (f" ({rep.unit})" if rep.unit == "est-cycles"
                                                 else ""), "",
           f"`mac-fw: board={rep.board} {rep.banner}`  ", f"`{rep.policy}`", "",
           f"Figures in unit {rep.unit}.", ""]
    if gone:
        out += ["Not in this log: " + ", ".join(gone) + ".", ""]
    for make in (tables_table, profile_table, device_calls_table, checks_table, latency_table,
                 bench_table):
        out += make(rep) + [""]
    return [l for i, l in enumerate(out) if l or (i and out[i - 1])]


def board_section(rep):
    if rep.device:
        return device_section(rep)
    gone = missing(rep)
    out = [f"## {rep.board}" + (f" ({rep.unit})" if rep.unit == "est-cycles" else ""), "", f"`mac-fw: board={rep.board} {rep.banner}`  ",
           f"`{rep.counter}`  " if rep.counter else "",
           f"`{rep.policy}`" + ("  " if rep.peers else "") if rep.policy else ""]
    out += [f"`linux-peer: board={p.board} {p.banner}` ({p.path}, its {p.unit} lines)  "
            for p in rep.peers]
    out += ["", f"Figures in unit {rep.unit}.", ""]
    if gone:
        out += ["Not in this log: " + ", ".join(gone) + ".", ""]
    for make in (rw_table, peer_table, causes_table, calib_table, statn_board, walk_table,
                 label_table, checks_table, profile_table, bench_table, latency_table):
        out += (make([rep]) if make is rw_table else make(rep)) + [""]
    return [l for i, l in enumerate(out) if l or (i and out[i - 1])]


def model_error_table(reports):
    """A board's cycles beside the timing model's est-cycles of the same
    benchmarks: how far the model is from the chip."""
    rows = []
    for hw in [r for r in reports if r.unit == "cycles"]:
        est = next((r for r in reports if r.board == hw.board and r.unit == "est-cycles"), None)
        for b in hw.rows["BENCH"] if est else []:
            e = est.bench(b["bench"], b["strategy"], b["arg"])
            if e is None:
                continue
            c, m = float(b["median"]), float(e["median"])
            rows.append([hw.board, b["bench"], b["strategy"], b["arg"], num(c), num(m),
                         num(pct(m - c, c), 1)])
    if not rows:
        return []
    out = ["### model: the board's cycles beside the model's est-cycles (medians)", ""]
    return out + md_table(["board", "bench", "strategy", "arg", "cycles", "est-cycles",
                           "model's error %"], rows) + [""]


# --- report.md: the answer at a glance ----------------------------------------

SEED002_ROUND = {c: SEED002[c][SEED002_N.index(600)] / SEED002[c][SEED002_N.index(RATIO_N)]
                 for c in SEED002}
# Seed 003's perf profile: avc_has_perm_noaudit, selinux_inode_permission
# and inode_has_perm, percent of the kernel's cycles in a stat-heavy make -j
SEED003_SHARE = 2.94 + 2.47 + 1.12


def rw_glance(label, rep):
    f, seed = rep.figures, SEED000.get(rep.cpu)
    rows = []
    for op in ("read", "write"):
        keys = [f"{op}_{k}" for k in ("none", "flat", "added", "pct", "selinux07_pct",
                                      "selinux07tuned_pct")]
        if any(k in f for k in keys):
            rows.append([label, op] + [f.get(k, "") for k in keys] +
                        (list(seed[1][op]) if seed else ["", ""]))
    return rows


def keys_glance(keys, seeds=()):
    """A row of the group's figures by key, then the seed's own."""
    def rows(label, rep):
        if not any(k in rep.figures for k in keys):
            return []
        return [[label] + [rep.figures.get(k, "") for k in keys] + list(seeds)]
    return rows


GLANCE = [
    ("rw", "seed 000: read and write, median per call, overhead against none",
     ["board", "call", "none", "flat", "flat adds", "flat %", "selinux07 %", "selinux07tuned %",
      "seed: SELinux % (time)", "seed: tuned % (time)"], rw_glance),
    ("statn", "seed 002: the round of 600 against the round of 500, mean per stat",
     ["board", "flat", "selinux07", "selinux07tuned", "seed: patched", "seed: vanilla"],
     keys_glance([f"statn600_{s}_round" for s in ("flat", "selinux07", "selinux07tuned")],
                 [f"{SEED002_ROUND[c]:.2f}" for c in ("no bounds, patched", "vanilla")])),
    ("walk", "seed 003: the monitor's share of a stat of a depth-8 path, 100 x (S - none) / S "
     "in %, median per call",
     ["board", "flat %", "selinux07 %", "seed: SELinux's share of make -j % (perf)"],
     keys_glance(["walk8_flat_share", "walk8_selinux07_share"], [f"{SEED003_SHARE:.2f}"])),
    ("label", "seed 004: a lookup among 600 labels, median per lookup",
     ["board", "smack", "smackhash", "smackfix", "flat", "seed: strcmp calls per lookup"],
     keys_glance([f"label600_{s}" for s in SMACKS + ["flat"]], ["~200"])),
    ("check", "the check's cost (flat), median per call",
     ["board", "check_read_site = read(flat) - read(none)",
      "check_walk_level = (walk8 - walk1 added) / 7", "check_loop = check-file-read, at its site"],
     keys_glance(["check_read_site", "check_walk_level", "check_loop"])),
]


# How far apart two boards' BENCH figures may lie and still be told once:
# the PXA270 boards' differ only by where a timer tick fell
SAME_WITHIN = Decimal("0.01")


def close(a, b):
    """Two reports of one CPU whose summary figures are the same and every
    BENCH median and mean within SAME_WITHIN of each other."""
    if (a.cpu or a.board) != (b.cpu or b.board) or a.figures != b.figures:
        return False
    for r in a.own_rows():
        o = b.bench(r["bench"], r["strategy"], r["arg"])
        pairs = [] if o is None else [(Decimal(r[k] or 0), Decimal(o[k] or 0))
                                      for k in ("median", "mean")]
        if o is None or any(abs(x - y) > SAME_WITHIN * max(abs(x), 1) for x, y in pairs):
            return False
    return len(a.own_rows()) == len(b.own_rows())


def same_figures(reports, unit):
    """The reports in one unit, boards of the same CPU and the same
    figures told once (the PXA270 boards run the same code; the Linux
    peer's lines are left out of the comparison, and the board that has
    them stands for the group): (label, report) pairs."""
    groups = []
    for rep in [r for r in reports if r.unit == unit]:
        group = next((g for g in groups if close(g[0], rep)), None)
        if group is None:
            groups.append([rep])
        else:
            group.append(rep)
    return [(", ".join(r.board for r in g) + (" (the same figures)" if len(g) > 1 else ""),
             next((r for r in g if r.peers), g[0])) for g in groups]


def source_line(groups):
    told = [label for label, rep in groups if rep.summary]
    made = [label for label, rep in groups if not rep.summary]
    out = ([f"From the boot's closing SUMMARY line, each figure checked against its BENCH "
            f"lines: {', '.join(told)}."] if told else [])
    out += ([f"From the BENCH lines (the boot printed no SUMMARY line): {', '.join(made)}."]
            if made else [])
    return out + ([f"Boards told together have the same summary figures and every BENCH figure "
                   f"within {SAME_WITHIN * 100:.0f} %."] if any("," in l for l, _ in groups) else [])


def glance(reports, unit):
    """The summary in one unit: a short table per seed."""
    groups = same_figures(reports, unit)
    peers = [r for r in reports if r.unit == unit and r.has_peer()]
    costs = [line for line in map(check_cost, peers) if line]
    out = [f"## The answer at a glance ({unit})", "", " ".join(source_line(groups)), ""]
    out += [". ".join(costs) + ".", ""] if costs else []
    for name, title, header, make in GLANCE:
        rows = [row for label, rep in groups for row in make(label, rep)]
        if rows:
            out += table_head(name, title, unit) + md_table(header, rows) + [""]
    return out + linux_glance(peers, unit)


def linux_glance(reps, unit):
    """Read and write beside the Linux peer's, each board that has it."""
    rows = []
    for rep in reps:
        for op in ("read", "write"):
            rows.append([rep.board, op] + [num(rep.median(op, s)) for s in ("none", "flat")] +
                        [added_cell(rep, op, "flat")] +
                        [num(rep.median(op, s)) for s in ("linux-nolsm", "linux")] +
                        [added_cell(rep, op, "linux")])
    if not rows:
        return []
    out = table_head("linux", "read and write beside Linux 6.1's on the same CPU, median per "
                     "call, each check against its own unchecked call", unit)
    return out + md_table(["board", "call", "none", "flat", "flat adds", "linux-nolsm", "linux",
                           "linux adds"], rows) + [""]


def board_file(rep):
    return f"report-{rep.tag}.md"


def plot_lines(pngs):
    return (["## Plots", ""] + [f"![{os.path.basename(p)}]({os.path.basename(p)})" for p in pngs]
            + [""] if pngs else [])


def markdown(reports, pngs=()):
    """report.md: the summary, then where each board's every table is."""
    devices = sorted({r.device for r in reports if r.device})
    title = (f"# The report of {', '.join(devices)}" if devices and all(r.device for r in reports)
             else "# The firmware's report")
    links = ", ".join(f"[{r.board} ({r.unit})]({board_file(r)})" for r in reports)
    out = [title, "", f"Every table of each board: {links}.", ""]
    for unit in dict.fromkeys(r.unit for r in reports):
        out += glance(reports, unit)
    out += [CAVEAT, ""] + model_error_table(reports) + plot_lines(pngs)
    return SEP.join(out).rstrip() + "\n"


def board_markdown(rep):
    """A board's own file: every table of its report."""
    out = board_section(rep)
    return SEP.join(out).rstrip() + "\n\nBack to the summary: [report.md](report.md).\n"


# --- files -----------------------------------------------------------------

def write_csv(reports, outdir):
    for kind, name in CSV_FILES.items():
        fields = [f for f, _ in KINDS[kind][0]]
        with open(os.path.join(outdir, name), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
            w.writeheader()
            for rep in reports:
                w.writerows(rep.rows[kind])


def clear_old(outdir):
    """Removes what an earlier run wrote here (and only that), so that no
    plot or file of a board this run does not report is left beside its
    report."""
    mine = re.compile(r"^((statn|walk|label|checks)(-[\w.-]+)?\.png|report(-[\w.-]+)?\.md)$")
    for name in os.listdir(outdir):
        if name in CSV_FILES.values() or mine.match(name):
            os.remove(os.path.join(outdir, name))


def write_text(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def write_all(reports, outdir, plots, show):
    os.makedirs(outdir, exist_ok=True)
    clear_old(outdir)
    pngs = []
    if plots:
        import report_plots
        pngs = report_plots.write_plots(reports, outdir)
    texts = {"report.md": markdown(reports, pngs)}
    texts.update({board_file(r): board_markdown(r) for r in reports})
    files = [write_text(os.path.join(outdir, n), t) for n, t in texts.items()]
    write_csv(reports, outdir)
    if show:
        sys.stdout.write("\n".join(texts.values()))
    return files + [os.path.join(outdir, n) for n in CSV_FILES.values()] + pngs


def summary(reports, files, out):
    for rep in reports:
        gone = missing(rep)
        print(f"report: {rep.board} ({rep.unit}) from {rep.path}" +
              "".join(f", Linux's {p.strategy} from {p.path}" for p in rep.peers) +
              (f"; not in this log: {', '.join(gone)}" if gone else "; every table"), file=out)
    print(f"report: wrote {len(files)} files into {os.path.dirname(files[0]) or '.'}", file=out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", default=os.path.join("build", "report"),
                    help="the directory to write into (default build/report)")
    ap.add_argument("--no-plots", action="store_true", help="write no PNG")
    ap.add_argument("--print", action="store_true", help="also print report.md")
    ap.add_argument("--latency", action="append", default=[], metavar="TESTLOG",
                    help="a test image's log: its latency suite's lines, each system call's "
                    "worst, go into the same board's latency table")
    ap.add_argument("--peer", action="append", default=[], metavar="PEERLOG",
                    help="a Linux peer's log (make peer: build/peer/BOARD/selinux.log, "
                    "nolsm.log): its figures join the same board's report")
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    try:
        reports = read_logs(args.logs)
        add_latency_logs(reports, args.latency)
        add_peer_logs(reports, args.peer)
        files = write_all(reports, args.out, not args.no_plots, args.print)
    except LogError as e:
        sys.exit(f"report: {e}")
    except OSError as e:
        sys.exit(f"report: {e.filename}: {e.strerror}")
    summary(reports, files, sys.stderr if args.print else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
