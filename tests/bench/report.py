"""Reporting for tests/bench/run.py: the table on standard output, the targets of
issue #8, the CSV and the PNG bar chart (when matplotlib imports); and for the
nested-differentiation benchmarks (issue #21) a table of their entries, the ratios
between them and a CSV of their own.

A row is a dict for one program and thread count: "benchmark", "size",
"threads", "runs" (list of strings), "check" (list of problems), optionally
"arrc_compile_s", and a Timing (ms, runs, mb) under each of cpp_primal,
cpp_grad, arr_primal, arr_grad, torch_primal and torch_grad that was measured.
Not a program of its own: run.py imports it.
"""

import csv
import os


def ms_of(row, key):
    timing = row.get(key)
    return timing.ms if timing else None


def mb_of(row, key):
    timing = row.get(key)
    return timing.mb if timing else None


def ratio(a, b):
    return a / b if a is not None and b else None


COLUMNS = [  # (CSV name, table header or None, function of a row)
    ("benchmark", "program", lambda r: r["benchmark"]),
    ("size", None, lambda r: r["size"]),
    ("threads", "T", lambda r: r["threads"]),
    ("cpp_ms", "C++", lambda r: ms_of(r, "cpp_primal")),
    ("arr_ms", "Arr", lambda r: ms_of(r, "arr_primal")),
    ("torch_ms", "torch", lambda r: ms_of(r, "torch_primal")),
    ("cpp_grad_ms", "C++ grad", lambda r: ms_of(r, "cpp_grad")),
    ("arr_grad_ms", "Arr grad", lambda r: ms_of(r, "arr_grad")),
    ("torch_grad_ms", "torch grad", lambda r: ms_of(r, "torch_grad")),
    ("arr_over_cpp", "Arr/C++", lambda r: ratio(ms_of(r, "arr_primal"), ms_of(r, "cpp_primal"))),
    ("arr_grad_over_cpp_grad", "grad Arr/C++",
     lambda r: ratio(ms_of(r, "arr_grad"), ms_of(r, "cpp_grad"))),
    ("arr_grad_over_primal", "Arr grad/primal",
     lambda r: ratio(ms_of(r, "arr_grad"), ms_of(r, "arr_primal"))),
    ("cpp_grad_over_primal", None, lambda r: ratio(ms_of(r, "cpp_grad"), ms_of(r, "cpp_primal"))),
    ("torch_grad_over_primal", None,
     lambda r: ratio(ms_of(r, "torch_grad"), ms_of(r, "torch_primal"))),
    ("arr_over_torch", "Arr/torch",
     lambda r: ratio(ms_of(r, "arr_primal"), ms_of(r, "torch_primal"))),
    ("arr_grad_over_torch_grad", "grad Arr/torch",
     lambda r: ratio(ms_of(r, "arr_grad"), ms_of(r, "torch_grad"))),
    ("cpp_mb", None, lambda r: mb_of(r, "cpp_primal")),
    ("cpp_grad_mb", None, lambda r: mb_of(r, "cpp_grad")),
    ("arr_mb", "Arr MB", lambda r: mb_of(r, "arr_primal")),
    ("arr_grad_mb", "grad MB", lambda r: mb_of(r, "arr_grad")),
    ("arr_grad_mem_over_primal", "mem grad/primal",
     lambda r: ratio(mb_of(r, "arr_grad"), mb_of(r, "arr_primal"))),
    ("runs", None, lambda r: ", ".join(r["runs"])),
    ("arrc_compile_s", None, lambda r: r.get("arrc_compile_s")),
    ("check", "check", lambda r: "; ".join(r["check"]) or "ok"),
]


def fmt(value, ratio_column):
    if value is None:
        return "-"
    if isinstance(value, float):
        if ratio_column:
            return f"{value:.2f}" if value >= 0.1 else f"{value:.2g}"
        return f"{value:.3g}" if value < 100 else f"{value:.0f}"
    return str(value)


