#!/usr/bin/python3
"""Writes the labgrid environments of one board.

  labgrid-env.py --board B --out DIR --qemu-image PATH --uboot-cmds FILE
                 --bin PATH --prompt P [--port PORT] [--ipaddr ADDR]
                 [--serverip ADDR] -- QEMU COMMAND...

QEMU COMMAND is `make run`'s; FILE is what `make uboot-cmds` printed.
DIR receives:
  qemu.yaml    labgrid's QEMUDriver running make run's command: its
               machine, image, CPU and RAM (the machine's own, asked of
               QEMU), the console on labgrid's socket instead of stdio
  qemu         the QEMU binary it names (tools/labgrid-qemu.py)
  board.yaml   the real board: its serial port (PORT, 115200 8N1) and
               its U-Boot (prompt, Ctrl-C to stop autoboot), whose boot
               command is make uboot-cmds' tftpboot of the .bin and go;
               the banner is what tells labgrid the firmware started
Paths in them are relative to DIR, as labgrid reads them.
"""
import argparse
import os
import re
import shlex
import shutil
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab import (BANNER, image_option, machine_defaults, option_groups,  # noqa: E402
                 tftp_commands, uboot_tftp, write_file)  # (tools/lab.py)



def fail(msg):
    sys.exit(f"labgrid-env: {msg}")


def split_qemu(argv, image):
    """make run's command as QEMUDriver's fields: the machine, the image
    as kernel or flash, and the rest as extra_args.  `-serial stdio`
    goes: QEMUDriver's socket is the console, the serial port after the
    others (on the R2D+, -serial null keeps the first for the SCI)."""
    binary, groups = argv[0], option_groups(argv[1:])
    fields, extra = {}, []
    for i, (a, value) in enumerate(groups):
        if a in ("-M", "-machine"):
            fields["machine"] = value
        elif label := image_option(a, value, image):
            fields[label] = "firmware"
        elif (a, value) == ("-serial", "stdio"):
            if any(g[0] == "-serial" for g in groups[i + 1:]):
                fail("make run's -serial stdio is not its last serial port")
        else:
            extra += [a] if value is None else [a, value]
    if "machine" not in fields or not {"kernel", "flash"} & fields.keys():
        fail(f"make run's command names no machine or no image {image}: {shlex.join(argv)}")
    return binary, fields, extra


def qemu_env(binary, fields, extra, image, out):
    image_args = ["-kernel", image] if "kernel" in fields else \
        ["-drive", f"if=pflash,format=raw,file={image}"]
    cpu, ram = machine_defaults(binary, fields["machine"], image_args, "labgrid-env")
    driver = {"qemu_bin": "qemu", **fields, "cpu": cpu, "memory": f"{ram}M",
              "extra_args": shlex.join(extra)}
    return {"targets": {"main": {"drivers": {"QEMUDriver": driver}}},
            "tools": {"qemu": "./qemu"},
            "images": {"firmware": os.path.relpath(image, out)}}


def board_env(port, prompt, tftp, ipaddr, serverip, binfile, out):
    boot = "; ".join(tftp_commands(tftp[".bin"], os.path.basename(binfile), ipaddr, serverip))
    uboot = {"prompt": re.escape(prompt) + " ?", "interrupt": "\x03", "boot_expression": "",
             "autoboot": "[Hh]it any key to stop autoboot|[Aa]utoboot in \\d+ seconds",
             "boot_command": boot, "bootstring": BANNER}
    return {"targets": {"main": {
        "resources": {"RawSerialPort": {"port": port, "speed": 115200}},
        "drivers": {"SerialDriver": {}, "UBootDriver": uboot}}},
        "images": {"firmware": os.path.relpath(binfile, out)}}


def qemu_wrapper(binary, out):
    """DIR/qemu, the binary QEMUDriver starts: make run's QEMU behind
    tools/labgrid-qemu.py, which keeps QEMU's stdout to QMP's lines."""
    qemu = shutil.which(binary)
    if qemu is None:
        fail(f"no {binary} on PATH")
    wrapper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "labgrid-qemu.py")
    write_file(os.path.join(out, "qemu"),
               f"#!/bin/sh\n# {binary} for labgrid's QEMUDriver (tools/labgrid-qemu.py)\n"
               f"exec {shlex.quote(wrapper)} {shlex.quote(qemu)} \"$@\"\n", 0o755)


def write(path, head, env):
    write_file(path, "".join(f"# {line}\n" if line else "#\n" for line in head) +
               yaml.safe_dump(env, sort_keys=False, default_flow_style=False, width=1000))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--qemu-image", required=True)
    ap.add_argument("--uboot-cmds", required=True)
    ap.add_argument("--bin", required=True, help="the image U-Boot's tftpboot loads")
    ap.add_argument("--prompt", required=True)
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--ipaddr")
    ap.add_argument("--serverip")
    ap.add_argument("qemu", nargs="+")
    a = ap.parse_args()
    if not a.prompt.strip():
        fail("the U-Boot prompt is empty")
    os.makedirs(a.out, exist_ok=True)
    binary, fields, extra = split_qemu(a.qemu, a.qemu_image)
    qemu_wrapper(binary, a.out)
    write(os.path.join(a.out, "qemu.yaml"),
          [f"labgrid: the {a.board} firmware under QEMU, as make run boots it",
           "(labgrid's QEMUDriver: power on, then its console)"],
          qemu_env(binary, fields, extra, a.qemu_image, a.out))
    tftp = uboot_tftp(a.uboot_cmds, "labgrid-env")
    write(os.path.join(a.out, "board.yaml"),
          [f"labgrid: a {a.board} board through its U-Boot on {a.port}",
           f"U-Boot's boot command loads {os.path.basename(a.bin)} from the TFTP server",
           "(serverip " + (a.serverip if a.serverip else "as U-Boot's environment has it") +
           "; the file in the server's directory)",
           "and starts it; a lab with labgrid's coordinator puts a RemotePlace",
           "in place of RawSerialPort"],
          board_env(a.port, a.prompt.strip(), tftp, a.ipaddr, a.serverip, a.bin, a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
