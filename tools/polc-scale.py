#!/usr/bin/env python3
"""mac-polc on the statn benchmark's policy at several sizes.

    polc-scale.py bench POLC DIR N...   wall time and peak memory per size
    polc-scale.py work POLC DIR N...    the work counted (--stats) per size;
                                        fails unless it grows linearly
    polc-scale.py selftest N...         work's check on made-up counts
    polc-scale.py fc POLC DIR POLICY FILE_CONTEXTS
                                        the manifest of a file per context of
                                        file_contexts (tools/fc-manifest.sh):
                                        its time, memory and tables' size

POLC: a mac-polc for a kernel of enough nodes (build/host/monitor/
mac-polc-big, make bench-polc). DIR: scratch. For each N, tools/gen-statn.py
adds N statn types to the device policy and writes their manifest, as the
firmware's build does at STATN_N; mac-polc compiles the device manifest and
the statn one, under its default limits.

bench prints a markdown table: seconds of wall time and peak resident
memory (GNU time's, else getrusage of the child), the fastest of three
runs, and both per statn type, with the ratio of each size's per-type
figure to the smallest's (1.00: linear).

work prints the counts of --stats (calls of the security server, hash
probes, allocations) per size and per type, and exits 1 unless each
grows linearly within a small factor: its count per type at the size
where it is largest at most WORK_FACTOR times that where it is least (a
quadratic term doubles the count per type at every doubling of N).
"""
import os
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_CONF = os.path.join(ROOT, "monitor/policy/device.conf")
DEVICE_MANIFEST = os.path.join(ROOT, "monitor/policy/device.manifest")
TOBIN = os.path.join(ROOT, "monitor/compiler/mac-policy-bin")
GEN = os.path.join(ROOT, "tools/gen-statn.py")
GNU_TIME = "/usr/bin/time"
RUNS = 3
WORK_FACTOR = 1.5
COUNTERS = ("server", "probes", "allocations")


def prepare(d, n):
    """The statn policy and manifest of n types, built once per size."""
    sub = os.path.join(d, f"statn-{n}")
    os.makedirs(os.path.join(sub, "gen"), exist_ok=True)
    conf, bin_, man = (os.path.join(sub, f) for f in ("policy.conf", "policy.bin", "statn.manifest"))
    if not os.path.exists(bin_):
        subprocess.run([sys.executable, GEN, str(n), DEVICE_CONF, conf, man], check=True)
        subprocess.run([TOBIN, conf, bin_], check=True)
    return sub, bin_, man


