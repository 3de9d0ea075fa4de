#!/usr/bin/env python3
"""Checks a PXA270 boot's power-on set-up in QEMU's MMIO write trace.

QEMU's `-trace memory_region_ops_write -D TRACE` logs every write the CPU
makes to a device model.  The set-up (boards/pxa270/lowlevel.S) must come
before the first console write, in the PXA27x Developer's Manual's order,
with the values below.  They are written out here from the manual and the
boards' U-Boot sources, not taken from the firmware's headers, so that a
wrong value in either shows.

  check-bringup.py full BOARD TRACE CONSOLE   the whole sequence, in order
  check-bringup.py none BOARD TRACE CONSOLE   a boot loader did it: nothing
  check-bringup.py reset BOARD TRACE CONSOLE  a boot that ended in `reboot`
  check-bringup.py self-test BOARD FULL-TRACE FULL-CONSOLE NONE-TRACE
      the checks must reject mutated traces (a write dropped, two swapped,
      a value changed, the set-up after the console, a stray SDRAM write,
      MCR.OUT2 missing or late, the Mainstone's clock before its voltage,
      no self-refresh after the watchdog); FULL-TRACE is a `reset` boot's

Both kinds of boot must also set the FFUART's MCR.OUT2, which gates its
interrupt to the interrupt controller on a PXA27x (QEMU delivers it
without), before the transmit interrupt is first enabled (IER.TIE).  A
reset must arm the watchdog (OWER.WME, OSMR3) and then put the SDRAM in
self-refresh (MDREFR.SLFRSH), for PXA270 erratum 71.

CONSOLE is QEMU's stdout: the firmware's console and QEMU's own messages.
The last line printed is "check-bringup MODE BOARD: N passed, N failed".
"""
import re
import sys

GPIO, PM, CLKMGR, MEMC = 0x40E00000, 0x40F00000, 0x41300000, 0x48000000
PWRI2C = PM + 0x180  # the power manager's I2C: IBMR, +8 IDBR, +0x10 ICR, +0x18 ISR
FFUART, OST = 0x40100000, 0x40A00000
# the devices the set-up writes and QEMU's names for them
SETUP_DEVICES = {"pxa2xx-gpio", "pxa2xx-pm", "pxa2xx-cm", "pxa2xx-mm", "pxa2xx-i2c"}
CONSOLE_DEVICE = "serial"
# UART registers (PXA27x manual, UART chapter; Linux's serial_reg.h)
UART_IER, UART_LCR, UART_MCR = FFUART + 0x04, FFUART + 0x0C, FFUART + 0x10
IER_TIE, LCR_DLAB, MCR_OUT2 = 0x02, 0x80, 0x08
# the watchdog: OWER.WME, then match 3 (manual, OS timers; Linux's reset.c)
OST_OSMR3, OST_OWER, OWER_WME = OST + 0x0C, OST + 0x18, 0x01
CCCR = CLKMGR + 0x00
# QEMU has no trace point for CP14 writes; its CLKCFG model prints this
# when the frequency-change bit is written
CLKCFG_MESSAGE = "pxa2xx_clkcfg_write: CPU frequency change attempt"

# MDREFR bits (manual, memory controller; Linux's pxa2xx-regs.h agrees)
K0RUN, K0DB2, E1PIN, K1RUN, K1DB2 = 1 << 13, 1 << 14, 1 << 15, 1 << 16, 1 << 17
APD, SLFRSH, K0DB4 = 1 << 20, 1 << 22, 1 << 29
DRI = 0x018  # both boards: 24 x 32 memory clocks per row refresh


CKEN_UNITS = 1 << 6 | 1 << 9 | 1 << 20 | 1 << 22


def pins_and_units():
    """The steps both boards start with.  GPDR1 and GAFR1_L are 0 after
    reset (manual), so read-modify-write gives these."""
    return [
        (GPIO + 0x1C, 1 << 7, "GPSR1: GPIO39 (FFTXD) level high before it drives"),
        (GPIO + 0x10, 1 << 7, "GPDR1: GPIO39 output"),
        (GPIO + 0x5C, 2 << 14, "GAFR1_L: GPIO39 alternate function 2 (FFTXD)"),
        (GPIO + 0x10, 1 << 7, "GPDR1: GPIO34 input"),
        (GPIO + 0x5C, 2 << 14 | 1 << 4, "GAFR1_L: GPIO34 alternate function 1 (FFRXD)"),
        (PM + 0x04, 0x30, "PSSR: release the pins (RDH | PH, write 1 to clear)"),
        (CLKMGR + 0x04, CKEN_UNITS, "CKEN: FFUART, OS timer, internal SRAM, memory controller"),
    ]