def print_table(rows, cxx):
    shown = [(name, header, get) for name, header, get in COLUMNS if header]
    notes = []
    table = []
    for row in rows:
        line = []
        for name, _, get in shown:
            if name == "check":
                if row["check"]:
                    notes.append(f"{row['benchmark']} T={row['threads']}: " + "; ".join(row["check"]))
                    line.append(f"note {len(notes)}")
                else:
                    line.append("ok")
            else:
                line.append(fmt(get(row), "over" in name))
        table.append(line)
    header = [h for _, h, _ in shown]
    widths = [max(len(line[i]) for line in [header] + table) for i in range(len(header))]
    print(f"median ms per call; Arr: arrc -O2 on T threads; C++: {os.path.basename(cxx)} -O3 "
          "-march=native, one thread; torch: PyTorch on T threads; MB: peak resident memory")
    for line in [header] + table:
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(line, widths))))
    for index, note in enumerate(notes, 1):
        print(f"note {index}: {note}")


def print_targets(rows, benchmarks):
    """The targets of issue #8 (and #19's for the LSTMs), with the programs that miss them."""
    target = {b.name: b.grad_target for b in benchmarks}
    get = {name: fn for name, _, fn in COLUMNS}
    checks = [
        ("gradient <= 3x primal (2x for dot, selfconv; 4x for the LSTMs, issue #19)",
         "arr_grad_over_primal",
         lambda r, v: v <= target[r["benchmark"]]),
        ("gradient faster than PyTorch's", "arr_grad_over_torch_grad", lambda r, v: v < 1.0),
        ("primal <= 1.25x C++ (1 thread)", "arr_over_cpp", lambda r, v: v <= 1.25),
        ("gradient peak memory <= 3x primal", "arr_grad_mem_over_primal", lambda r, v: v <= 3.0),
    ]
    print("targets (issues #8 and #19):")
    for label, column, ok in checks:
        measured = [(r, get[column](r)) for r in rows if get[column](r) is not None
                    and (column != "arr_over_cpp" or r["threads"] == 1)]
        misses = [f"{r['benchmark']} T={r['threads']} {v:.2f}" for r, v in measured if not ok(r, v)]
        if not measured:
            print(f"  {label}: not measured")
            continue
        met = len(measured) - len(misses)
        print(f"  {label}: {met}/{len(measured)} met" +
              (f"; missed by {', '.join(misses)}" if misses else ""))


def print_styles(rows, benchmarks):
    """Each style variant's primal time against the fastest of its group (issue #20:
    the goal is <= 1.25x), per thread count."""
    group = {b.name: b.group for b in benchmarks if b.group}
    if not group:
        return
    print("style variants (primal time / fastest variant of the group; goal <= 1.25):")
    for name in sorted(set(group.values())):
        for threads in sorted({r["threads"] for r in rows}):
            members = [(r["benchmark"], ms_of(r, "arr_primal")) for r in rows
                       if group.get(r["benchmark"]) == name and r["threads"] == threads]
            timed = [ms for _, ms in members if ms is not None]
            if not timed:
                continue
            fastest = min(timed)
            cells = [f"{b.removeprefix('style_')} {ms:.3g} ms ({ms / fastest:.2f})"
                     if ms is not None else f"{b.removeprefix('style_')} -"
                     for b, ms in members]
            print(f"  {name} T={threads}: " + ", ".join(cells))


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([name for name, _, _ in COLUMNS])
        for row in rows:
            values = [get(row) for _, _, get in COLUMNS]
            writer.writerow(["" if v is None else f"{v:.6g}" if isinstance(v, float) else v
                             for v in values])


