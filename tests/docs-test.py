#!/usr/bin/python3
"""docs-test.py MAKE BUILD_ROOT BOARD...: the README and the manual held to the tree.

- the manual (docs/) builds with `make docs`, not one warning, into
  BUILD_ROOT/docs/html;
- every relative link of README.md and docs/*.md names a file of the tree
  and, after a `#`, a heading of that page (its slug as myst-parser makes it);
- every `make ...` command they show names targets make's database has
  for some board (make's database, `make -pq`), variables
  the makefiles or the tools read, and boards there are (`BOARD=`);
- every figure of the README's headline table is in the output of the
  command its row names, for the column's board: `make run` (the boot's
  `-- table summary`, as firmware-test boots it: BUILD_ROOT/<board>/
  firmware.log), `make cycles-test` (the same summary in est-cycles,
  BUILD_ROOT/<board>/cycles-test/boot.log) and `make bench` (its Linux
  figures, written into docs/linux.md from make peer's logs);
- and first, each check is shown to fail on a copy with one fault: a link
  broken, a target gone, a headline figure typed in.
"""
import glob
import os
import re
import subprocess
import sys

from mdit_py_plugins.anchors.index import slugify  # myst-parser's own
from testlib import Result, block, make_database

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD_OF = {"SH-4": "r2dplus", "XScale": "verdex"}


def documents():
    """{path relative to the tree: text} of the README and the manual."""
    paths = ["README.md"] + sorted(os.path.relpath(p, ROOT)
                                   for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return {p: open(os.path.join(ROOT, p)).read() for p in paths}


def prose(text):
    """The text without its fenced and indented code blocks."""
    out, fence = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
            continue
        out.append("" if fence or line.startswith("    ") else line)
    return "\n".join(out)


# --- links and anchors -------------------------------------------------------

def heading_slugs(text):
    """The anchors myst-parser gives the page's headings (myst_heading_anchors = 3)."""
    slugs = set()
    for m in re.finditer(r"^(#{1,3}) (.*)$", prose(text), re.M):
        title = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", m[2])
        slug = slugify(title.replace("`", "").replace("*", ""))
        n, base = 1, slug
        while slug in slugs:
            slug, n = f"{base}-{n}", n + 1
        slugs.add(slug)
    return slugs


def links(text):
    """The relative link targets of a page's prose (no URLs)."""
    found = re.findall(r"\]\(([^)\s]+)\)", prose(re.sub(r"`[^`\n]*`", "", text)))
    return [t for t in found if not re.match(r"[a-z]+:", t)]


def check_links(r, docs):
    for path, text in docs.items():
        here = os.path.dirname(path)
        for target in links(text):
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(here, file)) if file else path
            ok = os.path.exists(os.path.join(ROOT, dest))
            if ok and anchor:
                page = docs.get(dest)
                ok = page is not None and anchor in heading_slugs(page)
            r.check(ok, f"{path}: link {target} resolves")


# --- make commands -----------------------------------------------------------

def make_commands(text):
    """Every `make ...` a page shows: in code spans and in code blocks."""
    spans = re.findall(r"`(make(?: [^`]*)?)`", text)
    block = [re.sub(r"^\s*\$ ", "", l).strip() for l in text.splitlines()
             if re.match(r"^(    |\t)\s*(\$ )?make( |$)", l)]
    return spans + block


def command_words(command):
    """(targets, variables, boards) of one make command line; placeholders
    skipped."""
    words = re.split(r"\s+(?:#|;|&&|\||>|<).*$", command)[0].split()[1:]
    targets, variables, boards = [], [], []
    for word in words:
        word = word.strip("[]")
        if not word or word.startswith("-"):
            continue
        if "=" in word:
            name, value = word.split("=", 1)
            variables.append(name)
            if name == "BOARD" and not re.search(r"<|\.\.\.|^$", value):
                boards += value.split("|")
        elif re.fullmatch(r"[a-z][a-z0-9_.-]*", word):
            targets.append(word)
    return targets, variables, boards


def known_targets(make, boards):
    targets = set()
    for board in boards:
        t, phony, _ = make_database(make, board)
        targets |= t | phony
    return targets


def known_variables():
    """What the makefiles read ($(X), ifdef, origin) and the tools take
    from their environment (command-line variables are exported)."""
    names = set()
    for path in ["Makefile"] + glob.glob(os.path.join(ROOT, "**", "*.mk"), recursive=True):
        if "/build/" in path:
            continue
        text = open(os.path.join(ROOT, path)).read()
        names |= set(re.findall(r"\$[({]([A-Za-z_][A-Za-z0-9_]*)", text))
        names |= set(re.findall(r"(?:origin|ifn?def|filter \S+,\$\() ?([A-Z_][A-Z0-9_]*)", text))
        names |= set(re.findall(r"^([A-Z_][A-Z0-9_]*) *[?:+]?=", text, re.M))
    for path in glob.glob(os.path.join(ROOT, "tools", "*")) + glob.glob(os.path.join(ROOT, "tests",
                                                                                     "*")):
        if os.path.isfile(path):
            text = open(path, errors="replace").read()
            names |= set(re.findall(r"environ(?:\.get)?[\[(]\"([A-Z_]+)\"", text))
            names |= set(re.findall(r"\$\{([A-Z_][A-Z0-9_]*)[:}-]", text))
    return names


def check_targets(r, docs, targets, variables, boards):
    """Each page's targets, variables and boards, each checked once."""
    for path, text in docs.items():
        words = [command_words(command) for command in make_commands(text)]
        for target in sorted({w for t, _, _ in words for w in t}):
            r.check(target in targets, f"{path}: `make {target}` is a make target")
        for var in sorted({w for _, v, _ in words for w in v}):
            r.check(var in variables, f"{path}: `{var}=` is a variable make reads")
        for board in sorted({w for _, _, b in words for w in b}):
            r.check(board in boards, f"{path}: `BOARD={board}` is a board")


