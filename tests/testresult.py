"""The PASS and FAIL lines the Python tests print, and their counts."""


class Result:
    def __init__(self, quiet=False):
        self.passed = self.failed = 0
        self.quiet = quiet

    def check(self, ok, what):
        if not self.quiet:
            print(f"{'PASS' if ok else 'FAIL'} {what}")
        self.passed, self.failed = self.passed + bool(ok), self.failed + (not ok)