def core_clock(cccr):
    return [(CCCR, cccr, "CCCR: core PLL (CLKCFG.F follows, untraced)")]


# OSCC.OON (bit 1), read-modify-write of its reset value 0
OSCC_ON = [(CLKMGR + 0x08, 0x02, "OSCC: 32.768 kHz oscillator on (OON)")]

# I2C control bits (manual, I2C chapter; Linux's i2c-pxa.c)
START, STOP, TB, SCLE, IUE, GCD, UR, FM = 1, 2, 8, 1 << 5, 1 << 6, 1 << 7, 1 << 14, 1 << 15
MASTER = IUE | SCLE | GCD | FM


def core_voltage(dac_addr, command, value):
    """The Mainstone U-Boot's pxavoltage.S: the power I2C's clock and PCFR.
    PI2CEN, the unit reset to an idle master, then the regulator's DAC
    written (address, command, low byte, high byte), each byte's ITE
    cleared."""
    steps = [
        (CLKMGR + 0x04, CKEN_UNITS | 1 << 15, "CKEN: the power I2C's clock on"),
        (PM + 0x1C, 0x40, "PCFR: PI2CEN, the power I2C drives the PMIC bus"),
        (PWRI2C + 0x10, UR, "PICR: unit reset"),
        (PWRI2C + 0x18, 0x7FF, "PISR: every status bit cleared"),
        (PWRI2C + 0x10, 0, "PICR: out of reset"),
        (PWRI2C + 0x10, MASTER & ~IUE, "PICR: fast mode, SCL driven, general calls ignored"),
        (PWRI2C + 0x10, MASTER, "PICR: unit enabled"),
    ]
    for byte, flags, what in ((dac_addr << 1, START, "the DAC's address, write, START"),
                              (command, 0, "the DAC's command byte"),
                              (value & 0xFF, 0, "the DAC value's low byte"),
                              (value >> 8, STOP, "the DAC value's high byte, STOP")):
        steps += [
            (PWRI2C + 0x08, byte, f"PIDBR: {what}"),
            (PWRI2C + 0x10, MASTER | TB | flags, "PICR: send it"),
            (PWRI2C + 0x18, 0x40, "PISR: ITE cleared"),
        ]
    return steps


def sdram(k0, k1, mdcnfg, mdmrs):
    """The manual's SDRAM power-up: MDREFR from self-refresh and clock-stop
    to NOP one state per write, MDCNFG without then with DE0, MDMRS, APD."""
    step1 = DRI | k0 | SLFRSH
    return [
        (MEMC + 0x04, step1, "MDREFR: DRI, SDCLK0, self-refresh kept"),
        (MEMC + 0x04, step1 | k1, "MDREFR: SDCLK1 runs (self-refresh)"),
        (MEMC + 0x04, (step1 | k1) & ~SLFRSH, "MDREFR: leave self-refresh (power-down)"),
        (MEMC + 0x04, ((step1 | k1) & ~SLFRSH) | E1PIN, "MDREFR: SDCKE1 high (PWRDNX)"),
        (MEMC + 0x00, mdcnfg, "MDCNFG: geometry and timing, partitions disabled"),
        (MEMC + 0x00, mdcnfg | 1, "MDCNFG: partition 0 enabled (DE0)"),
        (MEMC + 0x40, mdmrs, "MDMRS: mode register set"),
        (MEMC + 0x04, (step1 | k1 | E1PIN | APD) & ~SLFRSH, "MDREFR: auto power-down"),
    ]


