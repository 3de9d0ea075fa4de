#!/usr/bin/env python3
"""tools/report.py on its fixtures, on a real boot's log and on bad input.

    test-report.py [LOG]

The fixtures beside this file are synthetic: sample-r2dplus.log has every
kind of line the firmware prints (as a board's capture: CRLF, a boot
loader first, a task's forged line) and the closing SUMMARY line, its
figures worked out by hand; old-verdex.log is an older firmware's report
in cycles, with no SUMMARY line; peer-r2dplus-selinux.log and
peer-r2dplus-nolsm.log are the Linux peer's two boots on the same board
(make peer), kernel messages between their lines, their figures chosen
for round overheads. LOG, when it exists (make firmware-test's
build/r2dplus/firmware.log), is read as well. Ends with "report: N
passed, N failed".
"""
import csv
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
REPORT = os.path.join(TOP, "tools", "report.py")
SAMPLE = os.path.join(HERE, "sample-r2dplus.log")
OLD = os.path.join(HERE, "old-verdex.log")
PEERS = [os.path.join(HERE, f"peer-r2dplus-{k}.log") for k in ("selinux", "nolsm")]

sys.path.insert(0, os.path.dirname(HERE))
from tally import check  # noqa: E402
import tally  # noqa: E402


def run(*args):
    r = subprocess.run([REPORT] + list(args), capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def board_file(out, tag):
    """A board's own file, every table of its report."""
    path = os.path.join(out, f"report-{tag}.md")
    return read(path) if os.path.exists(path) else ""


def png_size(path):
    """A PNG's width and height, if it has its signature, its header chunk
    first and its end chunk last; else None."""
    data = open(path, "rb").read()
    if len(data) < 10000 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24]) if data[-8:-4] == b"IEND" else None


def png_ok(path):
    """A size a plot read at 100 dpi on a screen has: not a strip, not a
    poster."""
    size = png_size(path)
    return bool(size) and 500 <= size[0] <= 2400 and 400 <= size[1] <= 1600 and \
        max(size) / min(size) <= 3.5


def bench_lines(path):
    return [l for l in read(path).splitlines() if l.startswith("BENCH ")]


def fixtures(out):
    rc, stdout, err = run("-o", out, SAMPLE, OLD)
    check("the fixtures give a report", rc == 0, err)
    md = read(os.path.join(out, "report.md"))
    sh, old = board_file(out, "r2dplus"), board_file(out, "verdex-cycles")
    for name in ("rw", "statn", "walk", "label", "checks", "profile", "bench", "latency"):
        check(f"the full log's own file has table {name}", f"\n### {name}: " in sh, sh[:300])
    check("statn and statn-bounds each have a table", sh.count("\n### statn: ") == 2)
    check("the full log lacks nothing", "r2dplus (insns) from" in stdout and
          "every table" in stdout and "Not in this log" not in sh, stdout)
    return md, sh, old, stdout


def layout(md):
    """report.md: the answer at a glance first, short, the boards' files
    linked."""
    heads = [l for l in md.splitlines() if l.startswith("## ")]
    check("report.md opens with the summary", heads[:1] == ["## The answer at a glance (insns)"],
          heads)
    check("a summary per unit", "## The answer at a glance (cycles)" in heads, heads)
    check("report.md is short (a screen or two)", len(md.splitlines()) <= 100,
          len(md.splitlines()))
    check("report.md links each board's own file", "(report-r2dplus.md)" in md and
          "(report-verdex-cycles.md)" in md)
    check("no board's detail in report.md", "\n### bench: " not in md and
          "\n### profile: " not in md)
    for name in ("rw", "statn", "walk", "label", "check"):
        head = next((l for l in md.splitlines() if l.startswith(f"### {name}: ")), "")
        check(f"the summary's {name} table says how it is told",
              ("mean per stat" if name == "statn" else "median per") in head and
              head.endswith("(insns)"), head)


def glance(md):
    """The summary's figures, worked out by hand from the fixture's lines
    (its SUMMARY line agrees), and the older log's from its BENCH lines."""
    rows = {"seed 000 with the seed's SH-4 figures":
            "| r2dplus | read | 209 | 212 | 3 | 1.44 | 150.24 | 122.01 | 141.5 | 36.43 |",
            "seed 002: the round of 600 against 500, the seed's 2.28":
            "| r2dplus | 1.20 | 1.22 | 1.22 | 2.28 | 2.17 |",
            "seed 003: the share at depth 8 beside the seed's 6.53 %":
            "| r2dplus | 2.62 | 52.73 | 6.53 |",
            "seed 004 at 600 labels": "| r2dplus | 6407 |  |  | 2 | ~200 |",
            "the check's three costs": "| r2dplus | 3 | 8 | 9 |",
            "the older log's overheads, two decimals, from medians":
            "| verdex | read | 128 | 131 | 3 | 2.34 | 171.09 | 139.06 | 74.3 | 53.6 |"}
    for name, row in rows.items():
        check(name, row in md, row)
    check("the summary says where its figures come from",
          "From the boot's closing SUMMARY line, each figure checked against its BENCH lines: "
          "r2dplus." in md and "(the boot printed no SUMMARY line): verdex." in md)


