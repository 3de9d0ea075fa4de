#!/usr/bin/env python3
"""Checks the report a firmware boot printed: its machine lines and tables.

    check-report.py BOARD LOG

BENCH lines of every benchmark, strategy and argument the boot runs (the
statn sizes of seed 002, smack-worst where it belongs), AVCSTAT lines
whose counters add up, LABELSTAT and SYSCHECK lines, and every table
('-- table NAME: TITLE (UNIT) --') with a row for each argument and a
figure for each strategy, and the closing summary against the BENCH
lines (summary_check.py).  Never a timing.
Prints FAIL lines and ends with "check-report: N passed, N failed".
"""
import re
import sys

from summary_check import check_summary

STRATEGIES = ["none", "flat", "selinux07", "selinux07tuned", "smack", "smackhash", "smackfix"]
SMACKS = ("smack", "smackhash", "smackfix")
APP_N = 600
SLOTS = 16
STATN_N = [100, 200, 300, 400, 500, 600, 700, 800, 1600]
LABEL_N = list(range(100, 1001, 100))
TABLES = ["bench", "rw", "statn", "walk", "label", "checks"]
NUM = re.compile(r"^-?\d+(\.\d\d)?%?$")
FIELDS = re.compile(r"(\w+)=(\S+)")


class Report:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"  FAIL: {what}")


def kv(line):
    return dict(FIELDS.findall(line))


def tables(lines):
    """{name: [row lines]}: a table runs from its header to a blank line."""
    out, cur = {}, None
    for l in lines:
        m = re.match(r"^-- table (\w+): .* \((insns|cycles|ticks)\) --$", l)
        if m:
            cur = out.setdefault(m.group(1), [])
            out.setdefault("_count_" + m.group(1), []).append(l)
            continue
        if cur is not None and not l.strip():
            cur = None
        elif cur is not None:
            cur.append(l)
    return out


def rows_by_first(rows):
    return {r.split()[0]: r.split() for r in rows if r.split()}


def numeric(fields):
    return all(NUM.match(f) for f in fields)


def check_bench(r, bench, board):
    have = {(b["bench"], b["strategy"], int(b["arg"])) for b in bench}
    want = [(b, s, 0) for s in STRATEGIES + ["smack-worst"] for b in ("null", "read", "write", "stat")]
    want += [("walk", s, d) for s in STRATEGIES + ["smack-worst"] for d in range(1, 9)]
    want += [("statn", s, n) for s in STRATEGIES for n in STATN_N]
    want += [("statn-bounds", s, n) for s in STRATEGIES if not s.startswith("smack")
             for n in STATN_N]
    want += [("label", s, n) for s in SMACKS + ("flat",) for n in LABEL_N]
    want += [("label-app", s, APP_N) for s in SMACKS]
    missing = [w for w in want if w not in have]
    r.check(not missing, f"BENCH lines of every benchmark, strategy and argument (missing {missing[:5]})")
    r.check(not any(b["strategy"] == "smack-worst" and b["bench"].startswith("statn") for b in bench),
            "no smack-worst statn")
    r.check(all(b["board"] == board for b in bench), "BENCH lines of this board only")
    checks = {b["bench"] for b in bench if b["bench"].startswith("check-")}
    r.check(len(checks) >= 10, f"check-CLASS-PERM benchmarks ({len(checks)})")
    for c in sorted(checks):
        got = {b["strategy"] for b in bench if b["bench"] == c}
        r.check(got == set(STRATEGIES) - {"none"},
                f"{c}: every strategy ({got})")
    return checks


def check_avcstat(r, lines):
    avc = [kv(l) for l in lines if l.startswith("AVCSTAT ")]
    keys = {(a["bench"], a["strategy"], int(a["arg"])) for a in avc}
    want = {(b, s, n) for b in ("statn", "statn-bounds") for s in ("selinux07", "selinux07tuned")
            for n in STATN_N}
    r.check(keys == want and len(avc) == len(want), f"AVCSTAT per N, bench and AVC strategy ({len(avc)})")
    bad = [a for a in avc if int(a["hits"]) + int(a["misses"]) != int(a["lookups"])]
    r.check(not bad, f"AVCSTAT: hits + misses = lookups ({len(bad)} not)")
    bad = [a for a in avc if int(a["allocs"]) != int(a["misses"])]
    r.check(not bad, f"AVCSTAT: one node allocated per miss ({len(bad)} not)")
    steps = {(m.group(1), m.group(2)): int(m.group(3)) for l in lines
             for m in [re.match(r"^bench: (statn\S*) (\S+): (\d+) server computations took", l)] if m}
    r.check(all(steps.get(("statn-bounds", s), 0) > 0 for s in ("selinux07", "selinux07tuned")),
            "statn-bounds: the security server takes the typebounds step")
    r.check(all(steps.get(("statn", s), 1) == 0 for s in ("selinux07", "selinux07tuned")),
            "statn: no typebounds step in the unbounded domain")