def write_chart(rows, threads, path):
    """A bar chart of the times (log scale), one panel per thread count. Returns
    False when matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    series = [("cpp_primal", "C++", "tab:gray", ""), ("arr_primal", "Arr", "tab:blue", ""),
              ("torch_primal", "PyTorch", "tab:orange", ""),
              ("cpp_grad", "C++ grad", "tab:gray", "//"), ("arr_grad", "Arr grad", "tab:blue", "//"),
              ("torch_grad", "PyTorch grad", "tab:orange", "//")]
    names = list(dict.fromkeys(r["benchmark"] for r in rows))
    figure, axes = plt.subplots(len(threads), 1, figsize=(max(8, 1.6 * len(names)), 4 * len(threads)),
                                squeeze=False)
    width = 0.8 / len(series)
    for axis, count in zip(axes[:, 0], threads):
        by_name = {r["benchmark"]: r for r in rows if r["threads"] == count}
        for index, (key, label, color, hatch) in enumerate(series):
            xs = [i + (index - (len(series) - 1) / 2) * width for i in range(len(names))]
            heights = [ms_of(by_name.get(n, {}), key) or 0 for n in names]
            axis.bar(xs, heights, width, label=label, color=color, hatch=hatch, edgecolor="black",
                     linewidth=0.3)
        axis.set_yscale("log")
        axis.set_xticks(range(len(names)))
        axis.set_xticklabels(names, fontsize=8)
        axis.set_ylabel("ms per call (median)")
        axis.set_title(f"{count} thread(s); C++ is single-threaded")
        axis.legend(fontsize=7, ncol=2)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return True


# ---- nested differentiation (issue #21) -------------------------------------------
# A nested row: "benchmark", "size", "threads", "arr" and "torch" ({entry: Timing}),
# "check" (list of problems), optionally "arrc_compile_s".

def print_nested(rows, benchmarks):
    """One line per program, thread count and entry; then the ratios each program asks
    for (Arr's, with its target, and PyTorch's)."""
    notes, table = [], []
    order = {b.name: [entry for entry, _ in b.measures] for b in benchmarks}
    for row in rows:
        note = ""
        if row["check"]:
            notes.append(f"{row['benchmark']} T={row['threads']}: " + "; ".join(row["check"]))
            note = f"note {len(notes)}"
        for entry in order[row["benchmark"]]:
            arr, torch = row["arr"].get(entry), row["torch"].get(entry)
            table.append([row["benchmark"], str(row["threads"]), entry,
                          fmt(arr.ms if arr else None, False), fmt(torch.ms if torch else None, False),
                          fmt(ratio(arr.ms if arr else None, torch.ms if torch else None), True),
                          fmt(arr.mb if arr else None, False), note or "ok"])
    header = ["program", "T", "entry", "Arr ms", "torch ms", "Arr/torch", "Arr MB", "check"]
    widths = [max(len(line[i]) for line in [header] + table) for i in range(len(header))]
    print("nested differentiation (issue #21): median ms per call on T threads; torch: double "
          "backward (create_graph=True), torch.autograd.functional.hessian")
    for line in [header] + table:
        print("  ".join(cell.ljust(w) if i < 3 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(line, widths))))
    for index, note in enumerate(notes, 1):
        print(f"note {index}: {note}")
    print("ratios (Arr; PyTorch):")
    by_name = {b.name: b for b in benchmarks}
    for row in rows:
        for numerator, denominator, target in by_name[row["benchmark"]].ratios:
            mine = ratio(ms_of(row["arr"], numerator), ms_of(row["arr"], denominator))
            theirs = ratio(ms_of(row["torch"], numerator), ms_of(row["torch"], denominator))
            verdict = ""
            if target is not None and mine is not None:
                verdict = f" (target <= {target:g}: {'met' if mine <= target else 'missed'})"
            print(f"  {row['benchmark']} T={row['threads']}: {numerator} / {denominator} = "
                  f"{fmt(mine, True)}{verdict}; PyTorch {fmt(theirs, True)}")


def write_nested_csv(rows, benchmarks, path):
    order = {b.name: [entry for entry, _ in b.measures] for b in benchmarks}
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["benchmark", "size", "threads", "entry", "arr_ms", "arr_runs", "arr_mb",
                         "torch_ms", "torch_runs", "arr_over_torch", "arrc_compile_s", "check"])

        def cell(value):
            return "" if value is None else f"{value:.6g}" if isinstance(value, float) else value

        for row in rows:
            for entry in order[row["benchmark"]]:
                arr, torch = row["arr"].get(entry), row["torch"].get(entry)
                writer.writerow([cell(v) for v in (
                    row["benchmark"], row["size"], row["threads"], entry,
                    arr.ms if arr else None, arr.runs if arr else None, arr.mb if arr else None,
                    torch.ms if torch else None, torch.runs if torch else None,
                    ratio(arr.ms if arr else None, torch.ms if torch else None),
                    row.get("arrc_compile_s"), "; ".join(row["check"]) or "ok")])
