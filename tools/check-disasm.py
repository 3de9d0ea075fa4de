#!/usr/bin/env python3
"""check-disasm.py OBJDUMP ELF POLICY_H: the fast path of each of the
monitor's check sites in the flat strategy, from the disassembly, with its
length; fails if one is over its budget or cannot be found.

A site is the test of one permission's bit (SH-4: tst #imm,r0; ARM: tst
or ands with an immediate) and the conditional branch after it, with the
instructions that compute the tested value: followed back through
register moves and indexed loads (row plus index), to the first load from
a fixed offset (the handle's vector, the node's index, the task's row),
whose base (the handle, node or task already at hand) is not counted.
bench_check_probe, the check compiled on its own, is also shown whole,
from its entry to its return; bench_site_time_handle and _row are the
check-* benchmarks' timed loops (kernel/bench_sites.h), which make the
check as the read and the walk sites do.
"""
import re
import subprocess
import sys

# name, function (flat), permission constant, budget in instructions
# (SH-4, ARM): what the sites are, the figures the manual and the check-*
# benchmarks give (kernel/bench_sites.h times each pair at its site, in
# the bench_site_time_* loops shown here too)
SITES = [
    ("read: the handle's vector", "sys_read_flat", "MAC_PERM_FILE__READ", (3, 3)),
    ("write: the handle's vector", "sys_write_flat", "MAC_PERM_FILE__WRITE", (3, 3)),
    ("walk: dir:search per directory", "fs_walk_user", "MAC_PERM_DIR__SEARCH", (5, 4)),
    ("stat: getattr", "sys_stat_flat", "MAC_PERM_FILE__GETATTR", (5, 5)),
    ("bench_check_probe: file:read", "bench_check_probe", "MAC_PERM_FILE__READ", (5, 5)),
    ("bench_site_time_handle: check-file-read, a handle site", "bench_site_time_handle",
     "MAC_PERM_FILE__READ", (3, 3)),
    ("bench_site_time_row: check-dir-search, the walk's row", "bench_site_time_row",
     "MAC_PERM_DIR__SEARCH", (5, 4)),
]
# the probe from entry to return, return included: SH-4 builds a frame
# for the slow path's call before the test
PROBE_BUDGET = (16, 7)

LINE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")


def functions(dis):
    """{name: [[(addr, mnemonic, operands)], ...]} (a static name may repeat)."""
    out, cur = {}, None
    for line in dis.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if m:
            cur = []
            out.setdefault(m.group(2), []).append((int(m.group(1), 16), cur))
            continue
        m = LINE.match(line)
        if m and cur is not None:
            ops = m.group(3).split("!")[0].split("@ ")[0].strip()
            cur.append((int(m.group(1), 16), m.group(2), ops, line))
    return out


def flat_copy(funcs, name):
    """The copy of a static function the flat strategy's handlers call."""
    copies = funcs.get(name, [])
    if not copies:  # a static function the compiler specialised (name.constprop.0)
        copies = [c for fname, cs in funcs.items() if fname.startswith(name + ".")
                  for c in cs]
    if len(copies) == 1:
        return copies[0][1]
    for fname, bodies in funcs.items():
        if not fname.endswith("_flat"):
            continue
        for _, body in bodies:
            for insn in body:
                for addr, insns in copies:
                    if ("%x <%s>" % (addr, name)) in insn[3]:
                        return insns
    return None


def regs(text):
    return set(re.findall(r"\b(r\d+|ip|lr|fp|sl|sp)\b", text))


def dest_sources(mn, ops):
    """(destination, sources, indexed load, fixed-offset load) of an instruction."""
    parts = [p.strip() for p in re.split(r",(?![^\[]*\])(?![^(]*\))", ops)]
    if mn.startswith("mov") and len(parts) == 2 and "," not in mn:  # SH-4: src, dst
        src, dst = parts
        if src.startswith("@"):
            indexed = src.startswith("@(r0,")
            return dst, regs(src), indexed, not indexed
        return dst, regs(src), False, False
    if mn.startswith(("ldr", "mov", "add", "lsl", "and", "orr")) and parts:  # ARM: dst first
        dst, rest = parts[0], ",".join(parts[1:])
        if mn.startswith("ldr"):
            inner = re.search(r"\[(.*)\]", rest)
            inner_regs = regs(inner.group(1)) if inner else set()
            indexed = len(inner_regs) > 1
            return dst, inner_regs, indexed, not indexed
        return dst, regs(rest), False, False
    if mn in ("add", "shll", "shll2", "extu.b", "extu.w", "exts.w", "exts.b") and parts:
        return parts[-1], regs(",".join(parts)), False, False
    return None, set(), False, False


