#!/usr/bin/python3
# Debian's python3: the README's plot is drawn with its python3-matplotlib.
"""The figures of the README and the manual (docs/*.md), from the firmware's console logs.

    readme-figures.py --write|--check README --tables TABLES --fw-tables FWTABLES
        --disasm R2DPLUS VERDEX [--polc FILE] [--peer PEERLOG]... LOG... --cycles CLOG...
        rewrite the figures, or fail if one is stale

TABLES: mac-polc's size report of the device policy (make bench writes it);
FWTABLES: the same of the R2D+ firmware (build/r2dplus/firmware/gen/tables.txt).
R2DPLUS, VERDEX: make check-disasm's output of each board
(build/<board>/check-disasm.log): the check sites' lengths.
CLOG: the short run under each CPU's timing model (make cycles-test writes
build/<board>/cycles-test/boot.log): the est-cycles figures.
PEERLOG: the Linux peer's boots (make peer: build/peer/<board>/selinux.log
and nolsm.log), joined to the same board's LOG as tools/report.py joins
them: the linux and linux-claims blocks and the headline's Linux rows,
written only when given, as the polc block is (make bench builds Linux;
make test does not, and its --check leaves them as they are). The plot
and every other block are the firmware's alone.

Every figure in README.md and in docs/*.md between
`<!-- figures:NAME -->` and `<!-- /figures:NAME -->` is made here from
the logs, each as tools/figures.py defines it (the boot's SUMMARY keys):
R2D+ from the r2dplus log, PXA270 from the verdex log (the Mainstone
runs the same image and counts the same), and so is the README's plot,
docs/statn.png (tools/report_plots.py). Under QEMU the counts are exact,
so `make test` checks them against the logs of its own boots: a figure
that the code no longer gives fails it.
"""
import argparse
import difflib
import glob
import os
import re
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import figures  # noqa: E402
import report  # noqa: E402

SH, ARM = "r2dplus", "verdex"
MODELS = ["flat", "selinux07", "selinux07tuned", "smack", "smackhash", "smackfix"]


class Figures:
    """The boards' figures: their BENCH lines under figures.py's
    definitions, the reports report.py reads, the logs' text."""

    def __init__(self, reports, texts, est=(), tables=None, disasm=None, fw_tables=None):
        self.reps = {rep.board: rep for rep in reports}
        self.est = {rep.board: rep for rep in est}
        self.texts = texts
        self.b = bench_of(texts, "insns")
        self.keys = {board: figures.keys(b) for board, b in self.b.items()}
        self.est_b = bench_of_reps(self.est)
        self.est_keys = {board: figures.keys(b) for board, b in self.est_b.items()}
        self.lat = {(r["board"], r["phase"], r["strategy"]): int(r["max"])
                    for rep in reports for r in rep.rows["LATENCY"]}
        self.tables, self.disasm, self.fw_tables = tables, disasm or {}, fw_tables
        self.firmware_tables = firmware_tables(texts)

    def get(self, board, bench, strategy, arg=0):
        return self.b[board].median(bench, strategy, arg)

    def cell(self, board, bench, strategy, arg=0):
        return show(self.get(board, bench, strategy, arg))

    def key(self, board, name):
        return show(self.keys[board].get(name), name)

    def statn_last(self):
        """The largest N the statn benchmark ran at."""
        return max(arg for (bench, s, arg) in self.b[SH].rows if (bench, s) == ("statn", "flat"))


def bench_of(texts, unit):
    """{board: figures.Bench} of one unit from the logs' text."""
    return {board: b for text in texts.values()
            for (board, u), b in figures.benches(text).items() if u == unit}


def show(v, key=""):
    return "" if v is None else figures.show(key, v)


def main_table(f):
    rows = [("null system call", "null", 0), ("read 1 byte of /dev/zero", "read", 0),
            ("write 1 byte to /dev/null", "write", 0),
            ("stat /etc/hostname (2 searches + getattr)", "stat", 0),
            ("walk: stat of a path of depth 1", "walk", 1),
            ("walk: stat of a path of depth 8", "walk", 8)]
    out = ["| bench (insns, median per call) | R2D+ none | R2D+ flat | check cost | "
           "PXA270 none | PXA270 flat | check cost |", "|---|---|---|---|---|---|---|",
           f"| counter (reading it) | {f.cell(SH, 'counter', 'none')} | | | "
           f"{f.cell(ARM, 'counter', 'none')} | | |"]
    for name, bench, arg in rows:
        cells = [cell for board in (SH, ARM) for cell in
                 (f.cell(board, bench, "none", arg), f.cell(board, bench, "flat", arg),
                  added_cell(f.b[board], bench, arg))]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    out.append(f"| check-file-read, timed as the read site checks (check_loop) | | "
               f"{f.key(SH, 'check_loop')} | | | {f.key(ARM, 'check_loop')} | |")
    out.append(f"| switch between two ready tasks (yield), each in its own address space | "
               f"{f.cell(SH, 'switch', 'none')} | | | {f.cell(ARM, 'switch', 'none')} | | |")
    return out


def added_cell(b, bench, arg=0, strategy="flat"):
    """median(S) - median(its baseline), and its percent of the baseline."""
    d = b.added(bench, strategy, arg)
    if d is None:
        return ""
    return f"{'+' if d >= 0 else ''}{show(d)} ({show(figures.overhead(b, bench, strategy, arg), '_pct')} %)"


def models_table(f):
    def line(name, bench, arg=0):
        return (f"| {name} | " + " | ".join(f.cell(SH, bench, s, arg) for s in MODELS) + " | " +
                " | ".join(f.cell(ARM, bench, s, arg) for s in MODELS) + " |")
    n = figures.LABEL_N
    return ["| bench (insns, median per call) | R2D+ flat | selinux07 | tuned | smack | "
            "smackhash | smackfix | PXA270 flat | selinux07 | tuned | smack | smackhash | "
            "smackfix |", "|---" * 13 + "|",
            line(f"read 1 byte of /dev/zero (none: {f.cell(SH, 'read', 'none')} / "
                 f"{f.cell(ARM, 'read', 'none')})", "read"),
            line(f"write 1 byte to /dev/null (none: {f.cell(SH, 'write', 'none')} / "
                 f"{f.cell(ARM, 'write', 'none')})", "write"),
            line("stat /etc/hostname", "stat"), line("walk, depth 8", "walk", 8),
            line("check-file-read, caches warm (flat: as the read site checks)",
                 "check-file-read"),
            line(f"label: a label one third down {n} (flat: the row pointer)", "label", n),
            line(f"label-app: one third down {n} package names", "label-app", n)]


def disasm_sites(path):
    """{site: instructions} from make check-disasm's output: each site's
    fast path (read, write, walk, stat, bench_check_probe, the check-*
    benchmarks' loops)."""
    out, name = {}, None
    for line in open(path):
        m = re.match(r"^(\w+): .*\(\w+ in \w+\):$", line) or \
            re.match(r"^(\w+), entry to return:$", line)
        name = m[1] if m else name
        m = re.match(r"^  fast path: (\d+) instructions(, call and return included)? \(budget", line)
        if m and name:
            out[name + ("_whole" if m[2] else "")] = int(m[1])
        name = None if m and m[2] else name
    return out


def claims(f):
    sh, arm = f.disasm[SH], f.disasm[ARM]
    return [f"Here a checked 1-byte read of `/dev/zero` costs {f.key(SH, 'read_pct')} % more "
            "instructions",
            "(median per call) than an unchecked one on the same CPU. At the kernel's own",
            f"sites a check is {sh['read']} instructions at read and write and {sh['walk']} "
            "per directory",
            f"of a path ({arm['read']} and {arm['walk']} on XScale; `make check-disasm` shows "
            "them,",
            "and the check-* benchmarks time each check as its site makes it)."]


