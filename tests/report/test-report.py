#!/usr/bin/env python3
"""tools/report.py on its fixtures, on a real boot's log and on bad input.

    test-report.py [LOG]

The fixtures beside this file are synthetic: sample-r2dplus.log has every
kind of line the firmware prints (as a board's capture: CRLF, a boot
loader first, a task's forged line), old-verdex.log is an older
firmware's report in cycles. LOG, when it exists (make firmware-test's
build/r2dplus/firmware.log), is read as well. Ends with "report: N
passed, N failed".
"""
import csv
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
REPORT = os.path.join(TOP, "tools", "report.py")
SAMPLE = os.path.join(HERE, "sample-r2dplus.log")
OLD = os.path.join(HERE, "old-verdex.log")

sys.path.insert(0, os.path.dirname(HERE))
from tally import check  # noqa: E402
import tally  # noqa: E402


def run(*args):
    r = subprocess.run([REPORT] + list(args), capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def section(md, board):
    """One board's part of report.md."""
    part = md.split(f"\n## {board}\n", 1)
    return part[1].split("\n## ", 1)[0] if len(part) == 2 else ""


def png_ok(path):
    """A PNG's signature, its header chunk first, its end chunk last, and
    a size a drawn plot has."""
    data = open(path, "rb").read()
    if len(data) < 10000 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return False
    width, height = struct.unpack(">II", data[16:24])
    return width >= 300 and height >= 200 and data[-8:-4] == b"IEND"


def bench_lines(path):
    return [l for l in read(path).splitlines() if l.startswith("BENCH ")]


def fixtures(out):
    rc, stdout, err = run("-o", out, SAMPLE, OLD)
    check("the fixtures give a report", rc == 0, err)
    md = read(os.path.join(out, "report.md"))
    sh, old = section(md, "r2dplus"), section(md, "verdex")
    for name in ("rw", "statn", "walk", "label", "checks", "profile", "bench", "latency"):
        check(f"the full log has table {name}", f"\n### {name}: " in "\n" + sh, sh[:300])
    check("statn and statn-bounds each have a table", sh.count("\n### statn: ") == 2)
    check("the full log lacks nothing", "r2dplus (insns) from" in stdout and
          "every table" in stdout and "Not in this log" not in sh, stdout)
    return md, sh, old, stdout


def figures(sh):
    """Figures the fixture fixes: arithmetic and the seeds' own numbers."""
    rows = {"seed 000 beside the seed's SH-4 figure":
            "| read | selinux07 | 209 | 523 | 150.0 | 141.5 |",
            "seed 000 after tuning": "| write | selinux07tuned | 162 | 423 | 160.7 | 59.8 |",
            "seed 002 round ratios and the seed's":
            "| 500 | 1002 (1.00) | 1022 (1.00) | 1742 (1.00) | 1588 (1.00) | 103476 (1.00) | "
            "12.509 s (1.00) | 12.049 s (1.00) |",
            "seed 002 bounded beside the seed's bounded column":
            "| 600 | 1002 (1.20) | 1022 (1.20) | 1813 (1.22) | 1652 (1.22) | 103412 (1.20) | "
            "29.736 s (2.44) |",
            "the AVC counters": "| statn | selinux07 | 700 | 1400 | 0 | 1400 | 1400 | 1392 | 1392 | 0.0 |",
            "the walk's share": "| 1 | 620 | 635 (2.4 %) |",
            "the label search's tries and cost per try": "| 600 | 200 | 6408 | 32.0 |  | 2 |",
            "the seed's label search": "| 600 (seed 004) | ~200 |",
            "a check with the calls that make it": "| dir:search | 9 | 197 | 144 | 10626 | open, stat |",
            "a system call with its checks": "| stat | dir:search, file:getattr |",
            "the profile's total": "| total | 55 | 495 | 4484 | 11.04 |"}
    for name, row in rows.items():
        check(name, row in sh, row)
    check("means are used where the log has them", "### rw: seed 000: read and write, mean per call "
          "(insns)" in sh)


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


def pngs(out):
    names = ["statn-r2dplus.png", "walk-r2dplus.png", "label-r2dplus.png", "checks-r2dplus.png",
             "statn-verdex.png", "walk-verdex.png", "statn.png"]
    for name in names:
        path = os.path.join(out, name)
        check(f"{name} is a PNG of a plot", os.path.exists(path) and png_ok(path))
    check("no plot of what the older log lacks", not os.path.exists(os.path.join(out,
                                                                            "label-verdex.png")))
    with tempfile.TemporaryDirectory() as again:
        run("-o", again, SAMPLE, OLD)
        same = all(open(os.path.join(out, n), "rb").read() ==
                   open(os.path.join(again, n), "rb").read() for n in names)
    check("the same logs draw the same bytes (no date in the files)", same)
    head = open(os.path.join(out, "statn.png"), "rb").read(4096)
    check("the PNG names no software or date", b"tEXt" not in head and b"tIME" not in head)


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
        check("--print prints report.md", stdout == read(os.path.join(d, "report.md")))


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
    check("its report has the seed 000 and bench tables", "\n### rw: " in md and
          "\n### bench: " in md)


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
        f.write(head + good + good.replace(b"insns", b"est-cycles") + end)
    rc, out, err = run("--no-plots", "--print", "-o", j("model"), model)
    check("a timing model's second pass reads as a second report of the board",
          rc == 0 and "(insns)" in out and "## r2dplus (est-cycles)" in out, err or out[-300:])
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


def main():
    log = sys.argv[1] if len(sys.argv) > 1 else ""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "fixtures")
        md, sh, old, stdout = fixtures(out)
        figures(sh)
        csvs(out)
        pngs(out)
        older(old, stdout)
        options(out)
        if log:
            real(log, tmp)
        errors(tmp)
    return tally.summary("report")


if __name__ == "__main__":
    sys.exit(main())
