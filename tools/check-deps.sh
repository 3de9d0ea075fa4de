#!/usr/bin/env bash
# Header changes reach every object that includes them: asks make what it
# would rebuild (make -n -W: as if the header had just changed, touching
# nothing) after a header of each kind changes, on a built tree.
#   check-deps.sh BOARD
set -u
board=$1
pass=0 fail=0
# would_rebuild HEADER PATTERN NAME: the dry run names an object PATTERN
would_rebuild() {
	if make -s -n -W "$1" BOARD="$board" "build/$board/test.elf" 2>/dev/null | grep -q "$2"; then
		pass=$((pass + 1)); echo "PASS build-deps: $3"
	else
		fail=$((fail + 1)); echo "FAIL build-deps: $3"
	fi
}
would_rebuild user/ulib.h "CC user tests/target/uhostile.c" "a task object follows the user library's header"
would_rebuild include/syscall_nr.h "CC user tests/target/ufuzz.c" "a task object follows a shared header"
would_rebuild kernel/kernel.h "CC      kernel/sched.c" "a kernel object follows the kernel's header"
would_rebuild include/mm.h "CC      kernel/mm.c" "a kernel object follows a contract header"
echo "build-deps $board: $pass passed, $fail failed"
((fail == 0))
