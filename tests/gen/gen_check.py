"""The checks of a generated program (used by gen.py; not run directly).

A case is a program file whose `-- GEN-...` comments list checks with concrete
inputs (one `-- GEN-INPUT:` line per value, in the text format):

    -- GEN-RUN: ENTRY
        The interpreter's result (--verify-ir) is the reference. It must not fail,
        and must be printed identically after every pass: --interpret-after=core,
        --interpret-after=bot, --bot-all --interpret-after=bot, --bot-all, and by the
        loop IR's interpreter after every loop pass with --strict-fp
        (--interpret-loops --check-loop-passes). By default (LANGUAGE.md section 9:
        sums may be reassociated) the loop IR's results must be within what another
        order of operations explains (run_e2e.py --reordered). Natively, with
        --strict-fp (`arrc -O0 --segment-size=1` and `-O2`, one thread): identical; by
        default (`-O2`, one and two threads): within what another order explains
        (run_e2e.py).
    -- GEN-RUN: ENTRY big TOLERANCE
        Large inputs, for parallel loops and vector bodies: natively only, -O2 on one
        thread with --strict-fp identical to -O0 with --strict-fp; by default, -O2 on
        one and two threads within the relative TOLERANCE (1e-9, or 1e-3 for programs
        with f32: sums reassociated, split across threads) of it; skipped when the -O0
        executable takes more than 10 s or runs out of memory.
    -- GEN-RUN: ENTRY huge
        Empty inputs whose sizes are near 2^63 (products of sizes too). The interpreter
        and the -O2 executable (one thread) must each exit 0, or 1 with one `error:`
        line, within a few seconds (or the run is skipped: a huge loop that computes);
        when both finish, the executable prints the interpreter's result, and it fails
        where the interpreter reports a size that is negative or overflows i64.
    -- GEN-GRAD: VALUE GRADIENT | SPECS       (-- GEN-VG: for valueAndGrad)
        GRADIENT (grad of VALUE) against central finite differences of VALUE
        (tests/gradcheck/gradcheck.py's finite_difference_check); a disagreement
        counts when it holds for two steps. SPECS are gradcheck input shapes, `~`
        marking captured float inputs. The gradient is also compared with
        --bot-all and natively, like a run.
    -- GEN-VJP-JVP: F VJP JVP | SPECS | W | TANGENTS
        The inputs are followed by the output cotangent W and the tangents of the
        float inputs. jvp's primal equals F; <W, J v> = <J^T W, v>; J v agrees with
        a central difference of F along v; VJP and JVP also with --bot-all and natively.

`check_case` runs them and returns failures as (check index, signature, message);
the signature (e.g. `run:pass-bot`, `grad:fd`, `vjp-jvp:native-O2-t1`) is what
the shrinker preserves.
"""

import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "gradcheck"))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))

import gradcheck  # noqa: E402
import run_e2e  # noqa: E402
from gradcheck import CheckFailure, InputSpec, RunError, Value  # noqa: E402

# (name, extra arrc arguments, whether another order of float operations is accepted)
PASS_VARIANTS = [
    ("pass-core", ["--interpret-after=core"], False),
    ("pass-bot", ["--interpret-after=bot"], False),
    ("pass-botall-bot", ["--bot-all", "--interpret-after=bot"], False),
    ("pass-botall", ["--bot-all"], False),
    ("loops-strict", ["--interpret-loops", "--check-loop-passes", "--strict-fp"], False),
    ("loops", ["--interpret-loops", "--check-loop-passes"], True),
]
AD_VARIANTS = [("pass-botall", ["--bot-all"], False),
               ("loops-strict", ["--interpret-loops", "--check-loop-passes", "--strict-fp"], False),
               ("loops", ["--interpret-loops", "--check-loop-passes"], True)]
# (name, optimisation level, threads, --strict-fp): strict runs must print the interpreter's
# results exactly, the others within what another order of float operations explains.
NATIVE_VARIANTS = [("native-strict-O0-segmented-t1", "-O0", 1, True), ("native-strict-O2-t1", "-O2", 1, True),
                   ("native-O2-t1", "-O2", 1, False), ("native-O2-t2", "-O2", 2, False)]
CRASH = re.compile(r"internal error|Assertion|Segmentation|Aborted|terminate called|Sanitizer", re.I)
TIMEOUT = 120
BIG_TIMEOUT = 10  # seconds for the -O0 executable on large inputs
HUGE_TIMEOUT = 5  # seconds for runs with sizes near 2^63
# The interpreter's messages for sizes that are wrong (not for arrays too large to allocate).
SIZE_ERROR = re.compile(r"error: (the dimension .*(a negative size|overflows i64)|parameter '.*' (must have|has) "
                        r"shape|cannot determine)")


