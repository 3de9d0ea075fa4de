#!/usr/bin/python3
"""Writes the LAVA job definitions and device descriptions of one board.

  lava-jobs.py --board B --arch sh4|arm --out DIR --qemu-image PATH
               --uboot-cmds FILE --prompt P --console "UART, 115200 8N1"
               [--ipaddr ADDR] [--templates DIR] -- QEMU COMMAND...

QEMU COMMAND is `make run`'s; FILE is what `make uboot-cmds` printed.
DIR receives:
  qemu.yaml           the QEMU job: make run's command under the `qemu`
                      device type
  uboot-tftp-go.yaml  the board's U-Boot: tftpboot of the .bin, then go
  uboot-tftp-bootm.yaml             ... tftpboot of the .uImage, bootm
  devices/qemu-B.jinja2   device dictionary of a QEMU worker for B
  devices/B.jinja2        device type of the real board (its U-Boot)
  devices/B-01.jinja2     device dictionary of one such board (the lab's
                          serial port and power switch, to edit)
and, with --templates (lava-server's device-types directory), each
dictionary rendered as lava-server renders it for a job, devices/*.yaml,
which `lava-run --device` takes.
"""
import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab import (BANNER, END_FAILURES, END_LINE, image_option, machine_defaults,  # noqa: E402
                 option_groups, tftp_commands, uboot_tftp, write_file as write)  # (tools/lab.py)

# One test action for every job: the report's lines as LAVA test cases.
# LAVA matches the console as it arrives: each pattern ends in what
# follows its last group, or a line cut in two would match its first
# part (a median read without its last digits).
# The self-check and the BENCH lines through monitors (the console is
# watched, nothing typed), the end through interactive's successes and
# failures, so that a panic is recorded as the end's failure.  Each
# monitor stops just before the next one's first line (look-ahead), so
# that no line is taken from the next.
BENCH_PATTERN = (r"BENCH board=\S+ (?P<test_case_id>bench=\S+ strategy=\S+ arg=\S+) "
                 r"unit=(?P<units>\S+) n=\d+ min=\S+ median=(?P<measurement>[0-9.]+) mean=")
SELFCHECK_PATTERN = (r"(?P<test_case_id>counter self-check): [^\r\n]*: "
                     r"(?P<result>exact|in range|MISMATCH|OUT OF RANGE)[\r\n]")
SELFCHECK_RESULTS = {"exact": "pass", "in range": "pass", "MISMATCH": "fail",
                     "OUT OF RANGE": "fail"}
SHELL_PROMPT = "mac-fw> "   # report/shell.h: where a board stays after the end

# What U-Boot prints last before the image runs (LAVA's final message):
# `go` in every version; bootm's first line, in old and new versions.
UBOOT_FINAL = {"go": "## Starting application at", "bootm": "## Booting "}


def test_action():
    """The test action: the report's cases, watched on the console."""
    nxt = "(?=BENCH board=|" + END_LINE + "|" + "|".join(END_FAILURES) + ")"
    end = "(?=" + END_LINE + "|" + "|".join(END_FAILURES) + ")"
    return [
        {"test": {
            "timeout": {"minutes": 10},
            "monitors": [
                {"name": "mac-fw-selfcheck", "start": BANNER, "end": nxt,
                 "pattern": SELFCHECK_PATTERN, "fixupdict": SELFCHECK_RESULTS},
                {"name": "mac-fw-bench", "start": "(?=BENCH board=)", "end": end,
                 "pattern": BENCH_PATTERN},
            ]}},
        {"test": {
            "timeout": {"minutes": 2},
            "interactive": [
                {"name": "mac-fw-end", "prompts": [SHELL_PROMPT],
                 "script": [{"name": "all-tasks-have-exited", "command": None,
                             "wait_for_prompt": False,
                             "successes": [{"message": END_LINE}],
                             "failures": [{"message": m} for m in END_FAILURES]}]}]}},
    ]


