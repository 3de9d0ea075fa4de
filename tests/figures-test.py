#!/usr/bin/env python3
"""figures-test.py [--self-test LOG] [--readme README DOC...] [--report REPORT_MD] LOG...

Each headline figure told one way: the boot's SUMMARY keys (or, in a log
that has none, the same keys made from its BENCH lines by
tools/figures.py) against

- the keys made from the BENCH lines, where the log has a SUMMARY line;
- the firmware's console tables of the same log (`-- table rw/statn/
  walk/label --`): each value, and each title's definition (median per
  call; statn's round against the round of 500);
- report.md's tables of the same board and unit (--report);
- the generated figures of the README and the manual (--readme), R2D+ from the r2dplus log,
  XScale from the verdex log, est-cycles from the logs under the timing
  models;
- the same key in two logs of one board and unit (a boot and the short
  run under a model, in insns).

Fails on any figure given with another value or another definition.
--self-test: the checks pass on a log whose figures agree (tests/figures/
spec.log) and fail on copies of it with one figure or definition changed.
"""
import argparse
import os
import re
import sys
from decimal import Decimal, InvalidOperation

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import figures  # noqa: E402
import testlib  # noqa: E402
from testlib import block  # noqa: E402

README_BOARDS = {"SH-4": "r2dplus", "XScale": "verdex"}
# the label benchmark's figures of the SUMMARY line
LABEL_STRATEGIES = ("smack", "smackhash", "smackfix", "flat")


class Result(testlib.Result):
    def same(self, where, key, got, want):
        """A figure shown (got, text) against its key's value."""
        self.check(number(got) == want, f"{where}: {key} = {got} (the key: "
                   f"{figures.show(key, want)})")


def number(text):
    """The figure in a cell or token: '212', '1.44 %', '6364 (4.03)' -> its first number."""
    m = re.search(r"-?\d+(?:,\d{3})*(?:\.\d+)?", text or "")
    try:
        return Decimal(m[0].replace(",", "")) if m else None
    except InvalidOperation:
        return None


def bracketed(text):
    m = re.search(r"\(([^)]*)\)", text or "")
    return m[1] if m else None


# --- the console's tables ----------------------------------------------------

def console_tables(text):
    """{(name, unit): (title, [lines])} of the firmware's `-- table NAME: ... (UNIT) --`."""
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^-- table (\w+): (.*) \(([\w-]+)\) --$", line)
        if m:
            cur = out.setdefault((m[1], m[3]), (m[2], []))[1]
        elif not line.strip() or line.startswith(("BENCH ", "avc: ", "[pid ", "SUMMARY ")):
            cur = None
        elif cur is not None:
            cur.append(line)
    return out


def pairs(header, row):
    """{strategy: [tokens]}: a row of `none  v1 [pct]  v2 [pct] ...` under a
    header naming the strategies; a strategy's tokens run to the next
    plain value."""
    cells, names, last = {}, iter(header), None
    for tok in row:
        if tok.endswith("%") or tok == "ratio":
            cells.get(last, []).append(tok)
            continue
        last = next(names, None)
        if last is None:
            break
        cells[last] = [tok]
    return cells


def console_rw(title, lines):
    header = lines[0].split()
    rows = {l.split()[0]: pairs(header, l.split()[1:]) for l in lines[1:3]}
    out = []
    for op in ("read", "write"):
        r = rows.get(op, {})
        out += [(f"{op}_none", r.get("none", [None])[0]),
                (f"{op}_flat", r.get("flat", [None])[0])]
        out += [(f"{op}_pct" if s == "flat" else f"{op}_{s}_pct", (r.get(s) or [None, None])[1:2][0])
                for s in ("flat", "selinux07", "selinux07tuned")]
    return out


