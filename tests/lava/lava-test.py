#!/usr/bin/python3
"""The board's LAVA jobs (make lava-jobs) through Debian's lava-dispatcher,
with no server: lava-run boots the QEMU job, and what LAVA recorded is held
to the console of the same boot, case for case; the U-Boot jobs are
validated (lava-run --validate); the job's test action is run once more
on a console that fails (a self-check MISMATCH, then a PANIC), whose
cases must say fail.
  lava-test.py --board B --jobs DIR --make-run-log LOG --qemu-image IMAGE -- MAKE-RUN-COMMAND...
LOG is firmware-test's console of the same image: under QEMU the counts
are exact, so LAVA's boot and make run's print the same BENCH lines."""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tally import check, summary  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from lab import option_groups  # noqa: E402  (tools/lab.py)

BENCH = re.compile(r"^BENCH board=\S+ (bench=\S+ strategy=\S+ arg=\S+) unit=(\S+) n=\d+ "
                   r"min=\S+ median=([0-9.]+) ")


def lava_run(job, device, out, validate=False):
    """Runs lava-run; returns its exit status and its log's records."""
    cmd = ["lava-run", "--job-id", f"mac-fw-{os.getpid()}-{os.path.basename(out)}",
           "--output-dir", out, "--device", device, job] + (["--validate"] if validate else [])
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    records = []
    # one record a line: JSON, but for values that carry YAML's `!` tag
    for line in (p.stdout + p.stderr).splitlines():
        try:
            rec = yaml.safe_load(line)
        except yaml.YAMLError:
            continue
        if isinstance(rec, dict):
            records.append(rec)
    with open(os.path.join(out, "lava.log"), "w") as f:
        f.write(p.stdout + p.stderr)
    return p.returncode, records


def results(records):
    return [r["msg"] for r in records if r.get("lvl") == "results"]


def console(records):
    return [r["msg"] for r in records if r.get("lvl") == "target" and isinstance(r["msg"], str)]


def console_said(records, lines, text):
    """Whether the console printed the line TEXT.  LAVA logs the console
    in the pieces it read: when the monitor's end look-ahead sees TEXT
    before its line is complete, the interactive step matches it in what
    is left, which LAVA logs only as the match (a loaded machine's case)."""
    return text in "".join(lines) or any(
        r.get("lvl") == "info" and r.get("msg") == f"Matched a success: '{text}'"
        for r in records)


def case_name(test_case_id):
    """The case LAVA makes of a test_case_id (its monitor's rule)."""
    return re.sub(r"\W+", "_", test_case_id.strip().lower())


def bench_cases(lines):
    """{case: (measurement, units)} from the BENCH lines, and duplicates."""
    cases, dups = {}, []
    for line in lines:
        m = BENCH.match(line)
        if m:
            name = case_name(m.group(1))
            if name in cases:
                dups.append(name)
            cases[name] = (float(m.group(3)), m.group(2))
    return cases, dups


def recorded(res, definition):
    return {r["case"]: r for r in res if r.get("definition") == definition}


def compare(expect, got):
    """What differs between the BENCH lines' cases and LAVA's."""
    diffs = [f"{c}: not recorded" for c in expect if c not in got]
    diffs += [f"{c}: recorded, no BENCH line" for c in got if c not in expect]
    for c in expect.keys() & got.keys():
        r = got[c]
        if (float(r.get("measurement", "nan")), r.get("units")) != expect[c] or r["result"] != "pass":
            diffs.append(f"{c}: {r.get('measurement')} {r.get('units')} {r['result']}, "
                         f"BENCH {expect[c][0]} {expect[c][1]}")
    return diffs


def qemu_options(argv, image):
    """A QEMU command's options, each with its value, the image's path
    made IMAGE, less those the qemu device type writes itself
    (-nographic, its NIC, -m, -monitor none, the ARM -cpu; -M is -machine)."""
    out = []
    name = re.escape(os.path.basename(image))
    for a, value in option_groups(argv):
        if a == "-nographic" or a in ("-net", "-nic", "-m", "-cpu") or (
                a == "-monitor" and value == "none"):
            continue
        out.append(("-machine" if a == "-M" else a,
                    value and re.sub(r"[^\s,=]*/" + name + "|^" + name, "IMAGE", value)))
    return out


