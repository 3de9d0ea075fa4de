"""What the lab tools (lava-jobs.py, labgrid-env.py) and their tests take
from make run's QEMU command, from QEMU and from make uboot-cmds' output,
and the firmware's console landmarks they watch for.

A QEMU machine's defaults are asked of QEMU itself: its CPU type and its
RAM size.  The labs' QEMU drivers always write -cpu and -m (LAVA's qemu
device type, labgrid's QEMUDriver); a wrong -cpu changes the CPU model
under the firmware, so they must be the machine's own.
"""
import json
import os
import re
import subprocess
import sys

BANNER = "mac-fw: board="               # the report's first line (kernel/main.c)
END_LINE = "all tasks have exited"      # its last, when every task ran to its end
END_FAILURES = ["PANIC: "]              # its last, when the kernel stopped instead
PFLASH = re.compile(r"if=pflash,format=raw,(?:index=0,)?file=(?P<file>[^,]+)")


def option_groups(argv):
    """A QEMU command's options as (option, value) pairs, in order: a
    value is the next word, unless that is an option (-no-reboot)."""
    groups, i = [], 0
    while i < len(argv):
        takes = i + 1 < len(argv) and not argv[i + 1].startswith("-")
        groups.append((argv[i], argv[i + 1] if takes else None))
        i += 2 if takes else 1
    return groups


def image_option(option, value, image):
    """What an option of make run's command makes of the image: "kernel"
    (-kernel IMAGE), "flash" (-drive if=pflash of IMAGE), or None."""
    if option == "-kernel" and value == image:
        return "kernel"
    m = PFLASH.fullmatch(value or "") if option == "-drive" else None
    return "flash" if m and m["file"] == image else None


def write_file(path, text, mode=None):
    """path holds text (and mode), whole or not at all."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    if mode is not None:
        os.chmod(path + ".tmp", mode)
    os.replace(path + ".tmp", path)


def _qmp(binary, machine, image_args, *commands):
    """The answers to QMP commands, of a QEMU started halted on the machine."""
    lines = [{"execute": "qmp_capabilities"}, *commands, {"execute": "quit"}]
    out = subprocess.run([binary, "-M", machine, *image_args, "-S", "-display", "none",
                          "-nic", "none", "-qmp", "stdio"],
                         input="".join(json.dumps(c) + "\n" for c in lines),
                         capture_output=True, text=True, timeout=30).stdout
    answers = [json.loads(ln) for ln in out.splitlines() if ln.startswith("{")]
    return [a["return"] for a in answers if "return" in a]


def machine_defaults(binary, machine, image_args, tool):
    """(CPU type as -cpu takes it, RAM size in MiB as -m takes it: the
    size QEMU gives the machine without -m) of the machine as it boots
    the image; exits naming TOOL when QEMU does not say."""
    answers = _qmp(binary, machine, image_args,
                   {"execute": "qom-get", "arguments": {"path": "/machine/unattached/device[0]",
                                                        "property": "type"}},
                   {"execute": "query-memory-size-summary"})
    cpu = next((m.group(1) for a in answers if isinstance(a, str)
                for m in [re.fullmatch(r"(.+)-(?:arm|superh)-cpu", a)] if m), None)
    ram = next((a["base-memory"] for a in answers if isinstance(a, dict) and "base-memory" in a),
               None)
    if cpu is None or ram is None:
        sys.exit(f"{tool}: QEMU did not say the {machine} machine's CPU and RAM: {answers}")
    return cpu, ram >> 20


def uboot_tftp(cmds_file, tool):
    """make uboot-cmds' network commands: {suffix: (tftpboot, start)}."""
    lines = [l.strip() for l in open(cmds_file) if l.strip() and not l.startswith("#")]
    found = {}
    for i, line in enumerate(lines):
        w = line.split()
        if w[0] == "tftpboot" and len(w) == 3 and i + 1 < len(lines):
            found[os.path.splitext(w[2])[1]] = (w, lines[i + 1].split())
    for suffix, start in ((".bin", "go"), (".uImage", "bootm")):
        if suffix not in found or found[suffix][1][0] != start:
            sys.exit(f"{tool}: {cmds_file}: no 'tftpboot ADDR *{suffix}' then '{start}'")
    return found


def tftp_commands(tftp, filename, ipaddr=None, serverip=None):
    """U-Boot's commands that load one of uboot_tftp's images by TFTP and
    start it: its address by dhcp (or ipaddr), the server's (serverip, or
    the one U-Boot's environment has), tftpboot of filename, go or bootm."""
    load, start = tftp
    return ["setenv autoload no", f"setenv ipaddr {ipaddr}" if ipaddr else "dhcp",
            *([f"setenv serverip {serverip}"] if serverip else []),
            f"tftpboot {load[1]} {filename}", " ".join(start)]
