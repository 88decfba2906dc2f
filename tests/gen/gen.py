#!/usr/bin/env python3
"""Random differential testing of arrc: generated programs, checked against the interpreter.

    gen.py --arrc build/compiler/arrc --count 200 --seed 1 [--native-every 4] [--jobs 2]
           [--save tests/gen/regressions] [--shrink-time 300]
    gen.py --arrc build/compiler/arrc --check tests/gen/regressions/NAME.arr ...

Each program (gen_program.py; deterministic from the seed and its number) has
primal entries run on random inputs, and usually a scalar loss with its grad
(or valueAndGrad) and a function with vjp and jvp entries. The checks
(gen_check.py): the interpreter never fails, every pass preserves its result
(--interpret-after=core, bot, --bot-all), gradients agree with finite
differences, jvp with vjp; on every `--native-every`-th program also the native
executables (-O0 and -O2, 1 and 2 threads) agree with the interpreter. Each primal
entry also runs on empty inputs with sizes near 2^63, which must give one error
line or a result, never a crash or a result computed with sizes that wrapped.

A failing program is shrunk (gen_shrink.py: smaller expressions, fewer checks,
parameters, smaller sizes and simpler inputs, keeping the same failure) and,
with --save DIR, written to DIR/NAME.arr with its checks as `-- GEN-...`
comments; `--check FILE` re-runs those checks (natively too). Exits 1 if any
program failed. Prints one line per failure and a summary with the number of
programs, checks and runs.
"""

import argparse
import concurrent.futures
import os
import random
import re
import resource
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gen_check  # noqa: E402
import gen_shrink  # noqa: E402
from gen_check import Case, CaseCheck, InputSpec, Value  # noqa: E402
from gen_ast import FLOATS  # noqa: E402
from gen_entries import Check, ProgramGenerator  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SPECIALS = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e300, -1e-310]


def load_known(path):
    """known.txt: `SIGNATURE-REGEX | MESSAGE-REGEX | what the bug is` per line, # comments."""
    bugs = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            if line.strip() and not line.lstrip().startswith("#"):
                signature, message, what = (part.strip() for part in line.split(" | ", 2))
                bugs.append((signature, message, what))
    return bugs


def random_value(t, sizes, rng, kind, specials=False):
    shape = t.concrete(sizes)
    count = 1
    for d in shape:
        count *= d
    if t.elem == "bool":
        flat = [rng.random() < 0.5 for _ in range(count)]
    elif t.elem == "i64":
        flat = [rng.randint(-2, 5) if kind == "run" else rng.randint(-1, 3) for _ in range(count)]
    else:
        if kind == "run":
            flat = [rng.choice([rng.uniform(-3, 3), round(rng.uniform(-3, 3), 1)]) for _ in range(count)]
            if specials:
                flat = [rng.choice(SPECIALS) if rng.random() < 0.2 else x for x in flat]
        else:
            flat = [rng.uniform(-1, 1) for _ in range(count)]
        if t.elem == "f32":
            flat = [gen_check.gradcheck.f32_round(x) for x in flat]
    return Value(shape, flat, t.elem)


# Sizes near 2^63 (alone, or two whose product is): entries must fail with one error or
# succeed, never crash or compute with sizes that wrapped (gen_check.py, `huge` runs).
HUGE_SIZES = [2**31, 2**32, 2**32 + 1, 3037000500, 2**61, 2**62, 2**63 - 1]


def huge_sizes(params, rng):
    """Size values, some of them huge, for which every array parameter with a size variable
    is empty (so its input can be written, as empty([2305843009213693952,0]f64)); None when
    there are none."""
    names = sorted({v for _, t in params for d in t.shape for v in d.variables()})
    for _ in range(20):
        sizes = {n: 0 if rng.random() < 0.4 else rng.choice(HUGE_SIZES) for n in names}
        if not any(sizes.values()):
            continue
        if all(any(d == 0 for d in t.concrete(sizes)) for _, t in params
               if any(d.variables() for d in t.shape)):
            return sizes
    return None


def add_huge_runs(program):
    """A huge run for each primal entry, derived from its first run's seed (the generator's
    random sequence, and so the programs of a seed, stay as they were)."""
    seen = set()
    for check in list(program.checks):
        if check.kind != "run" or getattr(check, "big", False) or check.entries[0] in seen:
            continue
        seen.add(check.entries[0])
        rng = random.Random("huge:%d" % check.seed)
        sizes = huge_sizes(check.params, rng)
        if sizes:
            huge = Check("run", check.entries, check.params, sizes, rng.randrange(1 << 30))
            huge.huge = True
            program.checks.append(huge)


