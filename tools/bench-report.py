#!/usr/bin/env python3
"""Turns captured console logs (QEMU or a board) into tables and plots.

    bench-report.py [--csv FILE] [--svg DIR] LOG...

Reads every `BENCH board=... bench=... strategy=... arg=... unit=... n=...
min=... median=... max=...` line the kernel wrote (a task's lines start with
`[pid N name] `, and only '\n' ends a line); prints, per board, a markdown table of
medians (one row per benchmark and argument, one column per strategy);
with --csv writes every figure as a CSV row; with --svg writes, per board
and per benchmark that has an argument (walk, statn, label), a line plot
of the median against the argument, one line per strategy.
"""
import argparse
import csv
import math
import os
import re
import sys

FIELDS = ("board", "bench", "strategy", "arg", "unit", "n", "min", "median", "max")
LINE = re.compile(r"^BENCH " + " ".join(f"{f}=(?P<{f}>\\S+)" for f in FIELDS) + r"\s*$")
ORDER = ["none", "flat", "selinux07", "selinux07tuned", "smack"]
COLOURS = ["#777777", "#1f77b4", "#d62728", "#ff7f0e", "#2ca02c", "#9467bd"]


def read_logs(paths):
    rows = []
    for path in paths:
        with open(path, errors="replace", newline="\n") as f:
            rows += [m.groupdict() for m in map(LINE.match, (l.rstrip() for l in f)) if m]
    return rows


def ordered(values, order):
    return sorted(set(values), key=lambda v: (order.index(v) if v in order else len(order), v))


def markdown(rows, board):
    mine = [r for r in rows if r["board"] == board]
    strategies = ordered((r["strategy"] for r in mine), ORDER)
    unit = mine[0]["unit"]
    keys = []
    for r in mine:
        if (r["bench"], r["arg"]) not in keys:
            keys.append((r["bench"], r["arg"]))
    out = [f"### {board} ({unit}, median over n runs, counter read subtracted)", "",
           "| bench | arg | " + " | ".join(strategies) + " |",
           "|---|---|" + "---|" * len(strategies)]
    for bench, arg in keys:
        cells = []
        for s in strategies:
            hit = [r for r in mine if (r["bench"], r["arg"], r["strategy"]) == (bench, arg, s)]
            cells.append(hit[0]["median"] if hit else "")
        out.append(f"| {bench} | {arg} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def svg_plot(rows, board, bench, path):
    mine = [r for r in rows if r["board"] == board and r["bench"] == bench]
    xs = sorted({int(r["arg"]) for r in mine})
    ys = [max(float(r["median"]), 1.0) for r in mine]
    ymax, ymin = max(ys), min(ys)
    # strategies far apart (Smack against the tables) need a log scale
    logscale = ymax / ymin > 50
    f = (lambda y: math.log10(max(y, 1.0))) if logscale else (lambda y: y)
    lo, hi = (f(ymin), f(ymax)) if logscale else (0.0, ymax)
    w, h, left, bottom = 640, 400, 70, 40
    sx = lambda x: left + (x - xs[0]) * (w - left - 20) / max(xs[-1] - xs[0], 1)
    sy = lambda y: h - bottom - (f(y) - lo) * (h - bottom - 20) / max(hi - lo, 1e-9)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
             f'<rect width="{w}" height="{h}" fill="white"/>',
             f'<text x="{left}" y="14">{board}: {bench} ({mine[0]["unit"]}, median'
             f'{", log scale" if logscale else ""})</text>',
             f'<line x1="{left}" y1="{h - bottom}" x2="{w - 20}" y2="{h - bottom}" stroke="black"/>',
             f'<line x1="{left}" y1="20" x2="{left}" y2="{h - bottom}" stroke="black"/>',
             f'<text x="4" y="24">{int(ymax)}</text>'
             f'<text x="4" y="{h - bottom}">{int(ymin) if logscale else 0}</text>']
    for x in xs:
        parts.append(f'<text x="{sx(x) - 10:.0f}" y="{h - bottom + 16}">{x}</text>')
    for i, s in enumerate(ordered((r["strategy"] for r in mine), ORDER)):
        pts = sorted((int(r["arg"]), float(r["median"])) for r in mine if r["strategy"] == s)
        colour = COLOURS[i % len(COLOURS)]
        line = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{w - 150}" y="{40 + 16 * i}" fill="{colour}">{s}</text>')
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", help="write every figure to this CSV file")
    ap.add_argument("--svg", help="write line plots of the benchmarks with an argument here")
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
    boards = ordered((r["board"] for r in rows), ["r2dplus", "verdex", "mainstone"])
    print("\n".join(markdown(rows, b) for b in boards))
    if args.svg:
        os.makedirs(args.svg, exist_ok=True)
        for b in boards:
            for bench in sorted({r["bench"] for r in rows if r["board"] == b and r["arg"] != "0"}):
                svg_plot(rows, b, bench, os.path.join(args.svg, f"{b}-{bench}.svg"))


if __name__ == "__main__":
    main()