def figures(sh):
    """Figures the fixture fixes: arithmetic and the seeds' own numbers."""
    rows = {"seed 000 beside the seed's SH-4 figure":
            "| read | selinux07 | 209 | 523 | 150.24 | 141.5 |",
            "seed 000 after tuning": "| write | selinux07tuned | 162 | 423 | 161.11 | 59.8 |",
            "seed 002 round ratios and the seed's":
            "| 500 | 1002 (1.00) | 1022 (1.00) | 1742 (1.00) | 1588 (1.00) | 103476 (1.00) | "
            "12.509 s (1.00) | 12.049 s (1.00) |",
            "seed 002 bounded beside the seed's bounded column":
            "| 600 | 1002 (1.20) | 1022 (1.20) | 1813 (1.22) | 1652 (1.22) | 103412 (1.20) | "
            "29.736 s (2.44) |",
            "the AVC counters": "| statn | selinux07 | 700 | 1400 | 0 | 1400 | 1400 | 1392 | 1392 | 0.0 |",
            "the walk's share": "| 1 | 620 | 635 (2.36 %) |",
            "the label search's tries and cost per try": "| 600 | 200 | 6407 | 32.0 |  |  | 2 |",
            "the seed's label search": "| 600 (seed 004) | ~200 |",
            "a check with the calls that make it": "| dir:search | 9 | 197 | 144 | 10626 | open, stat |",
            "a system call with its checks": "| stat | dir:search, file:getattr |",
            "the profile's total": "| total | 55 | 495 | 4484 | 11.04 |"}
    for name, row in rows.items():
        check(name, row in sh, row)
    check("medians per call, though the log has means", "### rw: seed 000: read and write, "
          "median per call (insns)" in sh and "### walk: seed 003: stat of a path of depth N, "
          "median per call" in sh)
    check("means per stat for seed 002", "### statn: seed 002: statn, the bench domain with no "
          "typebounds parent, mean per stat" in sh)


def csvs(out):
    want = {"bench.csv": "board,bench,strategy,arg,unit,n,min,median,mean,max",
            "avcstat.csv": "board,bench,strategy,arg,lookups,hits,misses,allocs,reclaims,frees",
            "labelstat.csv": "board,arg,tries", "syscheck.csv": "board,syscall,class,perm",
            "profile.csv": "board,site,checks,cost,syscall_cost,unit,share,path",
            "latency.csv": "board,phase,strategy,unit,n,min,median,max"}
    for name, header in want.items():
        path = os.path.join(out, name)
        first = read(path).split("\n", 1)[0] if os.path.exists(path) else ""
        check(f"{name} has its columns", first == header, first)
    rows = list(csv.DictReader(open(os.path.join(out, "bench.csv"))))
    n = len(bench_lines(SAMPLE)) + len(bench_lines(OLD))
    check("bench.csv has every BENCH line of both logs, no task's", len(rows) == n and
          not any(r["bench"] == "forged" for r in rows), f"{len(rows)} rows, {n} lines")
    check("bench.csv keeps the mean as written", any(r["mean"] == "57.37" for r in rows))
    avc = list(csv.DictReader(open(os.path.join(out, "avcstat.csv"))))
    check("avcstat.csv has every AVCSTAT line", len(avc) == read(SAMPLE).count("\nAVCSTAT "))


def pngs(out, md):
    names = ["statn.png", "walk.png", "label.png", "checks-r2dplus.png", "statn-cycles.png",
             "walk-cycles.png"]
    for name in names:
        path = os.path.join(out, name)
        check(f"{name} is a PNG of a plot, of a size read on a screen",
              os.path.exists(path) and png_ok(path), os.path.exists(path) and png_size(path))
        check(f"report.md shows {name}", f"]({name})" in md)
    check("no plot of what the older log lacks", not os.path.exists(os.path.join(out,
                                                                            "label-cycles.png")))
    with tempfile.TemporaryDirectory() as again:
        run("-o", again, SAMPLE, OLD)
        same = all(open(os.path.join(out, n), "rb").read() ==
                   open(os.path.join(again, n), "rb").read() for n in names)
    check("the same logs draw the same bytes (no date in the files)", same)
    head = open(os.path.join(out, "statn.png"), "rb").read(4096)
    check("the PNG names no software or date", b"tEXt" not in head and b"tIME" not in head)


def same_cpu(tmp):
    """Two boards of one CPU with the same figures: one panel, told once."""
    twin = os.path.join(tmp, "twin.log")
    with open(twin, "w") as f:
        f.write(read(SAMPLE).replace("board=r2dplus", "board=twin"))
    out = os.path.join(tmp, "twins")
    rc, _, err = run("-o", out, SAMPLE, twin)
    md = read(os.path.join(out, "report.md")) if rc == 0 else ""
    one = png_size(os.path.join(out, "statn.png")) if rc == 0 else None
    check("boards of one CPU with the same figures are one row of the summary",
          "| r2dplus, twin (the same figures) | 1.20 | 1.22 | 1.22 |" in md, err or md[:600])
    check("and one panel of a plot", one is not None and one[0] < 1000, one)
    check("each keeps its own file", os.path.exists(os.path.join(out, "report-twin.md")))