def fill_inputs(check):
    """Concrete random inputs for a generated check (from its seed and sizes)."""
    rng = random.Random(check.seed)
    kind = "run" if check.kind == "run" else "ad"
    specials = kind == "run" and rng.random() < 0.15
    check.inputs = [random_value(t, check.sizes, rng, kind, specials) for _, t in check.params]
    if check.kind == "vjp-jvp":
        check.w = random_value(check.result, check.sizes, rng, "ad")
        check.tangents = [random_value(t, check.sizes, rng, "ad") for _, t in check.params if t.elem in FLOATS]


def case_check(check):
    if check.kind == "run":
        return CaseCheck("run", check.entries, list(check.inputs), big=getattr(check, "big", None),
                         huge=getattr(check, "huge", False))
    specs = [InputSpec(gen_check.spec_text(v, name in check.constant))
             for (name, _), v in zip(check.params, check.inputs)]
    return CaseCheck(check.kind, check.entries, list(check.inputs), specs,
                     getattr(check, "w", None), getattr(check, "tangents", None))


def make_case(program):
    return Case(program.render(), [case_check(c) for c in program.checks])


class Session:
    def __init__(self, args, workdir):
        self.args = args
        self.arrc = os.path.abspath(args.arrc)
        self.workdir = workdir
        self.counter = 0
        self.known_bugs = [] if args.strict else load_known(os.path.join(HERE, "known.txt"))

    def known(self, failure):
        """Whether a failure (index, signature, message) matches a known bug of known.txt."""
        _, signature, message = failure
        return any(re.search(s, signature) and re.search(m, message) for s, m, _ in self.known_bugs)

    def path(self, stem):
        self.counter += 1
        directory = os.path.join(self.workdir, "%s_%d" % (stem, self.counter))
        os.makedirs(directory, exist_ok=True)
        return os.path.join(directory, "prog.arr"), directory

    def run_case(self, case, native, only=None, stem="case"):
        path, directory = self.path(stem)
        with open(path, "w", encoding="utf-8") as out:
            out.write(case.text)
        return gen_check.check_case(self.arrc, path, case, directory, native, only)


def same_failure(session, signature, native):
    """The shrinker's test: the message when a one-check program fails with `signature`."""
    def test(program):
        only = None if signature in ("rejected", "crash") else (0, signature)
        failures, _ = session.run_case(make_case(program), native, only, stem="shrink")
        message = next((message for _, sig, message in failures if sig == signature), None)
        if message is not None and signature == "rejected" and first_error(message) != wanted:
            return None  # another error than the one being shrunk
        return message
    wanted = None

    def start(message):
        nonlocal wanted
        wanted = first_error(message)
    test.start = start
    return test


def first_error(message):
    """The text of the first `error:` line, without its file position."""
    match = re.search(r"error: (.*)", message)
    return match.group(1).strip() if match else None


def run_one(session, number):
    """Generates, checks and (on failure) shrinks program `number`; returns a result dict."""
    args = session.args
    rng = random.Random("%d:%d" % (args.seed, number))
    native = args.native_every > 0 and number % args.native_every == 0
    program = ProgramGenerator(rng, max_depth=5 + (args.scale > 1.5), scale=args.scale).program(native)
    add_huge_runs(program)
    for check in program.checks:
        fill_inputs(check)
    case = make_case(program)
    found, runs = session.run_case(case, native, stem="p%d" % number)
    known = [f for f in found if session.known(f)]
    failures = [f for f in found if f not in known]
    result = {"number": number, "checks": len(case.checks), "runs": runs, "native": native,
              "failures": failures, "known": known, "saved": None, "shrunk": None}
    deadline = time.monotonic() + args.shrink_time
    for index, signature, message in failures[:8]:
        # The first failure that happens with its check alone (pruned to the functions it needs).
        if args.shrink_time <= 0 or time.monotonic() > deadline:
            break
        test = same_failure(session, signature, native)
        test.start(message)
        shrunk = gen_shrink.shrink(test, program, index, signature,
                                   deadline - time.monotonic())
        if shrunk is not None:
            result["shrunk"] = shrunk
            if args.save:
                result["saved"] = save(args, number, signature, shrunk)
            break
    return result