# SDRAM on both boards: 13 rows, 9 columns, 4 banks, 32 bits, DTC0=2
MDCNFG_64M = 0x0AC8
MAINSTONE_MDREFR = (DRI | K0RUN | K0DB2 | K0DB4 | K1RUN | K1DB2 | E1PIN | APD)
EXPECTED = {
    # Gumstix U-Boot 1.2.0 (gumstix.h, memsetup.S): 416 MHz before the
    # SDRAM, no voltage step, MSC0 for the P30 flash, SDCLK1 undivided,
    # MDMRS 0x00320032, OSCC.OON last
    "verdex": pins_and_units() + core_clock(0x210)
    + [(MEMC + 0x08, 0x033C35D8, "MSC0: boot flash and Ethernet timing")]
    + sdram(0, K1RUN, MDCNFG_64M, 0x00320032) + OSCC_ON,
    # U-Boot's Mainstone (mainstone.h, lowlevel_init.S, pxavoltage.S): the
    # SDRAM at the reset clock, MSC0 left as booted, SDCLK0 /4, SDCLK1 /2,
    # MDMRS 0; then 1.55 V (LTC1663 DAC at 0x20: command 0x04, value 18);
    # then 520 MHz, MDREFR written again, OSCC.OON
    "mainstone": pins_and_units()
    + sdram(K0RUN | K0DB2 | K0DB4, K1RUN | K1DB2, MDCNFG_64M, 0)
    + core_voltage(0x20, 0x04, 18) + core_clock(0x02000290)
    + [(MEMC + 0x04, MAINSTONE_MDREFR, "MDREFR: written again after the clock change")]
    + OSCC_ON,
}

LINE = re.compile(r"memory_region_ops_write cpu (-?\d+) mr \S+ addr (0x[0-9a-f]+) "
                  r"value (0x[0-9a-f]+) size (\d+) name '([^']*)'")


def parse(path):
    """The CPU's MMIO writes as (addr, value, device); writes QEMU itself
    makes at reset (cpu -1, e.g. -device loader data) are not the CPU's."""
    writes = []
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE.search(line)
            if m and m.group(1) != "-1":
                writes.append((int(m.group(2), 16), int(m.group(3), 16), m.group(5)))
    return writes


def before_console(writes):
    for i, (_, _, dev) in enumerate(writes):
        if dev == CONSOLE_DEVICE:
            return writes[:i], True
    return writes, False


def check_full(board, writes, console):
    """Problems with a from-flash boot; an empty list means it passed."""
    problems = []
    early, seen = before_console(writes)
    if not seen:
        problems.append("no console write in the trace")
    got = [(a, v) for a, v, d in early if d in SETUP_DEVICES]
    want = EXPECTED[board]
    for i, (addr, value, what) in enumerate(want):
        if i >= len(got):
            problems.append(f"step {i + 1} missing: {what} ({addr:#010x} <- {value:#010x})")
            break
        if got[i] != (addr, value):
            problems.append(f"step {i + 1}: {what}: expected {addr:#010x} <- {value:#010x}, "
                            f"got {got[i][0]:#010x} <- {got[i][1]:#010x}")
            break
    else:
        if len(got) > len(want):
            a, v = got[len(want)]
            problems.append(f"an extra set-up write after the sequence: {a:#010x} <- {v:#010x}")
    lines = console.splitlines()
    banner = next((i for i, l in enumerate(lines) if l.startswith("mac-fw: board=")), None)
    clk = next((i for i, l in enumerate(lines) if l.startswith(CLKCFG_MESSAGE)), None)
    if clk is None or banner is None or clk > banner:
        problems.append("no CLKCFG frequency change before the banner")
    return problems + check_voltage_first(board, writes) + check_uart_irq(writes)


def check_uart_irq(writes):
    """MCR.OUT2 set (and still set) when IER.TIE is first written; IER
    and the divisor's high byte share an address, told apart by LCR.DLAB."""
    lcr = mcr = 0
    for a, v, d in writes:
        if d != CONSOLE_DEVICE:
            continue
        if a == UART_LCR:
            lcr = v
        elif a == UART_MCR:
            mcr = v
        elif a == UART_IER and not lcr & LCR_DLAB and v & IER_TIE:
            if not mcr & MCR_OUT2:
                return [f"IER.TIE written ({v:#x}) with MCR.OUT2 clear (MCR {mcr:#x}): "
                        "a PXA27x UART's interrupt would not reach the interrupt controller"]
            return []
    return ["no IER.TIE write: the transmit interrupt was never enabled"]


