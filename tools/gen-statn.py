#!/usr/bin/env python3
"""Adds the statn benchmark's objects to a policy, and writes their manifest.

    gen-statn.py N POLICY.conf OUT.conf OUT.manifest

OUT.manifest holds the statn objects alone: mac-polc reads it after the
device's own manifest (mac-polc POLICY MANIFEST OUT.manifest), so that a
mistake in the device's manifest is reported at that manifest's own line.

The benchmark stats N files of N distinct types (DESIGN.md: stat over N
objects of N labels, past the 512-entry AVC of 2007): statn_0000_t ..,
files /statn/f0000 .., which bench_t may getattr.  The same rules for
statn_bounded_t, a domain bounded by bench_t (typebounds), which the
statn-bounds rounds run in: seed 002's "Bounds" column, whose AVC misses
go through the bounds step of the security server.  A domain exists in the
tables when a task or an exec reaches it: bench_t's exec of
/statn/bounded (statn_exec_t) would enter it.  Generated into the build
directory, so that the device policy itself stays small enough for the
differential test's every-type dump.
"""
import sys

from genfile import write


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: gen-statn.py N POLICY.conf OUT.conf OUT.manifest")
    n, conf, out_conf, out_manifest = int(sys.argv[1]), *sys.argv[2:5]
    types = [f"statn_{i:04d}_t" for i in range(n)]
    rules = ["# ---- statn benchmark objects (tools/gen-statn.py)", "attribute statn_type;"]
    rules += [f"type {t}, file_type, statn_type;" for t in types]
    rules += ["type statn_dir_t, file_type;",
              "type statn_bounded_t, domain;",
              "type statn_exec_t, file_type;",
              "typebounds bench_t statn_bounded_t;",
              "type_transition bench_t statn_exec_t:process statn_bounded_t;"]
    for domain in ("bench_t", "statn_bounded_t"):
        rules += [f"allow {domain} statn_dir_t:dir {{ search getattr }};",
                  f"allow {domain} statn_type:file getattr;"]
    rules.append("")
    out, done = [], False
    for line in open(conf):
        # TE statements go before the roles, users, constraints and contexts
        if not done and line.startswith("role "):
            out.append("\n".join(rules) + "\n")
            done = True
        out.append(line)
    if not done:
        sys.exit(f"{conf}: no 'role' statement to insert the statn types before")
    write(out_conf, "".join(out))
    lines = ["# statn benchmark objects (tools/gen-statn.py), after the device's manifest"]
    lines.append("dir /statn system_u:object_r:statn_dir_t")
    lines.append("file /statn/bounded system_u:object_r:statn_exec_t")
    lines += [f"file /statn/f{i:04d} system_u:object_r:{t}" for i, t in enumerate(types)]
    write(out_manifest, "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
