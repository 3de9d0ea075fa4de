#!/usr/bin/env python3
"""The README's figures, from the firmware's console logs.

    readme-figures.py --write README LOG...   rewrite the figures in README
    readme-figures.py --check README LOG...   fail if any of them is stale

Every figure in README.md between `<!-- figures:NAME -->` and
`<!-- /figures:NAME -->` is made here from the BENCH lines of the logs
(tools/bench-report.py reads them): R2D+ from the r2dplus log, PXA270 from
the verdex log (the Mainstone runs the same image and counts the same).
Under QEMU the counts are exact, so `make test` checks them against the
logs of its own boots: a figure that the code no longer gives fails it.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_report", os.path.join(HERE, "bench-report.py"))
bench_report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_report)

SH, ARM = "r2dplus", "verdex"
MODELS = ["flat", "selinux07", "selinux07tuned", "smack"]


class Figures:
    def __init__(self, rows):
        self.m = {(r["board"], r["bench"], r["strategy"], int(r["arg"])): int(float(r["median"]))
                  for r in rows}

    def get(self, board, bench, strategy, arg=0):
        return self.m.get((board, bench, strategy, arg))

    def cell(self, board, bench, strategy, arg=0):
        v = self.get(board, bench, strategy, arg)
        return "" if v is None else str(v)

    def cost(self, board, bench, arg=0, percent=True):
        none, flat = self.get(board, bench, "none", arg), self.get(board, bench, "flat", arg)
        d = flat - none
        return f"+{d} ({100 * d / none:.1f}%)" if percent and d else f"+{d}" if d else "0"

    def percent(self, board, bench, strategy):
        none = self.get(board, bench, "none")
        return round(100 * (self.get(board, bench, strategy) - none) / none)


def main_table(f):
    rows = [("null system call", "null", 0, True),
            ("read 1 byte of /dev/zero", "read", 0, True),
            ("write 1 byte to /dev/null", "write", 0, True),
            ("stat /etc/hostname (2 searches + getattr)", "stat", 0, True),
            ("walk: stat of a path of depth 1", "walk", 1, True),
            ("walk: stat of a path of depth 8", "walk", 8, True),
            ("statn: stat over N files of N labels, N = 100", "statn", 100, False),
            ("statn, N = 500", "statn", 500, False),
            ("statn, N = 1000", "statn", 1000, False)]
    out = ["| bench | R2D+ none | R2D+ flat | check cost | PXA270 none | PXA270 flat | check cost |",
           "|---|---|---|---|---|---|---|",
           f"| counter (reading it) | {f.cell(SH, 'counter', 'none')} | | | "
           f"{f.cell(ARM, 'counter', 'none')} | | |"]
    for name, bench, arg, pct in rows:
        out.append(f"| {name} | {f.cell(SH, bench, 'none', arg)} | {f.cell(SH, bench, 'flat', arg)} | "
                   f"{f.cost(SH, bench, arg, pct)} | {f.cell(ARM, bench, 'none', arg)} | "
                   f"{f.cell(ARM, bench, 'flat', arg)} | {f.cost(ARM, bench, arg, pct)} |")
    out.append(f"| one check (file:read), on its own | | {f.cell(SH, 'check-file-read', 'flat')} | | "
               f"| {f.cell(ARM, 'check-file-read', 'flat')} | |")
    out.append(f"| switch, task to task (yield), each in its own address space | "
               f"{f.cell(SH, 'switch', 'none')} | | | {f.cell(ARM, 'switch', 'none')} | | |")
    return out


def models_table(f):
    def line(name, bench, arg=0):
        return (f"| {name} | " + " | ".join(f.cell(SH, bench, s, arg) for s in MODELS) + " | " +
                " | ".join(f.cell(ARM, bench, s, arg) for s in MODELS) + " |")
    out = ["| bench (insns, medians) | R2D+ flat | selinux07 | tuned | smack | PXA270 flat | "
           "selinux07 | tuned | smack |", "|---|---|---|---|---|---|---|---|---|",
           line(f"read 1 byte of /dev/zero (none: {f.cell(SH, 'read', 'none')} / "
                f"{f.cell(ARM, 'read', 'none')})", "read"),
           line(f"write 1 byte to /dev/null (none: {f.cell(SH, 'write', 'none')} / "
                f"{f.cell(ARM, 'write', 'none')})", "write"),
           line("stat /etc/hostname", "stat"), line("walk, depth 8", "walk", 8)]
    out += [line(f"statn, N = {n}", "statn", n) for n in (600, 700, 1000)]
    out.append(line("one check (file:read), caches warm", "check-file-read"))
    out.append(line("label: search 600 labels", "label", 600))
    return out


def claims(f):
    return [f"Here a checked 1-byte read of `/dev/zero` costs "
            f"{f.cost(SH, 'read').split('(')[1][:-1]} more "
            f"instructions than an unchecked one on the same CPU, and a whole check is "
            f"{f.cell(SH, 'check-file-read', 'flat')} instructions inline "
            f"({f.cell(ARM, 'check-file-read', 'flat')} on XScale)."]


def models_prose(f):
    return [f"- **2007 SELinux doubles read and write.** On SH-4 the checked read costs "
            f"{f.percent(SH, 'read', 'selinux07')}%",
            f"  more instructions than the unchecked one, and the write "
            f"{f.percent(SH, 'write', 'selinux07')}% more. The seeds",
            "  measured +141% and +156% in time on the same SH7751R. Instruction counts",
            "  cannot show the extra cost of calls on the SH-4 pipeline, which is what the",
            "  seed's question was about.",
            f"- **The 2007 tuning saves little here.** The tuned model's read is "
            f"{f.percent(SH, 'read', 'selinux07tuned')}% above",
            "  the unchecked one, against 36% in the seed's timings. The tuning removes",
            "  calls and an audit call; what they cost in cycles on real hardware is not",
            "  visible in instruction counts.",
            f"- **The AVC knee.** `statn` goes from {f.cell(SH, 'statn', 'selinux07', 600)} "
            f"instructions per stat at N = 600",
            f"  to {f.cell(SH, 'statn', 'selinux07', 700)} at N = 700, once the working set "
            f"passes the AVC's 512 entries.",
            "  Every check is then a miss, and the security server recomputes the decision",
            "  from the rules. The tables have no cache and no knee."]


def walk(f):
    def per_dir(board):
        deep = f.get(board, "walk", "flat", 8) - f.get(board, "walk", "none", 8)
        shallow = f.get(board, "walk", "flat", 1) - f.get(board, "walk", "none", 1)
        return round((deep - shallow) / 7)
    return [f"Each directory of a path adds {per_dir(ARM)} instructions on ARM (the check itself) "
            f"and {per_dir(SH)} on SH-4,",
            "where the check inside the walk loop costs registers the loop needed (16",
            "general registers, short displacements): the next thing to tune."]


SECTIONS = {"claims": claims, "walk": walk, "main": main_table, "models": models_table,
            "models-prose": models_prose}


def rewrite(text, f):
    for name, make in SECTIONS.items():
        begin, end = f"<!-- figures:{name} -->", f"<!-- /figures:{name} -->"
        if begin not in text or end not in text:
            sys.exit(f"readme-figures: README has no {begin} ... {end}")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = head + begin + "\n" + "\n".join(make(f)) + "\n" + end + tail
    return text


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("--write", "--check"):
        sys.exit(__doc__)
    mode, readme, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
    try:
        rows = bench_report.read_logs(logs)
    except bench_report.LogError as e:
        sys.exit(f"readme-figures: {e}")
    if not {SH, ARM} <= {r["board"] for r in rows}:
        sys.exit("readme-figures: the logs need BENCH lines of r2dplus and verdex")
    old = open(readme).read()
    new = rewrite(old, Figures(rows))
    if mode == "--write":
        open(readme, "w").write(new)
        return 0
    ok = old == new
    if not ok:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                   readme, "from the logs", n=0))
    print(f"{'PASS' if ok else 'FAIL'} readme-figures: every figure in {readme} is this code's")
    print(f"readme-figures: {int(ok)} passed, {int(not ok)} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