def check_voltage_first(board, writes):
    """On the Mainstone the whole DAC message (its last byte sent with
    STOP) comes before the first CCCR write."""
    if board != "mainstone":
        return []
    cccr = next((i for i, (a, _, _) in enumerate(writes) if a == CCCR), None)
    if cccr is None:
        return ["no CCCR write"]
    if not any(a == PWRI2C + 0x10 and v & (TB | STOP) == TB | STOP for a, v, _ in writes[:cccr]):
        return ["CCCR written before the core voltage was set over the power I2C"]
    return []


def check_reset(writes):
    """The last watchdog arming (OWER.WME, then OSMR3) is followed by a
    write of MDREFR with SLFRSH (erratum 71)."""
    wme = max((i for i, (a, v, _) in enumerate(writes) if a == OST_OWER and v & OWER_WME),
              default=None)
    if wme is None:
        return ["no watchdog: OWER.WME never written"]
    osmr3 = next((i for i in range(wme + 1, len(writes)) if writes[i][0] == OST_OSMR3), None)
    if osmr3 is None:
        return ["OWER.WME without an OSMR3 write after it"]
    if not any(a == MEMC + 0x04 and v & SLFRSH for a, v, _ in writes[osmr3 + 1:]):
        return ["no MDREFR.SLFRSH write after the watchdog was armed (PXA270 erratum 71)"]
    return []


def check_none(board, writes, console):
    """Problems with a boot where a boot loader had set everything up."""
    problems = []
    early, seen = before_console(writes)
    if not seen:
        problems.append("no console write in the trace")
    for a, v, d in early:
        if d in SETUP_DEVICES:
            problems.append(f"a set-up write although a boot loader did it: {a:#010x} <- {v:#010x} ({d})")
            break
    for a, v, d in writes:
        if MEMC <= a < MEMC + 0x1000:
            problems.append(f"a memory controller write: {a:#010x} <- {v:#010x}")
            break
    if CLKCFG_MESSAGE in console:
        problems.append("a CLKCFG frequency change although a boot loader did it")
    if console.count(f"mac-fw: board={board} ") != 1:
        problems.append("not exactly one banner")
    if "all tasks have exited" not in console:
        problems.append("the firmware did not run to its end")
    return problems + check_uart_irq(writes)


def check_reset_boot(board, writes, console):
    problems = check_reset(writes)
    if "rebooting" not in console:
        problems.append("the console never said rebooting")
    return problems


def report(tag, problems):
    for p in problems:
        print(f"  FAIL: {tag}: {p}")
    return (0, 1) if problems else (1, 0)


def mutations(board, writes):
    """(name, mutated trace) pairs that a correct check must reject."""
    setup = [i for i, (_, _, d) in enumerate(writes)
             if d in SETUP_DEVICES and i < len(before_console(writes)[0])]
    for n, i in enumerate(setup):
        yield f"step {n + 1} dropped", writes[:i] + writes[i + 1:]
    for n in range(len(setup) - 1):
        i, j = setup[n], setup[n + 1]
        if writes[i][:2] != writes[j][:2]:
            w = list(writes)
            w[i], w[j] = w[j], w[i]
            yield f"steps {n + 1} and {n + 2} swapped", w
    for n, i in enumerate(setup):
        w = list(writes)
        a, v, d = w[i]
        w[i] = (a, v ^ 1 << 3, d)
        yield f"step {n + 1} with another value", w
    first = before_console(writes)[0]
    k = len(first)
    w = [x for x in first if x[2] not in SETUP_DEVICES] + writes[k:k + 1] + \
        [x for x in first if x[2] in SETUP_DEVICES] + writes[k + 1:]
    yield "the set-up after the first console write", w


