#!/usr/bin/env python3
"""S-records read as U-Boot's `loads` reads them, every record checked,
and the runs of contiguous data they hold.

    srec.py runs FILE    prints "ADDRESS SIZE" of each run, one a line

A run is records that follow each other, joined across gaps of at most
BRIDGE bytes (filled with zeros, as the .bin has them): what make load
sends by ymodem, one `loady` each, instead of the whole .bin, whose
.bss zeros cost more than a session.
"""
import sys

ADDR_BYTES = {"0": 2, "1": 2, "2": 3, "3": 4, "5": 2, "6": 3, "7": 4, "8": 3, "9": 2}
DATA_TYPES = "123"
END_TYPES = "789"
BRIDGE = 256


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


def runs(path):
    """[(address, bytes)] of the file's data, in address order."""
    data = sorted((a, d) for _, t, a, d in records(open(path).read()) if t in DATA_TYPES and d)
    out = []
    for addr, d in data:
        if out and 0 <= addr - (out[-1][0] + len(out[-1][1])) <= BRIDGE:
            lo, buf = out[-1]
            buf += bytes(addr - (lo + len(buf))) + d
        elif out and addr < out[-1][0] + len(out[-1][1]):
            raise Bad(f"data at {addr:#x} overlaps a record before it")
        else:
            out.append((addr, bytearray(d)))
    return [(a, bytes(b)) for a, b in out]


def main():
    if len(sys.argv) != 3 or sys.argv[1] != "runs":
        sys.exit(__doc__)
    try:
        for addr, data in runs(sys.argv[2]):
            print(f"0x{addr:08x} {len(data)}")
    except (Bad, OSError) as e:
        sys.exit(f"srec: {sys.argv[2]}: {e}")


if __name__ == "__main__":
    main()
