#!/usr/bin/env python3
"""The Delta term and the gradient program do not depend on array sizes.

    ad_size_independence.py --arrc PATH FILE.arr [FILE.arr ...]

Each program defines `def n = 10`. It is compiled twice, with `-D n=10` and
`-D n=1000000`, printing the IR after `ad`, `transpose`, `unshare` and
`optimize` and the node counts of every stage (--print-stats). The node counts
must be equal, and the dumps equal once every integer literal is written #
(the size appears in shapes and in folded constants such as n - 1): the
symbolic Delta term and the derivative program are the same terms at any size,
nothing is unrolled or expanded per element. Exits 1 on any difference.
"""

import argparse
import re
import subprocess
import sys

SIZES = (10, 1000000)
STAGES = ("ad", "transpose", "unshare", "optimize")


def compile_dumps(arrc, path, size):
    command = [arrc, "-D", "n=%d" % size, "--print-stats", path]
    for stage in STAGES:
        command.insert(1, "--dump-after=" + stage)
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError("%s failed (exit %d):\n%s" % (" ".join(command), result.returncode,
                                                         result.stderr))
    text = result.stdout + result.stderr
    if not re.search(r"\b%d\b" % size, text):
        raise RuntimeError("%s: the dumps do not mention n = %d (no `def n`?)" % (path, size))
    stats = [line for line in text.splitlines() if line.startswith("stats:")]
    dumps = [line for line in text.splitlines() if not line.startswith("stats:")]
    # Integer literals, not the numeric suffixes of names (x_12: no word boundary).
    return stats, [re.sub(r"\b\d+\b", "#", line) for line in dumps]

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failed = 0
    for path in args.files:
        (small_stats, small), (large_stats, large) = (compile_dumps(args.arrc, path, size)
                                                      for size in SIZES)
        if not small_stats or not small:
            print("FAIL %s: no dumps or statistics" % path)
            failed += 1
        elif small_stats != large_stats:
            print("FAIL %s: node counts differ: %s against %s" % (path, small_stats, large_stats))
            failed += 1
        elif small != large:
            first = next((i for i, (a, b) in enumerate(zip(small, large)) if a != b),
                         min(len(small), len(large)))
            print("FAIL %s: the dumps differ between n = %d and n = %d (first at line %d)" % (
                path, SIZES[0], SIZES[1], first + 1))
            failed += 1
        else:
            print("PASS %s: %d lines, %s" % (path, len(small), "; ".join(
                line[len("stats: "):] for line in small_stats)))
    print("%d passed, %d failed" % (len(args.files) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