def older(old, stdout):
    check("an older log's missing lines are named on the output",
          "verdex (cycles) from" in stdout and "not in this log:" in stdout and
          "PROFILE" in stdout and "AVCSTAT" in stdout, stdout)
    check("and in its report", "Not in this log:" in old and "_No PROFILE lines" in old)
    check("an older log keeps the tables it can", "### rw: seed 000: read and write, median per "
          "call (cycles)" in old and "### walk: " in old)
    check("the unit is the log's", "insns" not in old and "(cycles)" in old)


def options(out):
    with tempfile.TemporaryDirectory() as d:
        rc, stdout, err = run("--no-plots", "--print", "-o", d, SAMPLE)
        check("--no-plots writes no PNG", rc == 0 and not [n for n in os.listdir(d)
                                                          if n.endswith(".png")], err)
        check("--print prints report.md, then each board's file",
              stdout == read(os.path.join(d, "report.md")) + "\n" +
              read(os.path.join(d, "report-r2dplus.md")))


def variant(tmp, name, change):
    """The full fixture changed; its report's status, report.md, messages."""
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(change(open(SAMPLE, "rb").read()))
    out = os.path.join(tmp, name + ".out")
    rc, _, err = run("--no-plots", "-o", out, path)
    return rc, read(os.path.join(out, "report.md")) if rc == 0 else "", err, path


def tables(md):
    return [l for l in md.splitlines() if not l.startswith("From ")]


def summary_line(tmp):
    """The SUMMARY line is preferred, held to the BENCH lines, found after
    the end line too, and stood in for by the BENCH lines."""
    line = next(l for l in open(SAMPLE, "rb").read().split(b"\r\n") if l.startswith(b"SUMMARY "))
    want = variant(tmp, "same.log", lambda b: b)[1]
    for key, bad_value in ((b"read_pct=1.44", b"read_pct=1.45"),
                           (b"check_walk_level=8", b"check_walk_level=7"),
                           (b"statn600_selinux07_round=1.22", b"statn600_selinux07_round=1.21")):
        rc, _, err, path = variant(tmp, "disagree.log", lambda b: b.replace(key, bad_value))
        check(f"a SUMMARY figure the BENCH lines do not give fails: {bad_value.decode()}",
              rc != 0 and f"{path}:" in err and bad_value.decode() in err and "disagree" in err
              and "Traceback" not in err, f"status {rc}: {err}")
    rc, md, err, _ = variant(tmp, "after.log", lambda b: b.replace(line + b"\r\n", b"") + line +
                             b"\r\n")
    check("a SUMMARY line after the end line is read", rc == 0 and md == want, err)
    rc, md, err, _ = variant(tmp, "none.log", lambda b: b.replace(line + b"\r\n", b""))
    check("with no SUMMARY line the BENCH lines give the same figures",
          rc == 0 and tables(md) == tables(want) and "no SUMMARY line): r2dplus." in md, err)
    rc, md, err, _ = variant(tmp, "more.log", lambda b: b.replace(line, line +
                                                                  b" label600_smackhash=7001"))
    check("a SUMMARY figure no BENCH line gives is shown", rc == 0 and
          "| r2dplus | 6407 | 7001 |  | 2 | ~200 |" in md, err)
    slots = b"SLOTS board=r2dplus set=app arg=600 slots=" + b",".join(b"%d" % (30 + i) for i in range(16))
    app = b"".join(b"BENCH board=r2dplus bench=label-app strategy=%s arg=600 unit=insns n=201 "
                   b"min=%d median=%d mean=%d.00 max=%d\r\n" % (s, v, v, v, v)
                   for s, v in ((b"smack", 6566), (b"smackhash", 961), (b"smackfix", 4)))
    first = b"BENCH board=r2dplus bench=null strategy=none "
    rc, _, err, path = variant(tmp, "slots.log",
                               lambda b: b.replace(first, app + slots + b"\r\n" + first, 1))
    md = read(os.path.join(path + ".out", "report-r2dplus.md")) if rc == 0 else ""
    check("the package names' lookups and the slots' fill", rc == 0 and
          "| 600 package names |  | 6566 |  | 961 | 4 |  |" in md and
          "| app | 600 | " + " | ".join(str(30 + i) for i in range(16)) + " |" in md, err)
    rc, md, err, path = variant(tmp, "damaged.log", lambda b: b.replace(line, line + b" x=y"))
    check("a damaged SUMMARY line is named", rc != 0 and f"{path}:" in err and
          "damaged SUMMARY line" in err, err)


