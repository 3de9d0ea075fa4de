#!/usr/bin/env python3
"""The timing models under QEMU, end to end (sim/sim.mk).

  cycles-test.py glue BOARD DIR COMMAND
      COMMAND boots the short plan with sim/tests/unit_model.c, a model
      of one cycle per instruction: every est-cycles figure must equal
      its insns figure, and at cycles_per_insn=3 be three times it, so
      that the counter block is read where and when the firmware reads
      its counter.
  cycles-test.py model BOARD PLAIN-LOG DIR COMMAND WRONG-COMMAND
      COMMAND boots the short plan with the CPU's model: the calibration
      within the manual's figures, every strategy's seed-000 calls in
      est-cycles, the insns figures those of the plain boot (PLAIN-LOG),
      every cycle given a cause; WRONG-COMMAND, the same with one wrong
      parameter, must fail the calibration.

The last line is "cycles BOARD: N passed, N failed" (glue: "sim-glue BOARD: ...").
"""
import os
import re
import subprocess
import sys

import tally


def check(ok, name):
    return tally.check(name, ok)

TIMEOUT = 600
SEED000 = ("null", "read", "write")
STRATEGIES = ("none", "flat", "selinux07", "selinux07tuned", "smack", "smackhash", "smackfix")
KV = re.compile(r'(\w[\w-]*)=("[^"]*"|\S+)')


def fields(line):
    return {k: v.strip('"') for k, v in KV.findall(line)}


def boot(command, log):
    """Runs COMMAND (a shell line) into LOG; its exit status, or None on a timeout."""
    with open(log, "w") as out:
        try:
            return subprocess.run(command, shell=True, stdin=subprocess.DEVNULL, stdout=out,
                                  stderr=subprocess.STDOUT, timeout=TIMEOUT).returncode
        except subprocess.TimeoutExpired:
            return None


def lines_of(log, tag):
    with open(log, errors="replace") as f:
        return [fields(l) for l in f if l.startswith(tag + " ")]


def figures(log, unit):
    """{(bench, strategy, arg): fields} of the log's BENCH lines in UNIT."""
    return {(b["bench"], b["strategy"], b["arg"]): b
            for b in lines_of(log, "BENCH") if b.get("unit") == unit}


def totals(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            parts = line.split()
            if len(parts) >= 2:
                out[" ".join(parts[:-1])] = parts[-1]
    return out


def check_boot(command, log, what):
    rc = boot(command, log)
    check(rc == 0, f"{what}: QEMU ended by itself (status {rc}; log {log})")
    with open(log, errors="replace") as f:
        tail = [l.strip() for l in f if l.strip()]
    check(bool(tail) and tail[-1] == "all tasks have exited",
            f"{what}: the boot ends with 'all tasks have exited'")
    return rc == 0


def boot_model(outdir, command, what):
    """The short run under a model: its log, and the totals it wrote."""
    os.makedirs(outdir, exist_ok=True)
    log = os.path.join(outdir, "boot.log")
    check_boot(command, log, what)
    tot = totals(os.path.join(outdir, "totals"))
    check(tot.get("counter-block") == "found", "the plugin found the counter block")
    return log, tot


def glue(board, outdir, command):
    what = f"sim-glue {board}"
    log, tot = boot_model(outdir, command, "one cycle an instruction")
    check(tot.get("est-cycles") == tot.get("insns") and "insns" in tot,
            f"the model's totals: est-cycles {tot.get('est-cycles')} = insns {tot.get('insns')}")
    check(0 < int(tot.get("insns", 0)) < int(tot.get("insns-seen", 0)),
          f"the model timed the est-cycles pass alone: {tot.get('insns')} of "
          f"{tot.get('insns-seen')} instructions")
    insns, est = figures(log, "insns"), figures(log, "est-cycles")
    check(len(insns) > 0 and set(insns) == set(est),
            f"every figure in both units ({len(insns)} in insns, {len(est)} in est-cycles)")
    for key, f in sorted(insns.items()):
        e = est.get(key, {})
        check((e.get("min"), e.get("median")) == (f["min"], f["median"]),
                f"{'/'.join(key)}: est-cycles min/median {e.get('min')}/{e.get('median')} = "
                f"insns {f['min']}/{f['median']}")
    log3 = os.path.join(outdir, "boot3.log")
    check_boot(command + ",cycles_per_insn=3", log3, "three cycles an instruction")
    insns3, est3 = figures(log3, "insns"), figures(log3, "est-cycles")
    for key in sorted(insns3):
        want = 3 * int(insns3[key]["median"])
        got = est3.get(key, {}).get("median")
        check(got == str(want), f"{'/'.join(key)} at 3 a cycle: median {got} = 3 x insns = {want}")
    causes = lines_of(log, "CAUSES")
    check(len(causes) == len(est), f"a CAUSES line for every est-cycles figure ({len(causes)})")
    check(all(float(c[k]) == 0 for c in causes for k in c
                if k not in ("board", "bench", "strategy", "arg", "unit", "n", "issue")),
            "the one-a-cycle model's cycles are all issue")
    return tally.summary(what)


def calib(log, unit):
    return [c for c in lines_of(log, "CALIB") if c.get("unit") == unit]


def model(board, plain_log, outdir, command, wrong):
    what = f"cycles {board}"
    log, tot = boot_model(outdir, command, "the model")
    cause_sum = sum(int(v) for k, v in tot.items() if k.startswith("cause "))
    check("est-cycles" in tot and cause_sum == int(tot["est-cycles"]),
            f"every est-cycle has one cause: {cause_sum} = {tot.get('est-cycles')}")
    for unit in ("insns", "est-cycles"):
        lines = calib(log, unit)
        check(len(lines) > 0, f"calibration ran in {unit} ({len(lines)} sequences)")
        for c in lines:
            check(c["result"] == "pass", f"calibration {c['name']} in {unit}: got {c['got']}, "
                    f"the figure {c['expect']} +- {c['tol']} ({c['source']})")
    est, insns = figures(log, "est-cycles"), figures(log, "insns")
    plain = figures(plain_log, "insns") if os.path.exists(plain_log) else {}
    check(bool(plain), f"the plain boot's figures ({plain_log})")
    for s in STRATEGIES:
        for b in SEED000:
            key = (b, s, "0")
            e, i = est.get(key), insns.get(key)
            check(e is not None and i is not None, f"{b}/{s} in est-cycles and insns")
            if e is None or i is None:
                continue
            check(int(e["median"]) * 2 >= int(i["median"]),
                    f"{b}/{s}: {e['median']} est-cycles, at most two instructions a cycle "
                    f"({i['median']} insns)")
            p = plain.get(key, {})
            check((i["min"], i["median"]) == (p.get("min"), p.get("median")),
                    f"{b}/{s}: insns under the model {i['min']}/{i['median']} = plain "
                    f"{p.get('min')}/{p.get('median')}")
    wlog = os.path.join(outdir, "wrong.log")
    check_boot(wrong, wlog, "a wrong parameter")
    failed = [c["name"] for c in calib(wlog, "est-cycles") if c["result"] == "fail"]
    check(bool(failed), f"a wrong parameter fails the calibration ({', '.join(failed) or 'none'})")
    return tally.summary(what)


def main(argv):
    if len(argv) == 5 and argv[1] == "glue":
        return glue(argv[2], argv[3], argv[4])
    if len(argv) == 7 and argv[1] == "model":
        return model(*argv[2:])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
