#!/usr/bin/env python3
"""The boot's closing summary against the figures above it.

    summary_check.py [--device] BOARD LOG

Each SUMMARY line (one per unit the boot measured in) must come with its
table ('-- table summary: ... (UNIT) --', at most 20 lines) and carry
exactly the keys the BENCH lines of its unit let one make, each of the
value made here from them by the shared definitions: medians per call,
overheads and shares in percent, statn's round of 600 against the round
of 500 from the means, two decimals rounded half away from zero.  The
summary is the report's end: its last line comes right before "all tasks
have exited".  The firmware's summary has every key; a device's has at
least its read and write ones.  check-report.py runs these checks too.
Prints FAIL lines and ends with "summary-check: N passed, N failed".
"""
import re
import sys

FIELDS = re.compile(r"(\w+)=(\S+)")
HEADER = re.compile(r"^-- table summary: the answer at a glance \((\S+)\) --$")
TABLE_MAX = 20
STATN_BASE = 500
END = "all tasks have exited"

# key: (how, bench, strategy, arg), as the shared definitions make them
KEYS = {}
for op in ("read", "write"):
    KEYS.update({f"{op}_none": ("median", op, "none", 0), f"{op}_flat": ("median", op, "flat", 0),
                 f"{op}_added": ("added", op, "flat", 0), f"{op}_pct": ("pct", op, "flat", 0)})
for op in ("read", "write"):
    for s in ("selinux07", "selinux07tuned"):
        KEYS[f"{op}_{s}_pct"] = ("pct", op, s, 0)
for s in ("flat", "selinux07", "selinux07tuned"):
    KEYS[f"statn600_{s}_round"] = ("round", "statn", s, 600)
for s in ("flat", "selinux07"):
    KEYS[f"walk8_{s}_share"] = ("share", "walk", s, 8)
for s in ("smack", "smackhash", "flat"):
    KEYS[f"label600_{s}"] = ("median", "label", s, 600)
KEYS["check_read_site"] = ("added", "read", "flat", 0)
KEYS["check_walk_level"] = ("level", "walk", "flat", 8)
KEYS["check_loop"] = ("median", "check-file-read", "flat", 0)
DEVICE_KEYS = [k for k in KEYS if k.startswith(("read_", "write_")) and "selinux07" not in k]
DEVICE_KEYS.append("check_read_site")


def div(num, den):
    """num / den rounded half away from zero, in integers as the firmware."""
    q = (2 * abs(num) + den) // (2 * den)
    return -q if num < 0 else q


def fix2(v):
    return f"{'-' if v < 0 else ''}{abs(v) // 100}.{abs(v) % 100:02d}"


def hundredths(text):
    whole, _, frac = text.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def make(key, fig):
    """The key's value as the SUMMARY line writes it, or None."""
    how, bench, strategy, arg = KEYS[key]
    m = fig(bench, strategy, arg, how == "round")
    if m is None:
        return None
    if how == "median":
        return str(m)
    if how == "round":
        base = fig(bench, strategy, STATN_BASE, True)
        return fix2(div(arg * m * 100, STATN_BASE * base)) if base else None
    none = fig(bench, "none", arg, False)
    if none is None:
        return None
    if how == "added":
        return str(m - none)
    if how == "pct":
        return fix2(div((m - none) * 10000, none)) if none > 0 else None
    if how == "share":
        return fix2(div((m - none) * 10000, m)) if m > 0 else None
    m1, none1 = fig(bench, strategy, 1, False), fig(bench, "none", 1, False)
    if m1 is None or none1 is None:
        return None
    return str(div((m - none) - (m1 - none1), arg - 1))


def figures(lines, unit):
    """The BENCH lines of a unit, the latest of each: a lookup of its
    median, or with mean its mean in hundredths."""
    rows = {}
    for line in lines:
        if line.startswith("BENCH "):
            f = dict(FIELDS.findall(line))
            if f.get("unit") == unit:
                rows[(f["bench"], f["strategy"], int(f["arg"]))] = f

    def fig(bench, strategy, arg, mean):
        f = rows.get((bench, strategy, arg))
        if f is None or (mean and "mean" not in f):
            return None
        return hundredths(f["mean"]) if mean else int(f["median"])
    return fig


def table_of(lines, at, unit):
    """The summary table's lines above the SUMMARY line at index at."""
    for i in range(at - 1, max(-1, at - TABLE_MAX - 2), -1):
        m = HEADER.match(lines[i])
        if m:
            return m[1] == unit, lines[i + 1:at]
    return False, []


def check_one(check, lines, at, board, device):
    line = lines[at]
    f = dict(FIELDS.findall(line))
    unit = f.get("unit", "")
    tag = f"SUMMARY unit={unit}"
    check(f.get("board") == board, f"{tag}: board={board}")
    got = {k: v for k, v in f.items() if k not in ("board", "unit")}
    unknown = sorted(set(got) - set(KEYS))
    check(not unknown, f"{tag}: no key but the agreed ones ({unknown})")
    fig = figures(lines[:at], unit)
    want = {k: v for k in KEYS for v in [make(k, fig)] if v is not None}
    bad = [f"{k}={got.get(k)} (from its BENCH lines: {want.get(k)})"
           for k in KEYS if got.get(k) != want.get(k)]
    check(not bad, f"{tag}: every key as its BENCH lines make it: {'; '.join(bad[:4])}")
    order = [k for k in KEYS if k in got]
    check(list(got) == order, f"{tag}: the keys in the agreed order")
    required = DEVICE_KEYS if device else list(KEYS)
    lacking = [k for k in required if k not in got]
    check(not lacking, f"{tag}: the keys this image measures ({lacking})")
    same_unit, table = table_of(lines, at, unit)
    check(same_unit and table, f"{tag}: its table, of at most {TABLE_MAX} lines, in its unit")
    words = {w.strip(",;%") for row in table for w in row.split()}
    shown = [k for k, v in got.items() if v not in words]
    check(not shown, f"{tag}: every value shown in its table ({shown})")


def check_summary(check, lines, board, device=False):
    """The checks, reported through check(ok, what)."""
    at = [i for i, l in enumerate(lines) if l.startswith("SUMMARY ")]
    check(at, "a SUMMARY line")
    if not at:
        return
    for i in at:
        check_one(check, lines, i, board, device)
    units = [dict(FIELDS.findall(lines[i])).get("unit") for i in at]
    check(len(set(units)) == len(units), f"one SUMMARY per unit ({units})")
    last = at[-1]
    check(last + 1 < len(lines) and lines[last + 1] == END,
          f"the summary is the report's end: '{END}' right after it")
    after = [l for l in lines[last:] if l.startswith(("BENCH ", "PROFILE ", "monitor: "))]
    check(not after, "no figure after the summary")


def main():
    args = sys.argv[1:]
    device = "--device" in args
    board, log = [a for a in args if a != "--device"]
    lines = [l.rstrip("\r\n") for l in open(log, errors="replace")]
    counts = [0, 0]

    def check(ok, what):
        counts[0 if ok else 1] += 1
        if not ok:
            print(f"  FAIL: {what}")

    check_summary(check, lines, board, device)
    print(f"summary-check: {counts[0]} passed, {counts[1]} failed")
    return 1 if counts[1] else 0


if __name__ == "__main__":
    sys.exit(main())
