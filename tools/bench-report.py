#!/usr/bin/env python3
"""Turns captured console logs (QEMU or a board) into tables and plots.

    bench-report.py [--csv FILE] [--svg DIR] LOG...

Reads every `BENCH board=... bench=... strategy=... arg=... unit=... n=...
min=... median=... mean=... max=...` line the kernel wrote (a task's lines start with
`[pid N name] `) between the firmware's banner (`mac-fw: board=...`) and its
last line (`all tasks have exited`). A log is a QEMU log or a capture from a
board's serial console (tools/capture.py): '\n' or '\r\n' ends a line, what
came before the banner (a boot loader, a partial line, stray bytes) is left
out, and with several boots in one capture the last one counts. A log with
no banner, a truncated report or a damaged BENCH line is an error that names
the file. Prints, per board, a markdown table of
medians (one row per benchmark and argument, one column per strategy);
with --csv writes every figure as a CSV row; with --svg writes, per board
and per benchmark that has an argument (walk, statn, label), a line plot
of the median against the argument, one line per strategy.

The tick's latency lines of the same report, `LATENCY board=... phase=...
strategy=... unit=... n=... min=... median=... max=...`, follow as one more
table per board (min, median and max per phase and strategy).
"""
import argparse
import csv
import math
import os
import re
import sys

FIELDS = ("board", "bench", "strategy", "arg", "unit", "n", "min", "median", "mean", "max")
# mean (two decimals) came later: a log without it still reads, mean empty
LINE = re.compile(r"^BENCH " + " ".join(f"{f}=(?P<{f}>\\S+)" for f in FIELDS[:8])
                  + r"(?: mean=(?P<mean>\d+\.\d\d))? max=(?P<max>\S+)\s*$")
ORDER = ["none", "flat", "selinux07", "selinux07tuned", "smack"]
COLOURS = ["#777777", "#1f77b4", "#d62728", "#ff7f0e", "#2ca02c", "#9467bd"]


LAT_FIELDS = ("board", "phase", "strategy", "unit", "n", "min", "median", "max")
LAT_LINE = re.compile(r"^LATENCY " + " ".join(f"{f}=(?P<{f}>\\S+)" for f in LAT_FIELDS) + r"\s*$")
BANNER = re.compile(r"^mac-fw: board=(?P<board>\S+) ")
END = "all tasks have exited"


class LogError(Exception):
    """A log that holds no complete report; the message names the file."""


def read_report(path):
    """The BENCH rows of the last boot's report in one log."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise LogError(f"{path}: cannot read: {e.strerror}")
    # A serial line can carry bytes that are not UTF-8 (noise at power-on,
    # a boot loader's output); they only ever stand outside the report.
    lines = [l.rstrip() for l in data.decode(errors="replace").split("\n")]
    # what follows the last '\n' is a line cut short (empty if none was)
    tail = lines.pop()
    starts = [i for i, l in enumerate(lines) if BANNER.match(l)]
    if not starts:
        raise LogError(f"{path}: no firmware banner (a line 'mac-fw: board=...'): "
                       "not this firmware's boot, or the capture began after it")
    first = starts[-1]
    if len(starts) > 1:
        print(f"bench-report: {path}: {len(starts)} boots; reading the last, from line {first + 1}",
              file=sys.stderr)
    board = BANNER.match(lines[first])["board"]
    rows, end = [], None
    for i in range(first + 1, len(lines)):
        l = lines[i]
        if l == END:
            end = i
            break
        if l.startswith("PANIC"):
            raise LogError(f"{path}:{i + 1}: the firmware stopped before the end of its report: {l}")
        if l.startswith("BENCH "):
            m = LINE.match(l)
            if not m:
                raise LogError(f"{path}:{i + 1}: damaged BENCH line: {l!r}")
            if m["board"] != board:
                raise LogError(f"{path}:{i + 1}: BENCH line of board {m['board']} in the report "
                               f"of {board} (line {first + 1})")
            rows.append(m.groupdict())
    if not rows:
        raise LogError(f"{path}: no BENCH lines after the banner at line {first + 1}")
    if end is None:
        last = tail or next((l for l in reversed(lines) if l), "")
        raise LogError(f"{path}: the report is truncated: no '{END}' after the banner at line "
                       f"{first + 1} (it ends with {last!r})")
    return rows


def read_latency(path):
    """The LATENCY rows of the last boot's report in one log (read_report
    has checked the report)."""
    with open(path, "rb") as f:
        lines = [l.rstrip() for l in f.read().decode(errors="replace").split("\n")]
    first = max(i for i, l in enumerate(lines) if BANNER.match(l))
    rows = []
    for i in range(first + 1, len(lines)):
        if lines[i] == END:
            break
        if lines[i].startswith("LATENCY "):
            m = LAT_LINE.match(lines[i])
            if not m:
                raise LogError(f"{path}:{i + 1}: damaged LATENCY line: {lines[i]!r}")
            rows.append(m.groupdict())
    return rows


def latency_markdown(rows, board):
    """The tick's latency, one row per phase and strategy."""
    mine = [r for r in rows if r["board"] == board]
    if not mine:
        return ""
    out = [f"### {board}: the tick's latency ({mine[0]['unit']})", "",
           "| phase | strategy | n | min | median | max |", "|---|---|---|---|---|---|"]
    out += [f"| {r['phase']} | {r['strategy']} | {r['n']} | {r['min']} | {r['median']} | {r['max']} |"
            for r in mine]
    return "\n".join(out) + "\n"


def read_logs(paths):
    """Every log's report; one log per board, so that no figure hides another."""
    rows, seen = [], {}
    for path in paths:
        mine = read_report(path)
        board = mine[0]["board"]
        if board in seen:
            raise LogError(f"{seen[board]} and {path} both report board {board}: give one log per board")
        seen[board] = path
        rows += mine
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
    try:
        rows = read_logs(args.logs)
    except LogError as e:
        sys.exit(f"bench-report: {e}")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS)
            w.writeheader()
            w.writerows(rows)
    boards = ordered((r["board"] for r in rows), ["r2dplus", "verdex", "mainstone"])
    print("\n".join(markdown(rows, b) for b in boards))
    try:
        latency = [r for path in args.logs for r in read_latency(path)]
    except LogError as e:
        sys.exit(f"bench-report: {e}")
    tables = [latency_markdown(latency, b) for b in boards]
    if any(tables):
        print("\n".join(t for t in tables if t))
    if args.svg:
        os.makedirs(args.svg, exist_ok=True)
        for b in boards:
            for bench in sorted({r["bench"] for r in rows if r["board"] == b and r["arg"] != "0"}):
                svg_plot(rows, b, bench, os.path.join(args.svg, f"{b}-{bench}.svg"))


if __name__ == "__main__":
    main()
