"""The report's plots (tools/report.py): the seeds' figures from a boot's
figures, drawn with matplotlib's Agg backend into PNG files that hold no
date, so that the same logs give the same bytes.  One panel per CPU (the
PXA270 boards' identical figures in one), every strategy drawn with its
own marker and line, since several lie on one curve, and the legend
under the panels, off the data."""
import os
import sys

import figures
import report

# colour, marker, marker size, line style, hollow marker: the strategies
# that cost the same lie on one curve, so each is told by its shape
STYLES = {"none": ("#555555", "o", 11, "-", True),
          "flat": ("#1f77b4", "s", 8, "--", True),
          "selinux07": ("#d62728", "^", 7, "-", False),
          "selinux07tuned": ("#ff7f0e", "v", 7, "-", False),
          "smack": ("#2ca02c", "D", 9, ":", True),
          "smack-worst": ("#9467bd", "P", 7, "-.", False),
          "smackhash": ("#8c564b", "x", 7, (0, (1, 1)), False),
          "smackfix": ("#17becf", "1", 9, (0, (3, 1, 1, 1)), False),
          "linux": ("#e377c2", "*", 10, "-", False),
          "linux-nolsm": ("#7f7f7f", "d", 8, ":", True)}
SEED_STYLES = {"no bounds, patched": ("*", "-"), "bounds, patched": ("X", "--"),
               "vanilla": ("h", ":")}
AVC_THRESHOLD = 512
PANEL = (5.6, 4.4)


