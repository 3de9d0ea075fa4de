"""The report's plots (tools/report.py): the seeds' figures from a boot's
figures, drawn with matplotlib's Agg backend into PNG files that hold no
date, so that the same logs give the same bytes."""
import os
import sys

COLOURS = {"none": "#777777", "flat": "#1f77b4", "selinux07": "#d62728",
           "selinux07tuned": "#ff7f0e", "smack": "#2ca02c", "smack-worst": "#9467bd",
           "smackhash": "#8c564b"}
CPU_NAMES = {"sh4": "SH-4", "arm": "XScale"}
AVC_THRESHOLD = 512


def pyplot():
    try:
        import matplotlib
    except ImportError:
        sys.exit("report: no matplotlib for this python3: apt-get install python3-matplotlib "
                 "(or give --no-plots)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def save(plt, fig, path):
    fig.tight_layout()
    # PNG carries no date by default; the software's name and version go too
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return path


def scale(ax, values):
    """A log scale where the strategies lie orders of magnitude apart."""
    values = [v for v in values if v and v > 0]
    if values and max(values) / min(values) > 50:
        ax.set_yscale("log")
    else:
        ax.set_ylim(bottom=0)


def title(rep):
    cpu = CPU_NAMES.get(rep.cpu)
    return f"{rep.board}" + (f" ({cpu})" if cpu else "")


def statn_axes(ax, rep):
    """Seed 002's figure: the cost of a stat against N, one line per strategy."""
    values = []
    for bench, style in (("statn", "-"), ("statn-bounds", "--")):
        for s in [s for s in rep.strategies(bench) if s != "smack-worst"]:
            ns = rep.args(bench, s)
            ys = [rep.value(bench, s, n) for n in ns]
            values += ys
            label = s + (", bounded" if bench == "statn-bounds" else "")
            ax.plot(ns, ys, style, marker="o", markersize=3, color=COLOURS.get(s), label=label)
    ax.axvline(AVC_THRESHOLD, color="black", linestyle=":", linewidth=1,
               label=f"AVC threshold {AVC_THRESHOLD}")
    scale(ax, values)
    ax.set_xlabel("N: files of N distinct labels")
    ax.set_ylabel(f"{rep.stat} per stat ({rep.unit})")
    ax.set_title(f"{title(rep)}: stat over N labels")
    ax.legend(fontsize=7)


def statn_plot(reps, path):
    """One panel per board, side by side."""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(reps), figsize=(6 * len(reps), 4.2), squeeze=False)
    for ax, rep in zip(axes[0], reps):
        statn_axes(ax, rep)
    return save(plt, fig, path)


def line_plot(rep, bench, path, xlabel, what, marks=()):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 4.2))
    values = []
    for s in rep.strategies(bench):
        xs = rep.args(bench, s)
        ys = [rep.value(bench, s, x) for x in xs]
        values += ys
        ax.plot(xs, ys, marker="o", markersize=3, color=COLOURS.get(s), label=s)
    for x, label in marks:
        ax.axvline(x, color="black", linestyle=":", linewidth=1, label=label)
    scale(ax, values)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"{rep.stat} per {what} ({rep.unit})")
    ax.set_title(f"{title(rep)}: {bench}")
    ax.legend(fontsize=7)
    return save(plt, fig, path)


def checks_plot(rep, benches, path):
    """The cost of each check alone, a bar per strategy."""
    plt = pyplot()
    strategies = [s for s in rep.strategies(benches[0]) if s != "none"]
    for b in benches[1:]:
        strategies += [s for s in rep.strategies(b) if s not in strategies and s != "none"]
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(benches) + 2), 4.2))
    width, values = 0.8 / max(len(strategies), 1), []
    for i, s in enumerate(strategies):
        ys = [rep.value(b, s) or 0 for b in benches]
        values += ys
        ax.bar([x + i * width for x in range(len(benches))], ys, width, color=COLOURS.get(s),
               label=s)
    ax.set_xticks([x + width * (len(strategies) - 1) / 2 for x in range(len(benches))])
    ax.set_xticklabels([b[len("check-"):].replace("-", ":", 1) for b in benches], fontsize=8,
                       rotation=30 if len(benches) > 4 else 0)
    scale(ax, values)
    ax.set_ylabel(f"{rep.stat} per check ({rep.unit})")
    ax.set_title(f"{title(rep)}: one check on its own")
    ax.legend(fontsize=7)
    return save(plt, fig, path)


def write_plots(reports, outdir):
    """Every plot the reports have figures for; their paths."""
    out = []
    for rep in reports:
        b = rep.board + ("-est-cycles" if rep.unit == "est-cycles" else "")
        if rep.args("statn") or rep.args("statn-bounds"):
            out.append(statn_plot([rep], os.path.join(outdir, f"statn-{b}.png")))
        if rep.args("walk"):
            out.append(line_plot(rep, "walk", os.path.join(outdir, f"walk-{b}.png"),
                                 "depth of the path", "stat"))
        if rep.args("label"):
            out.append(line_plot(rep, "label", os.path.join(outdir, f"label-{b}.png"),
                                 "N: labels in the list", "lookup",
                                 [(600, "seed 004: 600 labels")]))
        benches = rep.check_benches()
        if benches:
            out.append(checks_plot(rep, benches, os.path.join(outdir, f"checks-{b}.png")))
    for model, name in ((False, "statn.png"), (True, "statn-est-cycles.png")):
        with_statn = [r for r in reports if r.args("statn") and (r.unit == "est-cycles") == model]
        if len(with_statn) > 1:
            out.append(statn_plot(with_statn, os.path.join(outdir, name)))
    return out