def real(log, tmp):
    if not os.path.exists(log):
        print(f"  (no {log}: make BOARD=r2dplus firmware-test writes it)")
        return
    out = os.path.join(tmp, "real")
    rc, stdout, err = run("--no-plots", "-o", out, log)
    check(f"{log} gives a report", rc == 0, err)
    rows = list(csv.DictReader(open(os.path.join(out, "bench.csv")))) if rc == 0 else []
    check("bench.csv has each of its BENCH lines", len(rows) == len(bench_lines(log)))
    md = read(os.path.join(out, "report.md")) if rc == 0 else ""
    own = "".join(read(os.path.join(out, n)) for n in sorted(os.listdir(out))
                  if n.startswith("report-")) if rc == 0 else ""
    if "\nSUMMARY " in read(log):
        check("its SUMMARY line agrees with its BENCH lines and is what the summary shows",
              "From the boot's closing SUMMARY line, each figure checked" in md)
    check("its report.md opens with the summary, its own file has every table",
          "\n## The answer at a glance (" in md and "\n### rw: " in own and
          "\n### bench: " in own)


def bad(tmp, path, text, name, *words):
    if text is not None:
        with open(path, "wb") as f:
            f.write(text)
    rc, stdout, err = run("--no-plots", "-o", os.path.join(tmp, "bad"), path)
    check(name, rc != 0 and path in err and all(w in err for w in words) and
          "Traceback" not in err, f"status {rc}: {err}")


def errors(tmp):
    j = lambda *p: os.path.join(tmp, *p)
    head = b"mac-fw: board=r2dplus cpu=SH-4\ncounter: x, unit=insns\n"
    good = b"BENCH board=r2dplus bench=null strategy=none arg=0 unit=insns n=1 min=1 median=1 max=1\n"
    end = b"all tasks have exited\n"
    bad(tmp, j("missing.log"), None, "a missing log is named", "cannot read")
    bad(tmp, j("empty.log"), b"", "an empty log is named", "empty")
    bad(tmp, j("nobanner.log"), b"U-Boot\n=> \n", "a log with no banner says so", "banner")
    bad(tmp, j("nobench.log"), head + end, "a log with no BENCH lines says so", "no BENCH lines")
    bad(tmp, j("damaged.log"), head + good.replace(b"min=1", b"min=x") + end,
        "a damaged line is named with its line", ":3: damaged BENCH line")
    bad(tmp, j("cut.log"), head + good, "a report cut short says so", "truncated")
    bad(tmp, j("units.log"), head + good + good.replace(b"insns", b"cycles") + end,
        "two units in one report is an error", "unit cycles")
    bad(tmp, j("panic.log"), head + good + b"PANIC: x\n", "a panic is named", "stopped")
    model = j("model.log")
    with open(model, "wb") as f:
        f.write(head + good + good.replace(b"insns", b"est-cycles") + end +
                b"SUMMARY board=r2dplus unit=est-cycles check_loop=5\n")
    rc, out, err = run("--no-plots", "--print", "-o", j("model"), model)
    check("a timing model's second pass reads as a second report of the board",
          rc == 0 and "(insns)" in out and "\n## r2dplus (est-cycles)" in out and
          "## The answer at a glance (est-cycles)" in out, err or out[-300:])
    check("and its SUMMARY line as the second pass's", "| r2dplus | | | 5 |" in
          out.replace("  ", " "), out[:1500])
    board = j("board.log")
    with open(board, "wb") as f:
        f.write(head + good.replace(b"insns", b"cycles").replace(b"median=1", b"median=4") + end)
    rc, out, err = run("--no-plots", "--print", "-o", j("beside"), board, model)
    check("a board's cycles beside the model's est-cycles, the model's error in percent",
          rc == 0 and "| r2dplus | null | none | 0 | 4 | 1 | -75.0 |" in out, err or out[:600])
    one = j("one.log")
    with open(one, "wb") as f:
        f.write(head + good + end)
    rc, _, err = run("--no-plots", "-o", j("two"), one, one)
    check("two logs of one board are an error", rc != 0 and "one log per board" in err, err)
    rc, _, err = run("-o", "/dev/null/report", one)
    check("an output directory that cannot be made is named", rc != 0 and "/dev/null/report" in
          err and "Traceback" not in err, err)
    rc, _, err = run()
    check("no log: usage", rc != 0 and "usage" in err, err)


