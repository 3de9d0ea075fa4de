#!/usr/bin/env python3
"""help-test.py MAKE BOARD...: `make help` against the Makefile's rules.

Each target `make help` names must be a target of the Makefile for some
board (make's own database, `make -pq`), every .PHONY target must be
named by `make help` or be in INTERNAL_TARGETS (mk/help.mk), and every
name in INTERNAL_TARGETS must still be a phony target. Each of help's
lines names one command and says what it does.
"""
import subprocess
import sys

from testlib import Result, make_database




def command_target(command):
    """The target a help line's command runs: its first word that is not a
    variable, a placeholder or an option; `all` when there is none."""
    for word in command.split()[1:]:
        word = word.strip("[]")
        if "=" not in word and "|" not in word and not word.isupper():
            return word
    return "all"


def help_lines(make):
    out = subprocess.run([make, "-s", "--no-print-directory", "help"],
                         capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if l.startswith("  make ")]


def main():
    make, boards = sys.argv[1], sys.argv[2:]
    r, targets, phony, internal = Result(), set(), set(), set()
    for board in boards:
        t, p, i = make_database(make, board)
        targets, phony, internal = targets | t, phony | p, internal | i
    r.check(len(targets) > 20 and "all" in targets, f"make's database: {len(targets)} targets")
    lines = help_lines(make)
    r.check(len(lines) > 20, f"make help: {len(lines)} commands")
    listed = set()
    for line in lines:
        command, _, what = line.strip().partition("  ")
        target = command_target(command)
        listed.add(target)
        r.check(bool(what.strip()), f"make help: `{command}` says what it does")
        r.check(target in targets | phony, f"make help: `{command}`: target {target} exists")
    for target in sorted(phony - {".PHONY"}):
        r.check(target in listed or target in internal,
                f".PHONY {target}: in make help" + (" (internal)" if target in internal else ""))
    for target in sorted(internal):
        r.check(target in phony, f"INTERNAL_TARGETS {target}: a phony target")
    print(f"help: {r.passed} passed, {r.failed} failed")
    return 0 if r.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
