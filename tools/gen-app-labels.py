#!/usr/bin/env python3
"""Writes the application label set of the label benchmark (app/bench.c).

    gen-app-labels.py N OUT.h

Seed 004 measured a Tizen image, whose Smack labels were its packages'
names: org.tizen.calculator, com.samsung.message, org.example.app-name.
These are N such names, different each, made from a fixed seed so that
every build writes the same file: varied vendors, one to three words,
joined by dots or dashes, some with a version-like tail.  The statn
labels (statn_0000_t ...) differ only in their digits; these differ
from their first characters on, as package names do.  Generated into
the build directory, never kept as data.
"""
import sys

from genfile import write

VENDORS = ["org.tizen", "com.samsung", "org.example", "com.samsung.tizen", "net.openapp",
           "org.enlightenment", "com.intel", "kr.co.lge", "com.nokia.maps", "io.webapp",
           "org.freedesktop", "com.accuweather", "jp.co.rakuten", "de.telekom", "fr.orange"]
WORDS = ["calculator", "message", "camera", "gallery", "music", "player", "contacts",
         "phone", "settings", "browser", "email", "calendar", "clock", "memo", "video",
         "weather", "maps", "store", "download", "manager", "widget", "service", "daemon",
         "lockscreen", "homescreen", "keyboard", "voice", "recorder", "radio", "fitness",
         "health", "wallet", "news", "reader", "chat", "social", "share", "sync", "backup",
         "bluetooth", "wifi", "nfc", "location", "sensor", "notification", "quickpanel",
         "taskmgr", "installer", "updater", "app", "name", "viewer", "editor", "launcher",
         "indicator", "volume", "power", "battery", "accessibility", "account", "push"]
SEED = 0x5A4C0004


class Lcg:
    """A 32-bit linear congruential generator (Numerical Recipes'
    constants): the same sequence on every host and Python."""

    def __init__(self, seed):
        self.x = seed & 0xFFFFFFFF

    def below(self, n):
        self.x = (self.x * 1664525 + 1013904223) & 0xFFFFFFFF
        return (self.x >> 8) % n


def one_label(rng):
    words = [WORDS[rng.below(len(WORDS))] for _ in range(1 + rng.below(3))]
    sep = "-" if rng.below(3) == 0 else "."
    name = f"{VENDORS[rng.below(len(VENDORS))]}.{sep.join(words)}"
    if rng.below(5) == 0:
        name += f"{rng.below(9) + 1}"
    return name


def labels(n):
    rng, seen, out = Lcg(SEED), set(), []
    while len(out) < n:
        name = one_label(rng)
        if name not in seen:
            seen.add(name)
            out.append(name)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen-app-labels.py N OUT.h")
    n, out = int(sys.argv[1]), sys.argv[2]
    body = "".join(f'\t"{label}",\n' for label in labels(n))
    write(out, "/* tools/gen-app-labels.py: seed 004's kind of labels */\n"
               f"#define SMACK_APP_LABELS {n}\n"
               f"static const char *const smack_app_labels[SMACK_APP_LABELS] = {{\n{body}}};\n")


if __name__ == "__main__":
    main()
