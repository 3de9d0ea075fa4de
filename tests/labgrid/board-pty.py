#!/usr/bin/python3
"""The board's labgrid environment (make labgrid-env's board.yaml) on a
U-Boot at the far end of a serial line: a pty, with tests/fake-uboot.py
on its other side, whose tftpboot reads the build's directory and whose
go boots what it loaded under QEMU, the console on the same pty.  The
report check (tests/labgrid) then runs through labgrid's UBootDriver as
it would on a board; only the serial port in the environment changes.
Then once more with a console that panics before its end, replayed by
the fake U-Boot's go: the check through labgrid must fail it.

    board-pty.py --env BOARD_ENV --work DIR --board B [PYTEST OPTIONS...]
                 -- QEMU-COMMAND... -kernel
"""
import argparse
import os
import re
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from uboot_pty import FakeUBoot  # noqa: E402  (tests/uboot_pty.py)
SERVERIP = "10.0.2.2"	# what the fake U-Boot's saved environment holds


def image_of(env_path):
    """The environment's image, its path made absolute."""
    env = yaml.safe_load(open(env_path))
    image = os.path.join(os.path.dirname(os.path.abspath(env_path)), env["images"]["firmware"])
    return os.path.normpath(image)


def pty_env(env_path, image, work, port):
    """A copy of the environment with its serial port the pty's, its
    image's path absolute (the copy is in another directory)."""
    env = yaml.safe_load(open(env_path))
    env["targets"]["main"]["resources"]["RawSerialPort"]["port"] = port
    env["images"]["firmware"] = image
    path = os.path.join(work, "board.yaml")
    with open(path, "w") as f:
        yaml.safe_dump(env, f, sort_keys=False)
    return path


def session(a, env, image, pytest_args, qemu, fake_args=()):
    """One pytest run against a fresh fake U-Boot; returns (rc, output)."""
    for f in ("commands.txt", "console.log"):
        if os.path.exists(os.path.join(a.work, f)):
            os.remove(os.path.join(a.work, f))
    fake = FakeUBoot(a.work, qemu, ["--tftp-dir", os.path.dirname(image),
                                     "--setenv", f"serverip={SERVERIP}", *fake_args])
    env = pty_env(env, image, a.work, fake.port)
    r = subprocess.run(["/usr/bin/python3", "-m", "pytest", "-p", "no:cacheprovider", "-q",
                        "-rfEs", HERE, "--lg-env", env, "--board-env", env,
                        "--console-log", os.path.join(a.work, "console.log"),
                        "--uboot-typed", os.path.join(a.work, "commands.txt"), *pytest_args],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True)
    fake.close()
    return r.returncode, r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--board", required=True)
    a, rest = ap.parse_known_args()
    if "--" not in rest:
        sys.exit("board-pty: no QEMU command after --")
    pytest_args, qemu = ["--board", a.board, *rest[:rest.index("--")]], rest[rest.index("--") + 1:]
    os.makedirs(a.work, exist_ok=True)
    image = image_of(a.env)
    rc, out = session(a, a.env, image, pytest_args, qemu)
    print(out, end="")
    m = re.search(r"^labgrid \S+: (\d+) passed, (\d+) failed$", out, re.M)
    passed, failed = (int(m[1]), int(m[2])) if m and rc == 0 else (0, 1)
    # the same check on a console that panics before its end (the fake
    # U-Boot's go replays it): labgrid's run of it must fail the report
    good = open(os.path.join(a.work, "console.log")).read() if passed else ""
    bad = os.path.join(a.work, "panic.log")
    with open(bad, "w") as f:
        f.write(good.replace("all tasks have exited", "PANIC: injected by board-pty.py"))
    rc, out = session(a, a.env, image, pytest_args, qemu, ["--replay", bad])
    caught = rc != 0 and "test_report.py::test_the_report_passes_firmware_tests_check" in out \
        and "PANIC: injected" in open(os.path.join(a.work, "console.log")).read()
    if caught:
        passed += 1
    else:
        failed += 1
        print(f"board-pty: FAIL: a report that panics passes through labgrid:\n{out[-3000:]}")
    print(f"labgrid-pty {a.board}: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
