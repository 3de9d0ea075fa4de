"""The firmware's report through labgrid: the environment (--lg-env,
from make labgrid-env) boots the image, through QEMUDriver or through the
board's U-Boot, and the console is held to the report check firmware-test
makes (tests/run-firmware.sh, on the log alone).  Under QEMU the boot's
BENCH lines are make run's, and QEMUDriver's command is make run's.

    pytest tests/labgrid --lg-env ENV --board B --console-log LOG
           [--make-run CMD --make-run-log LOG] [--board-env ENV --uboot-cmds FILE]
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

import pexpect
import pytest
from labgrid import Environment

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
from lab import BANNER as BANNER_TEXT, machine_defaults, option_groups  # noqa: E402  (tools/lab.py)

END = re.compile(rb"^(all tasks have exited|PANIC: .*)\r?$", re.M)   # tools/capture.py's
BANNER = BANNER_TEXT.encode()
BOOT_TIMEOUT = 180


def read_until_end(console, deadline, until_eof):
    """The console from now until the report's end line, or until the
    socket closes (QEMU exits when the firmware powers the machine off).
    size=1: what has come, at least a byte (a serial port's read waits
    for all of size)."""
    data, banner = b"", -1
    while time.monotonic() < deadline:
        try:
            chunk = console.read(size=1, timeout=max(deadline - time.monotonic(), 0.1))
        except pexpect.TIMEOUT:
            break
        if not chunk:
            break
        seen, data = len(data), data + chunk
        if banner < 0:
            banner = data.find(BANNER)
        # the end's line may have begun in the last chunk
        since = max(banner, data.rfind(b"\n", 0, seen) + 1)
        if not until_eof and banner >= 0 and END.search(data, since):
            break
    return data


def boot_qemu(target):
    qemu = target.get_driver("QEMUDriver")
    qemu.on()
    data = read_until_end(qemu, time.monotonic() + BOOT_TIMEOUT, until_eof=True)
    try:
        rc = qemu._child.wait(timeout=30)
    except subprocess.TimeoutExpired:
        rc = None		# still running: off() below stops it
    if rc is not None:
        qemu.status = 0		# gone by itself: off() would ask it to quit
    return data, rc, list(qemu._cmd)


def boot_uboot(target):
    """U-Boot's prompt, its boot command, the console to the report's end.
    UBootDriver only waits for a prompt or autoboot's line: a Ctrl-C
    first has a board at its prompt print a new one, and stops one
    counting down (make load's loader does the same)."""
    serial = target.get_driver("SerialDriver")
    serial.write(b"\x03")
    uboot = target.get_driver("UBootDriver")
    uboot.boot("")				# the environment's boot_command
    data = read_until_end(serial, time.monotonic() + BOOT_TIMEOUT, until_eof=False)
    return data, None, None


@pytest.fixture(scope="module")
def boot(target, opt):
    """(console from the banner on, QEMU's exit status, QEMUDriver's command)."""
    under_qemu = "QEMUDriver" in target.env.config.get_targets()["main"].get("drivers", {})
    data, rc, cmd = (boot_qemu if under_qemu else boot_uboot)(target)
    target.deactivate_all_drivers()
    text = data.decode(errors="replace").replace("\r", "")
    text = text[text.find(BANNER_TEXT):] if BANNER_TEXT in text else text
    with open(opt("console_log"), "w") as f:
        f.write(text)
    return {"log": text, "rc": rc, "cmd": cmd, "qemu": under_qemu}


def bench_lines(text):
    return [ln for ln in text.splitlines() if ln.startswith("BENCH ")]


def run_check(board, log):
    return subprocess.run([os.path.join(HERE, "..", "run-firmware.sh"), board, log],
                          capture_output=True, text=True)


def test_the_firmware_starts(boot, opt):
    assert boot["log"].startswith(f"mac-fw: board={opt('board')} "), boot["log"][-500:]


def test_the_report_passes_firmware_tests_check(boot, opt):
    r = run_check(opt("board"), opt("console_log"))
    assert r.returncode == 0 and re.search(r" [1-9][0-9]* passed, 0 failed$", r.stdout, re.M), \
        r.stdout[-3000:]


def test_the_check_fails_a_report_without_its_end(boot, opt, tmp_path):
    cut = tmp_path / "cut.log"
    cut.write_text(boot["log"].split("all tasks have exited")[0])
    r = run_check(opt("board"), str(cut))
    assert r.returncode != 0 and "the application runs to its end" in r.stdout, r.stdout[-2000:]


def test_qemu_exits_by_itself_with_status_0(boot):
    if not boot["qemu"]:
        pytest.skip("a board stays at its console after the report")
    assert boot["rc"] == 0


def test_bench_lines_are_make_runs(boot, opt):
    """Whole lines: the console reaches labgrid as make run's pipe takes
    it (tools/labgrid-qemu.py), so the guest never waits on the host."""
    if not boot["qemu"]:
        pytest.skip("a board's counts are its own, not QEMU's")
    with open(opt("make_run_log")) as f:
        expected = bench_lines(f.read().replace("\r", ""))
    got = bench_lines(boot["log"])
    assert len(got) > 300 and got == expected


def without(groups, taken):
    """groups less one of each of taken (which must all be there)."""
    rest = list(groups)
    for g in taken:
        assert g in rest, f"{g} is not in {groups}"
        rest.remove(g)
    return rest


def image_group(groups, image):
    return next(g for g in groups if g[0] in ("-kernel", "-drive") and g[1] and
                os.path.abspath(re.sub(r"^.*file=|,id=nor0$", "", g[1])) == image)


def test_qemudrivers_command_is_make_runs(boot, opt, env):
    """The command labgrid ran is make run's: the same options in the same
    order, but for the console (labgrid's socket for -serial stdio) and
    what QEMUDriver writes of its fields (machine, image, CPU, RAM) and
    of its own (-S and QMP on stdio, then its start with "cont")."""
    if not boot["qemu"]:
        pytest.skip("no QEMU")
    make_run, ran = shlex.split(opt("make_run")), boot["cmd"]
    assert ran[0] == env.config.get_tool("qemu")
    with open(ran[0]) as f:		# labgrid-env's wrapper of make run's QEMU
        assert f" {shutil.which(make_run[0])} " in f.read()
    drv = env.config.get_targets()["main"]["drivers"]["QEMUDriver"]
    image = os.path.abspath(env.config.get_image_path("firmware"))
    theirs, ours = option_groups(make_run[1:]), option_groups(ran[1:])
    cpu, ram = machine_defaults(make_run[0], drv["machine"], list(image_group(theirs, image)),
                                "labgrid-test")
    assert (drv["cpu"], drv["memory"]) == (cpu, f"{ram}M")	# the machine's own
    chardev = next(g for g in ours if g[0] == "-chardev")
    assert chardev[1].startswith("socket,id=serialsocket,")
    ours = without(ours, [image_group(ours, image), ("-S", None), ("-qmp", "stdio"),
                          ("-machine", drv["machine"]), ("-cpu", drv["cpu"]),
                          ("-m", drv["memory"]), ("-nographic", None), chardev,
                          ("-serial", "chardev:serialsocket")])
    theirs = without(theirs, [image_group(theirs, image), ("-M", drv["machine"]),
                              ("-serial", "stdio")])
    assert ours == theirs
    assert option_groups(ran)[-1] == ("-serial", "chardev:serialsocket")


@pytest.fixture
def board_env(opt):
    if not opt("board_env"):
        pytest.skip("no --board-env")
    return Environment(config_file=opt("board_env"))


def test_board_env_drives_u_boot_on_a_serial_port(board_env, opt):
    """The board's environment, without the board: labgrid builds its
    target (a serial port at 115200, U-Boot's driver on it) and its boot
    command is make uboot-cmds' tftpboot of the .bin and go."""
    t = board_env.get_target("main")
    port = t.get_resource("RawSerialPort")
    uboot = t.get_driver("UBootDriver", activate=False)
    assert port.speed == 115200 and port.port
    assert uboot.console is t.get_driver("SerialDriver", activate=False)
    prompt = opt("prompt")
    assert re.fullmatch(uboot.prompt, prompt + " ") and re.fullmatch(uboot.prompt, prompt)
    lines = [ln.strip() for ln in open(opt("uboot_cmds")) if ln.strip()[:1] not in ("", "#")]
    i = next(i for i, ln in enumerate(lines) if ln.startswith("tftpboot ") and ln.endswith(".bin"))
    cmds = [c.strip() for c in uboot.boot_command.split(";")]
    assert cmds[-2:] == lines[i:i + 2] and cmds[0] == "setenv autoload no"
    image = board_env.config.get_image_path("firmware")
    assert os.path.basename(image) == lines[i].split()[-1] and os.path.isfile(image)
    assert re.search(uboot.bootstring, BANNER_TEXT + opt("board"))


def test_u_boot_is_typed_the_boot_command_and_nothing_that_writes(boot, board_env, opt):
    """What U-Boot received: labgrid's prompt checks (echo) and the
    environment's boot command, as one line; no saveenv, no flash."""
    if not opt("uboot_typed"):
        pytest.skip("no --uboot-typed (a U-Boot that keeps what it is typed)")
    uboot = board_env.get_target("main").get_driver("UBootDriver", activate=False)
    typed = [ln.strip() for ln in open(opt("uboot_typed")) if ln.strip()]
    assert typed.count(uboot.boot_command) == 1, typed
    assert {ln.split()[0] for ln in typed if ln != uboot.boot_command} <= {"echo"}, typed


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, *sys.argv[1:]]))
