"""A fake U-Boot (tests/fake-uboot.py) at the far end of a pty, for the
tests that talk to a board's U-Boot over its serial line (load-test.py,
labgrid/board-pty.py): the pty's slave is the port they are given."""
import os
import pty
import subprocess
import sys
import tty

FAKE_UBOOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake-uboot.py")


class FakeUBoot:
    """The fake U-Boot on a fresh pty, its files in work (commands.txt,
    fake.err, what it received), QEMU command qemu for its go."""

    def __init__(self, work, qemu, fake_args=()):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.proc = subprocess.Popen(
            [sys.executable, FAKE_UBOOT, "--fd", str(self.master), "--dir", work, *fake_args,
             "--", *qemu], pass_fds=(self.master,),
            stderr=open(os.path.join(work, "fake.err"), "w"))

    def close(self, wait=10):
        """Waits up to wait seconds for it to end (it ends with QEMU, which
        powers off after the report), kills it if not, closes the pty."""
        try:
            self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
        os.close(self.slave)
