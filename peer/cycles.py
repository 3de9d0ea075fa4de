#!/usr/bin/env python3
"""The Linux peer's figures in est-cycles: a boot under a timing model
(make peer-cycles) joined with the plugin's marked windows.

The init numbers its windows (every batch, every cold call) and after a
figure prints which are its samples:
  WINDOWS board=B bench=NAME strategy=S arg=N first=K n=COUNT calls=CALLS
The plugin's out file has one line per window, in the same order:
  window K insns N est-cycles C issue a operand b ... tlb h
Each figure becomes a BENCH line in est-cycles, per call, as the init
makes its insns (a batch: the window's est-cycles over its calls, less
the batch loop's median turn, the `loop` windows'; a cold call: the
window as it is, its start mark included), and a CAUSES line (the
causes' means per call, loop included, as the firmware's). A cold call
also gets its BENCH line in insns, exact. Every window the init opened
must be in the out file, each whole (its causes add up to its
est-cycles) and no faster than the CPU can issue.

usage: cycles.py LOG TOTALS OUT          OUT: LOG with the est-cycles lines
       cycles.py test BOARD LOG TOTALS [LOG TOTALS...]  checked (make peer-test)
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import tally  # noqa: E402
from check import BENCH, WINDOWS  # noqa: E402  the lines' one reading, peer/check.py's

# est-cycles an instruction takes at the least: the SH-4 issues two at
# a time, the XScale one
ISSUE_BOUND = {"sh4": 0.5, "xscale": 1.0}
COLD = ("read-cold", "write-cold")
LOOP = "loop"
WINDOW_FIELDS = ("board", "bench", "strategy", "arg", "first", "n", "calls")
DONE = re.compile(r"^peer: done, \d+ failures$")
COUNT = re.compile(r"^peer: windows (\d+)$")


def cycles_read_totals(path):
    """(totals, windows): the out file's name-value lines, its windows,
    each window's causes in the order of the file's `cause NAME` lines
    (the counter block's, include/counter_model.h)."""
    totals, records, causes = {}, [], []
    for line in open(path).read().splitlines():
        words = line.split()
        if words[:1] == ["window"]:
            if all(w.isdigit() for w in words[1::2]) and {"insns", "est-cycles"} <= set(words):
                records.append(dict(zip(words[2::2], map(int, words[3::2])), k=int(words[1])))
        elif words[:1] == ["cause"]:
            causes.append(words[1])
        elif line and words[0] != "param":
            totals[words[0]] = line.partition(" ")[2]
    totals["causes"] = causes
    windows = [{"k": r["k"], "insns": r.get("insns"), "cycles": r.get("est-cycles"),
                "causes": [r.get(c, 0) for c in causes]} for r in records]
    return totals, windows


def cycles_hundredths(v):
    return f"{v // 100}.{v % 100:02d}"


def cycles_stats(per):
    """min, median, mean, max of hundredths, as the init's bench_line."""
    s = sorted(per)
    return (f"n={len(s)} min={cycles_hundredths(s[0])} median={cycles_hundredths(s[len(s) // 2])}"
            f" mean={cycles_hundredths(sum(s) // len(s))} max={cycles_hundredths(s[-1])}")


def cycles_head(w, unit):
    return (f"board={w['board']} bench={w['bench']} strategy={w['strategy']} arg={w['arg']}"
            f" unit={unit}")


def cycles_figure(w, wins, loop_x100, causes):
    """A figure's lines: BENCH in est-cycles (and insns for a cold call),
    then CAUSES."""
    calls = int(w["calls"])
    if w["bench"] in COLD:
        per = [x["cycles"] * 100 for x in wins]
        insns = [x["insns"] * 100 for x in wins]
        lines = [f"BENCH {cycles_head(w, 'insns')} {cycles_stats(insns)}"]
    else:
        per = [max(0, x["cycles"] * 100 // calls - loop_x100) for x in wins]
        lines = []
    lines.append(f"BENCH {cycles_head(w, 'est-cycles')} {cycles_stats(per)}")
    div = len(wins) * calls
    means = [(sum(x["causes"][i] for x in wins) * 100 + div // 2) // div
             for i in range(len(causes))]
    lines.append(f"CAUSES {cycles_head(w, 'est-cycles')} n={len(wins)} " +
                 " ".join(f"{c}={cycles_hundredths(v)}" for c, v in zip(causes, means)))
    return lines


def cycles_check_windows(check, totals, windows, count):
    """Every window the init opened is in the out file, whole, each no
    faster than the CPU issues."""
    check(totals.get("windows") is not None, "the plugin's totals are there (QEMU ended cleanly)")
    check(count is not None, "the init's window count (peer: windows N)")
    check(totals.get("windows") == str(count) and len(windows) == count,
          f"the init's {count} windows: the plugin's count {totals.get('windows')}, "
          f"{len(windows)} window lines")
    check(totals.get("windows-unmatched") == "0",
          f"no unmatched mark (windows-unmatched {totals.get('windows-unmatched')})")
    check(totals.get("phys-wrong", "0") == "0",
          "QEMU's addresses in the kernel's text as kernel= and v2p= say "
          f"(phys-wrong {totals.get('phys-wrong')})")
    check(totals["causes"], "the causes' names (the out file's cause lines)")
    check(all(w["k"] == i for i, w in enumerate(windows)),
          "the windows numbered 0, 1, ... in order")
    bound = ISSUE_BOUND.get(totals.get("model"))
    check(bound is not None, f"a known model: {totals.get('model')}")
    split = [w["k"] for w in windows if sum(w["causes"]) != w["cycles"]]
    check(not split, f"each window's causes add up to its est-cycles: not in {split[:10]}")
    fast = [w["k"] for w in windows if bound and w["cycles"] < w["insns"] * bound]
    check(not fast, f"each window at est-cycles >= insns * {bound}: not in {fast[:10]}")


def cycles_join(check, lines, totals, windows):
    """The est-cycles lines of a peer log with its windows."""
    counts = [int(m[1]) for m in map(COUNT.match, lines) if m]
    cycles_check_windows(check, totals, windows, counts[-1] if counts else None)
    marked = [dict(zip(WINDOW_FIELDS, m.groups())) for m in map(WINDOWS.match, lines) if m]
    loops = [w for w in marked if w["bench"] == LOOP]
    check(len(loops) == 1, f"one WINDOWS line of the batch loop, got {len(loops)}")
    check(len(marked) > len(loops), "the figures' WINDOWS lines")
    spans = {id(w): windows[int(w["first"]):int(w["first"]) + int(w["n"])] for w in marked}
    whole = [f"{w['bench']} arg={w['arg']}" for w in marked
             if int(w["n"]) == 0 or len(spans[id(w)]) != int(w["n"])]
    check(not whole, f"every figure's windows in the out file: not {whole}")
    if not loops or whole:
        return []
    loop = spans[id(loops[0])]
    loop_per = sorted(x["cycles"] * 100 // int(loops[0]["calls"]) for x in loop)
    loop_x100 = loop_per[len(loop_per) // 2]
    out = [f"cycles: model {totals.get('model')}, {len(windows)} windows joined; batch loop "
           f"{cycles_hundredths(loop_x100)} est-cycles a call, taken off"]
    for w in marked:
        if w is not loops[0]:
            out += cycles_figure(w, spans[id(w)], loop_x100, totals["causes"])
    return out


def cycles_insert(lines, added):
    """The log with the added lines before its `peer: done`."""
    at = next((i for i, ln in enumerate(lines) if DONE.match(ln)), len(lines))
    return lines[:at] + added + lines[at:]


def cycles_join_quiet(lines, totals, windows):
    """(the added lines, the checks that failed)"""
    failed = []
    added = cycles_join(lambda ok, what: ok or failed.append(what), lines, totals, windows)
    return added, failed


def cycles_main_join(log, totals_path, out):
    lines = open(log).read().splitlines()
    added, failed = cycles_join_quiet(lines, *cycles_read_totals(totals_path))
    if failed:
        sys.exit(f"cycles.py: {log} against {totals_path}, failed:\n  " + "\n  ".join(failed))
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(cycles_insert(lines, added)) + "\n")
    os.replace(out + ".tmp", out)
    return 0


def cycles_test_damaged(check, lines, totals, windows):
    """The checks themselves: a window lost, and one window's cause
    changed, each refused."""
    if not windows:
        return
    first = dict(windows[0], causes=[windows[0]["causes"][0] + 1] + windows[0]["causes"][1:])
    check(cycles_join_quiet(lines, totals, windows[:-1])[1],
          "an out file with a window lost: refused")
    check(cycles_join_quiet(lines, totals, [first] + windows[1:])[1],
          "an out file with a cause changed: refused")


def cycles_main_test(board, pairs):
    """Each kernel's short boot under the model: joined, and with the
    est-cycles figures of seed 000's calls."""
    strategies = set()
    for log, totals_path in pairs:
        def check(ok, what):
            tally.check(f"{os.path.basename(log)}: {what}", bool(ok))
        try:
            lines = open(log).read().splitlines()
            totals, windows = cycles_read_totals(totals_path)
        except OSError as e:
            check(False, f"{e.filename}: {e.strerror}")
            continue
        added = cycles_join(check, lines, totals, windows)
        cycles_test_damaged(check, lines, totals, windows)
        bench = {(m[2], m[5]): m for m in map(BENCH.match, added) if m}
        strategies |= {m[3] for m in bench.values()}
        for name in ("counter", "null", "read", "write") + COLD:
            m = bench.get((name, "est-cycles"))
            check(m and m[1] == board and float(m[7]) > 0,
                  f"a BENCH line of {name} in est-cycles: {m and m[0]}")
        for name in COLD:
            check((name, "insns") in bench, f"a BENCH line of {name} in insns")
        check(any(ln == "peer: done, 0 failures" for ln in lines), "the init ended with no failure")
    tally.check("both kernels: strategies linux and linux-nolsm",
                strategies == {"linux", "linux-nolsm"}, sorted(strategies))
    return tally.summary(f"peer-cycles-{board}")


def main():
    args = sys.argv[1:]
    if len(args) == 3:
        return cycles_main_join(*args)
    if len(args) >= 4 and args[0] == "test" and len(args) % 2 == 0:
        return cycles_main_test(args[1], list(zip(args[2::2], args[3::2])))
    sys.exit(__doc__.strip().split("usage: ", 1)[1])


if __name__ == "__main__":
    sys.exit(main())