def console_statn(title, lines):
    header = [tok for tok in lines[next(i for i, l in enumerate(lines) if l.split()[:1] == ["N"])]
              .split()[1:] if tok not in ("ratio", "round")]
    row = next((l.split() for l in lines if l.split()[:1] == [str(figures.STATN_N)]), [])
    cells = dict(zip(header, zip(row[1::2], row[2::2])))
    return [(f"statn{figures.STATN_N}_{s}_round", cells.get(s, (None, None))[1])
            for s in ("flat", "selinux07", "selinux07tuned")]


def console_walk(title, lines):
    header = lines[0].split()[1:]
    row = next((l.split() for l in lines if l.split()[:1] == [str(figures.WALK_DEEP)]), [])
    cells = pairs(header, row[1:])
    return [(f"walk{figures.WALK_DEEP}_{s}_share", (cells.get(s) or [None, None])[1:2][0])
            for s in ("flat", "selinux07")]


def console_label(title, lines):
    header = [h.split("/")[0] for h in lines[0].replace("per try", "per_try").split()]
    row = next((l.split() for l in lines if l.split()[:1] == [str(figures.LABEL_N)]), [])
    cells = dict(zip(header, row))
    return [(f"label{figures.LABEL_N}_{s}", cells.get(s)) for s in LABEL_STRATEGIES]


# table: (reader, what its title must say)
CONSOLE = {"rw": (console_rw, ("median per call",)),
           "statn": (console_statn, ("round of N against the round of 500",)),
           "walk": (console_walk, ("median per call", "share")),
           "label": (console_label, ("median per lookup",))}


def check_console(r, text, board, unit, want):
    tables = console_tables(text)
    for name, (reader, words) in CONSOLE.items():
        where = f"{board} console {name} ({unit})"
        if (name, unit) not in tables:
            r.check(False, f"{where}: no `-- table {name}: ... ({unit}) --`")
            continue
        title, lines = tables[(name, unit)]
        for w in words:
            r.check(w in title, f"{where}: the title says `{w}`: {title}")
        for key, got in reader(title, lines):
            if key in want:
                r.same(where, key, got, want[key])


# --- markdown: report.md and the README --------------------------------------

def md_tables(text):
    """[(title, header, rows)]: each markdown table and the heading above it."""
    out, title, lines = [], "", text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("#"):
            title = line.lstrip("# ")
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            rows = []
            for l in lines[i + 2:]:
                if not l.startswith("|"):
                    break
                rows.append([c.strip() for c in l.strip().strip("|").split("|")])
            out.append((title, [c.strip() for c in line.strip().strip("|").split("|")], rows))
    return out


def cell(header, rows, first, column):
    """The cell of the row whose first cell is `first`, in `column`."""
    for row in rows:
        if row and row[0] == first and column in header:
            return row[header.index(column)] if header.index(column) < len(row) else None
    return None


def report_figures(header, rows, title):
    """(key, text) of one of report.md's tables, by its title."""
    if title.startswith("rw:"):
        out = []
        for row in rows:
            op, s = row[0], row[1]
            if s in ("flat", "selinux07", "selinux07tuned"):
                out.append((f"{op}_pct" if s == "flat" else f"{op}_{s}_pct", row[4]))
            if s == "flat":
                out += [(f"{op}_none", row[2]), (f"{op}_flat", row[3])]
        return out
    if title.startswith("statn:") and "statn-bounds" not in title:
        return [(f"statn{figures.STATN_N}_{s}_round",
                 bracketed(cell(header, rows, str(figures.STATN_N), s)))
                for s in ("flat", "selinux07", "selinux07tuned")]
    if title.startswith("walk:"):
        return [(f"walk{figures.WALK_DEEP}_{s}_share",
                 bracketed(cell(header, rows, str(figures.WALK_DEEP), s)))
                for s in ("flat", "selinux07")]
    if title.startswith("label:"):
        return [(f"label{figures.LABEL_N}_{s}", cell(header, rows, str(figures.LABEL_N), s))
                for s in LABEL_STRATEGIES]
    return []