def job_head(name, device_type, context=None):
    job = {"job_name": name, "device_type": device_type, "visibility": "public",
           "priority": "medium",
           "timeouts": {"job": {"minutes": 20}, "action": {"minutes": 10},
                        "connection": {"minutes": 2}}}
    if context:
        job["context"] = context
    return job


def url(path):
    return "file://" + os.path.abspath(path)


# -- the QEMU job ----------------------------------------------------------

def split_qemu(argv, image, arch):
    """make run's command as the qemu device type takes it: what the
    device gives (binary, NIC, the ARM machine, -monitor none), the
    image's argument, and the rest, for the job's extra_options (the
    SH-4 machine too: the device type has no -machine for sh4)."""
    binary = argv[0]
    extra, image_arg, net, machine = [], None, None, None
    for a, value in option_groups(argv[1:]):
        label = image_option(a, value, image)
        if label:
            image_arg = (label, a + " " + value.replace(image, "{" + label + "}"))
        elif a == "-nic":
            net = value
        elif (a, value) == ("-monitor", "none"):
            pass
        elif a in ("-M", "-machine"):
            machine = value
            if arch != "arm":
                extra += [a, value]
        else:
            extra += [a] if value is None else [a, value]
    if image_arg is None:
        sys.exit(f"lava-jobs: the QEMU command does not name the image {image}")
    return binary, extra, image_arg, net, machine


def qemu_device(board, arch, binary, machine, net, image_cmd):
    """The device dictionary of a QEMU worker for this machine."""
    nic = "smc91c111" if arch == "arm" else "rtl8139"
    lines = [
        "{% extends 'qemu.jinja2' %}",
        f"{{# A QEMU worker for the {board} firmware (mac-fw). The qemu device type",
        "   always gives the machine a NIC: its peer is a UDP socket aimed at the",
        "   loopback's discard port, so that nothing reaches the guest; the",
        "   machine's RAM is fixed (-m is what it has). #}",
        "{% set no_kvm = True %}",
        "{% set memory = 64 %}",
        f"{{% set model = 'model={nic}' %}}",
        "{% set netdevice = '" + (net if net and net != "none" else
                                  "socket,udp=127.0.0.1:9,localaddr=127.0.0.1:0") + "' %}",
    ]
    if arch == "arm":
        cpu, _ = machine_defaults(binary, machine, image_cmd, "lava-jobs")
        lines += [f"{{% set machine = '{machine}' %}}", f"{{% set cpu = '{cpu}' %}}"]
    return "\n".join(lines) + "\n"


def qemu_job(board, arch, image, extra, image_arg):
    label, arg = image_arg
    job = job_head(f"mac-fw {board} under QEMU", "qemu",
                   {"arch": arch, "extra_options": extra})
    job["actions"] = [
        {"deploy": {"to": "tmpfs", "timeout": {"minutes": 2},
                    "images": {label: {"url": url(image), "image_arg": arg}}}},
        {"boot": {"method": "qemu", "media": "tmpfs", "timeout": {"minutes": 2}}},
    ] + test_action()
    return job


# -- the real boards' U-Boot jobs --------------------------------------------

def uboot_job(board, how, tftp, image, ipaddr):
    cmds = tftp_commands(tftp, "{KERNEL}", ipaddr, "{SERVER_IP}")
    job = job_head(f"mac-fw {board} through U-Boot: tftpboot, {how}", board,
                   {"uboot_final_message": UBOOT_FINAL[how]})
    job["actions"] = [
        {"deploy": {"to": "tftp", "timeout": {"minutes": 2},
                    "kernel": {"url": url(image)}}},
        {"boot": {"method": "u-boot", "commands": cmds, "timeout": {"minutes": 3}}},
    ] + test_action()
    return job