def save(args, number, signature, shrunk):
    program, message = shrunk
    os.makedirs(args.save, exist_ok=True)
    name = "%s_s%d_p%d" % (re.sub(r"[^a-z0-9]+", "_", signature.lower()).strip("_"), args.seed, number)
    path = os.path.join(args.save, name + ".arr")
    first = message.strip().splitlines()[0][:150] if message.strip() else ""
    header = ("-- Found by tests/gen/gen.py --seed %d (program %d), shrunk; fails with %s:\n-- %s"
              % (args.seed, number, signature, first))
    with open(path, "w", encoding="utf-8") as out:
        out.write(gen_check.render_case(make_case(program), header))
    return path


def check_files(args):
    failed = 0
    session = Session(args, tempfile.mkdtemp(prefix="arr-gen-"))
    for path in args.check:
        case = gen_check.parse_case(path)
        start = time.monotonic()
        failures, runs = session.run_case(case, not args.no_native)
        for index, signature, message in failures:
            print("FAIL %s check %s: %s\n  %s" % (path, index, signature, message.replace("\n", "\n  ")))
        failed += bool(failures)
        print("%s %s: %d check(s), %d run(s), %.1f s" % ("FAIL" if failures else "PASS", os.path.basename(path),
                                                        len(case.checks), runs, time.monotonic() - start))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--count", type=int, default=100, help="programs to generate (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="number of the first program (default 0)")
    parser.add_argument("--native-every", type=int, default=4,
                        help="native checks on every Nth program (0: none; default 4)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiplies the size of generated bodies (default 1; 2 or 3 for larger programs)")
    parser.add_argument("--jobs", type=int, default=1, help="programs checked at once")
    parser.add_argument("--save", help="directory for shrunk failing programs")
    parser.add_argument("--shrink-time", type=float, default=120, help="seconds to shrink a failure (0: do not)")
    parser.add_argument("--check", nargs="+", metavar="FILE", help="run the checks of saved programs")
    parser.add_argument("--no-native", action="store_true", help="with --check: skip the native checks")
    parser.add_argument("--strict", action="store_true",
                        help="also fail on the known bugs listed in known.txt (otherwise counted apart)")
    parser.add_argument("--memory-limit", type=float, default=3,
                        help="GB of address space per process (default 3; 0: no limit, e.g. under ASan)")
    parser.add_argument("--verbose", action="store_true", help="print the full failure messages")
    args = parser.parse_args()
    if args.memory_limit > 0:
        # Generated programs on large inputs may build very large arrays: each process (this
        # one, arrc, an executable) gets at most this much address space.
        resource.setrlimit(resource.RLIMIT_AS, (int(args.memory_limit * (1 << 30)),
                                                resource.getrlimit(resource.RLIMIT_AS)[1]))
    if args.check:
        return check_files(args)
    start = time.monotonic()
    totals = {"programs": 0, "native": 0, "checks": 0, "runs": 0, "failed": 0, "known": 0}
    with tempfile.TemporaryDirectory(prefix="arr-gen-") as workdir:
        session = Session(args, workdir)
        numbers = range(args.first, args.first + args.count)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for result in pool.map(lambda n: run_one(session, n), numbers):
                totals["programs"] += 1
                totals["native"] += result["native"]
                totals["checks"] += result["checks"]
                totals["runs"] += result["runs"]
                if result["failures"]:
                    totals["failed"] += 1
                    report(args, result)
                elif result["known"]:
                    totals["known"] += 1
                    for index, signature, message in result["known"]:
                        print("KNOWN seed %d program %d check %s: %s: %s" % (
                            args.seed, result["number"], index, signature, key_line(message)))
                sys.stdout.flush()
    print("%(programs)d programs (%(native)d with native checks), %(checks)d checks, %(runs)d runs: "
          "%(failed)d failed, %(known)d with known bugs only" % totals + " (%.0f s)" % (time.monotonic() - start))
    return 1 if totals["failed"] else 0


def key_line(message):
    """The most telling line of a failure message (an error from arrc, or the first)."""
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line or "disagree" in line or line.startswith("h=")]
    return (errors or lines or [""])[0][:300]


def report(args, result):
    for index, signature, message in result["failures"]:
        text = message if args.verbose else key_line(message)
        print("FAIL seed %d program %d check %s: %s: %s" % (args.seed, result["number"], index, signature, text))
    if result["shrunk"]:
        program, message = result["shrunk"]
        print("  shrunk to:\n    " + gen_check.render_case(make_case(program)).replace("\n", "\n    ").rstrip())
        print("  message:\n    " + message.strip().replace("\n", "\n    ")[:3000])
    if result["saved"]:
        print("  saved as %s" % result["saved"])


if __name__ == "__main__":
    sys.exit(main())
