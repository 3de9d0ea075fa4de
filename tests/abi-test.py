#!/usr/bin/env python3
"""docs/abi.md against the sources it describes: the calls' numbers and
names (include/syscall_nr.h), SYS_COUNT, the error codes, and each CPU's
trap instruction and registers (arch/<cpu>/include/arch_syscall.h and
arch_cpu.h).  The firmware's side of the page is the on-target suites'.

  abi-test.py
"""
import os
import re
import sys

import tally

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    return open(os.path.join(ROOT, path)).read()


def syscall_names(header):
    """The calls' SYS_* of the enum, in order: those before SYS_COUNT."""
    body = re.search(r"enum \{\n(.*?)\n\};", header + "\n", re.S).group(1)
    names = re.findall(r"^\s*(SYS_\w+)", body, re.M)
    return names[:names.index("SYS_COUNT")]


def doc_calls(doc):
    return [(int(m.group(1)), m.group(2))
            for m in re.finditer(r"^\| (\d+) \| `(SYS_\w+)` \|", doc, re.M)]


def check_calls(doc, header):
    names = syscall_names(header)
    got = doc_calls(doc)
    tally.check(f"the calls' table lists SYS_NULL .. SYS_COUNT - 1 by number ({len(got)} rows)",
                got == list(enumerate(names)), got)
    tally.check(f"SYS_COUNT ({len(names)}) is the first number said to be -ENOSYS",
                f"a number from `SYS_COUNT` ({len(names)}) up" in doc)


def check_table_size(doc):
    """The SH-4 table's length, and the trapa whose TRA the entry stores."""
    size = int(re.search(r"#define SYSCALL_TABLE_SIZE\s+(\d+)", read("include/kernel_asm.h"))
               .group(1))
    tally.check(f"SYSCALL_TABLE_SIZE ({size}) and its trapa (#0x{size >> 2:02x}) as kernel_asm.h has it",
                f"(`SYSCALL_TABLE_SIZE`, {size})" in doc and
                f"with the table's length, {size}: `trapa #0x{size >> 2:02x}`'s" in " ".join(doc.split()))


def check_errors(doc, header):
    codes = dict(re.findall(r"^#define E_(\w+)\s+(\d+)", header, re.M))
    said = re.findall(r"`-E(\w+)` \((-\d+)\)", doc)
    tally.check(f"the errors' codes are syscall_nr.h's ({len(said)} said)",
                said and all(codes.get(n) == v[1:] for n, v in said),
                [(n, v, codes.get(n)) for n, v in said])


def check_traps(doc):
    cpu = read("arch/sh4/include/arch_cpu.h")
    trap = int(re.search(r"#define ARCH_SYSCALL_TRAP\s+(0x[0-9a-fA-F]+)", cpu).group(1), 16)
    tally.check(f"SH-4: the page's trap is ARCH_SYSCALL_TRAP (trapa #0x{trap:02x})",
                f"`trapa #0x{trap:02x}` (`ARCH_SYSCALL_TRAP`)" in doc)
    stub = read("arch/sh4/include/arch_syscall.h")
    tally.check("SH-4: the stub traps with ARCH_SYSCALL_TRAPA, number in r3, arguments r4..r7",
                "ARCH_SYSCALL_TRAPA" in stub and all(f'__asm__("r{r}")' in stub
                                                     for r in range(3, 8)))
    arm = read("arch/arm/include/arch_syscall.h")
    tally.check("XScale: the stub traps with swi, number in r7, arguments r0..r3",
                "swi" in arm and all(f'__asm__("r{r}")' in arm for r in (7, 0, 1, 2, 3)))
    rows = {"call number": ("r3", "r7"), "arguments": ("r4, r5, r6, r7", "r0, r1, r2, r3")}
    for what, (sh, xs) in rows.items():
        tally.check(f"the registers' table: {what} is {sh} and {xs}",
                    f"| {what} | {sh} | {xs} |" in doc)


def main():
    doc = read("docs/abi.md")
    header = read("include/syscall_nr.h")
    check_calls(doc, header)
    check_table_size(doc)
    check_errors(doc, header)
    check_traps(doc)
    return tally.summary("abi-test")


if __name__ == "__main__":
    sys.exit(main())