def timed(argv, what):
    """argv's stdout, wall seconds and peak resident KiB. GNU time reports
    the peak of the process it starts: a child of Python's would count
    Python's own pages until its exec (getrusage, the fallback, does)."""
    gnu = os.path.exists(GNU_TIME)
    rfile = f"{os.getcwd()}/.polc-scale.{os.getpid()}" if gnu else None
    start = time.monotonic()
    p = subprocess.run(([GNU_TIME, "-f", "%M", "-o", rfile] if gnu else []) + argv,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    if gnu:
        with open(rfile) as f:
            peak = int(f.read().split()[-1])
        os.unlink(rfile)
    else:
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if p.returncode:
        sys.exit(f"polc-scale: {what}: exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout, wall, peak


def run(polc, d, n, stats=False):
    """mac-polc on size n: its stdout, and the fastest of RUNS runs' wall
    seconds and peak KiB (the host is shared: the least is the compiler's)."""
    sub, bin_, man = prepare(d, n)
    argv = [polc] + (["--stats"] if stats else []) + \
        ["-o", os.path.join(sub, "gen"), bin_, DEVICE_MANIFEST, man]
    best = None
    for _ in range(1 if stats else RUNS):
        r = timed(argv, f"mac-polc at {n} statn types")
        best = r if best is None or r[1] < best[1] else best
    return best


def table_bytes(out):
    m = re.search(r"tables (\d+) bytes", out)
    return int(m.group(1)) if m else 0


def bench(polc, d, sizes):
    rows = []
    for n in sizes:
        prepare(d, n)
        # each size in a child of its own: without GNU time, RUSAGE_CHILDREN's
        # peak is the largest child's so far
        out = subprocess.run([sys.executable, __file__, "one", polc, d, str(n)],
                             stdout=subprocess.PIPE, text=True, check=True).stdout.split()
        wall, peak, nbytes = float(out[0]), int(out[1]), int(out[2])
        rows.append((n, wall, peak, nbytes))
    first = rows[0]
    print("| statn types | wall s | peak MiB | ms per 1,000 types | KiB per type | "
          "ratio per type (time, memory) | tables bytes |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, wall, peak, nbytes in rows:
        tr = (wall / n) / (first[1] / first[0])
        mr = (peak / n) / (first[2] / first[0])
        print(f"| {n:,} | {wall:.2f} | {peak / 1024:.1f} | {1e6 * wall / n:.1f} | "
              f"{peak / n:.2f} | {tr:.2f}, {mr:.2f} | {nbytes:,} |")
    print(f"\n{os.path.basename(polc)}, the device manifest plus N statn files, the fastest "
          f"of {RUNS} runs; ratio per type: the figure per type over the smallest size's")
    return 0


def one(polc, d, n):
    out, wall, peak = run(polc, d, n)
    print(f"{wall:.4f} {peak} {table_bytes(out)}")
    return 0


def fc(polc, d, policy, file_contexts):
    """The manifest of a file per context of file_contexts (tools/fc-manifest.sh)."""
    man = os.path.join(d, "file_contexts.manifest")
    gen = os.path.join(d, "file_contexts-gen")
    os.makedirs(gen, exist_ok=True)
    with open(man, "w") as f:
        subprocess.run([os.path.join(ROOT, "tools/fc-manifest.sh"), file_contexts,
                        os.path.join(ROOT, "tests/distro/default.manifest")], stdout=f, check=True)
    nfiles = sum(1 for line in open(man) if line.startswith("file "))
    out, wall, peak = timed([polc, "-o", gen, policy, man], file_contexts)
    m = re.search(r"(\d+) domains, (\d+) types, (\d+) classes: tables (\d+) bytes", out)
    print("| file_contexts manifest | files | domains | columns | classes | wall s | "
          "peak MiB | tables bytes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {file_contexts} | {nfiles:,} | {m[1]} | {int(m[2]):,} | {m[3]} | {wall:.2f} | "
          f"{peak / 1024:.1f} | {int(m[4]):,} |")
    return 0


def counts(out):
    m = re.search(r"stats: server calls (\d+) .*probes (\d+), allocations (\d+)", out)
    if not m:
        sys.exit(f"polc-scale: no stats line in mac-polc's output: {out.strip()}")
    return dict(zip(COUNTERS, map(int, m.groups())))


def linear(name, points):
    """Whether count per type stays within WORK_FACTOR over (n, count) points."""
    per = [c / n for n, c in points]
    spread = max(per) / min(per) if min(per) > 0 else float("inf")
    print(f"{name}: per type {min(per):.1f} to {max(per):.1f} (x{spread:.2f})")
    return spread <= WORK_FACTOR


def selftest(sizes):
    """The check on made-up counts: a linear one with a fixed part passes,
    one with a quadratic term as small as 1/1000 of the linear one fails."""
    ok = linear("linear", [(n, 120 * n + 5000) for n in sizes]) and \
        not linear("quadratic", [(n, 120 * n + 0.12 * n * n) for n in sizes])
    print("selftest: " + ("the check passes the linear, fails the quadratic" if ok else "FAILED"))
    return 0 if ok else 1


def work(polc, d, sizes):
    rows = [(n, counts(run(polc, d, n, stats=True)[0])) for n in sizes]
    print("| statn types | " + " | ".join(f"{c} | per type" for c in COUNTERS) + " |")
    print("|---:|" + "---:|---:|" * len(COUNTERS))
    for n, c in rows:
        print(f"| {n:,} | " + " | ".join(f"{c[k]:,} | {c[k] / n:.1f}" for k in COUNTERS) + " |")
    bad = [k for k in COUNTERS if not linear(k, [(n, c[k]) for n, c in rows])]
    if bad:
        print(f"polc-scale: not linear within x{WORK_FACTOR}: {', '.join(bad)}")
        return 1
    print(f"linear within x{WORK_FACTOR}: {', '.join(COUNTERS)}")
    return 0


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "selftest":
        return selftest(sorted(int(n) for n in sys.argv[2:]))
    if len(sys.argv) == 6 and sys.argv[1] == "fc":
        os.makedirs(sys.argv[3], exist_ok=True)
        return fc(*sys.argv[2:6])
    if len(sys.argv) < 5 or sys.argv[1] not in ("bench", "work", "one"):
        sys.exit("usage: polc-scale.py bench|work POLC DIR N...\n"
                 "       polc-scale.py selftest N...\n"
                 "       polc-scale.py fc POLC DIR POLICY FILE_CONTEXTS")
    mode, polc, d = sys.argv[1:4]
    sizes = sorted(int(n) for n in sys.argv[4:])
    if mode != "one" and len(sizes) < 3:
        sys.exit("polc-scale: give three sizes at least")
    os.makedirs(d, exist_ok=True)
    if mode == "one":
        return one(polc, d, sizes[0])
    return bench(polc, d, sizes) if mode == "bench" else work(polc, d, sizes)


if __name__ == "__main__":
    sys.exit(main())