def latency_suite(tmp):
    """--latency: a test image's per-call worst into the board's file, the
    models' phases apart; a log without the suite's lines refused."""
    suite = os.path.join(tmp, "latency-test.log")
    with open(suite, "w") as f:
        f.write("utest: the latency suite\r\n"
                "LATENCY board=r2dplus call=open strategy=flat unit=insns n=643 max=3820\r\n"
                "LATENCY board=r2dplus call=fault strategy=flat unit=insns n=7 max=2680\r\n")
    boot = os.path.join(tmp, "latency-boot.log")
    model = "LATENCY board=r2dplus phase=bench strategy=smack unit=insns n=9 min=80 median=900 max=127743"
    with open(boot, "w") as f:
        f.write(read(SAMPLE).replace("LATENCY board=r2dplus phase=app", model + "\nLATENCY board=r2dplus phase=app", 1))
    out = os.path.join(tmp, "latency")
    rc, _, err = run("-o", out, "--latency", suite, boot)
    sh = board_file(out, "r2dplus")
    check("--latency: the suite's table in the board's file",
          rc == 0 and "each system call's worst, driven through its longest path" in sh, err)
    check("--latency: each call's row as the suite printed it",
          "| open | flat | 643 | 3820 |" in sh and "| fault | flat | 7 | 2680 |" in sh, sh[-800:])
    models = sh[sh.find("(measurement only: not held to the bound)"):]
    check("--latency: the models' phases apart from the bound's",
          "| bench | smack | 9 | 80 | 900 | 127743 |" in models and
          sh.count("| bench | smack |") == 1, sh[-1200:])
    rc, _, err = run("-o", os.path.join(tmp, "latency-bad"), "--latency", SAMPLE, SAMPLE)
    check("--latency: a log without the suite's lines is refused, named",
          rc != 0 and "no LATENCY call= lines" in err and SAMPLE in err, err)


def section(md, head):
    """The lines of one table: its heading to the next blank line but one."""
    at = md.find(head)
    if at < 0:
        return ""
    end = md.find("\n\n", md.find("\n\n", at) + 2)
    return md[at:end if end > 0 else len(md)]


def linux_in(text):
    """The peer's strategies or its name in a text (selinux07 is not)."""
    return re.search(r"(?<![a-z])linux(?![ ]2\.6)", text.lower()) is not None


def peer(tmp):
    """--peer: the Linux peer's logs join the report of their board, in
    every seed table, each overhead against linux-nolsm."""
    out = os.path.join(tmp, "peer")
    rc, stdout, err = run("--no-plots", "-o", out, *[a for p in PEERS for a in ("--peer", p)],
                          SAMPLE, OLD)
    check("--peer: the peer's logs give a report with the firmware's", rc == 0, err)
    md, sh = read(os.path.join(out, "report.md")) if rc == 0 else "", board_file(out, "r2dplus")
    check("--peer: the output names each peer log with its board's",
          f"Linux's linux from {PEERS[0]}" in stdout and
          f"Linux's linux-nolsm from {PEERS[1]}" in stdout, stdout)
    check("--peer: the board's file shows the peer's banners",
          "`linux-peer: board=r2dplus cpu=SH-4 (SH7751R) on QEMU strategy=linux unit=insns`" in sh
          and "strategy=linux-nolsm unit=insns`" in sh, sh[:800])
    check("--peer: the older log's board has no Linux", not linux_in(board_file(out,
                                                                             "verdex-cycles")))
    rw = section(sh, "### rw: ")
    check("--peer: seed 000's table, linux against linux-nolsm (600, 712.5: 18.75 %)",
          "| read | linux | 600 | 713 | 18.75 |  |" in rw and
          "| write | linux | 500 | 580 | 16.05 |  |" in rw and "| read | linux-nolsm |" not in rw,
          rw)
    check("--peer: the firmware's rows as they were", "| read | selinux07 | 209 | 523 | 150.24 | "
          "141.5 |" in rw)
    statn = section(sh, "### statn: seed 002: statn,")
    check("--peer: seed 002's table has Linux's columns, means and round ratios",
          "| N | none | flat | selinux07 | selinux07tuned | smack | linux | linux-nolsm | seed:"
          in statn and "| 1022 (1.20) | 1773 (1.22) | 1612 (1.22) | 103412 (1.20) | 6050 (1.32) | "
          "5000 (1.30) | 28.532 s (2.28) |" in statn, statn)
    check("--peer: statn-bounds has none (Linux has no such run)",
          not linux_in(section(sh, "### statn: seed 002: statn-bounds")))
    check("--peer: the AVC table has Linux's counters",
          "| statn | linux | 600 | 3600 | 3100 | 500 | 500 | 496 | 496 | 86.1 |" in sh and
          "/sys/fs/selinux/avc/cache_stats" in sh)
    walk = section(sh, "### walk: ")
    check("--peer: seed 003's walk, Linux's share against linux-nolsm, not the firmware's none",
          "| 8 | 2600 | 2670 (2.62 %) | 5500 (52.73 %) |  |  |  | 9000 (7.78 %) | 8300 |" in walk
          and "| 2 | 856 |" in walk and "(linux - linux-nolsm) / linux" in sh, walk)
    linux = section(sh, "### linux: ")
    check("--peer: the calls side by side, each check against its own unchecked call",
          "| read | 209 | 212 | 3 (1.44 %) | 600 | 713 | 112.50 (18.75 %) |" in linux and
          "| walk 8 | 2600 | 2670 | 70 (2.69 %) | 8300 | 9000 | 700 (8.43 %) |" in linux, linux)
    check("--peer: every BENCH line of the peer's in the bench table",
          "| read | 0 | linux | 201 | 712.50 | 712.50 | 712.50 | 712.50 |" in sh and
          "| statn | 600 | linux-nolsm | 120 | 4900.00 | 4900.00 | 5000.00 | 5000.00 |" in sh)
    rows = list(csv.DictReader(open(os.path.join(out, "bench.csv")))) if rc == 0 else []
    n = sum(len(bench_lines(p)) for p in [SAMPLE, OLD] + PEERS)
    check("--peer: bench.csv has the peer's lines too", len(rows) == n, f"{len(rows)}, {n}")
    line = ("On r2dplus (SH-4) a check here costs 3 insns, Linux's SELinux 112.50 insns on the "
            "same CPU (a 1-byte read, median per call: flat - none; linux - linux-nolsm).")
    check("--peer: report.md's summary says the check's cost beside Linux's", line in md, md[:900])
    check("--peer: and its glance table", "| r2dplus | read | 209 | 212 | 3 (1.44 %) | 600 | 713 | "
          "112.50 (18.75 %) |" in md, md[-1500:])
    with tempfile.TemporaryDirectory() as d:
        run("--no-plots", "-o", d, SAMPLE, OLD)
        alone = read(os.path.join(d, "report.md"))
    rest = md.replace(section(md, "### linux: "), "").replace(line, "")
    check("--peer: the rest of report.md as without it, the firmware's figures the same",
          [l for l in rest.splitlines() if l] == [l for l in alone.splitlines() if l])
    rc, _, err = run("-o", os.path.join(tmp, "peer-plots"), "--peer", PEERS[0], "--peer",
                     PEERS[1], SAMPLE)
    check("--peer: the plots are drawn with Linux's curves", rc == 0, err)


