"""`arrc --shared`: a shared library that loads with ctypes as it is, exports the C
ABI of LANGUAGE.md section 9 and describes its entries in JSON (arrrt_describe),
printed from the same data as the C header of `arrc -c`."""

import ctypes
import ctypes.util
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from conftest import ROOT

import arr

CABI = ROOT / "tests" / "cabi" / "cabi.arr"


def run(*arguments, cwd=None):
    return subprocess.run([arr.find_arrc(), *map(str, arguments)], capture_output=True, text=True,
                          cwd=cwd, timeout=600)


def description(library):
    describe = ctypes.CDLL(str(library)).arrrt_describe
    describe.restype = ctypes.c_char_p
    return json.loads(describe())


@pytest.fixture(scope="module")
def cabi(tmp_path_factory):
    directory = tmp_path_factory.mktemp("cabi")
    assert run("--shared", CABI, "-o", directory / "cabi.so").returncode == 0
    assert run("-c", CABI, "-o", directory / "cabi.o").returncode == 0
    return directory


def test_help_documents_the_flags():
    text = run("--help").stdout
    assert "arrc --shared prog.arr -o prog.so" in text
    for flag in ("--shared", "--strict-fp", "--print-stdlib-dir"):
        assert re.search(r"^  %s\b" % flag, text, re.M), flag


def test_default_output_and_conflicting_flags(tmp_path):
    (tmp_path / "prog.arr").write_text("entry main(x: [n]f64): f64 = sum(x)\n")
    assert run("--shared", "prog.arr", cwd=tmp_path).returncode == 0
    assert (tmp_path / "prog.so").is_file() and not (tmp_path / "prog.h").exists()
    for other in ("-c", "--emit-llvm"):
        done = run("--shared", other, "prog.arr", "-o", "x", cwd=tmp_path)
        assert done.returncode == 2
        assert "--shared writes a library; it cannot be combined with -c or --emit-llvm" in done.stderr
    assert run("--shared", "--strict-fp", "prog.arr", "-o", "strict.so", cwd=tmp_path).returncode == 0
    done = run("--shared", "missing.arr", cwd=tmp_path)
    assert done.returncode == 1 and "missing.arr" in done.stderr


def test_print_stdlib_dir():
    done = run("--print-stdlib-dir")
    assert done.returncode == 0
    assert os.path.isfile(os.path.join(done.stdout.strip(), "prelude.arr"))


def test_only_c_functions_are_exported(cabi):
    listed = subprocess.run(["nm", "-D", "--defined-only", str(cabi / "cabi.so")], capture_output=True,
                            text=True, check=True).stdout
    exported = {line.split()[-1] for line in listed.splitlines() if line.strip()}
    entries = {entry["function"] for entry in description(cabi / "cabi.so")["entries"]}
    assert {"arrrt_describe", "arr_last_error", "arrrt_set_threads"} | entries <= exported
    runtime = {"arrrt_describe", "arrrt_set_threads", "arrrt_parallel_max_chunks", "arrrt_threads",
               "arrrt_request_interrupt", "arrrt_catch_interrupts", "arrrt_interrupt_requested"}
    assert runtime <= exported  # what the Python package calls
    assert all(name.startswith("arr_") or name in runtime for name in exported), sorted(exported)


def test_the_library_loads_without_flags(cabi):
    """A fresh interpreter with no LD_LIBRARY_PATH loads it and calls an entry."""
    program = (
        "import ctypes, sys\n"
        "lib = ctypes.CDLL(sys.argv[1])\n"
        "out = ctypes.c_int64()\n"
        "print(lib.arr_answer(ctypes.byref(out)), out.value)\n"
    )
    environment = {key: value for key, value in os.environ.items() if not key.startswith("LD_")}
    done = subprocess.run([sys.executable, "-c", program, str(cabi / "cabi.so")], capture_output=True,
                          text=True, env=environment, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "42"]


def test_the_description_and_the_header_agree(cabi):
    header = (cabi / "cabi.h").read_text()
    declared = {}
    for match in re.finditer(r"^int (arr_\w+)\((.*)\);$", header, re.M):
        declared[match.group(1)] = match.group(2)
    entries = description(cabi / "cabi.so")["entries"]
    assert sorted(declared) == sorted(entry["function"] for entry in entries)
    for entry in entries:
        arguments = ", ".join(
            argument["c_type"] + ("" if argument["c_type"].endswith("*") else " ") + argument["name"]
            for argument in entry["arguments"]
        )
        assert declared[entry["function"]] == (arguments or "void"), entry["name"]


def test_the_description_of_the_section_9_example(cabi):
    (f,) = [entry for entry in description(cabi / "cabi.so")["entries"] if entry["name"] == "f"]
    assert f == {
        "name": "f",
        "function": "arr_f",
        "signature": "(x: [n,m]f64, k: i64, y: [m]f32) -> ([n]f64, f64)",
        "sizes": ["n", "m"],
        "params": [
            {"name": "x", "type": "[n,m]f64", "dtype": "f64", "shape": [[[1, [0]]], [[1, [1]]]]},
            {"name": "k", "type": "i64", "dtype": "i64", "shape": []},
            {"name": "y", "type": "[m]f32", "dtype": "f32", "shape": [[[1, [1]]]]},
        ],
        "param_groups": [
            {"name": "x", "type": "[n,m]f64", "nesting": 0},
            {"name": "k", "type": "i64", "nesting": 1},
            {"name": "y", "type": "[m]f32", "nesting": 2},
        ],
        "results": [
            {"type": "[n]f64", "dtype": "f64", "shape": [[[1, [0]]]]},
            {"type": "f64", "dtype": "f64", "shape": []},
        ],
        "result_type": "([n]f64, f64)",
        "result_nesting": [0, 1],
        "arguments": [
            {"role": "size", "index": 0, "name": "n", "c_type": "int64_t"},
            {"role": "size", "index": 1, "name": "m", "c_type": "int64_t"},
            {"role": "param", "index": 0, "name": "x", "c_type": "const double *"},
            {"role": "param", "index": 1, "name": "k", "c_type": "int64_t"},
            {"role": "param", "index": 2, "name": "y", "c_type": "const float *"},
            {"role": "result", "index": 0, "name": "out0", "c_type": "double *"},
            {"role": "result", "index": 1, "name": "out1", "c_type": "double *"},
        ],
    }
    # Compound dimensions are polynomials over the sizes: u is [p + 1] in `sizes`.
    (sizes,) = [entry for entry in description(cabi / "cabi.so")["entries"] if entry["name"] == "sizes"]
    assert sizes["sizes"] == ["q", "p", "r"]
    assert sizes["params"][2] == {"name": "u", "type": "[p+1]f64", "dtype": "f64",
                                  "shape": [[[1, []], [1, [1]]]]}


def test_the_package_loads_a_library_made_by_hand(cabi):
    module = arr.Module(cabi / "cabi.so")
    x = np.arange(6.0).reshape(2, 3)
    y = np.ones(3, dtype=np.float32)
    rows, total = module.f(x, 2, y)
    np.testing.assert_array_equal(rows, x.sum(axis=1) + 2)
    assert total == x.sum() * 2
    with pytest.raises(arr.Error, match="no arrrt_describe"):
        arr.Module(ctypes.util.find_library("m") or "libm.so.6")