# report.md's titles: what each kind of table must say of its figures
REPORT_WORDS = {"rw:": "median per call", "statn:": "round", "walk:": "median per call",
                "label:": "median per lookup"}


RW_COLUMNS = {"none": "none", "flat": "flat", "flat adds": "added", "flat %": "pct",
              "selinux07 %": "selinux07_pct", "selinux07tuned %": "selinux07tuned_pct"}


def glance_key(title, op, column):
    """The key of a column of one of the summary's tables."""
    if op:
        return f"{op}_{RW_COLUMNS[column]}" if column in RW_COLUMNS else None
    for kind, make in (("statn:", "statn600_{}_round"), ("walk:", "walk8_{}_share"),
                       ("label:", "label600_{}")):
        if title.startswith(kind):
            return make.format(column.replace(" %", ""))
    return column.split(" = ")[0]


def check_glance(r, sec, want):
    """report.md's summary (`## The answer at a glance (UNIT)`): each
    board's row (boards told together share it) against its keys."""
    unit = re.match(r"The answer at a glance \(([\w-]+)\)", sec)[1]
    for title, header, rows in md_tables(sec):
        for row in rows:
            op = row[1] if title.startswith("rw:") else None
            for board in row[0].replace(" (the same figures)", "").split(", "):
                keys = want.get((board, unit), {})
                for column, got in zip(header[1:], row[1:]):
                    key = glance_key(title, op, column)
                    if key in keys:
                        r.same(f"report.md summary {board} {title.split(':')[0]} ({unit})", key,
                               got, keys[key])


def check_report(r, text, want):
    """report.md: its summary, then each board's file (`## board`) against
    its keys."""
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    for sec in sections:
        if sec.startswith("The answer at a glance ("):
            check_glance(r, sec, want)
            continue
        board = sec.split("\n", 1)[0].split()[0]
        for title, header, rows in md_tables(sec):
            unit = (re.search(r"\(([\w-]+)\)$", title) or [None, None])[1]
            keys = want.get((board, unit))
            figs = report_figures(header, rows, title) if keys else []
            kind = next((k for k in REPORT_WORDS if title.startswith(k)), None)
            if figs and kind:
                r.check(REPORT_WORDS[kind] in title,
                        f"report.md {board}: `{title}` says `{REPORT_WORDS[kind]}`")
            for key, got in figs:
                if key in keys:
                    r.same(f"report.md {board} {title.split(':')[0]} ({unit})", key, got, keys[key])


def readme_seed000(text, name="seed000"):
    """(board, key, text) of one of the README's seed 000 tables."""
    (title, header, rows), = md_tables(block(text, name))[:1] or [("", [], [])]
    out = []
    for row in rows:
        cpu, op = row[0].split(", ")
        board = README_BOARDS[cpu]
        out += [(board, f"{op}_none", row[1]), (board, f"{op}_selinux07_pct", row[3]),
                (board, f"{op}_selinux07tuned_pct", row[6]), (board, f"{op}_flat", row[8]),
                (board, f"{op}_pct", row[9])]
    return [(name, header[0] if header else "", out)]


def readme_seed000_cycles(text):
    return readme_seed000(text, "seed000-cycles")


def readme_main(text):
    (title, header, rows), = md_tables(block(text, "main"))[:1] or [("", [], [])]
    out = []
    for board, col in (("r2dplus", 1), ("verdex", 4)):
        for op, name in (("read", "read 1 byte of /dev/zero"), ("write", "write 1 byte to /dev/null")):
            row = next(r for r in rows if r[0] == name)
            out += [(board, f"{op}_none", row[col]), (board, f"{op}_flat", row[col + 1]),
                    (board, f"{op}_added", row[col + 2]),
                    (board, f"{op}_pct", bracketed(row[col + 2]))]
        row = next(r for r in rows if "(check_loop)" in r[0])
        out.append((board, "check_loop", row[col + 1]))
    return [("main", header[0], out)]