class Case:
    def __init__(self, text, checks):
        self.text = text  # the program, without GEN comments
        self.checks = checks  # list of CaseCheck


class CaseCheck:
    """kind: run, grad, vg or vjp-jvp; entries; specs (gradcheck InputSpecs, for
    derivative checks); inputs: Values; w and tangents for vjp-jvp."""

    def __init__(self, kind, entries, inputs, specs=None, w=None, tangents=None, big=None, huge=False):
        self.big = big  # for a large run: the relative tolerance of two threads
        self.huge = huge  # a run on empty inputs with sizes near 2^63
        self.kind = kind
        self.entries = entries
        self.inputs = inputs
        self.specs = specs
        self.w = w
        self.tangents = tangents or []


def spec_text(value, constant=False):
    return "%s[%s]%s" % ("~" if constant else "", ",".join(str(d) for d in value.shape), value.elem)


def render_case(case, header=""):
    lines = [header] if header else []
    lines.append(case.text.rstrip("\n"))
    for check in case.checks:
        values = list(check.inputs)
        if check.kind == "run":
            suffix = " big %g" % check.big if check.big else " huge" if check.huge else ""
            lines.append("-- GEN-RUN: %s%s" % (check.entries[0], suffix))
        else:
            groups = [" ".join(s.text for s in check.specs)]
            if check.kind == "vjp-jvp":
                groups += [spec_text(check.w), " ".join(spec_text(t) for t in check.tangents)]
                values += [check.w] + list(check.tangents)
            lines.append("-- GEN-%s: %s | %s" % (check.kind.upper(), " ".join(check.entries), " | ".join(groups)))
        lines += ["-- GEN-INPUT: %s" % gradcheck.format_value(v) for v in values]
    return "\n".join(lines) + "\n"


def typed(value, spec):
    return Value(value.shape, [float(x) for x in value.flat] if spec.elem in ("f64", "f32") else value.flat,
                 spec.elem)


def parse_case(path):
    text_lines, checks = [], []
    with open(path, encoding="utf-8") as source:
        for line in source:
            match = re.match(r"-- GEN-([A-Z-]+): ?(.*)$", line.rstrip("\n"))
            if not match:
                if not line.startswith("-- GEN"):
                    text_lines.append(line)
                continue
            key, rest = match.group(1), match.group(2)
            if key == "INPUT":
                checks[-1].inputs.append(rest)
            elif key == "RUN":
                words = rest.split()
                checks.append(CaseCheck("run", words[:1], [], big=float(words[2]) if words[1:2] == ["big"] else None,
                                        huge=words[1:2] == ["huge"]))
            elif key in ("GRAD", "VG", "VJP-JVP"):
                groups = [g.split() for g in rest.split("|")]
                check = CaseCheck(key.lower(), groups[0], [])
                check.specs = [InputSpec(s) for s in groups[1]]
                check.extra_specs = [InputSpec(s) for g in groups[2:] for s in g]
                checks.append(check)
    for check in checks:
        if check.kind == "run":
            check.inputs = [gradcheck.parse_values(t)[0] for t in check.inputs]
            continue
        values = [gradcheck.parse_values(t)[0] for t in check.inputs]
        specs = check.specs + check.extra_specs
        values = [typed(v, s) for v, s in zip(values, specs)]
        check.inputs = values[:len(check.specs)]
        if check.kind == "vjp-jvp":
            check.w = values[len(check.specs)]
            check.tangents = values[len(check.specs) + 1:]
    return Case("".join(text_lines), checks)


class Failure(Exception):
    def __init__(self, signature, message):
        super().__init__(message)
        self.signature = signature
        self.message = message


class Skip(Exception):
    """A check that cannot run: the interpreter, which computes every intermediate array in
    full, ran out of memory on a program whose compiled code would fuse them."""


def crashed(result):
    return result.returncode < 0 or result.returncode > 2 or bool(CRASH.search(result.stderr))


def failed_badly(result):
    """What is wrong with how a run ended, when it is not a result (exit 0) or one error
    line (exit 1); None otherwise."""
    if crashed(result):
        return "crashed"
    if result.returncode == 0:
        return None
    lines = result.stderr.splitlines()
    if result.returncode != 1 or len(lines) != 1 or not re.match(r"(arrc: )?error: ", lines[0]):
        return "failed without one error line"
    return None


