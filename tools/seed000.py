#!/usr/bin/env python3
"""Seed 000's tuning effect, attributed (mk/seed000.mk).

  seed000.py BOARD CPU OUT-DIR N NAME=DIR... [range-mid|range-lo|range-hi=LOG...]

NAME=DIR: make layouts' directory of one build of the image (one
directory per layout's seed, each with boot.log; layouts 1..N are read): 2007, the default
build (2.6.22's files and flags); gcc12, GCC 12's one-file build;
nostrcalls, the 2007 build with memset and memcpy inline; noframes, the
2007 build without APCS frames.  range-lo, range-hi: the default image
with the timing model's parameters as their table has them and the
ranged ones at their ends (make cycles-range's mid.log, lo.log, hi.log).  Each boot is PLAN=short under the
CPU's timing model.

For read and write, and for each build: what selinux07 adds to none, what
selinux07tuned adds, what the tuning takes off and its share of what
selinux07 adds (est-cycles, medians per call), each the median across the
build's layouts; the 2007 build's min and max across them; where its
added est-cycles go (the CAUSES lines: means per call, medians across the
layouts); and the seed's own figures, its lmbench times at the CPU's
clock.  Writes OUT-DIR/attribution.md (as it prints) and attribution.txt
(SEED000 lines, for the manual's figures).
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures  # noqa: E402
import report  # noqa: E402

CALLS = ("read", "write")
UNIT = "est-cycles"
# The CAUSES lines' causes, in two groups and the rest.
GROUPS = {"misses": ("imiss", "dmiss"), "pipeline": ("issue", "operand", "serial", "branch"),
          "other": ("wbuf", "tlb")}
BUILDS = {"gcc12": "GCC 12, one file (SEL07_BUILD=gcc12)",
          "2007": "2.6.22's files and flags (the default build)",
          "nostrcalls": "the same, memset and memcpy inline (SEL07_STRCALLS=0)",
          "noframes": "the same, no APCS frames (SEL07_FRAMES=0)"}
RANGES = {"range-mid": "the default image as linked, the model's parameters as its table has them",
          "range-lo": "the same, the model's ranged parameters at their low ends",
          "range-hi": "the same at their high ends"}


def effect(b, call):
    """(selinux07 adds, selinux07tuned adds, the tuning takes off, its share %)."""
    old, new = b.added(call, "selinux07"), b.added(call, "selinux07tuned")
    return old, new, old - new, figures.percent(old - new, old)


def seed_effect(cpu, call):
    """The seed's lmbench times (microseconds) as cycles at the CPU's clock."""
    mhz, times = report.SEED000_TIMES[cpu]
    base, old, new = (figures.Decimal(str(t)) * mhz for t in times[call])
    return old - base, new - base, old - new, figures.percent(old - new, old - base)


def causes(text, call):
    """{strategy: {group: est-cycles}} of the CAUSES lines of a boot (means per call)."""
    out = {}
    for line in text.splitlines():
        if line.startswith("CAUSES ") and f" bench={call} " in line and " arg=0 " in line:
            r = figures.fields(line)
            out[r["strategy"]] = {g: sum(float(r[c]) for c in cs) for g, cs in GROUPS.items()}
    return out


def extra_causes(text, call):
    """{group: (selinux07 extra, selinux07tuned extra, taken off)} over none."""
    c = causes(text, call)
    if not all(s in c for s in ("none", "selinux07", "selinux07tuned")):
        raise SystemExit(f"seed000: no CAUSES line of {call} for none, selinux07 and selinux07tuned")
    out = {}
    for g in GROUPS:
        old, new = c["selinux07"][g] - c["none"][g], c["selinux07tuned"][g] - c["none"][g]
        out[g] = (old, new, old - new)
    return out


def boot(log):
    """(figures.Bench in est-cycles, text) of a boot that ended normally."""
    with open(log, errors="replace") as f:
        text = f.read()
    if not figures.ended(text):
        raise SystemExit(f"seed000: {log}: the boot did not end normally")
    b = figures.by_unit(text)
    if UNIT not in b:
        raise SystemExit(f"seed000: {log}: no {UNIT} BENCH lines (not a boot under the model)")
    return b[UNIT], text


def layout_boots(layout_dir, n):
    """[(Bench, text)] of layouts 1..n's boots in the directory."""
    return [boot(os.path.join(layout_dir, str(s), "boot.log")) for s in range(1, n + 1)]


def median(values):
    return statistics.median(values)


def spread(values):
    return tuple((min(v[i] for v in values), max(v[i] for v in values)) for i in range(4))


