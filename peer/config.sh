#!/usr/bin/env bash
# Merges config fragments into a kernel build's .config (made from the
# board's defconfig) and checks that each option came out as asked:
# Kconfig silently drops an option whose dependencies are not met.
#   config.sh SRC BUILD_DIR "KERNEL_MAKE" FRAGMENT...
set -eu -o pipefail
src=$1 dir=$2 kmake=$3
shift 3
"$src/scripts/kconfig/merge_config.sh" -m -O "$dir" "$dir/.config" "$@" >/dev/null
$kmake olddefconfig >/dev/null 2>"$dir/.config.log" || { cat "$dir/.config.log" >&2; exit 1; }
bad=0
while IFS= read -r want; do
	case $want in
	CONFIG_*=*) opt=${want%%=*} ;;
	"# CONFIG_"*" is not set") opt=${want#\# }; opt=${opt%% *} ;;
	*) continue ;;
	esac
	got=$(grep -E "^$opt=|^# $opt is not set" "$dir/.config" || echo "(absent)")
	if [[ $got != "$want" && ! ($want == "# $opt is not set" && $got == "(absent)") ]]; then
		echo "peer: $opt: asked '$want', Kconfig gave '$got'" >&2
		bad=1
	fi
done < <(cat "$@")
((bad == 0)) || { rm -f "$dir/.config"; exit 1; }
