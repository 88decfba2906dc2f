"""Reads `arrc --memory-report`: per entry, the arrays it receives, returns and allocates,
with their shapes in the entry's sizes, evaluated at given sizes."""

import math
import re
import subprocess

LINE = re.compile(r"^  (receives|returns|allocates) (\S+) (f64|f32|i64|bool)\[(.*)\](.*)$")
BYTES = {"f64": 8, "f32": 4, "i64": 8, "bool": 1}


def report_of(arrc, program, *flags):
    """{entry: [(kind, name, element type, [extent text], note)]}; raises on failure."""
    done = subprocess.run([arrc, program, "--memory-report", *flags], capture_output=True,
                          text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"arrc --memory-report {program} failed: {done.stderr}")
    entries, current = {}, None
    for line in done.stderr.splitlines():
        if line.startswith("memory: entry "):
            current = entries.setdefault(line.split()[-1], [])
        elif current is not None and (match := LINE.match(line)):
            kind, name, elem, shape, note = match.groups()
            current.append((kind, name, elem, split_extents(shape), note.strip(), line))
    return entries


def split_extents(shape):
    """The extents of `n, max(k, 0), 16`, split at the commas outside parentheses."""
    extents, depth, start = [], 0, 0
    for i, ch in enumerate(shape):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            extents.append(shape[start:i].strip())
            start = i + 1
    if shape.strip():
        extents.append(shape[start:].strip())
    return extents


def evaluate(extent, sizes):
    """An extent's value: the loop IR's integer arithmetic over the sizes."""
    text = extent.replace("/u", "//").replace("%u", "%").replace("&&", " and ")
    text = text.replace("||", " or ").replace("!", " not ").replace(" not =", "!=")
    names = dict(sizes)
    names.update(max=max, min=min, select=lambda c, a, b: a if c else b, i64=int, f64=float,
                 sqrt=math.sqrt)
    return int(eval(text, {"__builtins__": {}}, names))  # noqa: S307 - our own report


def size_names(entries):
    """The size variables the extents of a report mention (not the functions they call)."""
    return {name for arrays in entries.values() for array in arrays for extent in array[3]
            for name in re.findall(r"\b([A-Za-z_]\w*)\b(?!\s*\()", extent)}


def largest_by_entry(arrc, program, sizes, *flags, exempt=lambda name: False):
    """{entry: {"all": the largest array in bytes it receives, returns or allocates,
    "interface": the largest it receives or returns, "allocated": the largest it allocates
    (but those `exempt` says are, by name), "report": its lines}} at `sizes`."""
    result = {}
    for entry, arrays in report_of(arrc, program, *flags).items():
        largest = {"all": 0, "interface": 0, "allocated": 0, "report": []}
        for kind, name, elem, extents, _, line in arrays:
            count = 1
            for extent in extents:
                count *= max(0, evaluate(extent, sizes))
            size = count * BYTES[elem]
            largest["all"] = max(largest["all"], size)
            if kind != "allocates":
                largest["interface"] = max(largest["interface"], size)
            elif not exempt(name):
                largest["allocated"] = max(largest["allocated"], size)
            largest["report"].append(line)
        result[entry] = largest
    return result