def board_device_type(board, prompt, console, mkimage_arch, download):
    uart, line = console.split(",", 1)
    baud = line.split()[0]
    return "\n".join([
        "{% extends 'base-uboot.jinja2' %}",
        f"{{# The {board} with its own U-Boot, for the mac-fw firmware: the facts",
        f"   of make BOARD={board} uboot-cmds.  Console: {uart}, {line.strip()}. #}}",
        f"{{% set bootloader_prompt = bootloader_prompt|default('{prompt}') %}}",
        f"{{% set baud_rate = baud_rate|default({baud}) %}}",
        f"{{% set uboot_mkimage_arch = '{mkimage_arch}' %}}",
        f"{{% set bootm_kernel_addr = '{download}' %}}",
        "{% set base_high_limits = false %}",
    ]) + "\n"


def board_device(board):
    return "\n".join([
        f"{{% extends '{board}.jinja2' %}}",
        "{# One board of the lab: edit the serial line and the power switch. #}",
        "{% set connection_command = 'telnet localhost 7001' %}",
        "{% set hard_reset_command = 'pduclient --daemon localhost --hostname pdu --command reboot --port 1' %}",
        "{% set power_off_command = 'pduclient --daemon localhost --hostname pdu --command off --port 1' %}",
        "{% set power_on_command = 'pduclient --daemon localhost --hostname pdu --command on --port 1' %}",
    ]) + "\n"


# -- rendering, as lava-server does for a job --------------------------------

def render(templates, devdir, name, context):
    import jinja2
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([devdir, templates]),
                             autoescape=False, trim_blocks=True)
    return env.get_template(name + ".jinja2").render(**context)


def dump(job):
    import yaml
    return "# written by make lava-jobs (tools/lava-jobs.py)\n" + yaml.safe_dump(
        job, sort_keys=False, default_flow_style=False, width=1000)


def main():
    p = argparse.ArgumentParser()
    for opt in ("board", "arch", "out", "qemu-image", "uboot-cmds", "prompt", "console",
                "mkimage-arch", "bin", "uimage"):
        p.add_argument("--" + opt, required=True)
    p.add_argument("--ipaddr")
    p.add_argument("--templates")
    p.add_argument("qemu", nargs="+")
    a = p.parse_args()
    devdir = os.path.join(a.out, "devices")
    os.makedirs(devdir, exist_ok=True)

    binary, extra, image_arg, net, machine = split_qemu(a.qemu, a.qemu_image, a.arch)
    image_only = shlex.split(image_arg[1].replace("{" + image_arg[0] + "}", a.qemu_image))
    qjob = qemu_job(a.board, a.arch, a.qemu_image, extra, image_arg)
    write(os.path.join(a.out, "qemu.yaml"), dump(qjob))
    write(os.path.join(devdir, f"qemu-{a.board}.jinja2"),
          qemu_device(a.board, a.arch, binary, machine, net, image_only))

    tftp = uboot_tftp(a.uboot_cmds, "lava-jobs")
    jobs = {"go": uboot_job(a.board, "go", tftp[".bin"], a.bin, a.ipaddr),
            "bootm": uboot_job(a.board, "bootm", tftp[".uImage"], a.uimage, a.ipaddr)}
    for how, job in jobs.items():
        write(os.path.join(a.out, f"uboot-tftp-{how}.yaml"), dump(job))
    write(os.path.join(devdir, f"{a.board}.jinja2"),
          board_device_type(a.board, a.prompt, a.console, a.mkimage_arch,
                            tftp[".uImage"][0][1]))
    write(os.path.join(devdir, f"{a.board}-01.jinja2"), board_device(a.board))

    if a.templates:
        write(os.path.join(devdir, f"qemu-{a.board}.yaml"),
              render(a.templates, devdir, f"qemu-{a.board}", qjob["context"]))
        for how, job in jobs.items():
            write(os.path.join(devdir, f"{a.board}-01-{how}.yaml"),
                  render(a.templates, devdir, f"{a.board}-01", job["context"]))
    print(f"lava-jobs: {a.board}: {a.out}/qemu.yaml, uboot-tftp-go.yaml, uboot-tftp-bootm.yaml;"
          f" devices in {devdir}")


if __name__ == "__main__":
    main()
