"""The cache of arr.compile (LANGUAGE.md section 10): a library is reused when the
sources (imports included), the options and the compiler are unchanged, and
rebuilt when any of them changes.

arrc is run through a wrapper script that logs its command lines, so the tests
see whether a compile ran; each compile happens in a fresh process, so only the
cache on disk can make it a hit.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import PROGRAMS, ROOT

import arr

COMPILE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
import arr
options = json.loads(sys.argv[3])
start = time.perf_counter()
m = arr.compile(sys.argv[2], **options)
elapsed = time.perf_counter() - start
print(json.dumps({"elapsed": elapsed, "path": m.path,
                  "value": float(m.main(np.arange(3.0), np.ones(3))),
                  "scaled": float(m.stats(np.ones(2))[0])}))
"""


@pytest.fixture
def setup(tmp_path):
    sources = tmp_path / "src"
    shutil.copytree(PROGRAMS, sources)
    log = tmp_path / "arrc.log"
    wrapper = tmp_path / "arrc"
    wrapper.write_text('#!/bin/sh\necho "$*" >> "%s"\nexec "%s" "$@"\n' % (log, arr.find_arrc()))
    wrapper.chmod(0o755)
    environment = dict(os.environ, ARRC=str(wrapper), ARR_CACHE_DIR=str(tmp_path / "cache"))

    def compile(**options):
        done = subprocess.run(
            [sys.executable, "-c", COMPILE, str(ROOT / "python"), str(sources / "interface.arr"),
             json.dumps(options)],
            capture_output=True, text=True, env=environment, timeout=600,
        )
        assert done.returncode == 0, done.stderr
        return dict(json.loads(done.stdout), stderr=done.stderr)

    def compiles():
        """The number of times arrc compiled a library so far."""
        lines = log.read_text().splitlines() if log.exists() else []
        return sum("--shared" in line for line in lines)

    return sources, wrapper, compile, compiles, log


def test_a_cache_hit_runs_no_compiler_and_is_much_faster(setup):
    sources, _, compile, compiles, log = setup
    first = compile()
    assert compiles() == 1 and first["value"] == 3.0
    runs_of_arrc = len(log.read_text().splitlines())
    second = compile()
    assert len(log.read_text().splitlines()) == runs_of_arrc  # arrc not run at all
    assert second["path"] == first["path"] and second["value"] == 3.0
    # Compared, not held to a fixed time: a hit hashes a few files and loads the library.
    assert second["elapsed"] * 5 < first["elapsed"], (first["elapsed"], second["elapsed"])


def test_an_edited_import_rebuilds(setup):
    sources, _, compile, compiles, _ = setup
    original = compile()
    imported = sources / "lib" / "dot.arr"
    text = imported.read_text()
    imported.write_text(text.replace("a[i] * b[i]", "2.0 * a[i] * b[i]"))
    edited = compile()
    assert compiles() == 2 and edited["value"] == 6.0 and edited["path"] != original["path"]
    imported.write_text(text)  # back to the first version: its library is still cached
    assert compile()["path"] == original["path"] and compiles() == 2


def test_options_and_the_compiler_are_part_of_the_key(setup):
    _, wrapper, compile, compiles, _ = setup
    base = compile()
    assert compile(defines={"scale": 2.0})["scaled"] == 4.0 and compiles() == 2
    assert compile(opt=1)["path"] != base["path"] and compiles() == 3
    assert compile(strict_fp=True)["path"] != base["path"] and compiles() == 4
    assert compile(defines={"scale": 2.0})["path"] != base["path"] and compiles() == 4  # a hit
    # A different (here: touched) compiler binary compiles again.
    stamp = time.time() + 10
    os.utime(wrapper, (stamp, stamp))
    assert compile()["path"] != base["path"] and compiles() == 5


