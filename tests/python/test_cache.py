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
        return json.loads(done.stdout)

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
