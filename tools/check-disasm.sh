#!/usr/bin/env bash
# Prints the fast path of each of the monitor's check sites (the read and
# write handle tests, the walk's dir:search, stat's getattr, and
# bench_check_probe in app/bench.c) from the disassembly, with its length,
# and fails if one is over its budget (tools/check-disasm.py).
#   check-disasm.sh OBJDUMP ELF MAC_POLICY_H
set -euo pipefail
exec python3 "$(dirname "$0")/check-disasm.py" "$@"
