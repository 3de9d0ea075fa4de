#!/usr/bin/env python3
"""Turns captured console logs (QEMU or a board) into tables.

    bench-report.py [--csv FILE] LOG...

Reads every `BENCH board=... bench=... strategy=... arg=... unit=... n=...
min=... median=... max=...` line and prints a markdown table of medians
(min and max beside), one row per benchmark, one column per board and
strategy; with --csv, also writes every figure as one CSV row.
"""
import argparse
import csv
import re
import sys

FIELDS = ("board", "bench", "strategy", "arg", "unit", "n", "min", "median", "max")
LINE = re.compile(r"^BENCH " + " ".join(f"{f}=(?P<{f}>\\S+)" for f in FIELDS) + r"\s*$")


def read_logs(paths):
    rows = []
    for path in paths:
        with open(path, errors="replace") as f:
            for line in f:
                m = LINE.match(line.strip())
                if m:
                    rows.append(m.groupdict())
    return rows


def markdown(rows):
    cols = sorted({(r["board"], r["strategy"], r["unit"]) for r in rows})
    benches = []
    for r in rows:
        key = (r["bench"], r["arg"])
        if key not in benches:
            benches.append(key)
    head = ["bench", "arg"] + [f"{b} {s} ({u})" for b, s, u in cols]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for bench, arg in benches:
        cells = [bench, arg]
        for b, s, u in cols:
            hit = [r for r in rows if (r["bench"], r["arg"], r["board"], r["strategy"]) ==
                   (bench, arg, b, s)]
            cells.append(f"{hit[0]['median']} [{hit[0]['min']}..{hit[0]['max']}]" if hit else "")
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", help="write every figure to this CSV file")
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    rows = read_logs(args.logs)
    if not rows:
        sys.exit("bench-report: no BENCH lines in " + ", ".join(args.logs))
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS)
            w.writeheader()
            w.writerows(rows)
    print(markdown(rows))


if __name__ == "__main__":
    main()
