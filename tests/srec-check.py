#!/usr/bin/env python3
"""Reads an S-record file as U-Boot's `loads` would and holds it against
the ELF it was made from and the raw image of the same ELF:

  - every record's length and checksum is right;
  - the records carry exactly the ELF's loaded sections (allocated, with
    contents), each byte once, at its load address, equal to the .bin
    there: nothing a boot needs is left out;
  - no record lies where the start-up clears ([__bss_start, __bss_end))
    or in .noinit, which nothing may write, nor anywhere else outside
    the loaded sections (heap, stack, alignment gaps): loads sends none
    of the zeros the .bin carries there;
  - the .bin has nothing but zeros where no section is loaded, so the
    .bin and the S-records start the same image;
  - the end record gives ENTRY.

    srec-check.py [--fill OUT] SREC ELF BIN LOAD ENTRY

--fill OUT writes the memory the S-records leave, from LOAD to the .bin's
end, with every byte no record carries set to 0xA5 (what RAM may hold
before a load): booting it shows the image needs none of the .bin's zeros.

Exits 0 and prints "srec: OK ..." when all holds; else prints why and
exits 1.  The records are read by tools/srec.py, as make load reads them.
"""
import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from srec import DATA_TYPES, END_TYPES, Bad, records  # noqa: E402  (tools/srec.py)

SHF_ALLOC = 0x2
SHT_NOBITS = 8
SHT_SYMTAB = 2
PT_LOAD = 1
FILL = 0xA5


class Elf32:
    """The few things of an ELF32 file this check needs: sections with
    their load addresses, and symbols."""

    def __init__(self, path):
        self.data = d = open(path, "rb").read()
        if d[:4] != b"\x7fELF" or d[4] != 1:
            raise Bad(f"{path}: not a 32-bit ELF file")
        self.end = "<" if d[5] == 1 else ">"
        (_, _, _, self.entry, phoff, shoff, _, _, phentsize, phnum, shentsize, shnum,
         shstrndx) = self.unpack("HHIIIIIHHHHHH", 16)
        self.segments = [self.unpack("IIIIIIII", phoff + i * phentsize) for i in range(phnum)]
        raw = [self.unpack("IIIIIIIIII", shoff + i * shentsize) for i in range(shnum)]
        names = raw[shstrndx]
        self.sections = [dict(name=self.cstr(names[4] + s[0]), type=s[1], flags=s[2],
                              addr=s[3], offset=s[4], size=s[5], link=s[6]) for s in raw]

    def unpack(self, fmt, off):
        return struct.unpack_from(self.end + fmt, self.data, off)

    def cstr(self, off):
        return self.data[off:self.data.index(b"\0", off)].decode()

    def lma(self, s):
        """A section's load address: its segment's physical address, as
        objcopy takes it."""
        for typ, off, vaddr, paddr, filesz, memsz, _, _ in self.segments:
            if typ == PT_LOAD and vaddr <= s["addr"] and s["addr"] + s["size"] <= vaddr + memsz:
                return paddr + s["addr"] - vaddr
        return s["addr"]

    def symbols(self):
        syms = {}
        for tab in (s for s in self.sections if s["type"] == SHT_SYMTAB):
            strtab = self.sections[tab["link"]]["offset"]
            for off in range(tab["offset"], tab["offset"] + tab["size"], 16):
                name, value = self.unpack("II", off)
                if name:
                    syms[self.cstr(strtab + name)] = value
        return syms


def ranges_of(elf):
    """(loaded, forbidden): the loaded sections' [lma, end, name), and the
    ranges no record may touch, each with the reason."""
    loaded, forbidden = [], []
    for s in elf.sections:
        if not s["flags"] & SHF_ALLOC or not s["size"]:
            continue
        lo = elf.lma(s)
        if s["type"] != SHT_NOBITS:
            loaded.append((lo, lo + s["size"], s["name"]))
        elif s["name"] == ".noinit":
            forbidden.append((lo, lo + s["size"], ".noinit, which no load may write"))
    syms = elf.symbols()
    if "__bss_start" not in syms or "__bss_end" not in syms:
        raise Bad("the ELF has no __bss_start/__bss_end (see the linker script)")
    forbidden.append((syms["__bss_start"], syms["__bss_end"], ".bss, which the start-up clears"))
    return sorted(loaded), forbidden