def pyplot():
    try:
        import matplotlib
    except ImportError:
        sys.exit("report: no matplotlib for this python3: apt-get install python3-matplotlib "
                 "(or give --no-plots)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def panels(count, size=PANEL):
    plt = pyplot()
    fig, axes = plt.subplots(1, count, figsize=(size[0] * count, size[1]), squeeze=False)
    return plt, fig, list(axes[0])


def save(plt, fig, axes, path, title):
    """The figure's title above, one legend of every panel's lines below."""
    handles = {}
    for ax in axes:
        for h, label in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(label, h)
    fig.suptitle(title, fontsize=12)
    fig.tight_layout()
    fig.legend(handles.values(), handles.keys(), loc="upper center", fontsize=9,
               bbox_to_anchor=(0.5, 0.0), ncol=min(4, max(1, len(handles))), frameon=False)
    # PNG carries no date by default; the software's name and version go too
    fig.savefig(path, dpi=100, metadata={"Software": None}, bbox_inches="tight")
    plt.close(fig)
    return path


def draw(ax, xs, ys, strategy, label=None, variant=False):
    """A strategy's curve; a variant of it (the typebounds parent) dashed,
    its markers hollow."""
    colour, marker, size, line, hollow = STYLES.get(strategy, ("black", ".", 6, "-", False))
    line, hollow = ("--", True) if variant else (line, hollow)
    ax.plot(xs, ys, linestyle=line, color=colour, marker=marker, markersize=size,
            markerfacecolor="none" if hollow else colour, linewidth=1.4,
            label=label or strategy)


def panel_title(label, rep):
    cpu = report.CPU_NAME.get(rep.cpu)
    return f"{cpu}: {label}" if cpu else label


def curve(rep, bench, strategy, figure):
    xs = rep.args(bench, strategy)
    pairs = [(x, figure(x)) for x in xs]
    return [x for x, y in pairs if y is not None], [float(y) for _, y in pairs if y is not None]


def statn_axes(ax, label, rep):
    """Seed 002's figure: a round of N stats against the round of 500,
    the seed's own times beside."""
    for bench in ("statn", "statn-bounds"):
        for s in [s for s in rep.strategies(bench) if s != "smack-worst"]:
            if bench == "statn-bounds" and not s.startswith("selinux"):
                continue  # the bounds only change SELinux's path
            xs, ys = curve(rep, bench, s, lambda n: figures.round_ratio(rep.measured, bench, s, n))
            bounded = bench == "statn-bounds"
            draw(ax, xs, ys, s, s + (", typebounds parent" if bounded else ""), bounded)
    for column, (marker, line) in SEED_STYLES.items():
        times = report.SEED002[column]
        base = times[report.SEED002_N.index(report.RATIO_N)]
        ax.plot(report.SEED002_N, [t / base for t in times], color="black", marker=marker,
                linestyle=line, markersize=8, linewidth=1, label=f"seed 002: {column} (seconds)")
    ax.axvline(AVC_THRESHOLD, color="black", linestyle=":", linewidth=1,
               label=f"SELinux's AVC threshold ({AVC_THRESHOLD} entries)")
    ax.set_ylim(bottom=0)
    ax.set_xlabel("N: files of N distinct labels")
    ax.set_ylabel(f"round of N against the round of {report.RATIO_N}\n"
                  f"(N x mean(N) / ({report.RATIO_N} x mean({report.RATIO_N})))")
    ax.set_title(panel_title(label, rep), fontsize=10)
    ax.grid(alpha=0.3)


def statn_plot(reps, path, labels=None):
    """Seed 002's figure, one panel per report given."""
    plt, fig, axes = panels(len(reps))
    for ax, label, rep in zip(axes, labels or [r.board for r in reps], reps):
        statn_axes(ax, label, rep)
    return save(plt, fig, axes, path, "Seed 002: the cost of a round of stats over N labels, "
                f"mean per stat ({reps[0].unit}), beside the seed's seconds")


def walk_axes(ax, label, rep):
    for s in [s for s in rep.strategies("walk") if not report.is_baseline(s)]:
        xs, ys = curve(rep, "walk", s, lambda d: figures.walk_share(rep.measured, s, d))
        draw(ax, xs, ys, s)
    ax.axhline(report.SEED003_SHARE, color="black", linestyle="--", linewidth=1,
               label=f"seed 003: SELinux's share of make -j's kernel cycles, "
                     f"{report.SEED003_SHARE:.2f} % (perf)")
    ax.set_ylim(0, 103)
    ax.set_xlabel("depth of the path (components)")
    ax.set_ylabel("the monitor's share of the stat (%)")
    ax.set_title(panel_title(label, rep), fontsize=10)
    ax.grid(alpha=0.3)


def label_axes(ax, label, rep):
    for s in rep.strategies("label"):
        xs, ys = curve(rep, "label", s, lambda n: rep.median("label", s, n))
        draw(ax, xs, ys, s)
    ax.axvline(600, color="black", linestyle=":", linewidth=1,
               label="seed 004: 600 labels, ~200 strcmp calls a lookup")
    ax.set_yscale("log")
    ax.set_xlabel("N: labels in the list")
    ax.set_ylabel(f"median per lookup ({rep.unit}, log scale)")
    ax.set_title(panel_title(label, rep), fontsize=10)
    ax.grid(alpha=0.3, which="both")


def checks_strategies(rep, benches):
    return report.ordered({r["strategy"] for r in rep.rows["BENCH"] if r["bench"] in benches}
                          - {"none", "linux-nolsm"}, report.STRATEGIES)


def checks_plot(label, rep, path):
    """Each check on its own: a group of horizontal bars per class:perm,
    one bar per strategy, on a log axis (flat and smack lie three orders
    of magnitude apart)."""
    benches = rep.check_benches()
    strategies = checks_strategies(rep, benches)
    plt, fig, axes = panels(1, (9, 1.2 + 0.42 * len(benches)))
    ax, height = axes[0], 0.8 / max(len(strategies), 1)
    for i, s in enumerate(strategies):
        ys = [rep.median(b, s) or 0 for b in benches]
        bars = ax.barh([y + i * height for y in range(len(benches))], ys, height,
                       color=STYLES.get(s, ("grey",))[0], label=s)
        ax.bar_label(bars, [report.num(y) for y in ys], padding=2, fontsize=7)
    ax.set_yticks([y + height * (len(strategies) - 1) / 2 for y in range(len(benches))])
    ax.set_yticklabels([":".join(report.class_perm(b)) for b in benches], fontsize=10)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(1, 4 * max(float(r["median"]) for r in rep.rows["BENCH"] if r["bench"] in benches))
    ax.set_xlabel(f"median per check ({rep.unit}, log scale)")
    ax.grid(alpha=0.3, axis="x", which="both")
    ax.set_title(panel_title(label, rep), fontsize=10)
    return save(plt, fig, axes, path, "One check on its own, by class:permission, "
                "per strategy")


def row_plot(groups, path, axes_of, title):
    plt, fig, axes = panels(len(groups))
    for ax, (label, rep) in zip(axes, groups):
        axes_of(ax, label, rep)
    return save(plt, fig, axes, path, title)


def write_plots(reports, outdir):
    """Every plot the reports have figures for, one set per unit; their
    paths."""
    out = []
    for unit in dict.fromkeys(r.unit for r in reports):
        groups = report.same_figures(reports, unit)
        tail = "" if unit == "insns" else f"-{unit}"
        name = lambda what: os.path.join(outdir, f"{what}{tail}.png")
        with_statn = [(l, r) for l, r in groups if r.args("statn") or r.args("statn-bounds")]
        if with_statn:
            out.append(statn_plot([r for _, r in with_statn], name("statn"),
                                  [l for l, _ in with_statn]))
        walk = [(l, r) for l, r in groups if r.args("walk")]
        if walk:
            out.append(row_plot(walk, name("walk"), walk_axes, "Seed 003: the monitor's share "
                                f"of a path walk, medians per call ({unit})"))
        label = [(l, r) for l, r in groups if r.args("label")]
        if label:
            out.append(row_plot(label, name("label"), label_axes, "Seed 004: finding a label "
                                f"among N, median per lookup ({unit})"))
        out += [checks_plot(l, r, os.path.join(outdir, f"checks-{r.tag}.png"))
                for l, r in groups if r.check_benches()]
    return out
