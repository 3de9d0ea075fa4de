"""The headline figures, one definition each, as the boot's SUMMARY line
gives them: the keys and how each is made from a log's BENCH lines.

The console, report.md, the README and docs/ all say a figure as defined here:

- per-call figures (read, write, walk, label, check-*) are the median
  per call; an overhead is median(S) - median(none), its percent
  100 * that / median(none), two decimals, half up; the Linux peer's
  (peer/: strategy linux, its SELinux) is against linux-nolsm, the same
  kernel with no LSM, never the firmware's none;
- statn's round ratio is N * mean(N) / (500 * mean(500)): the mean per
  stat (the AVC's misses are the point) over a round of N against the
  round of 500, as seed 002's seconds compare;
- the walk's share is 100 * (median(S, d) - median(none, d)) / median(S, d)
  (linux-nolsm for none under Linux);
- check_read_site = read(flat) - read(none); check_walk_level is the
  walk's added cost per component, ((walk8 added) - (walk1 added)) / 7,
  rounded; check_loop is the check-file-read benchmark's flat median, the
  check timed as the read site makes it (kernel/bench_sites.h).

A key whose inputs the log lacks is absent, as on the SUMMARY line.
"""
import re
from decimal import Decimal, ROUND_HALF_UP

from lab import END_LINE  # the report's last line

FIELD = re.compile(r"(\w+)=(\S+)")
CENT = Decimal("0.01")
RATIO_N = 500
STATN_N = 600
LABEL_N = 600
WALK_DEEP, WALK_SHALLOW = 8, 1
# What an overhead is taken against: the unchecked call of the same
# system, the firmware's none or the Linux peer's kernel with no LSM.
BASELINE = {"linux": "linux-nolsm", "linux-nolsm": "linux-nolsm"}


def baseline(strategy):
    return BASELINE.get(strategy, "none")

# every key of the SUMMARY line, in its order
KEYS = ["read_none", "read_flat", "read_added", "read_pct",
        "write_none", "write_flat", "write_added", "write_pct",
        "read_selinux07_pct", "read_selinux07tuned_pct",
        "write_selinux07_pct", "write_selinux07tuned_pct",
        "statn600_flat_round", "statn600_selinux07_round", "statn600_selinux07tuned_round",
        "walk8_flat_share", "walk8_selinux07_share",
        "label600_smack", "label600_smackhash", "label600_smackfix", "label600_flat",
        "check_read_site", "check_walk_level", "check_loop"]
# keys given in fixed point, two decimals, whatever their value
FIXED = ("_pct", "_round", "_share")


def fields(line):
    return dict(FIELD.findall(line))


def half_up(v, quantum=CENT):
    return v.quantize(quantum, rounding=ROUND_HALF_UP)


class Bench:
    """One log's BENCH lines of one board and unit."""

    def __init__(self, board, unit, rows):
        self.board, self.unit = board, unit
        self.rows = {(r["bench"], r["strategy"], int(r["arg"])): r for r in rows}

    def stat(self, name, bench, strategy, arg=0):
        r = self.rows.get((bench, strategy, arg))
        return None if r is None or not r.get(name) else Decimal(r[name])

    def median(self, bench, strategy, arg=0):
        return self.stat("median", bench, strategy, arg)

    def mean(self, bench, strategy, arg=0):
        return self.stat("mean", bench, strategy, arg)

    def added(self, bench, strategy, arg=0):
        """median(S) - median(S's baseline)."""
        none, v = self.median(bench, baseline(strategy), arg), self.median(bench, strategy, arg)
        return None if none is None or v is None else v - none


def benches(text):
    """{(board, unit): Bench} from the kernel's BENCH lines of a log (a
    task's forged line carries its prefix and is not one)."""
    groups = {}
    for line in re.findall(r"^BENCH (.*)$", text, re.M):
        r = fields(line)
        groups.setdefault((r["board"], r["unit"]), []).append(r)
    return {k: Bench(*k, rows) for k, rows in groups.items()}


