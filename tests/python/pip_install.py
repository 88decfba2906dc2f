"""ctest python.pip_install: `pip install .` of the checkout into a fresh virtual
environment, then a sample run through the installed package from a directory
outside the checkout, with no ARRC, PYTHONPATH or build tree to help it.

    /usr/bin/python3 tests/python/pip_install.py --build-dir DIR [--wheels DIR]

The environment is new each time (made with --system-site-packages, so that
Debian's NumPy serves the package's one dependency; nothing of Arr is there).
pip builds the compiler with CMake through scikit-build-core, offline: the build
backend comes from --wheels (tests/bench/.venv/wheels, which
tests/bench/install_deps.sh --jax downloads). What keeps this cheap is
CMake's own incremental build: scikit-build-core builds in --build-dir, which
persists between runs (only what changed is rebuilt), and compiles through
ccache when it is installed, so that a first build takes the objects of the
project's own build from the cache (the build dir should then be a sibling of
that build, build-pip beside build, for the relative paths ccache compares to
match). A first build without ccache would compile the compiler from scratch
(10+ minutes on 2 cores): then the test is skipped (exit 5) unless
ARR_PIP_TEST_FULL=1.

Checks: arrc is on the environment's PATH and uses the installed runtime and
standard library; `import arr` is the installed package and finds that arrc
without PATH; samples/python/fit.py, copied out of the checkout, trains; an
executable linked by the installed arrc runs; `pip wheel .` makes a wheel
holding all of it.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def run(command, **options):
    print("$", " ".join(str(part) for part in command), flush=True)
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, **options)
    if done.returncode != 0:
        sys.exit("failed (exit status %d):\n%s\n%s" % (done.returncode, done.stdout[-6000:], done.stderr[-6000:]))
    return done.stdout


def check(condition, message):
    if not condition:
        sys.exit("FAILED: " + message)
    print("ok:", message)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", required=True, type=Path, help="scikit-build-core's build directory (kept)")
    parser.add_argument("--wheels", type=Path, default=ROOT / "tests" / "bench" / ".venv" / "wheels")
    parser.add_argument("--main-build", type=Path, help="the project's build, whose C and C++ compilers to use")
    args = parser.parse_args()

    if not list(args.wheels.glob("scikit_build_core-*.whl")):
        print("skipped: no scikit-build-core wheel in %s; run `sh tests/bench/install_deps.sh --jax`" % args.wheels)
        sys.exit(5)
    ccache = shutil.which("ccache")
    configured = (args.build_dir / "CMakeCache.txt").is_file()
    if not ccache and not configured and os.environ.get("ARR_PIP_TEST_FULL") != "1":
        print(
            "skipped: the first pip build without ccache compiles the compiler from scratch (10+ minutes); "
            "install ccache (it then reuses the objects of the project's build) or set ARR_PIP_TEST_FULL=1"
        )
        sys.exit(5)

    scratch = Path(tempfile.mkdtemp(prefix="arr-pip-"))
    check(ROOT not in scratch.parents, "the scratch directory %s is outside the checkout" % scratch)
    try:
        venv = scratch / "venv"
        run([sys.executable, "-m", "venv", "--system-site-packages", venv])
        python, bin_dir = venv / "bin" / "python", venv / "bin"
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in ("ARRC", "PYTHONPATH", "ARR_STDLIB", "VIRTUAL_ENV", "PYTHONHOME")
        }
        build = dict(
            environment, CMAKE_BUILD_PARALLEL_LEVEL="2", CCACHE_BASEDIR=str(ROOT), CCACHE_NOHASHDIR="1"
        )
        settings = ["--config-settings=build-dir=%s" % args.build_dir]
        if ccache:
            settings.append("--config-settings=cmake.define.CMAKE_CXX_COMPILER_LAUNCHER=%s" % ccache)
        # The compilers of the project's build (scikit-build-core would take Python's, such
        # as x86_64-linux-gnu-g++, whose objects ccache keeps apart from those of c++).
        cache = (args.main_build / "CMakeCache.txt") if args.main_build else None
        if cache and cache.is_file():
            for line in cache.read_text().splitlines():
                found = re.match(r"(CMAKE_(?:C|CXX)_COMPILER):[A-Z]+=(.+)$", line)
                if found:
                    settings.append("--config-settings=cmake.define.%s=%s" % found.groups())
        pip = [python, "-m", "pip", "--disable-pip-version-check", "--no-cache-dir"]
        offline = ["--no-index", "--find-links", args.wheels]
        run(pip + ["install"] + offline + settings + [ROOT], env=build, cwd=scratch)

        # arrc on the environment's PATH, with the installed runtime and standard library.
        path = str(bin_dir) + os.pathsep + environment.get("PATH", "")
        on_path = dict(environment, PATH=path)
        check(shutil.which("arrc", path=path) == str(bin_dir / "arrc"), "arrc is on the environment's PATH")
        flags = run(["arrc", "--print-link-flags"], env=on_path, cwd=scratch)
        check(flags.startswith(str(venv / "lib" / "arr" / "libarr_runtime.a")), "arrc links the installed runtime")
        stdlib = run(["arrc", "--print-stdlib-dir"], env=on_path, cwd=scratch).strip()
        check(stdlib == str(venv / "share" / "arr" / "stdlib"), "arrc reads the installed standard library")
        check((Path(stdlib) / "prelude.arr").is_file(), "the prelude is installed")
        # An executable, linked with the installed harness and runtime, runs.
        shutil.copy(ROOT / "samples" / "dot.arr", scratch / "dot.arr")
        run(["arrc", "dot.arr", "-o", "dot"], env=on_path, cwd=scratch)
        check(run([scratch / "dot"], input="[1, 2, 3]\n[4, 5, 6]\n", cwd=scratch).split() == ["32.0"],
              "an executable arrc linked computes dot([1,2,3], [4,5,6]) = 32")

        # The installed package, its arrc found without PATH (the environment not activated).
        sample = scratch / "sample"
        sample.mkdir()
        for name in ("fit.py", "mlp.arr"):
            shutil.copy(ROOT / "samples" / "python" / name, sample / name)
        bare = dict(environment, ARR_CACHE_DIR=str(scratch / "cache"))
        where = run([python, "-c", "import arr; print(arr.__file__); print(arr.find_arrc())"], env=bare, cwd=sample)
        package, arrc = where.split("\n")[:2]
        check(Path(package).is_relative_to(venv), "import arr is the installed package (%s)" % package)
        check(arrc == str(bin_dir / "arrc"), "arr.find_arrc() is the installed arrc (%s)" % arrc)
        output = run([python, "fit.py", "--steps", "100", "--every", "50"], env=bare, cwd=sample)
        losses = [float(value) for value in re.findall(r"^step +\d+  loss ([0-9.e+-]+)$", output, re.M)]
        check(len(losses) == 3 and losses[2] < losses[1] < losses[0], "fit.py trains through it: %s" % losses)

        # pip wheel . (the same build directory: nothing to compile again).
        wheels = scratch / "wheels"
        run(pip + ["wheel", "--no-deps", "-w", wheels] + offline + settings + [ROOT], env=build, cwd=scratch)
        (wheel,) = wheels.glob("arr-*.whl")
        names = set(zipfile.ZipFile(wheel).namelist())
        data = next(name.split("/")[0] for name in names if ".data/" in name)
        expected = {
            "arr/__init__.py",
            "arr/torch.py",
            "arr/jax.py",
            data + "/scripts/arrc",
            data + "/data/lib/arr/libarr_runtime.a",
            data + "/data/lib/arr/libarr_harness.a",
            data + "/data/share/arr/stdlib/prelude.arr",
        }
        check(expected <= names, "%s holds %s" % (wheel.name, ", ".join(sorted(expected))))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