def est_copy(src, dst, extra=()):
    """A log in est-cycles from an insns one (every unit=insns so), with
    EXTRA lines before the peer's end line."""
    text = read(src).replace("unit=insns", "unit=est-cycles")
    text = text.replace("peer: done", "\n".join(extra) + ("\n" if extra else "") + "peer: done")
    open(dst, "w").write(text)
    return dst


CAUSE_FIELDS = "issue={} operand=0.00 serial=0.00 branch={} imiss={} dmiss=0.00 wbuf=0.00 tlb=0.00"


def cycles_logs(tmp, board, figures):
    """The peer's two boots of BOARD as make peer-cycles writes them: the
    fixture's insns lines, then FIGURES[kind] (bench, est-cycles median,
    (issue, branch, imiss)) as BENCH and CAUSES lines in est-cycles."""
    logs = []
    for kind, path in zip(("linux", "linux-nolsm"), PEERS):
        extra = []
        for bench, v, causes in figures[kind]:
            head = f"board={board} bench={bench} strategy={kind} arg=0 unit=est-cycles n=201"
            extra += [f"BENCH {head} min={v}.00 median={v}.00 mean={v}.00 max={v}.00",
                      f"CAUSES {head} " + CAUSE_FIELDS.format(*causes)]
        text = read(path).replace("peer: done", "\n".join(extra) + "\npeer: done")
        if board != "r2dplus":
            text = text.replace("board=r2dplus cpu=SH-4 (SH7751R)", f"board={board} cpu=XScale "
                                "(PXA270)").replace("board=r2dplus", f"board={board}")
        logs.append(os.path.join(tmp, f"cycles-{board}-{kind}.log"))
        open(logs[-1], "w").write(text)
    return logs


def peer_cycles(tmp):
    """make peer-cycles' logs: the peer's insns lines and, before its end,
    the timing model's est-cycles ones (BENCH and CAUSES, cold calls too);
    each unit's lines join the firmware's report of that unit, Linux's
    causes against linux-nolsm."""
    logs = cycles_logs(tmp, "r2dplus", {
        "linux": [("read", 900, ("700.00", "100.00", "100.00")),
                  ("read-cold", 3000, ("700.00", "100.00", "2200.00"))],
        "linux-nolsm": [("read", 700, ("600.00", "50.00", "50.00")),
                        ("read-cold", 2000, ("600.00", "50.00", "1350.00"))]})
    est = est_copy(SAMPLE, os.path.join(tmp, "sample-est.log"))
    out = os.path.join(tmp, "peer-cycles")
    rc, stdout, err = run("--no-plots", "-o", out, *[a for p in logs for a in ("--peer", p)],
                          SAMPLE, est)
    check("peer-cycles: one log's two units join the firmware's two reports", rc == 0, err)
    est_md, ins_md = board_file(out, "r2dplus-est-cycles"), board_file(out, "r2dplus")
    linux = section(est_md, "### linux: ")
    check("peer-cycles: Linux's est-cycles beside the firmware's, cold read too",
          "| read | 209 | 212 | 3 (1.44 %) | 700 | 900 | 200 (28.57 %) |" in linux and
          "| read-cold |" in linux and "| 2000 | 3000 | 1000 (50.00 %) |" in linux, linux)
    causes_md = section(est_md, "### causes: ")
    check("peer-cycles: Linux's causes against linux-nolsm's, not none's",
          "| read | linux | 900 | 200.0 | 100.0 | 0.0 | 0.0 | 50.0 | 50.0 |" in causes_md and
          "| read-cold | linux | 3000 | 1000.0 | 100.0 | 0.0 | 0.0 | 50.0 | 850.0 |" in causes_md,
          causes_md)
    ins_linux = section(ins_md, "### linux: ")
    check("peer-cycles: the insns report keeps the clock's figures alone",
          "| read | 209 | 212 | 3 (1.44 %) | 600 | 713 | 112.50 (18.75 %) |" in ins_linux and
          "| 700 | 900 |" not in ins_linux, ins_linux)
    rc, _, err = run("--no-plots", "-o", os.path.join(tmp, "pc2"), "--peer", logs[0],
                     est_copy(OLD, os.path.join(tmp, "old-est.log")))
    check("peer-cycles: a log with no report of its board in either unit is refused",
          rc != 0 and "no firmware log of r2dplus" in err, err)