def where(addr, forbidden):
    for lo, hi, why in forbidden:
        if lo <= addr < hi:
            return why
    return "no loaded section (heap, stack or an alignment gap)"


def nonzero(image, lo, hi, load):
    """The .bin between loaded sections is objcopy's zero fill, or it
    holds something the S-records would not carry."""
    if lo < hi and image.count(0, lo, hi) != hi - lo:
        first = next(i for i in range(lo, hi) if image[i])
        raise Bad(f"the .bin has data at {load + first:#x}, in no loaded section")


def check(srec, elf, image, load, entry):
    """Returns (memory the records leave, byte mask, record count, summary)."""
    loaded, forbidden = ranges_of(elf)
    mem = bytearray([FILL]) * len(image)
    seen = bytearray(len(image))
    start, count = None, 0
    for n, t, addr, data in records(open(srec).read()):
        if t in END_TYPES:
            if start is not None:
                raise Bad(f"line {n}: a second end record")
            start = addr
            continue
        if t not in DATA_TYPES:
            continue
        # a record lies inside one loaded section, as objcopy writes them
        sec = next(((lo, hi) for lo, hi, _ in loaded if lo <= addr < hi), None)
        if sec is None or addr + len(data) > sec[1]:
            a = addr if sec is None else sec[1]
            raise Bad(f"line {n}: data at {a:#x} in {where(a, forbidden)}")
        off = addr - load
        if off < 0 or off + len(data) > len(image):
            raise Bad(f"line {n}: data at {addr:#x} outside the image "
                      f"[{load:#x}, {load + len(image):#x})")
        if any(seen[off:off + len(data)]):
            raise Bad(f"line {n}: data at {addr:#x} written twice")
        mem[off:off + len(data)] = data
        seen[off:off + len(data)] = b"\1" * len(data)
        count += 1
    gap_lo = 0
    for lo, hi, name in loaded:
        lo, hi = lo - load, hi - load
        hole = seen.find(0, lo, hi)
        if hole >= 0:
            raise Bad(f"no data for {load + hole:#x} in {name}")
        if mem[lo:hi] != image[lo:hi]:
            first = next(i for i in range(lo, hi) if mem[i] != image[i])
            raise Bad(f"differs from the .bin at {load + first:#x}")
        nonzero(image, gap_lo, lo, load)
        gap_lo = hi
    nonzero(image, gap_lo, len(image), load)
    if start != entry:
        raise Bad(f"end record gives {start if start is None else hex(start)}, "
                  f"the entry is {entry:#x}")
    carried = sum(seen)
    bss = next(hi - lo for lo, hi, why in forbidden if why.startswith(".bss"))
    return mem, count, (f"{count} data records, {carried} of the .bin's {len(image)} bytes "
                        f"at {load:#x} ({bss} of .bss cleared by the start-up), "
                        f"start {entry:#x}")


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--fill")
    ap.add_argument("srec")
    ap.add_argument("elf")
    ap.add_argument("bin")
    ap.add_argument("load", type=lambda s: int(s, 0))
    ap.add_argument("entry", type=lambda s: int(s, 0))
    a = ap.parse_args()
    try:
        mem, _, what = check(a.srec, Elf32(a.elf), open(a.bin, "rb").read(), a.load, a.entry)
    except (Bad, OSError) as e:
        print(f"srec: {a.srec}: {e}")
        return 1
    if a.fill:
        open(a.fill, "wb").write(mem)
    print(f"srec: OK {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
