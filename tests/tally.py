"""The host-side tests' bookkeeping: PASS, FAIL and SKIP lines, and the
"NAME: N passed, N failed" summary that tools/test-summary.sh counts."""

passed = failed = skipped = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"  PASS {name}")
    else:
        failed += 1
        print(f"  FAIL {name}" + (f": {str(detail)[:600]}" if detail else ""))
    return ok


def skip(name, why):
    global skipped
    skipped += 1
    print(f"  SKIP {name}: {why}")


def summary(what):
    """Prints the summary line; the exit status: 0 when nothing failed."""
    print(f"{what}: {passed} passed, {failed} failed" +
          (f" ({skipped} skipped)" if skipped else ""))
    return 1 if failed else 0