def readme_linux():
    """tools/readme-figures.py's linux blocks (make bench writes them) from
    the fixture and the peer's, joined as report.py joins them."""
    import argparse
    import importlib.util
    spec = importlib.util.spec_from_file_location("readme_figures",
                                                  os.path.join(TOP, "tools", "readme-figures.py"))
    rf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rf)
    f = argparse.Namespace(linux=rf.linux_reports(argparse.Namespace(logs=[SAMPLE, OLD],
                                                                     peer=PEERS)))
    text = "\n".join(rf.linux(f))
    check("readme-figures: the linux block, the calls side by side, each check against its own "
          "unchecked call", "| R2D+ (SH-4), read 1 byte of /dev/zero | 209 | 212 | +3 (1.44 %) | "
          "600 | 712.50 | +112.50 (18.75 %) |" in text and "| R2D+ (SH-4), walk: stat of a path of "
          "depth 8 | 2600 | 2670 | +70 (2.69 %) | 8300 | 9000 | +700 (8.43 %) |" in text, text)
    check("readme-figures: statn's means, round ratios and each check's mean",
          "| R2D+ (SH-4), statn at N = 600 | 1002 (1.20) | 1022 (1.20) | +20 | 5000 (1.30) | "
          "6050 (1.32) | +1050 |" in text, text)
    want = ("A check here costs 3 instructions on the SH-4, Linux's SELinux 112.50 on the same "
            "CPU (a 1-byte read of `/dev/zero`, medians per call: flat - none, and linux - "
            "linux-nolsm).")
    check("readme-figures: the sentence, in the block and at the top",
          want in " ".join(text.split("\n")) and want[2:] in " ".join(rf.linux_claims(f)), text)
    f.linux = rf.linux_reports(argparse.Namespace(logs=[SAMPLE], peer=PEERS[:1]))
    alone = "\n".join(rf.linux(f))
    check("readme-figures: with the SELinux log alone, no check of Linux's is made up",
          "| +3 (1.44 %) |  | 712.50 |  |" in alone and "needs both of a board's peer logs" in alone,
          alone)
    check("readme-figures: no --peer, no linux blocks (make test's --check leaves them)",
          rf.linux_reports(argparse.Namespace(logs=[SAMPLE], peer=[])) == {})


