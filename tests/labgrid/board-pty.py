#!/usr/bin/python3
"""The board's labgrid environment (make labgrid-env's board.yaml) on a
U-Boot at the far end of a serial line: a pty, with tests/fake-uboot.py
on its other side, whose tftpboot reads the build's directory and whose
go boots what it loaded under QEMU, the console on the same pty.  The
report check (tests/labgrid) then runs through labgrid's UBootDriver as
it would on a board; only the serial port in the environment changes.

    board-pty.py --env BOARD_ENV --work DIR [PYTEST OPTIONS...] -- QEMU-COMMAND... -kernel
"""
import argparse
import os
import pty
import subprocess
import sys
import tty

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
SERVERIP = "10.0.2.2"	# what the fake U-Boot's saved environment holds


def pty_env(env_path, work, port):
    """The environment with its serial port the pty's, its image's path
    made absolute (the copy is in another directory)."""
    env = yaml.safe_load(open(env_path))
    env["targets"]["main"]["resources"]["RawSerialPort"]["port"] = port
    image = os.path.join(os.path.dirname(os.path.abspath(env_path)), env["images"]["firmware"])
    env["images"]["firmware"] = os.path.normpath(image)
    path = os.path.join(work, "board.yaml")
    with open(path, "w") as f:
        yaml.safe_dump(env, f, sort_keys=False)
    return path, env["images"]["firmware"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", required=True)
    ap.add_argument("--work", required=True)
    a, rest = ap.parse_known_args()
    if "--" not in rest:
        sys.exit("board-pty: no QEMU command after --")
    pytest_args, qemu = rest[:rest.index("--")], rest[rest.index("--") + 1:]
    os.makedirs(a.work, exist_ok=True)
    for f in ("commands.txt", "console.log"):
        if os.path.exists(os.path.join(a.work, f)):
            os.remove(os.path.join(a.work, f))
    master, slave = pty.openpty()
    tty.setraw(slave)
    env, image = pty_env(a.env, a.work, os.ttyname(slave))
    fake = subprocess.Popen([sys.executable, os.path.join(HERE, "..", "fake-uboot.py"),
                             "--fd", str(master), "--dir", a.work,
                             "--tftp-dir", os.path.dirname(image),
                             "--setenv", f"serverip={SERVERIP}", "--", *qemu],
                            pass_fds=(master,),
                            stderr=open(os.path.join(a.work, "fake.err"), "w"))
    r = subprocess.run(["/usr/bin/python3", "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs",
                        HERE, "--lg-env", env, "--board-env", env,
                        "--console-log", os.path.join(a.work, "console.log"),
                        "--uboot-typed", os.path.join(a.work, "commands.txt"), *pytest_args],
                       stdin=subprocess.DEVNULL)
    try:
        fake.wait(timeout=10)	# it ends with QEMU, which powers off after the report
    except subprocess.TimeoutExpired:
        fake.kill()
        fake.wait()
    os.close(master)
    os.close(slave)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