SITES = [("read: the handle's vector", "read"), ("write: the handle's vector", "write"),
         ("walk: dir:search, per directory", "walk"), ("stat: getattr", "stat"),
         ("`bench_check_probe`, the check alone: its fast path", "bench_check_probe"),
         ("`bench_check_probe` from entry to return", "bench_check_probe_whole"),
         ("check-file-read's timed loop: a handle site", "bench_site_time_handle"),
         ("check-dir-search's timed loop: the walk's row", "bench_site_time_row")]


def sites(f):
    """Each check site's fast path, in instructions, as make check-disasm finds it."""
    out = ["| check site (instructions, from the disassembly) | SH-4 | XScale |", "|---|---|---|"]
    out += [f"| {name} | {f.disasm[SH].get(key, '')} | {f.disasm[ARM].get(key, '')} |"
            for name, key in SITES]
    return out + ["", "Each check-* benchmark times its class:permission as the kernel's site "
                  "makes it",
                  "(`kernel/bench_sites.h`): through a handle's vector (read, write, readdir, "
                  "send,",
                  "recv), in the walk's row (dir:search), or whole (every other check), the",
                  "permission a constant, every load of the site inside the interval and the",
                  "loop's own cost taken off; so check-file-read (`check_loop`: "
                  f"{f.key(SH, 'check_loop')} on SH-4,",
                  f"{f.key(ARM, 'check_loop')} on XScale, median per call) is the read site's "
                  "figure, and its loop is in",
                  "the table above; a whole check (check-file-open) is "
                  f"{f.cell(SH, 'check-file-open', 'flat')} on SH-4",
                  f"and {f.cell(ARM, 'check-file-open', 'flat')} on XScale (on SH-4 a move "
                  "keeps the index for the slow path's",
                  "call, which the disassembly's count leaves out), and one of a bit beyond",
                  "SH-4's `tst #imm` (above bit 7) two more, its constant loaded first."]


def models_prose(f):
    k, e = f.keys[SH], f.est_keys[SH]
    grows = "more than doubles" if min(k["read_selinux07_pct"], k["write_selinux07_pct"]) > 100 \
        else "weighs on"
    return [f"- **2007 SELinux {grows} read and write.** On SH-4 the checked read costs "
            f"{show(k['read_selinux07_pct'], '_pct')} %",
            f"  more instructions than the unchecked one, and the write "
            f"{show(k['write_selinux07_pct'], '_pct')} % more (medians per call). The seeds",
            "  measured +141% and +156% in time on the same SH7751R; under the SH-4's",
            f"  timing model the read costs {show(e['read_selinux07_pct'], '_pct')} % more "
            f"est-cycles and the write {show(e['write_selinux07_pct'], '_pct')} %",
            "  ([seed 000](seed000.md#in-est-cycles)).",
            f"- **The 2007 tuning saves little on the SH-4.** The tuned model's read is "
            f"{show(k['read_selinux07tuned_pct'], '_pct')} % above",
            "  the unchecked one in instructions and "
            f"{show(e['read_selinux07tuned_pct'], '_pct')} % in est-cycles, against 36% in",
            "  the seed's timings: the tuning removes calls and an audit call, and the",
            "  model finds those calls no dearer than the rest of the path (on the XScale",
            "  2.6.22's APCS frames make them dearer: [seed 000](seed000.md))."]


def smack_labels(text):
    """(labels, tries as loaded, tries one third down) of the `bench: smack:` line."""
    m = re.search(r"^bench: smack: (\d+) labels; \S+ as loaded at (\d+) .*one third down at (\d+)",
                  text, re.M)
    return tuple(int(v) for v in m.groups()) if m else (None, None, None)


def label_tries(rep, n):
    return next((int(r["tries"]) for r in rep.rows["LABELSTAT"] if r["arg"] == str(n)), None)


def smack_prose(f):
    """Smack's label list and hash table, from the label and stat benchmarks."""
    labels, worst, third = smack_labels(f.texts[SH])
    n = figures.LABEL_N
    tries = label_tries(f.reps[SH], n)
    per_try = f.get(SH, "label", "smack", n) / tries if tries else None
    cut = {b: figures.percent(f.b[b].median("stat", "smack") - f.b[b].median("stat", "smackhash"),
                              f.b[b].median("stat", "smack")) for b in (SH, ARM)}
    return [f"- **Smack's label list.** The label list holds {labels} labels: the firmware's",
            f"  types and Smack's six, the {f.statn_last()} of `statn` among them. Searching it",
            f"  costs about {show(figures.half_up(per_try, 1))} instructions per try on the SH-4 "
            f"(`label` at {n}: its median",
            f"  per lookup over the {tries} tries `LABELSTAT` counts, a label one third down).",
            "  As loaded, the benchmark task's label sits near the end of the list (a list",
            "  takes each new label at its head, and its object labels came after it), so",
            f"  each of its inode checks runs {worst} `strcmp`s: that is `smack-worst`.",
            "  `smack` moves it to seed 004's setting (200 tries among 600 labels;",
            f"  `statn`: one third down the whole list, {third} tries).",
            "- **Smack's hash table.** At that setting `smackhash` finds the subject in",
            f"  one try (`bench: smack:` line), which cuts {show(cut[SH], '_pct')} % off a stat "
            f"on the SH-4",
            f"  and {show(cut[ARM], '_pct')} % on the XScale (medians per call); what is left",
            *SMACK_HASH_PROSE, *smackfix_prose(f)]


def slots_of(text, name):
    m = re.search(rf"^SLOTS board=\S+ set={name} arg=\d+ slots=([\d,]+)$", text, re.M)
    return m[1].split(",") if m else []


def smackfix_prose(f):
    """The package names' slots and lookups, and the fix Linux made."""
    n = figures.LABEL_N
    app, statn = slots_of(f.texts[SH], "app"), slots_of(f.texts[SH], "statn")
    look = {s: f.get(SH, "label-app", s, n) for s in ("smack", "smackhash", "smackfix")}
    cut = {b: figures.percent(f.b[b].median("stat", "smack") - f.b[b].median("stat", "smackfix"),
                              f.b[b].median("stat", "smack")) for b in (SH, ARM)}
    return [f"  The {n} `statn` labels fill the 16 slots as {'/'.join(statn)}; {n} package",
            f"  names (`label-app`, seed 004's kind: `org.tizen.calculator`, ...) as",
            f"  {'/'.join(app)}, and there `smackhash` finds one in {show(look['smackhash'])}",
            f"  instructions against `smack`'s {show(look['smack'])} on the SH-4.",
            "- **The fix Linux made.** Smack's maintainer refused the hash table and",
            "  answered seed 004 with `smack_known` pointers in the task's blob; from",
            "  Linux 3.13/3.14 `smk_access` takes entries, and the check searches for no",
            f"  label: `smackfix`'s lookup is the blob's load ({show(look['smackfix'])} instructions),",
            f"  and it cuts {show(cut[SH], '_pct')} % off `smack`'s stat on the SH-4 and "
            f"{show(cut[ARM], '_pct')} % on the XScale."]


SMACK_HASH_PROSE = [
    "  is the subject's rule list, one rule per type it may use, walked by",
    "  pointer comparison. But the `statn` labels gain nothing in `label`: the",
    "  byte-wise `full_name_hash` of these 32-bit CPUs (no",
    "  `DCACHE_WORD_ACCESS`) multiplies by 11 after adding `c << 4` and `c >> 4`,",
    "  so its low four bits, the slot, see only each byte's high nibble:",
    "  `statn_0000_t` to `statn_1599_t` differ in digits only (all `0x3_`) and",
    "  share one slot, where a label one third down the list is one third down",
    "  that slot (`bench: label` lines)."]


def bench_of_reps(reps):
    """{board: figures.Bench} of the reports' own rows and unit."""
    return {board: figures.Bench(board, rep.unit, rep.rows["BENCH"]) for board, rep in reps.items()}


def avc_counts(f, board, n, strategy="selinux07", bench="statn"):
    for r in f.reps[board].rows["AVCSTAT"]:
        if (r["bench"], r["strategy"], r["arg"]) == (bench, strategy, str(n)):
            return int(r["lookups"]), int(r["misses"])
    return None