def test_processes_compiling_at_once_share_one_library(setup):
    _, _, compile, compiles, _ = setup
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(lambda _: compile(), range(3)))
    assert len({result["path"] for result in results}) == 1
    assert all(result["value"] == 3.0 for result in results)
    before = compiles()
    assert 1 <= before <= 3  # each may have compiled; one library was kept
    assert compile()["path"] == results[0]["path"] and compiles() == before


def test_one_module_per_library_and_process():
    program = PROGRAMS / "interface.arr"
    assert arr.compile(program) is arr.compile(program)
    assert arr.compile(program) is not arr.compile(program, opt=1)


@pytest.mark.parametrize(
    "damage",
    [
        lambda library: os.truncate(library, 1000),  # loading it killed Python with SIGBUS
        lambda library: library.write_bytes(os.urandom(library.stat().st_size)),  # invalid ELF header
        lambda library: library.write_bytes(b""),
    ],
    ids=["truncated", "random", "empty"],
)
def test_a_damaged_library_is_compiled_again_once_with_a_warning(setup, damage):
    _, _, compile, compiles, _ = setup
    first = compile()
    library = Path(first["path"])
    damage(library)
    again = compile()  # a new process: only the cache on disk knows the library
    assert again["value"] == 3.0 and again["scaled"] == 2.0 and compiles() == 2
    assert again["stderr"].count("RuntimeWarning") == 1, again["stderr"]
    assert "the cached library %s is damaged" % library in again["stderr"]
    assert "compiling it again" in again["stderr"]
    assert again["path"] == first["path"]  # the same entry, rebuilt
    third = compile()
    assert third["value"] == 3.0 and third["stderr"] == "" and compiles() == 2


def test_an_unusable_cache_directory_falls_back_to_a_temporary_one(tmp_path):
    # Root ignores permissions, so the directories lie under a regular file:
    # os.makedirs fails there for everyone (before, a raw NotADirectoryError).
    blocker = tmp_path / "file"
    blocker.write_text("")
    script = COMPILE + "m2 = arr.compile(sys.argv[2], opt=1)\nassert m2.main([1.0], [2.0]) == 2.0\n"
    program = str(PROGRAMS / "interface.arr")
    for variables, named in [
        ({"ARR_CACHE_DIR": str(blocker / "cache")}, "ARR_CACHE_DIR"),
        ({"ARR_CACHE_DIR": "", "XDG_CACHE_HOME": str(blocker / "xdg")}, "XDG_CACHE_HOME"),
        ({"ARR_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": str(blocker)}, "HOME"),
    ]:
        environment = dict(os.environ, **variables)
        done = subprocess.run(
            [sys.executable, "-c", script, str(ROOT / "python"), program, "{}"],
            capture_output=True, text=True, env=environment, timeout=600,
        )
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout.splitlines()[0])
        assert result["value"] == 3.0
        # One warning for two compiles, naming the variable; the temporary cache is removed at exit.
        assert done.stderr.count("RuntimeWarning") == 1, done.stderr
        assert "cannot use the cache directory %s" % blocker in done.stderr and "(from %s)" % named in done.stderr
        assert not Path(result["path"]).exists()


def test_a_huge_import_is_not_read_whole(tmp_path):
    # Hashing read every import whole before arrc's 16 MiB limit applied: an 8 GB
    # import was a MemoryError or 8 GB read.
    huge = tmp_path / "huge.arr"
    with open(huge, "wb") as sparse:
        sparse.truncate(8 << 30)
    program = tmp_path / "prog.arr"
    program.write_text('import "huge.arr"\nentry main(x: f64): f64 = x\n')
    script = (
        "import resource, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import arr\n"
        "try:\n"
        "    arr.compile(sys.argv[2])\n"
        "except arr.CompileError as error:\n"
        "    print(error)\n"
        "print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"  # KiB, this process
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / "python"), str(program)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "cannot read import 'huge.arr': larger than 16 MiB" in done.stdout
    assert int(done.stdout.split("peak")[-1]) < 1 << 20  # KiB: under 1 GiB