def readme_seed002(text):
    (title, header, rows), = md_tables(block(text, "seed002"))[:1] or [("", [], [])]
    out = []
    for h in header[1:]:
        cpu, _, s = h.partition(" ")
        if cpu in README_BOARDS:
            out.append((README_BOARDS[cpu], f"statn{figures.STATN_N}_{s}_round",
                        bracketed(cell(header, rows, str(figures.STATN_N), h))))
    return [("seed002", header[0] if header else "", out)]


def readme_models(text):
    (title, header, rows), = md_tables(block(text, "models"))[:1] or [("", [], [])]
    row = next((r for r in rows if r[0].startswith(f"label: a label one third down {figures.LABEL_N}")), [])
    cols = {"r2dplus": (1, 4, 5, 6), "verdex": (7, 10, 11, 12)}    # flat, smack, smackhash, smackfix
    out = [(board, f"label{figures.LABEL_N}_{s}", row[c] if len(row) > c else None)
           for board, cs in cols.items()
           for s, c in zip(("flat", "smack", "smackhash", "smackfix"), cs)]
    return [("models", header[0] if header else "", out)]


def readme_prose(text):
    walk = block(text, "walk")
    m = re.search(r"adds (\d+) instructions on ARM and (\d+) on SH-4", walk)
    claims = re.search(r"costs ([\d.]+) % more instructions\s+\(median per call\)", block(text, "claims"))
    floor = md_tables(block(text, "floor"))
    share = cell(*floor[0][1:], next((r[0] for r in floor[0][2] if "walk8_flat_share" in r[0]), ""),
                 "R2D+ (SH-4)") if floor else None
    out = [("verdex", "check_walk_level", m and m[1]), ("r2dplus", "check_walk_level", m and m[2]),
           ("r2dplus", "read_pct", claims and claims[1]), ("r2dplus", "walk8_flat_share", share)]
    prose = block(text, "models-prose")
    est = re.search(r"timing model the read costs ([\d.]+) % more\s+est-cycles and the write ([\d.]+) %",
                    prose)
    tuned = re.search(r"in instructions and ([\d.]+) % in est-cycles", prose)
    est_figs = [("r2dplus", "read_selinux07_pct", est and est[1]),
                ("r2dplus", "write_selinux07_pct", est and est[2]),
                ("r2dplus", "read_selinux07tuned_pct", tuned and tuned[1])]
    return [("prose", "median per call" if "medians per call" in walk else walk, out),
            ("models-prose (est-cycles)", "median per call, est-cycles", est_figs)]


README_PARTS = (readme_seed000, readme_seed000_cycles, readme_main, readme_seed002,
                readme_models, readme_prose)


def check_readme(r, text, want):
    for part in README_PARTS:
        for name, header, figs in part(text):
            r.check("median" in header or "round" in header,
                    f"README {name}: the table says its definition: {header}")
            unit = "est-cycles" if "est-cycles" in header else "insns"
            for board, key, got in figs:
                keys = want.get((board, unit), {})
                if key in keys:
                    r.same(f"README {name} {board}", key, got, keys[key])
                else:
                    r.check(False, f"README {name} {board}: {key}: no such figure in the logs")


# --- the logs ------------------------------------------------------------------

def check_summary(r, text):
    """A SUMMARY line against the keys of the same log's BENCH lines."""
    made = {k: figures.keys(b) for k, b in figures.benches(text).items()}
    for line in re.findall(r"^SUMMARY (.*)$", text, re.M):
        raw = figures.fields(line)
        bad = [f"{k}={v}" for k, v in raw.items() if k in figures.KEYS
               and not re.fullmatch(r"-?\d+\.\d\d" if k.endswith(figures.FIXED)
                                    else r"-?\d+(\.\d\d)?", v)]
        r.check(not bad, f"{raw.get('board')} SUMMARY ({raw.get('unit')}): integers or two "
                f"decimals, percents, rounds and shares two decimals {' '.join(bad)}")
    for (board, unit), given in figures.summaries(text).items():
        for key in figures.KEYS:
            want = made.get((board, unit), {}).get(key)
            got = given.get(key)
            if want is None and got is None:
                continue
            # statn's ratio from the BENCH line's two-decimal means may be a cent off
            slack = Decimal("0.01") if key.endswith("_round") else 0
            ok = None not in (want, got) and abs(got - want) <= slack
            r.check(ok, f"{board} SUMMARY ({unit}): {key}={got} (from the BENCH lines: {want})")


