#!/usr/bin/env python3
"""Checks one Linux peer boot's log (peer/run.sh): the kernel booted the
init, which read its clock as the instruction count, printed every BENCH
line of its strategy with the WINDOWS line that a timing model's figures
are joined by (peer/cycles.py), and, with SELinux, enforced the policy
(a denial with its avc record) and printed the AVC's statistics for statn.

usage: check.py BOARD KIND LOG STATN_N   (KIND: selinux or nolsm)
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tests"))
import tally  # noqa: E402


def bench_plan():
    """The walk's depth and statn's sizes, as include/bench_plan.h gives
    them to the firmware and to the init."""
    text = open(os.path.join(ROOT, "include", "bench_plan.h")).read()
    depth = re.search(r"#define BENCH_WALK_DEPTH (\d+)", text)[1]
    sizes = re.search(r"#define BENCH_STATN_SIZE_LIST ([\d, ]+)", text)[1]
    return int(depth), tuple(int(n) for n in sizes.split(","))


WALK_DEPTH, STATN_SIZES = bench_plan()
PLAIN = ("counter", "null", "read", "write", "stat", "fstat", "open")
BENCH = re.compile(r"^BENCH board=(\S+) bench=(\S+) strategy=(\S+) arg=(\d+) unit=(\S+) "
                   r"n=(\d+) min=([\d.]+) median=([\d.]+) mean=([\d.]+) max=([\d.]+)$")
AVCSTAT = re.compile(r"^AVCSTAT board=(\S+) bench=statn strategy=(\S+) arg=(\d+) lookups=(\d+) "
                     r"hits=(\d+) misses=(\d+) allocs=(\d+) reclaims=(\d+) frees=(\d+)$")
WINDOWS = re.compile(r"^WINDOWS board=(\S+) bench=(\S+) strategy=(\S+) arg=(\d+) first=(\d+) "
                     r"n=(\d+) calls=(\d+)$")
# the windows that have no BENCH line: the batch loop's, the cold calls'
WINDOWS_ONLY = (("loop", 0), ("read-cold", 0), ("write-cold", 0))
AVC_DENIED = re.compile(r"avc:  denied  \{ [^}]+ \} for .*tcontext=system_u:object_r:denied_t"
                        r".*tclass=file permissive=0")


def bench_rows(lines):
    rows = {}
    for ln in lines:
        m = BENCH.match(ln)
        if m:
            rows.setdefault((m[2], int(m[4])), []).append(m)
    return rows


def check_benches(check, rows, board, strategy, statn_n):
    want = [(b, 0) for b in PLAIN] + [("walk", d) for d in range(1, WALK_DEPTH + 1)]
    want += [("statn", n) for n in STATN_SIZES if n <= statn_n]
    for key in want:
        got = rows.get(key, [])
        check(len(got) == 1, f"one BENCH line for {key[0]} arg={key[1]}, got {len(got)}")
        if len(got) != 1:
            continue
        m = got[0]
        lo, med, hi = float(m[7]), float(m[8]), float(m[10])
        check(m[1] == board and m[3] == strategy and m[5] == "insns",
              f"{key}: board, strategy and unit {m[1]} {m[3]} {m[5]}")
        check(int(m[6]) >= 16 and 0 < lo <= med <= hi,
              f"{key}: n={m[6]} min={lo} median={med} max={hi}")
    check(len(rows) == len(want), f"{len(want)} benchmarks, the log has {len(rows)}")


def check_windows(check, lines, rows):
    """One WINDOWS line a figure, as many windows as its samples, all
    apart and within the count the init ends with."""
    wins = {}
    for m in map(WINDOWS.match, lines):
        if m:
            wins.setdefault((m[2], int(m[4])), []).append(m)
    want = set(rows) | set(WINDOWS_ONLY)
    check(set(wins) == want and all(len(v) == 1 for v in wins.values()),
          f"one WINDOWS line for each of {len(want)} figures, the batch loop and the cold calls: "
          f"{sorted(set(wins) ^ want)}")
    wins = {k: v[0] for k, v in wins.items()}
    count = [int(ln.split()[-1]) for ln in lines if re.match(r"^peer: windows \d+$", ln)]
    check(len(count) == 1, f"the init's window count: {count}")
    spans = sorted((int(m[5]), int(m[5]) + int(m[6])) for m in wins.values())
    check(spans and all(a[1] <= b[0] for a, b in zip(spans, spans[1:])) and count
          and spans[-1][1] <= count[0], "the figures' windows apart, within the count")
    bad = [k for k, m in wins.items() if k in rows and m[6] != rows[k][0][6]]
    check(not bad, f"as many windows as samples: not {bad}")


def check_selinux(check, lines, board, statn_n):
    text = "\n".join(lines)
    check(re.search(r"^selinux: policy loaded \(\d+ bytes\), enforce=1$", text, re.M),
          "the policy loaded and enforcing (enforce=1)")
    check("selinux: enforcing: the denial returned EACCES" in lines, "the denial (EACCES)")
    check(any(AVC_DENIED.search(ln) for ln in lines), "the kernel's avc record of the denial")
    stats = {int(m[3]): m for m in map(AVCSTAT.match, lines) if m}
    for n in (n for n in STATN_SIZES if n <= statn_n):
        m = stats.get(n)
        check(m is not None, f"an AVCSTAT line for statn arg={n}")
        if m:
            lookups, hits, misses = int(m[4]), int(m[5]), int(m[6])
            check(m[1] == board and m[2] == "linux" and lookups >= 2 * n
                  and lookups == hits + misses,
                  f"AVCSTAT arg={n}: lookups={lookups} hits={hits} misses={misses}")


def check_nolsm(check, lines):
    check(any(ln.startswith("selinux: not in this kernel") for ln in lines),
          "no SELinux in the kernel without an LSM")
    check(not any(ln.startswith("AVCSTAT") for ln in lines), "no AVC statistics without SELinux")
    check(not any("avc:" in ln for ln in lines), "no avc record without SELinux")


def main():
    if len(sys.argv) != 5 or sys.argv[2] not in ("selinux", "nolsm"):
        sys.exit(__doc__.strip().splitlines()[-1])
    board, kind, path, statn_n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    strategy = "linux" if kind == "selinux" else "linux-nolsm"
    name = f"peer-{board}-{kind}"

    def check(ok, what):
        tally.check(what, bool(ok))
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        check(False, f"{path}: {e.strerror}")
        return tally.summary(name)
    check(any(ln.startswith(f"linux-peer: board={board} ") and f" strategy={strategy} " in ln
              for ln in lines), f"the init's banner for {board}, strategy={strategy}")
    selfcheck = [ln for ln in lines if ln.startswith("counter self-check:")]
    check(len(selfcheck) == 1 and "FAIL" not in selfcheck[0],
          f"the clock counts instructions: {selfcheck}")
    rows = bench_rows(lines)
    check_benches(check, rows, board, strategy, statn_n)
    check_windows(check, lines, rows)
    if kind == "selinux":
        check_selinux(check, lines, board, statn_n)
    else:
        check_nolsm(check, lines)
    check("peer: done, 0 failures" in lines, "the init ran to its end with no failure")
    return tally.summary(name)


if __name__ == "__main__":
    sys.exit(main())
