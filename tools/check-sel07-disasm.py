#!/usr/bin/env python3
"""check-sel07-disasm.py OBJDUMP ELF [CLAIMS]: holds the selinux07 models' read
and write path to the code Linux 2.6.22 and its compiler made of it
(docs/models.md, SEL07_BUILD=2007):

  SH-4   the hooks and the AVC calls between them as Linux did (no
         function of the path inlined into another), and the clearing
         of struct avc_audit_data and the copy of struct av_decision are
         calls of the out-of-line sel07_memset and sel07_memcpy
  ARM    the same calls, the clearing a call of sel07_memzero, and every
         function of the path opens an APCS frame (mov ip, sp; push {fp,
         ip, lr, pc}), as 2.6.22's FRAME_POINTER=y built it

SH-4: how many registers avc_audit saves on entry; CLAIMS (a page that
describes the build) must say "`avc_audit` pushes and pops N registers".

Fails, naming what is missing, on any other build (SEL07_BUILD=gcc12,
SEL07_STRCALLS=0, SEL07_FRAMES=0): that is what it is for.
"""
import re
import subprocess
import sys

# (function, the functions it must call) on each CPU's read/write path
CALLS = {
    "sh": [
        ("sel07_file_perm", ["file_has_perm"]),
        ("file_has_perm", ["sel07_memset", "inode_has_perm"]),
        ("inode_has_perm", ["avc_has_perm"]),
        ("avc_has_perm", ["avc_has_perm_noaudit", "avc_audit"]),
        ("avc_has_perm_noaudit", ["sel07_memcpy"]),
        ("sel07tuned_file_perm", ["sel07_memset", "avc_has_perm_tuned"]),
        ("avc_has_perm_tuned", ["sel07_memcpy"]),
    ],
    "arm": [
        ("sel07_file_perm", ["file_has_perm"]),
        ("file_has_perm", ["sel07_memzero", "inode_has_perm"]),
        ("inode_has_perm", ["avc_has_perm"]),
        ("avc_has_perm", ["avc_has_perm_noaudit", "avc_audit"]),
        ("sel07tuned_file_perm", ["sel07_memzero", "avc_has_perm_tuned"]),
    ],
}
# the APCS prologue; the push saves the callee-saved registers the
# function uses before fp
APCS_FRAME = re.compile(r"mov\tip, sp; push\t\{(?:[^}]*, )?fp, ip, lr, pc\}; sub\tfp, ip, #4$")

HEAD = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN = re.compile(r"^\s*[0-9a-f]+:\s+(\S+)\s*(.*)$")
SYM = re.compile(r"<([^>+]+)>")


def functions(dis):
    out, cur = {}, None
    for line in dis.splitlines():
        m = HEAD.match(line)
        if m:
            cur = out.setdefault(m.group(2), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append((m.group(1), m.group(2)))
    return out


def calls(insns):
    """The functions called (or jumped to in a tail call): SH-4 jsr @rN
    after a literal load naming the symbol, bsr/bra/bl with the symbol."""
    reg, out = {}, set()
    for mnem, ops in insns:
        syms = SYM.findall(ops)
        if mnem == "mov.l" and syms:
            reg[ops.split("!")[0].split(",")[-1].strip()] = syms[-1]
        elif mnem in ("jsr", "jmp"):
            out.add(reg.get(ops.strip().lstrip("@"), "?"))
        elif mnem in ("bsr", "bra", "bl", "b", "blx") and syms:
            out.add(syms[0])
    return out


SAVES = {"mov.l": re.compile(r"r\d+,@-r15"), "sts.l": re.compile(r"pr,@-r15")}


def sh_saves(insns):
    """The registers (and pr) an SH-4 function pushes in its prologue,
    which GCC schedules among its first instructions."""
    return sum(1 for mnem, ops in insns[:16] if mnem in SAVES and SAVES[mnem].fullmatch(ops.strip()))


def main(objdump, elf, claims=None):
    dis = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf], check=True,
                         capture_output=True, text=True).stdout
    cpu = "arm" if "elf32-littlearm" in dis else "sh"
    funcs = functions(dis)
    fails = []
    for fn, callees in CALLS[cpu]:
        if fn not in funcs:
            fails.append(f"{fn}: not in the image (inlined, renamed, or another build)")
            continue
        missing = [c for c in callees if c not in calls(funcs[fn])]
        state = "calls " + ", ".join(callees)
        if missing:
            fails.append(f"{fn}: does not call {', '.join(missing)}")
            state += ": MISSING " + ", ".join(missing)
        print(f"sel07 {cpu}: {fn} {state}")
    if cpu == "sh" and "avc_audit" in funcs:
        n = sh_saves(funcs["avc_audit"])
        print(f"sel07 sh: avc_audit saves {n} registers on entry")
        claim = f"`avc_audit` pushes and pops {n} registers"
        if claims and claim not in " ".join(open(claims).read().split()):
            fails.append(f"{claims} does not say \"{claim}\"")
    if cpu == "arm":
        for fn, _ in CALLS["arm"] + [("avc_has_perm_noaudit", []), ("avc_audit", []),
                                     ("avc_has_perm_tuned", [])]:
            body = ["\t".join(i) for i in funcs.get(fn, [])[:3]]
            ok = bool(APCS_FRAME.match("; ".join(body)))
            print(f"sel07 arm: {fn} APCS frame {'yes' if ok else 'NO: ' + '; '.join(body)}")
            if not ok:
                fails.append(f"{fn}: no APCS frame")
    for f in fails:
        print("FAIL sel07: " + f)
    print(f"sel07-disasm: {'FAILED' if fails else 'ok'} ({len(fails)} problems)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