class Checker:
    """Runs the checks of one case written at `path`; `native` adds the compiled checks."""

    def __init__(self, arrc, path, workdir, native, jobs=1):
        self.arrc = arrc
        self.path = path
        self.native = native
        self.runner = gradcheck.Runner(arrc, path, ["--verify-ir"], jobs)
        self.compilers = {}
        for opt, strict in (("-O0", True), ("-O2", True), ("-O2", False)):
            # Each in a directory of its own: executables are named by their compilation's number.
            directory = os.path.join(workdir, "native%s%s" % (opt, "-strict" if strict else ""))
            os.makedirs(directory, exist_ok=True)
            # At -O0, every top-level statement is a segment function of its own (arrc
            # --segment-size=1): the frame between segments is checked on every program.
            flags = (["--strict-fp"] if strict else []) + (["--segment-size=1"] if opt == "-O0" else [])
            self.compilers[(opt, strict)] = run_e2e.Compiler(arrc, path, opt, flags, directory)
        self.runs = 0
        self.found = []  # (signature, message) of the comparisons that failed
        self.skipped = 0  # large runs the interpreter could not finish in time

    def close(self):
        self.runner.pool.shutdown()

    def interpret(self, entry, values, timeout=TIMEOUT):
        stdin = "".join(gradcheck.format_value(v) + "\n" for v in values)
        command = [self.arrc, "--interpret", "--verify-ir", self.path, "--entry", entry]
        self.runs += 1
        try:
            result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failure("timeout", "%s timed out" % " ".join(command))
        return result, stdin

    def reference(self, kind, entry, values, timeout=TIMEOUT):
        """The interpreter's output lines for `entry` (the default pipeline)."""
        result, stdin = self.interpret(entry, values, timeout)
        if result.returncode == 1 and "error: out of memory" in result.stderr:
            raise Skip()
        if result.returncode != 0:
            what = "crash" if crashed(result) else "interp-error"
            raise Failure("%s:%s" % (kind, what), "arrc --interpret --entry %s failed (exit %d): %s\nstdin: %s" % (
                entry, result.returncode, result.stderr.strip()[:2000], stdin.strip()[:2000]))
        return result.stdout.splitlines()

    def compare(self, kind, entry, values, expected, variants, only, approx=None):
        """Each pass variant and native build must print `expected` for `entry`."""
        block = {"args": ["--entry", entry], "input": [gradcheck.format_value(v) for v in values],
                 "expect": expected, "error": None, "approx": None}
        with_threads = dict(block, approx=approx)
        for name, extra, reordered in variants:
            if only and only != "%s:%s" % (kind, name):
                continue
            self.runs += 1
            problem = run_e2e.run_block(self.arrc, self.path, block, extra, reordered)
            if problem:
                self.found.append(("%s:%s" % (kind, name), problem))
        if not self.native:
            return
        for name, opt, threads, strict in NATIVE_VARIANTS:
            if only and only not in ("%s:%s" % (kind, name), "%s:compile%s" % (kind, opt)):
                continue
            self.runs += 1
            problem = run_e2e.run_block_compiled(self.compilers[(opt, strict)],
                                                 with_threads if threads > 1 else block, threads, not strict)
            if problem:
                compiled = "failed to compile" not in problem and "wrote no executable" not in problem
                self.found.append(("%s:%s" % (kind, name if compiled else "compile" + opt), problem))

    def finished(self, command, stdin):
        """The result of a run with sizes near 2^63, or None when it is still computing."""
        self.runs += 1
        try:
            return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=HUGE_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.skipped += 1
            return None

    def check_huge(self, check, only):
        entry = check.entries[0]
        stdin = "".join(gradcheck.format_value(v) + "\n" for v in check.inputs)
        command = [self.arrc, "--interpret", "--verify-ir", self.path, "--entry", entry]
        reference = self.finished(command, stdin)
        if reference is None:
            return
        problem = failed_badly(reference)
        if problem:
            self.found.append(("huge:interp", problem + "\n" + run_e2e.describe(command, stdin, reference)))
            return
        if not self.native or (only and only != "huge:native"):
            return
        exe, compiled, command = self.compilers[("-O2", True)].get([])
        if exe is None:
            self.found.append(("run:compile-O2", run_e2e.describe(command, "", compiled)))
            return
        command = [exe, "--entry", entry, "--threads", "1"]
        result = self.finished(command, stdin)
        if result is None:
            return
        problem = failed_badly(result)
        if not problem and reference.returncode == 0 and (result.returncode, result.stdout) != (0, reference.stdout):
            problem = "the executable does not print the interpreter's result"
        if not problem and result.returncode == 0 and SIZE_ERROR.search(reference.stderr):
            problem = "the executable succeeds where the interpreter reports a bad size"
        if problem:
            self.found.append(("huge:native", "%s\ninterpreter: exit %d, %r\n%s" % (
                problem, reference.returncode, (reference.stdout + reference.stderr).strip()[:500],
                run_e2e.describe(command, stdin, result))))

    def check_run(self, check, only):
        entry = check.entries[0]
        if check.huge:
            self.check_huge(check, only)
            return
        if not check.big:
            expected = self.reference("run", entry, check.inputs)
            self.compare("run", entry, check.inputs, expected, PASS_VARIANTS, only)
            return
        # Large inputs (parallel loops, whole vectors): natively only, against the -O0
        # executable on one thread (itself checked against the interpreter on small inputs).
        if not self.native:
            return
        exe, compiled, command = self.compilers[("-O0", True)].get([])
        if exe is None:
            self.found.append(("run:compile-O0", run_e2e.describe(command, "", compiled)))
            return
        stdin = "".join(gradcheck.format_value(v) + "\n" for v in check.inputs)
        command = [exe, "--entry", entry, "--threads", "1"]
        self.runs += 1
        try:
            result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=BIG_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.skipped += 1
            return
        if result.returncode != 0:
            if "out of memory" in result.stderr or "bad_alloc" in result.stderr:
                self.skipped += 1
                return
            self.found.append(("run:native-O0-t1", "the -O0 executable failed on large inputs\n" +
                               run_e2e.describe(command, stdin[:2000], result)))
            return
        block = {"args": ["--entry", entry], "input": stdin.splitlines(), "expect": result.stdout.splitlines(),
                 "error": None, "approx": None}
        for name, threads, strict, approx in (("big-strict-O2-t1", 1, True, None),
                                              ("big-O2-t1", 1, False, check.big),
                                              ("big-O2-t2", 2, False, check.big)):
            if only and only != "run:" + name:
                continue
            self.runs += 1
            # Against the -O0 run's text: relative tolerances, not the interpreter's (too slow here).
            problem = run_e2e.run_block_compiled(self.compilers[("-O2", strict)], dict(block, approx=approx),
                                                 threads, False)
            if problem:
                self.found.append(("run:" + name, problem))

    def check_grad(self, check, only):
        value, gradient = check.entries
        kind = check.kind
        expected = self.reference(kind, gradient, check.inputs)
        self.compare(kind, gradient, check.inputs, expected, AD_VARIANTS, only)
        if only and only != kind + ":fd":
            return
        try:
            base = self.runner.run(value, check.inputs)
            grads = gradcheck.parse_values("\n".join(expected))
        except (RunError, gradcheck.ParseError) as error:
            raise Failure(kind + ":interp-error", str(error))
        f0 = base[0].flat[0]
        if not math.isfinite(f0) or abs(f0) > 1e6:
            return
        if kind == "vg":
            if not gradcheck.close(grads[0].flat[0], f0, 1e-12, 0.0):
                raise Failure(kind + ":value", "valueAndGrad's value %r but %s gives %r" % (grads[0].flat[0], value, f0))
            grads = grads[1:]
        if not all(math.isfinite(x) for g in grads for x in g.flat):
            return
        self.finite_differences(kind, value, check, grads)

    def finite_differences(self, kind, value, check, grads):
        """A disagreement counts when it holds with two finite-difference steps."""
        problems = []
        f32 = any(s.elem == "f32" for s in check.specs if s.is_float())
        for step in ((1e-3, 3e-3) if f32 else (1e-6, 1e-4)):
            settings = gradcheck.Settings()
            settings.step = step
            try:
                gradcheck.finite_difference_check(self.runner, value, check.specs, check.inputs, grads, settings,
                                                  check.entries[1])
                return
            except CheckFailure as failure:
                problems.append("h=%g: %s" % (step, failure))
            except RunError as error:
                raise Failure(kind + ":interp-error", str(error))
        raise Failure(kind + ":fd", "\n".join(problems))

    def check_vjp_jvp(self, check, only):
        f, vjp, jvp = check.entries
        inputs, w, tangents = check.inputs, check.w, check.tangents
        outputs = self.reference("vjp-jvp", f, inputs)
        cotangents = self.reference("vjp-jvp", vjp, inputs + [w])
        jv = self.reference("vjp-jvp", jvp, inputs + tangents)
        self.compare("vjp-jvp", vjp, inputs + [w], cotangents, AD_VARIANTS, only)
        self.compare("vjp-jvp", jvp, inputs + tangents, jv, AD_VARIANTS, only)
        if only and only not in ("vjp-jvp:primal", "vjp-jvp:dot", "vjp-jvp:fd"):
            return
        out = gradcheck.parse_values("\n".join(outputs))
        ct = gradcheck.parse_values("\n".join(cotangents))
        jvs = gradcheck.parse_values("\n".join(jv))
        if not all(math.isfinite(x) and abs(x) < 1e6 for o in out for x in o.flat):
            return
        f32 = w.elem == "f32"
        primal, tangent = jvs[0], jvs[1]
        if primal.shape != out[0].shape or not all(
                gradcheck.close(a, b, 1e-6 if f32 else 1e-12, 0.0) for a, b in zip(primal.flat, out[0].flat)):
            raise Failure("vjp-jvp:primal", "jvp's primal %s but f gives %s" % (
                gradcheck.format_value(primal), gradcheck.format_value(out[0])))
        lhs, lm = gradcheck.dot([w], [tangent])
        rhs, rm = gradcheck.dot(ct, tangents)
        floor = (1e-6 if f32 else 1e-13) * sum(abs(x) for x in w.flat) * sum(abs(x) for t in tangents for x in t.flat)
        if math.isnan(lhs) and math.isnan(rhs):
            return  # not differentiable here (norm at 0): both modes say so
        if not abs(lhs - rhs) <= (1e-4 if f32 else 1e-10) * max(lm, rm, abs(lhs), abs(rhs)) + floor + 1e-300:
            raise Failure("vjp-jvp:dot", "<w, J v> = %r (jvp) but <J^T w, v> = %r (vjp)" % (lhs, rhs))
        self.directional_difference(check, tangent)

    def directional_difference(self, check, tangent):
        f32 = check.w.elem == "f32"
        problems = []
        for h in ((1e-3, 3e-3) if f32 else (1e-6, 1e-4)):
            floats = [k for k, s in enumerate(check.specs) if s.is_float()]
            plus, minus = list(check.inputs), list(check.inputs)
            for k, t in zip(floats, check.tangents):
                x = check.inputs[k]
                plus[k] = Value(x.shape, [a + h * d for a, d in zip(x.flat, t.flat)], x.elem)
                minus[k] = Value(x.shape, [a - h * d for a, d in zip(x.flat, t.flat)], x.elem)
            try:
                fp, fm = self.runner.run_many([(check.entries[0], plus), (check.entries[0], minus)])
            except RunError as error:
                raise Failure("vjp-jvp:interp-error", str(error))
            rtol, atol = (2e-2, 2e-3) if f32 else (1e-5, 1e-7)
            bad = [(e, a, (p - m) / (2 * h)) for e, (a, p, m) in enumerate(zip(tangent.flat, fp[0].flat, fm[0].flat))
                   if not gradcheck.close(a, (p - m) / (2 * h), rtol, atol)]
            if not bad:
                return
            problems.append("h=%g: " % h + "; ".join("element %d: jvp %r, finite difference %r" % b for b in bad[:6]))
        raise Failure("vjp-jvp:fd", "J v disagrees with finite differences along v:\n  " + "\n  ".join(problems))


def check_case(arrc, path, case, workdir, native, only=None, jobs=1):
    """Runs every check (or only the one with the signature `only`, given as
    (index, signature)). Returns (failures, number of arrc/executable runs)."""
    typecheck = subprocess.run([arrc, path], capture_output=True, text=True, timeout=TIMEOUT)
    if typecheck.returncode != 0:
        signature = "crash" if crashed(typecheck) else "rejected"
        return [(None, signature, typecheck.stderr.strip()[:3000])], 1
    checker = Checker(arrc, path, workdir, native, jobs)
    failures = []
    try:
        for index, check in enumerate(case.checks):
            if only and only[0] != index:
                continue
            sig = only[1] if only else None
            try:
                {"run": checker.check_run, "grad": checker.check_grad, "vg": checker.check_grad,
                 "vjp-jvp": checker.check_vjp_jvp}[check.kind](check, sig)
            except Failure as failure:
                checker.found.append((failure.signature, failure.message))
            except Skip:
                checker.skipped += 1
            # One failure per signature (a compile failure is reported once per check).
            for signature, message in dict(checker.found).items():
                failures.append((index, signature, message))
            checker.found = []
    finally:
        checker.close()
    return failures, checker.runs + 1