def knee_counts(f):
    """The means per stat at 500 and 600 (whole numbers), the AVC's
    (lookups, misses), the share of file checks that miss, and the cost
    of one miss, selinux07 on the SH-4."""
    mean = {n: f.b[SH].mean("statn", "selinux07", n) for n in (500, 600)}
    miss = {n: avc_counts(f, SH, n) for n in (500, 600, 800, 1600)}
    stats = 2 * 600                     # the timed rounds of N = 600
    per_miss = (mean[600] - mean[500]) * stats / miss[600][1]
    files = {n: 100 * m / (l // 3) for n, (l, m) in miss.items() if l}
    return {n: show(figures.half_up(v, 1)) for n, v in mean.items()}, miss, files, per_miss


def knee_prose(f):
    """The knee from the means and the AVC's counters (seed 002 timed
    totals, so means): where it is, why its ratios are steeper than the
    seed's, and why the median puts it later."""
    rep = f.reps.get(SH)
    if rep is None or not rep.rows["AVCSTAT"] or f.b[SH].mean("statn", "selinux07", 500) is None:
        return ["- **The AVC knee.** (no AVCSTAT lines or means in the R2D+ log)"]
    whole, miss, files, per_miss = knee_counts(f)
    ratio = f.key(SH, f"statn{figures.STATN_N}_selinux07_round")
    return ["- **The AVC knee.** With the mean per stat (seed 002's times are totals,",
            f"  so means), `selinux07` costs {whole[500]} instructions per stat at N = 500",
            f"  and {whole[600]} at N = 600 on the SH-4: the knee is where the seed's is,",
            "  once N file types and the 2 directories pass the AVC's 512 nodes. Up to",
            f"  N = 500 every lookup hits ({miss[500][1]} misses); at 600, {miss[600][1]} of the "
            f"{miss[600][0] // 3} file",
            f"  checks miss ({files[600]:.0f}%), at 800 {files[800]:.0f}%, at 1600 "
            f"{files[1600]:.0f}% (the statn table's",
            "  counters). Not all, because the 2007 reclaim frees 16 nodes from its",
            "  hint onward, whatever was used last, so part of the working set",
            f"  survives. Each miss costs about {per_miss:,.0f} instructions (the security "
            "server",
            "  recomputes the decision from the rules and the node is inserted), where",
            f"  the whole stat costs about {whole[500]}: so a round of 600 costs "
            f"{ratio} times the round",
            "  of 500 here (mean per stat), against the seed's 2.28, whose lstat on a Pentium 4 carried",
            "  far more fixed cost per call around the same misses. The median puts",
            f"  the knee later ({f.cell(SH, 'statn', 'selinux07', 600)} at 600, "
            f"{f.cell(SH, 'statn', 'selinux07', 700)} at 700): it moves only once",
            "  more than half the stats miss. The tables have no cache and",
            "  no knee.",
            *bounds_prose(f.b[SH])]


def bounds_prose(b):
    """Seed 002's Bounds column: the same stats in a domain with a
    typebounds parent (statn-bounds), means per stat."""
    unb, bnd = b.mean("statn", "selinux07", 800), b.mean("statn-bounds", "selinux07", 800)
    if unb is None or bnd is None:
        return []
    return ["- **Typebounds.** In a domain with a typebounds parent (`statn-bounds`), a",
            f"  stat at N = 800 costs {show(figures.half_up(bnd / unb), '_round')} times the "
            "unbounded one under "
            "`selinux07`, against",
            f"  the seed's {72.730 / 59.908:.2f}: each miss also computes the parent's "
            "decision and masks",
            "  the child's with it (2.6.28's bounds step), which about doubles a miss in",
            "  this model; the seed's misses carried more fixed cost (allocation,",
            "  locking) that the step does not double. Below the knee the two are equal:",
            "  the step runs on misses only. The flat tables apply the bounds when the",
            "  policy is compiled, at no cost at run time."]


def walk(f):
    key = "check_walk_level"
    return [f"Each directory of a path adds {f.key(ARM, key)} instructions on ARM and "
            f"{f.key(SH, key)} on SH-4 to the walk",
            f"(`{key}`: the depth-8 walk's added cost less the depth-1 walk's, over 7,",
            "medians per call; the walk reads the task's row once; each directory costs",
            "its check's loads, test and branch, and on SH-4 the row pointer's reload",
            "from the stack)."]


def met(v, goal, unit=""):
    """A figure against its goal, said met or not."""
    return f"{show(v, unit)}{unit and ' %'} {'(met)' if v <= goal else '(not met)'}"


def latency_met(f, b):
    # The worst sample moves with where the few ticks of a phase fall,
    # which printing before it moves: the README states the goal's
    # side of it, which a boot does not change.
    # The application runs on the profiling table (kernel/profile.c).
    v = max(f.lat[(b, "bench", "flat")], f.lat[(b, "app", "profile")])
    return "under 4,000 (met)" if v <= 4000 else "over 4,000 (not met)"


FLOOR_BOARDS = [(SH, "R2D+ (SH-4)"), (ARM, "Verdex (XScale)"), ("mainstone", "Mainstone (XScale)")]


def floor_rows(f):
    """(what, goal, {board: cell}) of each goal, per board: the PXA270
    boards run the same code, and each is held to the goal."""
    boards = [b for b, _ in FLOOR_BOARDS if b in f.b]
    each = lambda make: {b: make(b) for b in boards}
    by_cpu = lambda sh, arm: lambda b: sh if b == SH else arm
    goal = lambda sh, arm: f"at most {sh} / {arm}"
    rows = [("null system call, its number checked against the table, insns", (47, 21),
             lambda b: f.get(b, "null", "flat")),
            ("switch between two ready tasks, memory protection on, insns", (136, 92),
             lambda b: f.get(b, "switch", "none")),
            ("1-byte read with no check (read, none), insns", (170, 110),
             lambda b: f.get(b, "read", "none"))]
    out = [(name, goal(*g), each(lambda b, g=g, v=v: met(v(b), by_cpu(*g)(b))))
           for name, g, v in rows]
    return out + [
        ("security work in a 1-byte read (check_read_site: flat minus none), insns",
         "at most 3", each(lambda b: met(f.keys[b]["check_read_site"], 3))),
        ("security work in a 1-byte write (flat minus none), insns", "at most 3",
         each(lambda b: met(f.keys[b]["write_added"], 3))),
        ("the monitor's share of a stat ((flat - none) / flat)", "at most 3 %",
         each(lambda b: met(figures.share(f.b[b], "stat", "flat"), 3, "_share"))),
        ("the monitor's share of a depth-8 walk (walk8_flat_share)", "at most 3 %",
         each(lambda b: met(f.keys[b]["walk8_flat_share"], 3, "_share"))),
        ("worst tick latency, flat benchmarks and profiled application, insns",
         "at most 4,000", each(lambda b: latency_met(f, b)))]


def floor(f):
    """The kernel's costs against the goals it is held to (README, "Close
    to the floor"): what is met is marked so by the figures themselves."""
    names = [name for b, name in FLOOR_BOARDS if b in f.b]
    out = ["| medians per call | goal | " + " | ".join(names) + " |", "|---" * (2 + len(names)) + "|"]
    out += [f"| {name} | {goal} | " + " | ".join(cells.values()) + " |"
            for name, goal, cells in floor_rows(f)]
    return out + tables_rows(f, len(names))


def tables_rows(f, columns):
    out = []
    same = " same tables |" * (columns - 1)
    if f.tables is not None:
        out.append(f"| device policy tables, bytes | at most 2,048 | {met(table_bytes(f.tables), 2048)} |"
                   + same)
    fw = f.firmware_tables
    if fw.get(SH) is not None:
        out.append(f"| the firmware's tables (device and {f.statn_last():,} statn labels), "
                   f"bytes | | " + " | ".join(str(fw.get(b, "")) for b, _ in FLOOR_BOARDS
                                              if b in f.b) + " |")
    return out


def seed000_rows(benches, unit):
    out = [f"| CPU, call ({unit}, median per call) | none | selinux07 | overhead | seed, 2007 | "
           "selinux07tuned | overhead | seed, tuned | flat | overhead |", "|---" * 10 + "|"]
    for board, cpu in ((SH, "sh4"), (ARM, "arm")):
        b, seed = benches[board], report.SEED000[cpu][1]
        for op in ("read", "write"):
            cells = [f"{CPU_NAME[cpu]}, {op}", show(b.median(op, "none"))]
            for s, seen in (("selinux07", seed[op][0]), ("selinux07tuned", seed[op][1]),
                            ("flat", None)):
                pct = figures.percent(b.added(op, s), b.median(op, "none"))
                cells += [show(b.median(op, s)), f"{show(pct, '_pct')} %"]
                cells += [] if seen is None else [f"{seen} %"]
            out.append("| " + " | ".join(cells) + " |")
    return out


CPU_NAME = report.CPU_NAME


def seed000(f):
    """Seed 000 on both CPUs: what a check adds to a 1-byte read and write."""
    return seed000_rows(f.b, "insns")


def seed000_cycles(f):
    """The same under the CPUs' timing models, in est-cycles."""
    return seed000_rows(f.est_b, "est-cycles")


def calib_rows(rep):
    return {r["name"]: r for r in rep.rows["CALIB"] if r["unit"] == "est-cycles"}


CALLS = {SH: ("SH-4", ["bsr-rts-leaf", "jsr-rts-leaf", "bsr-rts-frame"]),
         ARM: ("XScale", ["call-leaf", "call-nonleaf"])}


def causes_text(row):
    parts = [(c, float(row[c])) for c in report.CAUSES if row.get(c) and float(row[c]) > 0]
    return ", ".join(f"{c} {v:g}" for c, v in sorted(parts, key=lambda p: -p[1]))


def calls(f):
    """What a call costs each CPU under its model: the calibration's calls."""
    out = ["| CPU | sequence (one body) | insns | est-cycles | the manual | by cause |",
           "|---|---|---|---|---|---|"]
    for board, (cpu, names) in CALLS.items():
        rows = calib_rows(f.est[board])
        for name in names:
            r = rows.get(name)
            if r:
                out.append(f"| {cpu} | {name} | {float(f.calib_insns.get((board, name), 0)):g} | "
                           f"{float(r['got']):g} | {float(r['expect']):g} | {causes_text(r)} |")
    return out


def tuning_removed(b, op):
    """The share of selinux07's added cost that the tuning removes, medians."""
    old, new = b.added(op, "selinux07"), b.added(op, "selinux07tuned")
    return None if old is None or new is None or not old else figures.percent(old - new, old)


def seed_removed(cpu, op):
    before, after = report.SEED000[cpu][1][op]
    return 100 * (before - after) / before


def extra_causes(rep, op, strategy):
    row = {r["strategy"]: r for r in rep.rows["CAUSES"] if r["bench"] == op and r["arg"] == "0"}
    if strategy not in row or "none" not in row:
        return ""
    extra = {c: float(row[strategy][c]) - float(row["none"][c]) for c in report.CAUSES}
    total = sum(extra.values())
    top = sorted(((v, c) for c, v in extra.items() if v > 0), reverse=True)[:4]
    return ", ".join(f"{c} {100 * v / total:.0f} %" for v, c in top) if total > 0 else ""


def answer_row(f, board, cpu):
    est, ins = f.est_b[board], f.b[board]
    cells = [CPU_NAME[cpu], show(est.added("read", "selinux07")),
             f"{show(tuning_removed(est, 'read'), '_pct')} %",
             f"{show(tuning_removed(ins, 'read'), '_pct')} %",
             show(est.added("read-cold", "selinux07")),
             f"{show(tuning_removed(est, 'read-cold'), '_pct')} %",
             f"{seed_removed(cpu, 'read'):.0f} %"]
    return "| " + " | ".join(cells) + " |"


def answer(f):
    """Seed 000's question, from the models' own figures."""
    sh, arm = calib_rows(f.est[SH]), calib_rows(f.est[ARM])
    g = lambda rows, n: float(rows[n]["got"]) if n in rows else 0.0
    out = ["| CPU, read (medians per call) | selinux07 adds (est-cycles) | the tuning removes "
           "| of the instructions | cold I-cache: adds | removes | the seed's tuning removed |",
           "|---" * 7 + "|", answer_row(f, SH, "sh4"), answer_row(f, ARM, "arm")]
    leaf, frame = g(sh, "bsr-rts-leaf"), g(sh, "bsr-rts-frame")
    aleaf, aframe = g(arm, "call-leaf"), g(arm, "call-nonleaf")
    out += ["", f"Where selinux07's extra cycles go in the warm read (the causes' means per "
            f"call): on the SH-4 "
            f"{extra_causes(f.est[SH], 'read', 'selinux07')}; on the XScale "
            f"{extra_causes(f.est[ARM], 'read', 'selinux07')}. A leaf call and return costs the "
            f"SH-4 {leaf:g} est-cycles and {frame:g} with its frame's `sts.l pr` and `lds.l pr` "
            f"({frame * 1000 / 240:.0f} ns at 240 MHz); the XScale {aleaf:g}, and {aframe:g} with "
            f"`stmfd` and `ldmfd ... pc` ({aframe * 1000 / 416:.0f} ns at 416 MHz)."]
    return out


def statn_cell(b, strategy, n):
    """The mean per stat at N, and the round of N against the round of 500."""
    mean = b.mean("statn", strategy, n)
    if mean is None:
        return ""
    ratio = figures.round_ratio(b, "statn", strategy, n)
    return f"{show(figures.half_up(mean, 1))} ({show(ratio, '_round')})"


def seed002(f):
    """Seed 002 on both CPUs: a stat over N labels, beside the seed's times."""
    strategies = ("flat", "selinux07", "selinux07tuned")
    seeds = report.SEED002_COLUMNS["statn"]
    ns = sorted({arg for (bench, s, arg) in f.b[SH].rows if (bench, s) == ("statn", "flat")})
    head = [f"N: mean per stat ({f.b[SH].unit}), (round of N against the round of 500)"]
    head += [f"{CPU_NAME[c]} {s}" for c in ("sh4", "arm") for s in strategies]
    out = ["| " + " | ".join(head + [f"seed: {c}" for c in seeds]) + " |", "|---" * 9 + "|"]
    for n in ns:
        cells = [statn_cell(f.b[board], s, n) for board in (SH, ARM) for s in strategies]
        out.append(f"| {n} | " + " | ".join(cells + [report.seed_cell(c, n) for c in seeds]) + " |")
    return out


def plot(f, path):
    """The README's plot: seed 002's figure, SH-4 beside XScale."""
    import report_plots
    return report_plots.statn_plot([f.reps[SH], f.reps[ARM]], path)


BOOT_HEAD = ("mac-fw: ", "counter: ", "counter self-check: ", "policy: ")


def boot(f):
    """The sample boot: the R2D+ log's own lines, a few of each part."""
    lines = f.texts[SH].splitlines()
    head = [l for l in lines if l.startswith(BOOT_HEAD)][:len(BOOT_HEAD)]
    first = next(l for l in lines if l.startswith("BENCH ") and " bench=null " in l)
    hook = [l for l in lines if re.match(r"\[pid \d+ update(r|-hook)\] ", l)
            or l.startswith("avc:  denied ")]
    profile = [l for l in lines if l.startswith("-- table profile:")][:1]
    out = head + [first, "..."] + hook + ["..."] + profile + ["..."] + summary_block(lines)
    return ["    " + l for l in out]


def glance(f):
    """Each CPU's closing summary as its boot prints it, without the SUMMARY line."""
    out = []
    for board, cpu in ((SH, "R2D+, SH-4"), (ARM, "Verdex, XScale")):
        rows = summary_block(f.texts[board].splitlines())[:-2]
        out += [f"The end of a boot on the {cpu} (`make run BOARD={board}`):", ""]
        out += ["    " + l for l in rows] + [""]
    return out[:-1]


def summary_block(lines):
    """The boot's closing summary, whole, and the boot's last line."""
    start = next(i for i, l in enumerate(lines) if l.startswith("-- table summary:"))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("SUMMARY "))
    last = [l for l in lines[end:] if l.startswith("all tasks have exited")][:1]
    return lines[start:end + 1] + last


MACPOLC = re.compile(r"mac-polc: (.*?): tables (\d+) bytes \((.*?); cells")


def polc_report(path):
    """(what, bytes, parts) of mac-polc's size line."""
    m = MACPOLC.search(open(path).read())
    if not m:
        sys.exit(f"readme-figures: {path}: no 'tables N bytes (...)' in mac-polc's report")
    return m[1], int(m[2]), m[3]


def monitor_tables(f):
    what, size, parts = polc_report(f.tables)
    fw_what, fw_size, fw_parts = polc_report(f.fw_tables)
    return [f"Device policy and manifest: {what}: {size} bytes of tables on a 32-bit",
            f"target ({parts}), as `mac-polc` prints it (`make bench` keeps it in",
            "`build/host/device/tables.txt`). The firmware, with the `statn` benchmark's",
            f"{f.statn_last()} more labels: {fw_what}, {fw_size} bytes ({fw_parts};",
            "`build/<board>/firmware/gen/tables.txt`), as its boot's `policy:` line says."]


# The Linux peer beside the firmware: the calls of the floor, the walk and
# statn, each check against its own unchecked call.
LINUX_CALLS = [("null system call", "null", 0), ("read 1 byte of /dev/zero", "read", 0),
               ("write 1 byte to /dev/null", "write", 0), ("stat /etc/hostname", "stat", 0),
               ("walk: stat of a path of depth 1", "walk", 1),
               ("walk: stat of a path of depth 8", "walk", 8)]
LINUX_STATN = (500, 600, 1600)
LINUX_COLUMNS = ("none", "flat", "linux-nolsm", "linux")


def linux_boards(f):
    """(board, its name) of each board the peer ran on, in the floor's order."""
    return [(b, name) for b, name in FLOOR_BOARDS if b in f.linux]


def mean_added(b, strategy, n):
    """mean(S) - mean(its baseline) per stat, in whole instructions."""
    none, v = b.mean("statn", figures.baseline(strategy), n), b.mean("statn", strategy, n)
    return "" if none is None or v is None else f"+{show(figures.half_up(v - none, 1))}"


def linux_table(f):
    out = ["| board, call (insns: median per call; statn: mean per stat, (round of N against "
           "the round of 500)) | none | flat | the check: flat - none | linux-nolsm | linux | "
           "the check: linux - linux-nolsm |", "|---" * 7 + "|"]
    for board, name in linux_boards(f):
        b = f.linux[board].measured
        for what, bench, arg in LINUX_CALLS:
            none, flat, nolsm, linux = (show(b.median(bench, s, arg)) for s in LINUX_COLUMNS)
            out.append(f"| {name}, {what} | {none} | {flat} | {added_cell(b, bench, arg)} | "
                       f"{nolsm} | {linux} | {added_cell(b, bench, arg, 'linux')} |")
        for n in LINUX_STATN:
            none, flat, nolsm, linux = (statn_cell(b, s, n) for s in LINUX_COLUMNS)
            out.append(f"| {name}, statn at N = {n} | {none} | {flat} | {mean_added(b, 'flat', n)} "
                       f"| {nolsm} | {linux} | {mean_added(b, 'linux', n)} |")
    return out


def linux_costs(f):
    """Each CPU's check at the read site beside Linux's SELinux at its
    own, where the peer's two logs of the board were given."""
    out = []
    for board, _ in linux_boards(f):
        b = f.linux[board].measured
        here, linux = b.added("read", "flat"), b.added("read", "linux")
        if here is not None and linux is not None:
            out.append((report.CPU_NAME.get(f.linux[board].cpu, board), show(here), show(linux)))
    return out


def linux_sentence(f):
    costs = linux_costs(f)
    if not costs:
        return ("(Linux's check needs both of a board's peer logs, with SELinux and with no LSM: "
                "`make peer`.)")
    (cpu, here, linux), rest = costs[0], costs[1:]
    return (f"A check here costs {here} instructions on the {cpu}, Linux's SELinux {linux} on "
            "the same CPU" + "".join(f"; on the {c}, {h} and {l}" for c, h, l in rest) +
            " (a 1-byte read of `/dev/zero`, medians per call: flat - none, and linux - "
            "linux-nolsm).")


def linux(f):
    """The firmware beside Debian's Linux 6.1 on the same QEMU machine
    (make peer): what each system's check adds to its own unchecked call."""
    return linux_table(f) + [""] + textwrap.wrap(linux_sentence(f), 78)


def linux_cycles_read(f):
    """[(cpu, here, linux, " (ratio)")]: the read's check in est-cycles,
    here and in Linux, per CPU; [] without the peer's cycles logs."""
    if not getattr(f, "peer_cycles", None) or not f.peer_cycles[0]:
        return []
    parts = []
    for cpu, fw, board in LINUX_CYCLES_CPUS:
        est = f.peer_cycles[0].get((board, "est-cycles"))
        here = f.est[fw].measured.added("read", "flat")
        linux = est.added("read", "linux") if est else None
        ratio = linux_ratio(here, linux)
        parts.append((CPU_NAME[cpu], show(here), show(linux),
                      f" ({ratio})" if ratio not in ("", "-") else ""))
    return parts


def linux_cycles_sentence(f):
    """The read's check in est-cycles, here and in Linux, per CPU."""
    parts = linux_cycles_read(f)
    if not parts:
        return ""
    (cpu, here, linux, ratio), rest = parts[0], parts[1:]
    return (f" In time, under the same timing model (`make peer-cycles`), the check adds {here} "
            f"est-cycles to the read on the {cpu} and Linux's SELinux {linux}{ratio}" +
            "".join(f"; on the {c}, {h} and {l}{r}" for c, h, l, r in rest) + ".")


def linux_claims(f):
    """The same sentence, for the Linux page's opening."""
    where = ("Debian's Linux 6.1 on the same QEMU machines (`make peer`, "
             "[below](#linux-beside-it-make-peer))")
    if not linux_costs(f):
        return textwrap.wrap(f"({where}: {linux_sentence(f)[1:-2]}.)", 78)
    text = linux_sentence(f)
    return textwrap.wrap(f"Beside {where}: " + text[0].lower() + text[1:] +
                         linux_cycles_sentence(f), 78)


# Seed 000 for Linux 6.1 in time (make peer-cycles): each CPU's peer
# beside its firmware under the same timing model, the firmware's
# est-cycles from the short run (cycles-test); the XScale's peer runs on
# the Mainstone, its firmware's figures are the Verdex's (the same CPU,
# the same model and image).
LINUX_CYCLES_CPUS = [("sh4", SH, "r2dplus"), ("arm", ARM, "mainstone")]
LINUX_CYCLES_CALLS = [("read", "read"), ("write", "write"),
                      ("read, I-cache cold", "read-cold"), ("write, I-cache cold", "write-cold")]


def peer_cycles_benches(paths):
    """{(board, unit): figures.Bench} of the peer's cycles logs, linux
    and linux-nolsm together; {(board, strategy, bench): causes}."""
    rows, causes = {}, {}
    for path in paths:
        try:
            parts = report.read_peer(path)
        except report.LogError as e:
            sys.exit(f"readme-figures: {e}")
        for part in parts:
            rows.setdefault((part.board, part.unit), []).extend(part.rows["BENCH"])
            for r in part.rows["CAUSES"]:
                causes[(part.board, part.strategy, r["bench"])] = {c: float(r[c])
                                                                   for c in report.CAUSES}
    return {k: figures.Bench(k[0], k[1], v) for k, v in rows.items()}, causes


def linux_cycles_row(f, cpu, fw, board, what, bench):
    ins, est = f.peer_cycles[0].get((board, "insns")), f.peer_cycles[0].get((board, "est-cycles"))
    if ins is None or est is None:
        sys.exit(f"readme-figures: the peer's cycles logs lack {board}'s insns or est-cycles "
                 "lines (make peer-cycles)")
    here, linux = f.est[fw].measured.added(bench, "flat"), est.added(bench, "linux")
    ratio = linux_ratio(here, linux)
    return (f"| {CPU_NAME[cpu]}, {what} | {show(ins.median(bench, 'linux-nolsm'))} | "
            f"{show(ins.median(bench, 'linux'))} | {added_cell(ins, bench, 0, 'linux')} | "
            f"{show(est.median(bench, 'linux-nolsm'))} | {show(est.median(bench, 'linux'))} | "
            f"{added_cell(est, bench, 0, 'linux')} | {show(here)} | {ratio} |")


def linux_ratio(here, linux):
    """Linux's SELinux over the firmware's check; none where the check
    came out at or below nothing (a layout's luck in the 2-way caches)."""
    if here is None or linux is None:
        return ""
    return f"{show(figures.half_up(linux / here, figures.Decimal(1)))}x" if here > 0 else "-"


def linux_extra_causes(f, board, bench):
    """linux - linux-nolsm by cause, means per call, or None."""
    causes = f.peer_cycles[1]
    a, b = causes.get((board, "linux", bench)), causes.get((board, "linux-nolsm", bench))
    return None if a is None or b is None else {c: a[c] - b[c] for c in report.CAUSES}


def linux_causes_rows(f):
    out = ["| CPU, call (est-cycles SELinux adds, by cause: means per call) | " +
           " | ".join(report.CAUSES) + " | the I-cache's share |", "|---" * 10 + "|"]
    for cpu, _, board in LINUX_CYCLES_CPUS:
        for what, bench in LINUX_CYCLES_CALLS:
            extra = linux_extra_causes(f, board, bench)
            if extra is None:
                continue
            out.append(f"| {CPU_NAME[cpu]}, {what} | " +
                       " | ".join(f"{extra[c]:.1f}" for c in report.CAUSES) +
                       f" | {show(imiss_share(f, board, bench))} % |")
    return out


def imiss_share(f, board, bench):
    """The I-cache misses' share of what SELinux adds, in percent."""
    extra = linux_extra_causes(f, board, bench)
    total = sum(extra.values()) if extra else 0
    if total <= 0:
        return None
    return figures.percent(figures.Decimal(str(extra["imiss"])), figures.Decimal(str(total)))


def linux_cycles_answer(f):
    """Is Linux's SELinux dearer in time on the SH-4, and is it the I-cache?"""
    est = {cpu: f.peer_cycles[0][(board, "est-cycles")] for cpu, _, board in LINUX_CYCLES_CPUS}
    ins = {cpu: f.peer_cycles[0][(board, "insns")] for cpu, _, board in LINUX_CYCLES_CPUS}
    share = {(cpu, bench): imiss_share(f, board, bench) for cpu, _, board in LINUX_CYCLES_CPUS
             for bench in ("read", "read-cold")}
    warm = {cpu: figures.overhead(est[cpu], "read", "linux") for cpu in est}
    cold = {cpu: figures.overhead(est[cpu], "read-cold", "linux") for cpu in est}
    dearer = warm["sh4"] > warm["arm"]
    seed_sh4, seed_arm = (report.SEED000[cpu][1]["read"][0] for cpu in ("sh4", "arm"))
    small = max(share["sh4", "read"] or 0, share["arm", "read"] or 0) < 10
    warm_icache = ("the instruction cache is not where it goes: its misses are" if small else
                   "the instruction cache's misses are")
    seed = ("as on seed 000's 2007 kernels" if dearer == (seed_sh4 > seed_arm) else
            "the other way round from seed 000's 2007 kernels")
    return textwrap.wrap(
        f"In time, Linux 6.1's SELinux adds {show(warm['sh4'])} % to a warm 1-byte read on "
        f"the SH-4 and {show(warm['arm'])} % on the XScale (in insns "
        f"{show(figures.overhead(ins['sh4'], 'read', 'linux'))} % and "
        f"{show(figures.overhead(ins['arm'], 'read', 'linux'))} %): relatively "
        f"{'dearer' if dearer else 'cheaper'} on the SH-4, {seed} ({seed_sh4} % against {seed_arm} %). "
        f"Warm, {warm_icache} "
        f"{show(share['sh4', 'read'])} % of what SELinux adds on the SH-4 and "
        f"{show(share['arm', 'read'])} % on the XScale. With the I-cache cold they are "
        f"{show(share['sh4', 'read-cold'])} % and {show(share['arm', 'read-cold'])} %, and "
        f"the overheads {show(cold['sh4'])} % and {show(cold['arm'])} %.", 78)


def linux_cycles(f):
    """Seed 000 for Linux 6.1 in insns and est-cycles, warm and cold, the
    firmware's check beside it in the same model and unit."""
    out = ["| CPU, call (medians per call) | Linux insns: linux-nolsm | linux | SELinux adds | "
           "est-cycles: linux-nolsm | linux | SELinux adds | the firmware's check adds "
           "(est-cycles: flat - none) | Linux's SELinux / the firmware's check |", "|---" * 9 + "|"]
    for cpu, fw, board in LINUX_CYCLES_CPUS:
        out += [linux_cycles_row(f, cpu, fw, board, what, bench)
                for what, bench in LINUX_CYCLES_CALLS]
    note = []
    if any(row.endswith("| - |") for row in out):
        note = [""] + textwrap.wrap(
            "A `-`: the firmware's flat call came out no dearer than its unchecked one under "
            "the model. The check's few instructions are then outweighed by where the two "
            "strategies' code falls in the caches ([the layouts](timing.md#layouts-make-layouts)): "
            "there is no ratio to take.", 78)
    return out + note + [""] + linux_causes_rows(f) + [""] + linux_cycles_answer(f)


# Seed 000's tuning, attributed (make seed000: tools/seed000.py's
# attribution.txt of each CPU's board): the read's rows.
SEED000_ROWS = [("seed", "the seed: lmbench, its times at the CPU's clock (cycles)"),
                ("gcc12", "GCC 12, one file (`SEL07_BUILD=gcc12`)"),
                ("2007", "2.6.22's files and flags (the default build)"),
                ("nostrcalls", "the same, memset and memcpy inline (`SEL07_STRCALLS=0`)"),
                ("noframes", "the same, no APCS frames (`SEL07_FRAMES=0`)"),
                ("layouts", "the default build across {n} link layouts (`make layouts`), min to max"),
                ("range-mid", "the default image as linked (`make`), the model's parameters as "
                              "its tables have them"),
                ("range-lo", "the same, the model's ranged parameters at their low ends "
                             "(`make cycles-range`)"),
                ("range-hi", "the same at their high ends"),
                ("causes:misses", "of the default build's: cache misses (imiss, dmiss; means)"),
                ("causes:pipeline", "of the default build's: the pipeline (issue, operand, serial, "
                                    "branch; means)")]
SEED000_COLUMNS = ("adds", "tuned_adds", "takes_off", "share_pct")


def seed000_lines(paths):
    """{(cpu, call, row): {column: text}} of attribution.txt files."""
    out = {}
    for path in paths:
        for line in open(path):
            if line.startswith("SEED000 "):
                r = figures.fields(line)
                name, _, n = r["row"].partition(":")
                row = r["row"] if name == "causes" else name
                out[(r["cpu"], r["call"], row)] = dict(r, n=n)
    if not {("sh4", "read", "2007"), ("arm", "read", "2007")} <= set(out):
        sys.exit("readme-figures: the --seed000 files need both CPUs' rows (make seed000)")
    return out


def seed000_value(f, cpu, row, column):
    r = f.seed000.get((cpu, "read", row), {})
    return r.get(column)


def seed000_cell(text, column):
    if text is None:
        return ""
    text = text.replace("..", " to ")
    return f"{text} %" if column == "share_pct" else text


def seed000_attribution_rows(f):
    out = ["| CPU, read (est-cycles, medians per call) | selinux07 adds | selinux07tuned adds | "
           "the tuning takes off | its share of what selinux07 adds |", "|---" * 5 + "|"]
    for cpu in ("sh4", "arm"):
        for row, label in SEED000_ROWS:
            r = f.seed000.get((cpu, "read", row))
            if r is None:
                continue
            out.append(f"| {CPU_NAME[cpu]}: {label.format(n=r['n'])} | " + " | ".join(
                seed000_cell(r.get(c), c) for c in SEED000_COLUMNS) + " |")
    return out


def seed000_delta(f, cpu, row, column):
    """The default build's figure less another build's: what that factor adds."""
    a, b = seed000_value(f, cpu, "2007", column), seed000_value(f, cpu, row, column)
    return None if a is None or b is None else figures.Decimal(a) - figures.Decimal(b)


def seed000_share(f, cpu, row):
    v = seed000_value(f, cpu, row, "share_pct")
    return None if v is None else figures.Decimal(v)


def seed000_answer(f):
    """What the attribution explains on each CPU, from its figures."""
    v = lambda cpu, row, c="share_pct": seed000_value(f, cpu, row, c)
    lo, hi = (figures.Decimal(x) for x in v("arm", "layouts").split(".."))
    seed_arm = seed000_share(f, "arm", "seed")
    within = "within" if lo <= seed_arm <= hi else "outside"
    arm = (f"On the XScale, 2.6.22's build reproduces the seed's tuning: it takes off "
           f"{v('arm', '2007')} % of what selinux07 adds ({lo} % to {hi} % across the layouts), "
           f"the seed's {seed_arm} % is {within} that range; without the APCS frames "
           f"(`SEL07_FRAMES=0`) the share is {v('arm', 'noframes')} %, and in GCC 12's one "
           f"file {v('arm', 'gcc12')} %: every call the tuning removes carried a frame.")
    slo, shi = (figures.Decimal(x) for x in v("sh4", "layouts").split(".."))
    seed_sh4 = seed000_share(f, "sh4", "seed")
    reach = "no layout reaches" if shi < seed_sh4 else "a layout reaches"
    strc = seed000_delta(f, "sh4", "nostrcalls", "adds")
    sh4 = (f"On the SH-4 it does not: the tuning takes off {v('sh4', '2007')} % ({slo} % to "
           f"{shi} % across the layouts: {reach} the seed's {seed_sh4} %); GCC 12's one file "
           f"{v('sh4', 'gcc12')} %, without the calls to memset and memcpy "
           f"{v('sh4', 'nostrcalls')} %. Those calls add {show(strc)} est-cycles to the "
           f"untuned read, and the tuned path keeps them. The model's parameters at their "
           f"ranges' ends give {v('sh4', 'range-lo')} % and {v('sh4', 'range-hi')} % "
           f"({v('sh4', 'range-mid')} % as its tables have them). And the "
           f"seed's absolute figures are out of reach: 2.6.22's SELinux added "
           f"{v('sh4', 'seed', 'adds')} cycles to a read and its tuning took "
           f"{v('sh4', 'seed', 'takes_off')} off, where the whole 2007 check here adds "
           f"{v('sh4', '2007', 'adds')} est-cycles.")
    wrap = lambda text: textwrap.wrap(text, 78, break_on_hyphens=False)
    return wrap(arm) + [""] + wrap(sh4)


def seed000_attribution(f):
    return seed000_attribution_rows(f) + [""] + seed000_answer(f)


# The README's headline: each seed's question, the seed's figure (as the
# report states it) and ours on each CPU, and Linux 6.1's check beside the
# firmware's. Each row names the command whose output holds its figures
# (tests/docs-test.py looks them up there): `make run`'s boot (insns) and
# `make cycles-test`'s (est-cycles) print the same summary lines; the
# Linux rows are make bench's, made from the peer's logs and otherwise
# left as they are, as the Linux page's blocks are.
HEADLINE_HEAD = ["| the seed's question | the seed's figure | here: SH-4 (R2D+) | "
                 "here: XScale (PXA270) | from |", "|---|---|---|---|---|"]
LINUX_ROW = "| [Linux 6.1](docs/linux.md)"
SEED000_SH, SEED000_ARM = report.SEED000["sh4"][1], report.SEED000["arm"][1]
HEADLINE_ROWS = [
    ("[seed 000](docs/seed000.md) read: what SELinux's check adds to a 1-byte read",
     f"+{SEED000_SH['read'][0]} % (SH7751R), +{SEED000_ARM['read'][0]} % (PXA270)",
     lambda k: f"+{k['read_pct']} % (+{k['read_added']} insns); selinux07 "
               f"+{k['read_selinux07_pct']} %", "`make run`"),
    ("[seed 000](docs/seed000.md) write: the same for a 1-byte write",
     f"+{SEED000_SH['write'][0]} % (SH7751R), +{SEED000_ARM['write'][0]} % (PXA270)",
     lambda k: f"+{k['write_pct']} % (+{k['write_added']} insns); selinux07 "
               f"+{k['write_selinux07_pct']} %", "`make run`"),
    ("[seed 000](docs/seed000.md) read, in time: why did inlining pay more on the SH-4? "
     "Not for its calls: [the attribution](docs/seed000.md#are-function-calls-heavy-on-the-sh-4)",
     f"tuned: {SEED000_SH['read'][0]} % to {SEED000_SH['read'][1]} % (SH7751R), "
     f"{SEED000_ARM['read'][0]} % to {SEED000_ARM['read'][1]} % (PXA270)",
     lambda k: f"+{k['read_pct']} %; selinux07 +{k['read_selinux07_pct']} %, tuned "
               f"+{k['read_selinux07tuned_pct']} % (est-cycles)", "`make cycles-test`"),
    ("[seed 002](docs/seed002.md) stat: a round of 600 labels against one of 500 (the AVC's "
     "knee)", f"{report.SEED002_ROUND['no bounds, patched']:.2f}",
     lambda k: f"{k['statn600_flat_round']}; selinux07 {k['statn600_selinux07_round']}",
     "`make run`"),
    ("[seed 003](docs/seed003.md) walk of depth 8: the monitor's share",
     f"{report.SEED003_SHARE:.2f} %",
     lambda k: f"{k['walk8_flat_share']} %; selinux07 {k['walk8_selinux07_share']} %",
     "`make run`"),
    ("[seed 004](docs/seed004.md) label lookup among 600, insns", "~200 tries a lookup",
     lambda k: f"{k['label600_flat']}; smack {k['label600_smack']}, smackhash "
               f"{k['label600_smackhash']}, smackfix {k['label600_smackfix']}", "`make run`"),
]


def headline_linux(f):
    """The Linux rows: the check at the read here against Linux's SELinux,
    in insns (make peer) and in est-cycles (make peer-cycles)."""
    insns = {cpu: (here, linux, "") for cpu, here, linux in linux_costs(f)}
    est = {cpu: (here, linux, ratio) for cpu, here, linux, ratio in linux_cycles_read(f)}

    def cell(figs, cpu, unit):
        here, linux, ratio = figs.get(cpu, ("-", "-", ""))
        return f"{here} here, {linux} Linux's SELinux {unit}{ratio}"
    return [f"{LINUX_ROW}: a check at a 1-byte read, beside Linux's SELinux | | "
            f"{cell(insns, 'SH-4', 'insns')} | {cell(insns, 'XScale', 'insns')} | `make bench` |",
            f"{LINUX_ROW}: the same in time | | {cell(est, 'SH-4', 'est-cycles')} | "
            f"{cell(est, 'XScale', 'est-cycles')} | `make bench` |"]


def headline(f):
    out = list(HEADLINE_HEAD)
    for question, seed, cell, command in HEADLINE_ROWS:
        keys = f.est_keys if "cycles-test" in command else f.keys
        out.append(f"| {question} | {seed} | {cell(keys[SH])} | {cell(keys[ARM])} | {command} |")
    if f.linux:
        return out + headline_linux(f)
    old = re.search(r"<!-- figures:headline -->\n(.*?)<!-- /figures:headline -->", f.old, re.S)
    return out + [l for l in (old[1] if old else "").splitlines() if l.startswith(LINUX_ROW)]


SECTIONS = {"seed000": seed000, "seed000-cycles": seed000_cycles, "calls": calls,
            "answer": answer, "seed002": seed002, "floor": floor, "claims": claims,
            "walk": walk, "main": main_table, "models": models_table,
            "models-prose": models_prose, "knee": knee_prose, "smack": smack_prose,
            "boot": boot, "sites": sites, "glance": glance, "tables": monitor_tables,
            "headline": headline}


def polc_lines(path):
    """make bench-polc's tables, as it printed them."""
    lines = open(path).read().strip("\n").split("\n")
    if not lines[0].startswith("| statn types |"):
        sys.exit(f"readme-figures: {path} is no make bench-polc output")
    return lines


def documents(readme):
    """The files that hold figures: the README and the manual's pages."""
    docs = os.path.join(os.path.dirname(os.path.abspath(readme)), "docs")
    return [readme] + sorted(glob.glob(os.path.join(docs, "*.md")))


def rewrite(texts, f, sections):
    """{path: text} with each section's block made anew; a section's
    markers must be in exactly one of the documents, once."""
    texts = dict(texts)
    for name, make in sections.items():
        begin, end = f"<!-- figures:{name} -->", f"<!-- /figures:{name} -->"
        where = [p for p, text in texts.items() if begin in text or end in text]
        if len(where) != 1 or any(texts[p].count(m) != 1 for p in where for m in (begin, end)):
            sys.exit(f"readme-figures: {begin} ... {end} must be in one document, once "
                     f"(found in: {', '.join(where) or 'none'})")
        head, rest = texts[where[0]].split(begin, 1)
        _, tail = rest.split(end, 1)
        texts[where[0]] = head + begin + "\n" + "\n".join(make(f)) + "\n" + end + tail
    return texts


def table_bytes(path):
    """The size mac-polc reported ("tables N bytes") in its output."""
    return polc_report(path)[1]


def firmware_tables(texts):
    """{board: bytes} from each boot's "policy: ..., tables N bytes" line."""
    out = {}
    for board, text in texts.items():
        m = re.search(r"^policy: .*, tables (\d+) bytes\s*$", text, re.M)
        if m:
            out[board] = int(m.group(1))
    return out


def plot_check(f, readme, mode):
    """Writes the README's plot, or tells whether it is this code's."""
    path = os.path.join(os.path.dirname(os.path.abspath(readme)), "docs", "statn.png")
    if mode == "write":
        os.makedirs(os.path.dirname(path), exist_ok=True)
        plot(f, path)
        return True
    with tempfile.TemporaryDirectory() as tmp:
        new = open(plot(f, os.path.join(tmp, "statn.png")), "rb").read()
    ok = os.path.exists(path) and open(path, "rb").read() == new
    if not ok:
        print(f"readme-figures: {path} is not the plot of these logs (make bench redraws it)")
    return ok


def arguments():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", metavar="README")
    mode.add_argument("--check", metavar="README")
    p.add_argument("--tables", required=True, help="mac-polc's report of the device policy")
    p.add_argument("--fw-tables", required=True, help="the R2D+ firmware's gen/tables.txt")
    p.add_argument("--disasm", nargs=2, required=True, metavar=("R2DPLUS", "VERDEX"),
                   help="make check-disasm's output of each board")
    p.add_argument("--cycles", nargs="+", required=True, help="the cycles-test boot logs")
    p.add_argument("--polc", metavar="FILE",
                   help="make bench-polc's output, for the polc block (--write only: its times "
                        "move with the host's load)")
    p.add_argument("--peer", action="append", default=[], metavar="PEERLOG",
                   help="the Linux peer's logs (make peer), for the linux blocks (make bench: "
                        "make test builds no Linux)")
    p.add_argument("--peer-cycles", action="append", default=[], metavar="CYCLESLOG",
                   help="the Linux peer's boots under the timing models (make peer-cycles: "
                        "build/peer/<board>/<kind>.cycles.log), for the linux-cycles block")
    p.add_argument("--seed000", action="append", default=[], metavar="ATTRIBUTION",
                   help="make seed000's build/<board>/seed000/attribution.txt of each CPU, for "
                        "the seed000-attribution block (make bench)")
    p.add_argument("logs", nargs="+", help="the boot logs: r2dplus and verdex, mainstone for the floor table")
    return p.parse_args()


def load(a):
    """The Figures of the command line's files."""
    try:
        reports = report.read_logs(a.logs)
        under_model = report.read_logs(a.cycles)
    except report.LogError as e:
        sys.exit(f"readme-figures: {e}")
    est = [r for r in under_model if r.unit == "est-cycles"]
    if not {SH, ARM} <= {rep.board for rep in est}:
        sys.exit("readme-figures: the --cycles logs need est-cycles lines of r2dplus and verdex")
    if not {SH, ARM} <= {rep.board for rep in reports}:
        sys.exit("readme-figures: the logs need BENCH lines of r2dplus and verdex")
    texts = {}
    for path in a.logs:
        text = open(path).read()
        texts.update({board: text for board, _ in figures.benches(text)})
    disasm = {SH: disasm_sites(a.disasm[0]), ARM: disasm_sites(a.disasm[1])}
    f = Figures(reports, texts, est, a.tables, disasm, a.fw_tables)
    f.calib_insns = {(r["board"], r["name"]): r["got"] for rep in under_model
                     for r in rep.rows["CALIB"] if r["unit"] == "insns"}
    f.linux = linux_reports(a)
    f.peer_cycles = peer_cycles_benches(a.peer_cycles)
    f.seed000 = seed000_lines(a.seed000) if a.seed000 else {}
    return f


def linux_reports(a):
    """{board: report} of the firmware's logs with the Linux peer's lines
    joined (report.py's join), apart from the reports every other block
    and the plot read."""
    if not a.peer:
        return {}
    try:
        reports = report.read_logs(a.logs)
        report.add_peer_logs(reports, a.peer)
    except report.LogError as e:
        sys.exit(f"readme-figures: {e}")
    return {r.board: r for r in reports if r.has_peer()}


def same(path, new):
    """Whether the file holds new; the difference shown if not."""
    old = open(path).read()
    if old != new:
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                   path, "from the logs", n=0))
    print(f"{'PASS' if old == new else 'FAIL'} readme-figures: every figure in {path} is "
          "this code's")
    return old == new


def main():
    a = arguments()
    mode, readme = ("write", a.write) if a.write else ("check", a.check)
    f = load(a)
    sections = dict(SECTIONS, **({"polc": lambda f: polc_lines(a.polc)} if a.polc else {}),
                    **({"linux": linux, "linux-claims": linux_claims} if a.peer else {}),
                    **({"linux-cycles": linux_cycles} if a.peer_cycles else {}),
                    **({"seed000-attribution": seed000_attribution} if a.seed000 else {}))
    old = {path: open(path).read() for path in documents(readme)}
    f.old = old[readme]
    docs = rewrite(old, f, sections)
    drawn = plot_check(f, readme, mode)
    if mode == "write":
        for path, text in docs.items():
            if text != old[path]:
                open(path, "w").write(text)
        return 0
    results = [same(path, text) for path, text in docs.items()]
    print(f"{'PASS' if drawn else 'FAIL'} readme-figures: docs/statn.png is this code's")
    results.append(drawn)
    print(f"readme-figures: {sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