def is_test(mn, ops, mask):
    imm = re.search(r"#(-?(?:0x)?[0-9a-f]+)", ops)
    if not imm or not (mn == "tst" or mn.startswith("ands")):
        return None
    if int(imm.group(1), 0) != mask:
        return None
    if mn == "tst" and ops.startswith("#"):  # SH-4: tst #imm,r0
        return "r0"
    return ops.split(",")[0 if mn == "tst" else 1].strip()


def from_table(insns, keep):
    """The tested value is a vector: not a byte at a fixed offset (a
    handle's flags), but a word (a handle's vector) or a row's cell."""
    for k in keep:
        mn, ops = insns[k][1], insns[k][2]
        if mn.startswith(("mov.l", "mov.w")) and "@" in ops:
            return True
        if mn in ("ldr", "ldrh", "ldrsh") or "@(r0," in ops or \
                (mn.startswith("ldr") and re.search(r"\[\w+, \w+\]", ops)):
            return True
    return False


def site(insns, mask):
    for i, (_, mn, ops, _) in enumerate(insns):
        reg = is_test(mn, ops, mask)
        if not reg or i + 1 >= len(insns):
            continue
        if not re.match(r"^(bt|bf|beq|bne)", insns[i + 1][1]):
            continue
        keep, need = [i, i + 1], {reg}
        for j in range(i - 1, max(i - 24, -1), -1):
            mn2, ops2 = insns[j][1], insns[j][2]
            dst, srcs, indexed, fixed = dest_sources(mn2, ops2)
            if dst not in need:
                continue
            keep.append(j)
            need.discard(dst)
            if not fixed:
                need |= srcs
            if not need:
                break
        if from_table(insns, keep):
            return [insns[k] for k in sorted(keep)]
    return None


def probe_path(insns):
    path = []
    for k, (addr, mn, ops, line) in enumerate(insns):
        path.append((addr, mn, ops, line))
        if mn == "rts":
            path.append(insns[k + 1])
            return path
        if mn == "bx" or (re.match(r"^(ldm|pop)", mn) and "pc" in ops):
            return path
    return path


def main():
    objdump, elf, header = sys.argv[1:4]
    consts = dict(re.findall(r"#define (MAC_PERM_\w+) (0x[0-9a-f]+)u", open(header).read()))
    dis = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf], check=True,
                         capture_output=True, text=True).stdout
    funcs = functions(dis)
    arm = "<bench_check_probe>" in dis and " bx\t" in dis or "\tpush\t" in dis
    bad = 0
    for name, fn, perm, budgets in SITES:
        budget = budgets[arm]
        insns = flat_copy(funcs, fn)
        got = site(insns, int(consts[perm], 16)) if insns else None
        if not got:
            print("check-disasm: %s: no test of %s (%s) in %s" % (name, perm, consts.get(perm), fn))
            bad += 1
            continue
        print("%s (%s in %s):" % (name, perm, fn))
        for addr, mn, ops, _ in got:
            print("  %08x:\t%s\t%s" % (addr, mn, ops))
        verdict = "ok" if len(got) <= budget else "OVER BUDGET"
        print("  fast path: %d instructions (budget %d) %s" % (len(got), budget, verdict))
        bad += len(got) > budget
    body = probe_path(flat_copy(funcs, "bench_check_probe") or [])
    print("bench_check_probe, entry to return:")
    for addr, mn, ops, _ in body:
        print("  %08x:\t%s\t%s" % (addr, mn, ops))
    verdict = "ok" if body and len(body) <= PROBE_BUDGET[arm] else "OVER BUDGET"
    print("  fast path: %d instructions, call and return included (budget %d) %s"
          % (len(body), PROBE_BUDGET[arm], verdict))
    bad += verdict != "ok"
    print("check-disasm: %d passed, %d failed" % (len(SITES) + 1 - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
