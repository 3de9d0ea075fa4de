"""What the Python tests share: their PASS and FAIL lines and counts, make's
database, a generated block of the documents."""
import re
import subprocess


class Result:
    def __init__(self, quiet=False):
        self.passed = self.failed = 0
        self.quiet = quiet

    def check(self, ok, what):
        if not self.quiet:
            print(f"{'PASS' if ok else 'FAIL'} {what}")
        self.passed, self.failed = self.passed + bool(ok), self.failed + (not ok)


def make_database(make, board):
    """(targets, phony, internal) of make's database for one board."""
    out = subprocess.run([make, "-pq", "--no-print-directory", f"BOARD={board}", "help"],
                         capture_output=True, text=True).stdout
    targets, phony, internal, skip = set(), set(), set(), False
    for line in out.splitlines():
        if line == "# Not a target:":
            skip = True
            continue
        m = re.match(r"^([A-Za-z0-9_.-]+):(?!=)(.*)$", line)
        if m and not skip:
            targets.add(m[1])
            phony |= set(m[2].split()) if m[1] == ".PHONY" else set()
        m = re.match(r"^INTERNAL_TARGETS :?= (.*)$", line)
        internal |= set(m[1].split()) if m else set()
        skip = False
    return targets, phony, internal


def block(text, name):
    """What a document holds between <!-- figures:NAME --> and its end."""
    m = re.search(rf"<!-- figures:{name} -->\n(.*?)<!-- /figures:{name} -->", text, re.S)
    return m[1] if m else ""
