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
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import figures  # noqa: E402  (the keys' one definition)

FIELDS = re.compile(r"(\w+)=(\S+)")
HEADER = re.compile(r"^-- table summary: the answer at a glance \((\S+)\) --$")
TABLE_MAX = 20
END = "all tasks have exited"
DEVICE_KEYS = [k for k in figures.KEYS if k.startswith(("read_", "write_"))
               and "selinux07" not in k] + ["check_read_site"]


def made(lines, board, unit):
    """{key: text} as the BENCH lines of this board and unit make them."""
    b = figures.benches("\n".join(lines)).get((board, unit))
    return {k: figures.show(k, v) for k, v in figures.keys(b).items()} if b else {}


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
    unknown = sorted(set(got) - set(figures.KEYS))
    check(not unknown, f"{tag}: no key but the agreed ones ({unknown})")
    want = made(lines[:at], board, unit)
    bad = [f"{k}={got.get(k)} (from its BENCH lines: {want.get(k)})"
           for k in figures.KEYS if got.get(k) != want.get(k)]
    check(not bad, f"{tag}: every key as its BENCH lines make it: {'; '.join(bad[:4])}")
    order = [k for k in figures.KEYS if k in got]
    check(list(got) == order, f"{tag}: the keys in the agreed order")
    required = DEVICE_KEYS if device else figures.KEYS
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
