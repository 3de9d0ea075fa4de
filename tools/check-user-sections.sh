#!/usr/bin/env bash
# Fails a link that left a task section out of the user region's layout
# (tools/gen-programs.sh): the linker would have placed such an orphan
# next to some other section, where its pages could be mapped for the
# wrong tasks or for none.
#   check-user-sections.sh OBJDUMP ELF
set -euo pipefail
objdump=$1 elf=$2
known='^\.user\.(lib|kdata|stacks|[A-Za-z_][A-Za-z0-9_]*\.(text|data))$'
bad=$("$objdump" -h "$elf" | awk '$2 ~ /^\.user/ { print $2 }' | grep -Ev "$known" || true)
if [[ -n $bad ]]; then
	echo "$elf: task sections outside the user region's layout: $bad" >&2
	rm -f "$elf"
	exit 1
fi