def across(boots, call):
    """The effect's four figures, each the median across the layouts."""
    each = [effect(b, call) for b, _ in boots]
    return tuple(median([v[i] for v in each]) for i in range(4)), each


def causes_across(boots, call):
    each = [extra_causes(text, call) for _, text in boots]
    return {g: tuple(median([c[g][i] for c in each]) for i in range(3)) for g in GROUPS}


def rows(cpu, builds, ranges):
    """[(call, row, values)]: values a 4-tuple, or of (min, max) pairs for the spread."""
    out = []
    for call in CALLS:
        out.append((call, "seed", seed_effect(cpu, call)))
        for name in BUILDS:
            if name in builds:
                med, each = across(builds[name], call)
                out.append((call, f"{name}:{len(each)}", med))
                if name == "2007":
                    out.append((call, f"layouts:{len(each)}", spread(each)))
        for name in RANGES:
            if name in ranges:
                out.append((call, name, effect(ranges[name][0], call)))
        for g, v in causes_across(builds["2007"], call).items():
            out.append((call, f"causes:{g}", v + (None,)))
    return out


def cell(v, digits=0):
    """A figure rounded half up to its digits (a median of two may end in .5)."""
    if v is None:
        return ""
    if isinstance(v, tuple):
        return f"{cell(v[0], digits)} to {cell(v[1], digits)}"
    return str(figures.half_up(figures.Decimal(str(v)), figures.Decimal(1).scaleb(-digits)))


def digits_of(row):
    """Medians with one decimal; the seed's cycles and the spread's ends as they are."""
    return 0 if row == "seed" or row.startswith("layouts:") or row in RANGES else 1


def row_label(cpu, row):
    name, _, n = row.partition(":")
    if name == "seed":
        mhz = report.SEED000_TIMES[cpu][0]
        return f"the seed: lmbench on {report.SEED000[cpu][0]} (its times at {mhz} MHz)"
    if name == "layouts":
        return f"2.6.22's build across its {n} link layouts (min to max)"
    if name == "causes":
        return f"2.6.22's build: {n} ({', '.join(GROUPS[n])}; means, medians across the layouts)"
    if name in RANGES:
        return RANGES[name]
    return f"{BUILDS[name]}, medians across {n} layouts"


def attribution_md(board, cpu, out):
    lines = [f"# Seed 000's tuning, attributed: {board} ({UNIT}, medians per call)", "",
             "| call | build | selinux07 adds | selinux07tuned adds | the tuning takes off | "
             "its share % |", "|---|---|---|---|---|---|"]
    for call, row, v in out:
        digits = digits_of(row)
        lines.append(f"| {call} | {row_label(cpu, row)} | " + " | ".join(
            cell(x, digits) for x in v[:3]) + f" | {cell(v[3], 2)} |")
    return "\n".join(lines) + "\n"


def attribution_txt(board, cpu, out):
    keys = ("adds", "tuned_adds", "takes_off", "share_pct")
    lines = []
    for call, row, v in out:
        digits = (digits_of(row),) * 3 + (2,)
        vals = " ".join(f"{k}={cell(x, d).replace(' to ', '..')}" for k, x, d in
                        zip(keys, v, digits) if x is not None)
        lines.append(f"SEED000 board={board} cpu={cpu} call={call} row={row} {vals}")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) < 5 or not argv[3].isdigit() or int(argv[3]) < 1:
        raise SystemExit(__doc__)
    board, cpu, out_dir, n = argv[0], argv[1], argv[2], int(argv[3])
    builds, ranges = {}, {}
    for arg in argv[4:]:
        name, _, path = arg.partition("=")
        if name in BUILDS and path:
            builds[name] = layout_boots(path, n)
        elif name in RANGES and path:
            ranges[name] = boot(path)
        else:
            raise SystemExit(f"seed000: '{arg}': give NAME=PATH, NAME one of "
                             f"{', '.join(list(BUILDS) + list(RANGES))}")
    if "2007" not in builds:
        raise SystemExit("seed000: the default build's layouts (2007=DIR) are needed")
    out = rows(cpu, builds, ranges)
    os.makedirs(out_dir, exist_ok=True)
    for path, text in (("attribution.md", attribution_md(board, cpu, out)),
                       ("attribution.txt", attribution_txt(board, cpu, out))):
        with open(os.path.join(out_dir, path + ".tmp"), "w") as f:
            f.write(text)
        os.replace(os.path.join(out_dir, path + ".tmp"), os.path.join(out_dir, path))
    sys.stdout.write(attribution_md(board, cpu, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