def readme_linux_cycles(tmp):
    """readme-figures' linux-cycles block (make bench writes it): each
    CPU's peer in insns and est-cycles beside its firmware's check under
    the same model, where SELinux's cycles go, and the answer."""
    import argparse
    import importlib.util
    spec = importlib.util.spec_from_file_location("readme_figures",
                                                  os.path.join(TOP, "tools", "readme-figures.py"))
    rf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rf)
    calls = ("read", "write", "read-cold", "write-cold")
    logs = cycles_logs(tmp, "r2dplus", {
        "linux": [(b, 900, ("700.00", "100.00", "100.00")) for b in calls],
        "linux-nolsm": [(b, 700, ("600.00", "50.00", "50.00")) for b in calls]})
    logs += cycles_logs(tmp, "mainstone", {
        "linux": [(b, 1000, ("700.00", "100.00", "200.00")) for b in calls],
        "linux-nolsm": [(b, 600, ("500.00", "50.00", "50.00")) for b in calls]})
    sh = rf.report.read_logs([est_copy(SAMPLE, os.path.join(tmp, "rf-sh.log"))])
    old = os.path.join(tmp, "rf-arm.log")
    open(old, "w").write(read(OLD).replace("unit=cycles", "unit=est-cycles"))
    arm = rf.report.read_logs([old])
    f = argparse.Namespace(est={r.board: r for r in sh + arm if r.unit == "est-cycles"},
                           peer_cycles=rf.peer_cycles_benches(logs))
    text = "\n".join(rf.linux_cycles(f))
    check("readme-figures: linux-cycles, Linux in insns and est-cycles beside the firmware's "
          "check and their ratio", "| SH-4, read | 600 | 712.50 | +112.50 (18.75 %) | 700 | 900 "
          "| +200 (28.57 %) | 3 | 67x |" in text and "| XScale, read | " in text and
          "| 600 | 1000 | +400 (66.67 %) | 3 | 133x |" in text, text)
    check("readme-figures: linux-cycles, where SELinux's est-cycles go, the I-cache's share",
          "| SH-4, read | 100.0 | 0.0 | 0.0 | 50.0 | 50.0 | 0.0 | 0.0 | 0.0 | 25 % |" in text and
          "| XScale, read, I-cache cold | 200.0 | 0.0 | 0.0 | 50.0 | 150.0 | 0.0 | 0.0 | 0.0 | "
          "37.50 % |" in text, text)
    answer = " ".join(text.split("\n"))
    check("readme-figures: linux-cycles' answer, from the figures",
          "adds 28.57 % to a warm 1-byte read on the SH-4 and 66.67 % on the XScale" in answer
          and "relatively cheaper on the SH-4, the other way round" in answer and
          "Warm, the instruction cache's misses are 25 % of what SELinux adds" in answer, answer)
    check("readme-figures: the opening's sentence in est-cycles, with each CPU's ratio",
          rf.linux_cycles_sentence(f) == " In time, under the same timing model (`make "
          "peer-cycles`), the check adds 3 est-cycles to the read on the SH-4 and Linux's SELinux "
          "200 (67x); on the XScale, 3 and 400 (133x).", rf.linux_cycles_sentence(f))
    f.est["verdex"].rows["BENCH"] = [r for r in f.est["verdex"].rows["BENCH"]
                                     if (r["bench"], r["strategy"]) != ("read", "flat")] + [
        dict(r, strategy="flat") for r in f.est["verdex"].rows["BENCH"]
        if (r["bench"], r["strategy"]) == ("read", "none")]
    text = "\n".join(rf.linux_cycles(f))
    check("readme-figures: a firmware check at no cost has no ratio, and the table says why",
          "| XScale, read | 600 | 712.50 | +112.50 (18.75 %) | 600 | 1000 | +400 (66.67 %) | 0 | - |"
          in text and "there is no ratio to take" in " ".join(text.split("\n")), text)


def peer_errors(tmp):
    """A peer log with no firmware log of its board, cut short, counted
    failures, twice, or not a peer's log: refused, the file named."""
    text = read(PEERS[0])
    def refused(name, body, words, logs=(SAMPLE,)):
        path = os.path.join(tmp, name) if body is not None else name
        if body is not None:
            with open(path, "w") as f:
                f.write(body)
        rc, _, err = run("--no-plots", "-o", os.path.join(tmp, "peer-bad"), "--peer", path,
                         *logs)
        check(f"--peer: {words[0]}", rc != 0 and path in err and
              all(w in err for w in words[1:]) and "Traceback" not in err, f"status {rc}: {err}")
    refused("mainstone-peer.log", text.replace("board=r2dplus", "board=mainstone"),
            ["a peer log of a board no firmware log reports is refused", "no firmware log of "
             "mainstone"])
    refused("verdex-peer.log", text.replace("board=r2dplus", "board=verdex"),
            ["the older log's board in cycles is not the peer's in insns", "in insns"],
            (SAMPLE, OLD))
    refused("cut-peer.log", text[:text.index("BENCH board=r2dplus bench=walk") + 40],
            ["a peer log cut short is refused", "cut short", "peer: done"])
    refused("failed-peer.log", text.replace("peer: done, 0 failures", "peer: FAIL: x: -1\n"
                                             "peer: done, 1 failures"),
            ["a peer that counted failures is refused", "1 failures"])
    refused("damaged-peer.log", text.replace("median=712.50", "median=71x"),
            ["a damaged line of a peer log is named with its line", ":7: damaged BENCH line"])
    refused("other-peer.log", text.replace("strategy=linux arg=0", "strategy=flat arg=0", 1),
            ["a line of another strategy than the banner's", "strategy flat"])
    refused(OLD, None, ["a firmware log given as a peer log", "no Linux peer banner"])
    rc, _, err = run("--no-plots", "-o", os.path.join(tmp, "peer-twice"), "--peer", PEERS[0],
                     "--peer", PEERS[0], SAMPLE)
    check("--peer: two peer logs of one board and strategy are refused",
          rc != 0 and "one log per board and strategy" in err, err)


def main():
    log = sys.argv[1] if len(sys.argv) > 1 else ""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "fixtures")
        md, sh, old, stdout = fixtures(out)
        layout(md)
        glance(md)
        figures(sh)
        csvs(out)
        pngs(out, md)
        same_cpu(tmp)
        older(old, stdout)
        options(out)
        summary_line(tmp)
        latency_suite(tmp)
        peer(tmp)
        peer_cycles(tmp)
        readme_linux_cycles(tmp)
        readme_linux()
        peer_errors(tmp)
        if log:
            real(log, tmp)
        errors(tmp)
    return tally.summary("report")


if __name__ == "__main__":
    sys.exit(main())
