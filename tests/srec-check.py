#!/usr/bin/env python3
"""Reads an S-record file as U-Boot's `loads` would and compares it with
the raw image: every record's length and checksum must be right, the
data must cover exactly [LOAD, LOAD + size of BIN) once and equal BIN
byte for byte, and the end record must give ENTRY.

    srec-check.py SREC BIN LOAD ENTRY

Exits 0 and prints "srec: OK ..." when all holds; else prints why and
exits 1.
"""
import sys

ADDR_BYTES = {"0": 2, "1": 2, "2": 3, "3": 4, "5": 2, "6": 3, "7": 4, "8": 3, "9": 2}
DATA_TYPES = "123"
END_TYPES = "789"


class Bad(Exception):
    pass


def records(text):
    """Yields (line number, type, address, data) of each record, checked."""
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if len(line) < 4 or line[0] != "S" or line[1] not in ADDR_BYTES:
            raise Bad(f"line {n}: not an S-record: {line[:20]!r}")
        try:
            raw = bytes.fromhex(line[2:])
        except ValueError:
            raise Bad(f"line {n}: not hexadecimal")
        if raw[0] != len(raw) - 1:
            raise Bad(f"line {n}: byte count {raw[0]}, record has {len(raw) - 1}")
        if (sum(raw[:-1]) + raw[-1]) & 0xFF != 0xFF:
            raise Bad(f"line {n}: checksum {raw[-1]:#04x} is wrong")
        na = ADDR_BYTES[line[1]]
        if raw[0] < na + 1:
            raise Bad(f"line {n}: too short for its address")
        yield n, line[1], int.from_bytes(raw[1:1 + na], "big"), raw[1 + na:-1]


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    srec, binf, load, entry = sys.argv[1], sys.argv[2], int(sys.argv[3], 0), int(sys.argv[4], 0)
    image = open(binf, "rb").read()
    mem = bytearray(len(image))
    seen = bytearray(len(image))
    start = None
    count = 0
    try:
        for n, t, addr, data in records(open(srec).read()):
            if t in DATA_TYPES:
                off = addr - load
                if off < 0 or off + len(data) > len(image):
                    raise Bad(f"line {n}: data at {addr:#x} outside the image "
                              f"[{load:#x}, {load + len(image):#x})")
                if any(seen[off:off + len(data)]):
                    raise Bad(f"line {n}: data at {addr:#x} written twice")
                mem[off:off + len(data)] = data
                seen[off:off + len(data)] = b"\1" * len(data)
                count += 1
            elif t in END_TYPES:
                if start is not None:
                    raise Bad(f"line {n}: a second end record")
                start = addr
        if not all(seen):
            raise Bad(f"no data for {load + seen.index(0):#x}")
        if mem != image:
            first = next(i for i in range(len(image)) if mem[i] != image[i])
            raise Bad(f"differs from {binf} at {load + first:#x}")
        if start != entry:
            raise Bad(f"end record gives {start if start is None else hex(start)}, the entry is {entry:#x}")
    except Bad as e:
        print(f"srec: {srec}: {e}")
        sys.exit(1)
    print(f"srec: OK {count} data records, {len(image)} bytes at {load:#x}, start {entry:#x}")


main()