def merge(r, have, keys, where):
    """Another log's keys of the same board and unit: each must agree."""
    for key, v in keys.items():
        if key in have and have[key] != v:
            r.check(False, f"{where}: {key} = {figures.show(key, v)}, another log's "
                    f"{figures.show(key, have[key])}")
        have.setdefault(key, v)


def run(texts, readme=None, report_md=None, quiet=False):
    """Every check over the logs' texts ({name: text}): the Result."""
    r, want = Result(quiet), {}
    for name, text in texts.items():
        keys = figures.log_keys(text)
        r.check(bool(keys), f"{name}: BENCH or SUMMARY lines")
        check_summary(r, text)
        for (board, unit), k in keys.items():
            check_console(r, text, board, unit, k)
            merge(r, want.setdefault((board, unit), {}), k, f"{name}: {board} ({unit})")
    if report_md is not None:
        check_report(r, report_md, want)
    if readme is not None:
        check_readme(r, readme, want)
    return r


# what the self-test changes in a consistent log, each of which must fail
MUTATIONS = [("a console value", "read      209.00     212.00     1.44%",
              "read      209.00     212.00     1.45%"),
             ("a SUMMARY value", " walk8_flat_share=2.25 ", " walk8_flat_share=2.21 "),
             ("a SUMMARY percent's decimals", " read_pct=1.44 ", " read_pct=1.440 "),
             ("a console title's definition", "median per call and overhead",
              "mean per call and overhead"),
             ("the statn ratio per stat", "972.98  1.20", "972.98  1.00")]


def self_test(path):
    """The checks on a log consistent by the definitions (tests/figures/),
    then on copies with one figure or one definition changed."""
    text, r = open(path).read(), Result()
    clean = run({path: text}, quiet=True)
    r.check(clean.failed == 0 and clean.passed > 40,
            f"self-test: {path} passes ({clean.passed} passed, {clean.failed} failed)")
    for what, old, new in MUTATIONS:
        r.check(old in text, f"self-test: {path} has {old!r}")
        bad = run({path: text.replace(old, new)}, quiet=True)
        r.check(bad.failed > 0, f"self-test: {what} changed fails ({bad.failed} failed)")
    return r


def read_report(path):
    """report.md and each board's file beside it (report-BOARD.md)."""
    if path is None:
        return None
    here = os.path.dirname(path) or "."
    own = sorted(n for n in os.listdir(here) if re.match(r"report-[\w.-]+\.md$", n))
    return "\n".join(open(p).read() for p in [path] + [os.path.join(here, n) for n in own])


def arguments():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--readme", nargs="+", metavar="DOC",
                   help="the README and the manual's pages, read as one text")
    p.add_argument("--report")
    p.add_argument("--self-test", metavar="LOG", help="the checks against a consistent log")
    p.add_argument("logs", nargs="*")
    return p.parse_args()


def main():
    a = arguments()
    r = self_test(a.self_test) if a.self_test else Result()
    if a.logs:
        docs = None if a.readme is None else "\n".join(open(p).read() for p in a.readme)
        found = run({path: open(path).read() for path in a.logs}, docs,
                    read_report(a.report))
        r.passed, r.failed = r.passed + found.passed, r.failed + found.failed
    print(f"figures: {r.passed} passed, {r.failed} failed")
    return 0 if r.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