def check_qemu_job(board, jobs, tmp, make_run_log, make_run, image):
    out = os.path.join(tmp, "qemu")
    os.makedirs(out)
    rc, rec = lava_run(os.path.join(jobs, "qemu.yaml"),
                       os.path.join(jobs, "devices", f"qemu-{board}.yaml"), out)
    res = results(rec)
    check("lava-run ran the QEMU job", rc == 0, f"exit status {rc}, log in {out}/lava.log")
    job = [r for r in res if r.get("definition") == "lava" and r.get("case") == "job"]
    check("LAVA recorded the job as passed", job and job[0]["result"] == "pass", job)

    lines = console(rec)
    expect, dups = bench_cases(lines)
    check("the boot printed BENCH lines, each a case of its own", expect and not dups,
          f"{len(expect)} cases, duplicates {dups[:5]}")
    got = recorded(res, "mac-fw-bench")
    diffs = compare(expect, got)
    check(f"LAVA's {len(got)} BENCH cases equal the boot's BENCH lines", not diffs, diffs[:8])
    # the comparison can fail: one measurement off by one must be seen
    if got:
        c = sorted(got)[0]
        off = dict(got, **{c: dict(got[c], measurement=str(float(got[c]["measurement"]) + 1))})
        check("a measurement one off is told", compare(expect, off) != [])

    selfcheck = [l for l in lines if l.startswith("counter self-check:")]
    sc = recorded(res, "mac-fw-selfcheck").get("counter_self_check")
    check("the self-check is a passed case, as its line says",
          sc and sc["result"] == "pass" and len(selfcheck) == 1 and selfcheck[0].endswith(": exact"),
          (sc, selfcheck))
    end = recorded(res, "0_mac-fw-end").get("all-tasks-have-exited")
    check("'all tasks have exited' is a passed case", end and end["result"] == "pass"
          and console_said(rec, lines, "all tasks have exited"), end)

    with open(make_run_log) as f:
        run_lines = [l.rstrip("\n") for l in f if l.startswith("BENCH ")]
    boot_lines = [l for l in lines if l.startswith("BENCH ")]
    check("the LAVA boot's BENCH lines are make run's (firmware-test's log)",
          boot_lines == run_lines, f"{len(boot_lines)} against {len(run_lines)}")

    cmd = [r["msg"] for r in rec if isinstance(r.get("msg"), str)
           and r["msg"].startswith("Boot command: ")]
    lava_cmd = shlex.split(cmd[0][len("Boot command: "):]) if cmd else []
    want, have = (qemu_options(c[1:], image) for c in (make_run, lava_cmd))
    # the machine wherever it is given; the other options in their order
    # (the serial ports' and drives' order is theirs)
    want, have = ((sorted(o for o in opts if o[0] == "-machine"),
                   [o for o in opts if o[0] != "-machine"]) for opts in (want, have))
    check("LAVA's QEMU command is make run's, with the qemu device type's own options",
          lava_cmd and os.path.basename(lava_cmd[0]) == os.path.basename(make_run[0])
          and want == have, f"make run {want}\nLAVA     {have}")


def check_uboot_jobs(board, jobs, tmp):
    for how in ("go", "bootm"):
        out = os.path.join(tmp, f"validate-{how}")
        os.makedirs(out)
        rc, rec = lava_run(os.path.join(jobs, f"uboot-tftp-{how}.yaml"),
                           os.path.join(jobs, "devices", f"{board}-01-{how}.yaml"), out, True)
        v = [r for r in results(rec) if r.get("case") == "validate"]
        check(f"the U-Boot job (tftpboot, {how}) passes lava-run --validate",
              rc == 0 and v and v[0]["result"] == "pass", f"exit status {rc}, {out}/lava.log")
    # validation can fail: the U-Boot job on the QEMU worker has no u-boot method
    out = os.path.join(tmp, "validate-wrong-device")
    os.makedirs(out)
    rc, rec = lava_run(os.path.join(jobs, "uboot-tftp-go.yaml"),
                       os.path.join(jobs, "devices", f"qemu-{board}.yaml"), out, True)
    check("the U-Boot job fails validation on the QEMU worker", rc != 0)


FAILING_CONSOLE = """\
mac-fw: board={board} cpu=test on QEMU
counter self-check: read=1 insns, loop of 21 insns=20 insns, expected 21 insns: MISMATCH
BENCH board={board} bench=null strategy=none arg=0 unit=insns n=201 min=45 median=45 mean=45.00 max=45
PANIC: fault in boot (pid 0) domain=kernel: a read at 0x00000000 (exception 0x0e0)
"""


def check_failing_console(board, jobs, tmp):
    """The job's test action on a console that fails: the device's QEMU
    replaced by a script that prints it and ends."""
    out = os.path.join(tmp, "failing")
    os.makedirs(out)
    fake = os.path.join(out, "fake-qemu")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\ncat <<'EOF'\n" + FAILING_CONSOLE.format(board=board) + "EOF\nsleep 1\n")
    os.chmod(fake, 0o755)
    device = os.path.join(out, "device.yaml")
    with open(os.path.join(jobs, "devices", f"qemu-{board}.yaml")) as src, open(device, "w") as dst:
        dst.write(re.sub(r"(command:\s*\n\s*)\S+", r"\g<1>" + fake, src.read(), count=1))
    rc, rec = lava_run(os.path.join(jobs, "qemu.yaml"), device, out)
    res = results(rec)
    sc = recorded(res, "mac-fw-selfcheck").get("counter_self_check")
    check("a self-check MISMATCH is a failed case", sc and sc["result"] == "fail", sc)
    end = recorded(res, "0_mac-fw-end").get("all-tasks-have-exited")
    check("a PANIC is the end's failed case", end and end["result"] == "fail", end)
    check("the BENCH line before the panic is recorded",
          "bench_null_strategy_none_arg_0" in recorded(res, "mac-fw-bench"))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--board", required=True)
    p.add_argument("--jobs", required=True)
    p.add_argument("--make-run-log", required=True)
    p.add_argument("--qemu-image", required=True, help="the image in make run's command")
    p.add_argument("make_run", nargs="+")
    a = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="lava-", dir=os.path.abspath(a.jobs)) as tmp:
        check_qemu_job(a.board, a.jobs, tmp, a.make_run_log, a.make_run, a.qemu_image)
        check_uboot_jobs(a.board, a.jobs, tmp)
        check_failing_console(a.board, a.jobs, tmp)
    sys.exit(summary(f"lava-{a.board}"))


if __name__ == "__main__":
    main()
