#!/usr/bin/env python3
"""Host-side checks of an on-target test log, beyond its own PASS lines.

  check-log.py LOG ELF DUMP

kills:  each test named "... (ACCESS @TARGET) is killed" must follow the
        kernel's report of that kill: "killed task NAME (pid N)
        domain=D: ACCESS at 0xADDR (...)", where ADDR is TARGET (a symbol
        of ELF, an address, or * for any) and the task is an attacker.
grants: every "GRANT S T:C { perms }" line the monitor printed (the test
        image notes every grant) must be allowed by the policy, as
        `mac-polc --dump` (DUMP) gives it.
fuzz:   the fuzzer's summary passed, once, with every call it was asked
        for (FUZZ_CALLS in ufuzz.c), some of them numbers past the table.

Prints PASS/FAIL lines and ends with "check-log: N passed, N failed".
Only kernel lines count: a task's lines start with "[pid N name] ".
"""
import os
import re
import subprocess
import sys

KILLED = re.compile(r"^killed task (\S+) \(pid \d+\) domain=(\S+): (\w+) at (0x[0-9a-f]{8}) ")
NAMED = re.compile(r"^(PASS|FAIL): (hostile: .* \((\w+) @(\S+)\) is killed)$")
GRANT = re.compile(r"^GRANT (\S+) (\S+):(\S+) \{ (.*) \}$")
FUZZ = re.compile(r"^PASS: fuzz: seed 0x[0-9a-f]{8}: (\d+) calls, (\d+) past the table, \d+ refused$")
FUZZ_SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ufuzz.c")
ALLOW = re.compile(r"^allow (\S+) (\S+):(\S+) \{ (.*) \};$")


def symbols(elf):
    out = subprocess.run(["readelf", "-sW", elf], check=True, capture_output=True,
                         text=True).stdout
    table = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 8 and f[0][:-1].isdigit():
            # a Thumb function's symbol has bit 0 set: its address is even
            table.setdefault(f[7], int(f[1], 16) & ~1 if f[3] == "FUNC" else int(f[1], 16))
    return table


def check_kills(lines, syms, report):
    last = None
    for line in lines:
        m = KILLED.match(line)
        if m:
            # attackers die one at a time; other tasks' kills may come between
            if m.group(1) == "attack":
                last = m
            continue
        m = NAMED.match(line)
        if not m:
            continue
        name, access, target = m.group(2), m.group(3), m.group(4)
        if not last:
            report(False, f"kill report for: {name}", "no killed task line before it")
            continue
        want = None if target == "*" else int(target, 16) if target.startswith("0x") \
            else syms.get(target)
        ok = (last.group(1) == "attack" and last.group(2) == "hostile_t" and
              last.group(3) == access and (want is None or int(last.group(4), 16) == want))
        report(ok, f"kill report for: {name}", last.group(0))
        last = None


def check_grants(lines, dump, report):
    allowed = {}
    for line in open(dump):
        m = ALLOW.match(line.strip())
        if m:
            allowed[m.group(1, 2, 3)] = set(m.group(4).split())
    grants = [GRANT.match(line) for line in lines]
    grants = [g for g in grants if g]
    report(len(grants) > 0, "grants: the log lists the monitor's grants", f"{len(grants)} lines")
    report(any(line.startswith("GRANT-END lost=0") for line in lines),
           "grants: none lost", "")
    bad = [g.group(0) for g in grants
           if not set(g.group(4).split()) <= allowed.get(g.group(1, 2, 3), set())]
    report(not bad, "grants: every grant is allowed by the policy",
           "; ".join(bad[:5]) + (f" (and {len(bad) - 5} more)" if len(bad) > 5 else ""))


def check_fuzz(lines, report):
    asked = int(re.search(r"^#define FUZZ_CALLS (\d+)u?$", open(FUZZ_SRC).read(), re.M).group(1))
    ends = [m for m in map(FUZZ.match, lines) if m]
    report(len(ends) == 1 and int(ends[0].group(1)) == asked and int(ends[0].group(2)) > 0,
           f"fuzz: the fuzzer made its {asked} calls, some past the table, and said so",
           f"{len(ends)} summary lines: {[m.group(0) for m in ends]}")


def main():
    log, elf, dump = sys.argv[1:4]
    lines = [line.rstrip("\n") for line in open(log, errors="replace")]
    counts = [0, 0]

    def report(ok, name, detail):
        counts[0 if ok else 1] += 1
        print(f"{'PASS' if ok else 'FAIL'} check-log: {name}" + ("" if ok else f": {detail}"))

    check_kills(lines, symbols(elf), report)
    check_grants(lines, dump, report)
    check_fuzz(lines, report)
    print(f"check-log: {counts[0]} passed, {counts[1]} failed")
    return 1 if counts[1] else 0


if __name__ == "__main__":
    sys.exit(main())