# --- the headline's figures --------------------------------------------------

def summary_groups(log, unit):
    """{label: text} of a boot's `-- table summary` in that unit: each line
    whose label starts at the margin, with the indented lines under it."""
    m = re.search(rf"^-- table summary: .*\({unit}\) --\n(.*?)^SUMMARY ", log, re.S | re.M)
    groups, label = {}, None
    for line in (m[1] if m else "").splitlines():
        if line and not line.startswith(" ") and not line.startswith("("):
            label = line[:45].strip()
            groups[label] = line
        elif label:
            groups[label] += "\n" + line
    return groups


def numbers(cell):
    """The figures of a cell, its links' targets left out."""
    return re.findall(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?", re.sub(r"\]\([^)]*\)", "]", cell))


def has(text, number):
    return re.search(rf"(?<![\w.]){re.escape(number)}(?![\d])", text) is not None


def output_of(command, board, build, docs):
    """The text the named command printed for the board, or None."""
    if command == "make run":
        path = os.path.join(build, board, "firmware.log")
    elif command == "make cycles-test":
        path = os.path.join(build, board, "cycles-test", "boot.log")
    elif command == "make bench":
        text = docs.get("docs/linux.md", "")
        return block(text, "linux-claims") + block(text, "linux-cycles")
    else:
        return None
    return open(path).read() if os.path.exists(path) else None


def row_label(question):
    """The summary's label a seed row answers: "seed 000 read", ..."""
    m = re.match(r"\[seed (\d+)\]\([^)]*\) (\w+)", question)
    return m and f"seed {m[1]} {m[2]}"


def check_headline(r, docs, build):
    rows = [[c.strip() for c in l.strip().strip("|").split("|")]
            for l in block(docs["README.md"], "headline").splitlines()
            if l.startswith("|") and not l.startswith("|---")]
    r.check(len(rows) > 6, f"README.md: the headline table has {max(len(rows) - 1, 0)} rows")
    header, rows = (rows[0], rows[1:]) if rows else ([], [])
    for row in rows:
        command = re.sub(r"`", "", row[-1])
        for col, name in enumerate(header[:-1]):
            cpu = next((c for c in BOARD_OF if c in name), None)
            boards = [BOARD_OF[cpu]] if cpu else list(BOARD_OF.values())
            outs = [output_of(command, b, build, docs) for b in boards]
            if any(o is None for o in outs):
                r.check(False, f"README.md headline: `{command}`'s output for {boards}: none")
                continue
            label = row_label(row[0]) if command != "make bench" else None
            if label:
                unit = "est-cycles" if command == "make cycles-test" else "insns"
                outs = ["\n".join(g for l, g in summary_groups(o, unit).items()
                                   if l.startswith(label)) for o in outs]
            figs = numbers(row[col]) if col else []
            missing = [n for n in figs if not any(has(o, n) for o in outs)]
            if figs:
                r.check(not missing, f"README.md headline: {label or row[0][:40]}: {name}: "
                        f"{', '.join(figs)} in `{command}`'s output"
                        + (f" (not: {', '.join(missing)})" if missing else ""))


# --- Sphinx ------------------------------------------------------------------

def check_build(r, make, build):
    """make docs: Sphinx with warnings as errors, into BUILD_ROOT/docs/html."""
    p = subprocess.run([make, "-s", "--no-print-directory", "docs"], cwd=ROOT,
                       capture_output=True, text=True)
    warnings = [l for l in p.stderr.splitlines() if "WARNING" in l or "ERROR" in l]
    for line in warnings:
        print(line)
    r.check(p.returncode == 0 and not warnings,
            f"make docs: the manual builds with no warning ({len(warnings)} warnings)")
    r.check(os.path.exists(os.path.join(build, "docs", "html", "index.html")),
            "make docs: index.html")


# --- the checks shown to fail ------------------------------------------------

def self_test(r, docs, targets, variables, boards, build):
    """Each check on a copy with one fault must fail."""
    def fails(run):
        q = Result(quiet=True)
        run(q)
        return q.failed > 0

    readme = docs["README.md"]
    link = re.search(r"\]\((docs/[\w-]+\.md)\)", readme)[1]
    broken = dict(docs, **{"README.md": readme.replace(f"]({link})", f"]({link}#no-such-heading)",
                                                        1)})
    r.check(fails(lambda q: check_links(q, broken)),
            f"self-test: a broken link ({link}#no-such-heading) fails")
    r.check(fails(lambda q: check_targets(q, docs, targets - {"docs"}, variables, boards)),
            "self-test: a target gone from the Makefile (docs) fails")
    table = block(readme, "headline")
    typed = re.sub(r"(\| \+?)(\d+\.\d+)( %)", lambda m: f"{m[1]}{float(m[2]) + 0.01:.2f}{m[3]}",
                   table, count=1)
    changed = dict(docs, **{"README.md": readme.replace(table, typed)})
    r.check(typed != table and fails(lambda q: check_headline(q, changed, build)),
            "self-test: a headline figure typed by hand fails")


def main():
    make, build, boards = sys.argv[1], sys.argv[2], sys.argv[3:]
    r, docs = Result(), documents()
    targets, variables = known_targets(make, boards), known_variables()
    r.check(len(docs) > 10, f"{len(docs)} documents: README.md and docs/*.md")
    self_test(r, docs, targets, variables, boards, build)
    check_build(r, make, build)
    check_links(r, docs)
    check_targets(r, docs, targets, variables, boards)
    check_headline(r, docs, build)
    print(f"docs: {r.passed} passed, {r.failed} failed")
    return 0 if r.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