def ended(text):
    """Whether a boot's console ends as a normal boot does."""
    return text.rstrip().rpartition("\n")[2] == END_LINE


def by_unit(text):
    """{unit: Bench} of a log of one board's boot."""
    return {unit: b for (_, unit), b in benches(text).items()}


def percent(part, whole):
    return None if part is None or not whole else half_up(100 * part / whole)


def round_ratio(b, bench, strategy, n):
    """A round of N stats against the round of 500: N * mean(N) / (500 * mean(500))."""
    c, base = b.mean(bench, strategy, n), b.mean(bench, strategy, RATIO_N)
    return None if c is None or not base else half_up(n * c / (RATIO_N * base))


def overhead(b, bench, strategy, arg=0):
    """What S adds to its baseline, in percent of the baseline: medians."""
    return percent(b.added(bench, strategy, arg), b.median(bench, baseline(strategy), arg))


def share(b, bench, strategy, arg=0):
    """The monitor's share of a call: (S - baseline) / S, medians."""
    return percent(b.added(bench, strategy, arg), b.median(bench, strategy, arg))


def walk_share(b, strategy, depth=WALK_DEEP):
    return share(b, "walk", strategy, depth)


def walk_level(b):
    """What a check adds per path component, flat: the depth-8 walk's
    added cost less the depth-1 walk's, over the 7 components between."""
    deep, shallow = b.added("walk", "flat", WALK_DEEP), b.added("walk", "flat", WALK_SHALLOW)
    if deep is None or shallow is None:
        return None
    return half_up((deep - shallow) / (WALK_DEEP - WALK_SHALLOW), Decimal(1))


def rw_keys(b, op):
    none, flat = b.median(op, "none"), b.median(op, "flat")
    out = {f"{op}_none": none, f"{op}_flat": flat, f"{op}_added": b.added(op, "flat"),
           f"{op}_pct": percent(b.added(op, "flat"), none)}
    for s in ("selinux07", "selinux07tuned"):
        out[f"{op}_{s}_pct"] = percent(b.added(op, s), none)
    return out


def keys(b):
    """{key: Decimal} of the SUMMARY line, from one board's BENCH lines."""
    out = {**rw_keys(b, "read"), **rw_keys(b, "write")}
    for s in ("flat", "selinux07", "selinux07tuned"):
        out[f"statn{STATN_N}_{s}_round"] = round_ratio(b, "statn", s, STATN_N)
    for s in ("flat", "selinux07"):
        out[f"walk{WALK_DEEP}_{s}_share"] = walk_share(b, s)
    for s in ("smack", "smackhash", "smackfix", "flat"):
        out[f"label{LABEL_N}_{s}"] = b.median("label", s, LABEL_N)
    out.update(check_read_site=b.added("read", "flat"), check_walk_level=walk_level(b),
               check_loop=b.median("check-file-read", "flat"))
    return {k: v for k, v in out.items() if v is not None}


def show(key, v):
    """A key's value as the SUMMARY line writes it."""
    v = Decimal(v)
    if key.endswith(FIXED) or v != v.to_integral_value():
        return str(half_up(v))
    return str(int(v))


def summary_line(board, unit, values):
    pairs = " ".join(f"{k}={show(k, values[k])}" for k in KEYS if k in values)
    return f"SUMMARY board={board} unit={unit} {pairs}"


def summaries(text):
    """{(board, unit): {key: Decimal}} of a log's SUMMARY lines."""
    out = {}
    for line in re.findall(r"^SUMMARY (.*)$", text, re.M):
        r = fields(line)
        board, unit = r.pop("board", None), r.pop("unit", None)
        out[(board, unit)] = {k: Decimal(v) for k, v in r.items()}
    return out


def log_keys(text):
    """{(board, unit): {key: Decimal}}: the log's SUMMARY lines, and for a
    board and unit with none, the keys computed from its BENCH lines."""
    out = {k: keys(b) for k, b in benches(text).items()}
    out.update(summaries(text))
    return out