def rule_mutations(board, writes):
    """(name, rule, mutated trace) triples: each rule on its own must
    reject its mutations."""
    uart = lambda w: check_uart_irq(w)
    yield "MCR dropped", uart, [x for x in writes if x[0] != UART_MCR]
    yield "MCR without OUT2", uart, [(a, v & ~MCR_OUT2, d) if a == UART_MCR else (a, v, d)
                                     for a, v, d in writes]
    # (a trace without what a mutation moves fails unmutated already)
    tie = next((i for i, (a, v, _) in enumerate(writes) if a == UART_IER and v & IER_TIE), None)
    mcr = next((i for i, (a, _, _) in enumerate(writes) if a == UART_MCR), None)
    if tie is not None and mcr is not None and mcr < tie:
        yield "IER.TIE before MCR", uart, \
            writes[:mcr] + [writes[tie]] + writes[mcr:tie] + writes[tie + 1:]
    if board == "mainstone":
        volt = lambda w: check_voltage_first(board, w)
        cccr = next((i for i, (a, _, _) in enumerate(writes) if a == CCCR), None)
        i2c = next((i for i, (_, _, d) in enumerate(writes) if d == "pxa2xx-i2c"), None)
        if cccr is not None and i2c is not None and i2c < cccr:
            yield "CCCR before the voltage", volt, \
                writes[:i2c] + [writes[cccr]] + writes[i2c:cccr] + writes[cccr + 1:]
        yield "the voltage message dropped", volt, \
            [x for x in writes if x[2] != "pxa2xx-i2c"]
    reset = check_reset
    slf = lambda x: x[0] == MEMC + 0x04 and x[1] & SLFRSH
    wme = max((i for i, (a, v, _) in enumerate(writes) if a == OST_OWER and v & OWER_WME),
              default=len(writes))
    yield "no self-refresh after the watchdog", reset, \
        writes[:wme] + [x for x in writes[wme:] if not slf(x)]
    yield "MDREFR without SLFRSH after the watchdog", reset, \
        writes[:wme] + [(a, v & ~SLFRSH, d) if slf((a, v, d)) else (a, v, d)
                        for a, v, d in writes[wme:]]
    arm = [x for x in writes[wme:] if x[2] == "pxa2xx-timer"]
    yield "the watchdog armed after the self-refresh", reset, \
        writes[:wme] + [x for x in writes[wme:] if x[2] != "pxa2xx-timer"] + arm
    yield "no watchdog", reset, [x for x in writes if x[0] != OST_OWER]


def self_test(board, full_writes, full_console, none_writes):
    passed = failed = 0
    p, f = report("self-test: the unmutated trace", check_full(board, full_writes, full_console)
                  + check_reset(full_writes))
    passed, failed = passed + p, failed + f
    for name, rule, w in rule_mutations(board, full_writes):
        if rule(w):
            passed += 1
        else:
            failed += 1
            print(f"  FAIL: self-test: a rule accepted a trace with {name}")
    # the boot loader's boot is held to the MCR rule too
    if check_none(board, [x for x in none_writes if x[0] != UART_MCR],
                  "mac-fw: board=%s \nall tasks have exited\n" % board):
        passed += 1
    else:
        failed += 1
        print("  FAIL: self-test: accepted a boot loader's boot without MCR.OUT2")
    for name, w in mutations(board, full_writes):
        if check_full(board, w, full_console):
            passed += 1
        else:
            failed += 1
            print(f"  FAIL: self-test: accepted a trace with {name}")
    if check_full(board, full_writes, full_console.replace(CLKCFG_MESSAGE, "")):
        passed += 1
    else:
        failed += 1
        print("  FAIL: self-test: accepted a boot without the CLKCFG write")
    # a boot loader's boot with one SDRAM write of our own slipped in
    stray = [(MEMC, 0x0AC8, "pxa2xx-mm")] + none_writes
    if check_none(board, stray, "mac-fw: board=%s \nall tasks have exited\n" % board):
        passed += 1
    else:
        failed += 1
        print("  FAIL: self-test: accepted a memory controller write on a boot loader's boot")
    return passed, failed


def main(argv):
    if len(argv) < 5 or argv[1] not in ("full", "none", "reset", "self-test") or \
            argv[2] not in EXPECTED:
        sys.exit(__doc__)
    mode, board = argv[1], argv[2]
    if mode == "self-test":
        if len(argv) != 6:
            sys.exit(__doc__)
        with open(argv[4], errors="replace") as f:
            console = f.read().replace("\r", "")
        passed, failed = self_test(board, parse(argv[3]), console, parse(argv[5]))
    else:
        with open(argv[4], errors="replace") as f:
            console = f.read().replace("\r", "")
        check = {"full": check_full, "none": check_none, "reset": check_reset_boot}[mode]
        passed, failed = report(f"{mode} {board}", check(board, parse(argv[3]), console))
    print(f"check-bringup {mode} {board}: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