def check_slots(r, lines):
    """A SLOTS line per label set: smackhash's 16 slots, holding the set."""
    slots = {kv(l)["set"]: kv(l) for l in lines if l.startswith("SLOTS ")}
    r.check(sorted(slots) == ["app", "statn"], f"SLOTS lines of both sets ({sorted(slots)})")
    for name, f in sorted(slots.items()):
        counts = [int(c) for c in f.get("slots", "").split(",") if c.isdigit()]
        r.check(len(counts) == SLOTS and sum(counts) == int(f.get("arg", -1)),
                f"SLOTS {name}: {SLOTS} counts holding its {f.get('arg')} labels")


def check_tables(r, lines, bench, checks):
    t = tables(lines)
    for name in TABLES:
        r.check(len(t.get("_count_" + name, [])) == 1, f"table {name}: one header")
    rw = rows_by_first(t.get("rw", []))
    for b in ("read", "write"):
        row = rw.get(b, [])
        r.check(len(row) == 16 and numeric(row[1:]), f"table rw: {b}: none and 7 strategies with overheads")
    r.check(any("141.5%" in l for l in t.get("rw", [])) and any("74.3%" in l for l in t.get("rw", [])),
            "table rw: the seed's rows")
    statn = t.get("statn", [])
    for variant, seeds in (("statn:", 2), ("statn-bounds:", 1)):
        start = next((i for i, l in enumerate(statn) if l.startswith(variant)), None)
        r.check(start is not None, f"table statn: {variant} part")
        if start is None:
            continue
        rows = rows_by_first(statn[start + 2:start + 2 + len(STATN_N)])
        for n in STATN_N:
            row = rows.get(str(n), [])
            # Smack has no typebounds: no statn-bounds of the smack kernels
            measured = row[1:9] if variant == "statn-bounds:" else row[1:15]
            ok = len(row) == 15 + seeds and numeric(measured)
            ok = ok and (variant == "statn:" or set(row[9:15]) == {"-"})
            ok = ok and (n > 800 or numeric(row[15:])) and (n <= 800 or set(row[15:]) == {"-"})
            r.check(ok, f"table statn: {variant} N={n}: the strategies, ratios, the seed's")
    avc_rows = [l for l in statn if re.match(r"^statn(-bounds)? +selinux07", l)]
    r.check(len(avc_rows) == 36, f"table statn: the AVC's counters per N ({len(avc_rows)} rows)")
    walk = rows_by_first(t.get("walk", []))
    for d in range(1, 9):
        row = walk.get(str(d), [])
        r.check(len(row) == 16 and numeric(row[1:]), f"table walk: depth {d}: 8 strategies, shares")
    label = rows_by_first(t.get("label", []))
    tries = {int(kv(l)["arg"]): kv(l)["tries"] for l in lines if l.startswith("LABELSTAT ")}
    r.check(sorted(tries) == LABEL_N, f"LABELSTAT for N = 100..1000 ({sorted(tries)})")
    for n in LABEL_N:
        row = label.get(str(n), [])
        r.check(len(row) == 7 and numeric(row[1:]) and row[1] == tries.get(n),
                f"table label: N={n}: tries (LABELSTAT's), costs, smackhash, smackfix, flat")
    row = label.get("app", [])
    r.check(len(row) == 7 and numeric(row[1:6]) and row[6] == "-",
            "table label: the package names' row: tries, costs, smackhash, smackfix")
    check_slots(r, lines)
    sys_pairs = [(s["syscall"], s["class"], s["perm"]) for s in
                 (kv(l) for l in lines if l.startswith("SYSCHECK "))]
    r.check(len(sys_pairs) >= 20, f"SYSCHECK lines ({len(sys_pairs)})")
    rows = [l.split() for l in t.get("checks", [])[1:] if l and not l.startswith("(") and not l.startswith(" ")]
    r.check(len(rows) == len(sys_pairs), f"table checks: one row per SYSCHECK ({len(rows)}, {len(sys_pairs)})")
    for (call, c, p), row in zip(sys_pairs, rows):
        measured = f"check-{c}-{p}" in checks
        ok = row[:2] == [call, f"{c}:{p}"] and (not measured or (len(row) == 8 and numeric(row[2:])))
        r.check(ok, f"table checks: {call} {c}:{p}{' with 6 figures' if measured else ''}")
    r.check(len([l for l in t.get("bench", [])[1:] if l.strip()]) == len(bench),
            "table bench: a row per BENCH line")


def main():
    board, log = sys.argv[1], sys.argv[2]
    lines = [l.rstrip("\r\n") for l in open(log, errors="replace")]
    r = Report()
    bench = [kv(l) for l in lines if l.startswith("BENCH ")]
    checks = check_bench(r, bench, board)
    check_avcstat(r, lines)
    check_tables(r, lines, bench, checks)
    check_summary(r.check, lines, board)
    print(f"check-report: {r.passed} passed, {r.failed} failed")
    sys.exit(1 if r.failed else 0)


if __name__ == "__main__":
    main()
