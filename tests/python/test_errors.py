"""Errors (LANGUAGE.md section 10): a wrong dtype is a TypeError, a wrong rank or
shape a ValueError, each naming the parameter and both types or shapes; a failure
inside the call is arr.Error with the runtime's message; arrc's diagnostics are
arr.CompileError."""

import os
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from conftest import PROGRAMS

import arr


def test_wrong_dtype_is_a_type_error_naming_parameter_and_both_types(interface):
    with pytest.raises(TypeError) as error:
        interface.main(np.ones(3), np.ones(3, dtype=np.float32))
    message = str(error.value)
    assert "parameter 'b'" in message and "[n]f64" in message and "float64" in message
    assert "float32" in message
    with pytest.raises(TypeError, match=r"parameter 'v' must be \[n\]i64 .*got .*float64"):
        interface.masks(np.ones(2), np.ones(2, dtype=bool), False)
    with pytest.raises(TypeError, match=r"parameter 'keep' must be \[n\]bool .*got .*int64"):
        interface.masks(np.ones(2, dtype=np.int64), np.ones(2, dtype=np.int64), False)
    with pytest.raises(TypeError, match=r"parameter 'x' must be \[n\]f32 .*got .*float64"):
        interface.scale32(np.ones(2), 1.0)
    # NumPy scalars carry a dtype: it must match too.
    with pytest.raises(TypeError, match=r"parameter 'a' must be f64 .*got a float32 scalar"):
        interface.add(np.float32(1.0), 2.0)
    with pytest.raises(TypeError, match=r"parameter 's' must be f32 .*got a float64 scalar"):
        interface.scale32(np.ones(2, np.float32), np.float64(2.0))


def test_python_values_that_do_not_convert_are_type_errors(interface):
    with pytest.raises(TypeError, match=r"parameter 'v' must be \[n\]i64 .*list of float64"):
        interface.masks([1.5, 2.0], [True, True], False)  # floats are not truncated
    with pytest.raises(TypeError, match=r"parameter 'flip' must be bool .*got int 1"):
        interface.masks([1], [True], 1)
    with pytest.raises(TypeError, match=r"parameter 'a' must be f64 .*got str 'x'"):
        interface.add("x", 1.0)
    with pytest.raises(TypeError, match=r"parameter 'a' must be \[n\]f64, got a list that NumPy"):
        interface.main([[1.0], [2.0, 3.0]], [1.0, 2.0])
    # The components of a tuple parameter are named as in the compiler's messages.
    with pytest.raises(TypeError, match=r"parameter 'p.2' must be i64 \(dtype int64\), got float 2.5"):
        interface.shift((1.0, (np.ones(2), 2.5)))
    with pytest.raises(TypeError, match=r"parameter 'p' must be a tuple \(f64, \(\[n\]f64, i64\)\), got float"):
        interface.shift(1.0)
    with pytest.raises(
        TypeError,
        match=r"parameter 'p' must be a tuple .*, got a rank-1 float64 array of shape \[2\] at "
        r"component 1 \(its component 1 must be a tuple \(\[n\]f64, i64\)\)",
    ):
        interface.shift((1.0, np.ones(2)))
    with pytest.raises(TypeError):  # Python's own check of the argument count
        interface.main(np.ones(2))


def test_wrong_rank_is_a_value_error_naming_parameter_and_both_shapes(interface):
    with pytest.raises(ValueError) as error:
        interface.main(np.ones((2, 3)), np.ones(3))
    message = str(error.value)
    assert "parameter 'a'" in message and "[n]f64" in message and "rank 1" in message
    assert "rank-2" in message and "[2,3]" in message
    with pytest.raises(ValueError, match=r"parameter 'b' must be \[n\]f64 \(rank 1\), got float 1.0 \(rank 0\)"):
        interface.main(np.ones(3), 1.0)
    with pytest.raises(ValueError, match=r"parameter 'a' must be f64 \(rank 0\), got a rank-1 float64 array"):
        interface.add(np.ones(2), 1.0)


def test_wrong_shape_is_a_value_error_naming_parameter_and_both_shapes(interface):
    with pytest.raises(ValueError, match=r"^fixed: parameter 'x' must have shape \[3\], got \[4\]$"):
        interface.fixed(np.ones(4))
    with pytest.raises(ValueError, match=r"parameter 'u' must have shape \[p\+1\], got \[4\] \(p = 2 from 't'\)"):
        interface.sizes(np.ones(3, np.int64), np.ones((2, 3)), np.ones(4), np.ones(2, np.float32))
    with pytest.raises(ValueError, match=r"parameter 'x' must have shape \[2\*m\], got \[5\]"):
        interface.halves(np.ones(5))


def test_two_arguments_giving_a_size_variable_different_values(interface):
    expected = (
        "main: parameters 'a' and 'b' disagree on size n (3 vs 4): a has shape [3] but b has shape [4]"
    )
    with pytest.raises(ValueError) as error:
        interface.main(np.ones(3), np.ones(4))
    assert str(error.value) == expected
    with pytest.raises(ValueError, match=r"parameters 's' and 't' disagree on size q \(2 vs 3\)"):
        interface.sizes(np.ones(2, np.int64), np.ones((2, 3)), np.ones(3), np.ones(2, np.float32))
    with pytest.raises(ValueError, match=r"parameters 'a' and 'b' disagree on size k \(2 vs 3\)"):
        interface.matmul2(np.ones((4, 2)), np.ones((3, 4)))


def test_a_failure_inside_the_call_is_arr_error_with_the_runtimes_message(interface):
    # drop(3, x) has the dimension n-3, negative for fewer than 3 elements: only the
    # compiled code sees it.
    with pytest.raises(arr.Error) as error:
        interface.tail3(np.ones(2))
    assert str(error.value) == "the dimension n-3 (size m of drop) evaluates to -1, a negative size"
    with pytest.raises(arr.Error, match="evaluates to -3"):
        interface.tail3(np.ones(0))
    assert not isinstance(error.value, arr.CompileError)
    np.testing.assert_array_equal(interface.tail3(np.arange(5.0)), [3.0, 4.0])  # still usable


def test_compile_errors_carry_the_diagnostics(tmp_path):
    program = tmp_path / "bad.arr"
    program.write_text("-- a type error on line 2\nentry main(x: [n]f64): f64 = x + true\n")
    with pytest.raises(arr.CompileError) as error:
        arr.compile(program)
    diagnostics = error.value.diagnostics
    assert re.search(r"bad\.arr:2:\d+: error: .*f64.*bool|bad\.arr:2:\d+: error: .*bool.*f64", diagnostics)
    assert "entry main(x: [n]f64): f64 = x + true" in diagnostics and "^" in diagnostics
    assert str(error.value) == diagnostics
    assert isinstance(error.value, arr.Error)
    assert list(Path(os.environ["ARR_CACHE_DIR"]).rglob("bad.so")) == []  # nothing half-made cached

    program.write_text('import "nowhere.arr"\nentry main(): f64 = 1.0\n')
    with pytest.raises(arr.CompileError, match=r"bad\.arr:1:\d+: error: cannot find import 'nowhere.arr'"):
        arr.compile(program)

    # Options arrc rejects are compile errors too.
    shutil.copy(PROGRAMS / "interface.arr", tmp_path / "interface.arr")
    with pytest.raises(arr.CompileError, match="scale"):
        arr.compile(PROGRAMS / "interface.arr", defines={"scale": "true"})


I64_PROGRAM = """
entry k(x: i64): i64 = x
entry ks(x: [n]i64): i64 = sum(x)
entry grid(x: [n, m]i64): i64 = sum(build([n], \\i -> sum(x[i])))
entry pair(p: (i64, [n]i64)): i64 = p.0 + sum(p.1)
entry real(x: f64): f64 = x
"""


def test_integers_outside_i64_are_value_errors_never_wrapped(tmp_path):
    source = tmp_path / "ranges.arr"
    source.write_text(I64_PROGRAM)
    m = arr.compile(source)
    # The limits themselves pass, as Python ints, in lists and nested lists.
    assert m.k(2**63 - 1) == 2**63 - 1 and m.k(-(2**63)) == -(2**63)
    assert m.ks([2**63 - 1, 0]) == 2**63 - 1
    assert m.grid([[-(2**63), 0], [0, 0]]) == -(2**63)
    # NumPy holds 2**63 .. 2**64-1 as uint64 (once cast to int64, wrapped) and the
    # rest as objects.
    too_large = (2**63, 2**64 - 1, 2**64 + 5, 2**70, -(2**63) - 1, -(2**100))
    for value in too_large:
        with pytest.raises(ValueError, match=r"k: parameter 'x' must be i64, got %d outside the range of i64" % value):
            m.k(value)
        with pytest.raises(ValueError, match=r"ks: parameter 'x' must be \[n\]i64, got a list holding %d" % value):
            m.ks([1, value])
        with pytest.raises(ValueError, match=r"grid: parameter 'x' must be \[n,m\]i64, got a list holding %d" % value):
            m.grid([[1, 2], [3, value]])
        with pytest.raises(ValueError, match=r"pair: parameter 'p.0' must be i64, got %d outside" % value):
            m.pair((value, [1]))
        with pytest.raises(ValueError, match=r"pair: parameter 'p.1' must be \[n\]i64, got a tuple holding %d" % value):
            m.pair((0, (1, value)))
    # [2**63, 2**64-1] as NumPy makes it: uint64, wrapped to [-2**63, -1] before.
    with pytest.raises(ValueError, match=r"got a list holding 9223372036854775808"):
        m.ks([2**63, 2**64 - 1])
    # A uint64 array or scalar is a wrong dtype, as every array of another dtype.
    with pytest.raises(TypeError, match=r"parameter 'x' must be \[n\]i64 .*uint64"):
        m.ks(np.array([2**63], dtype=np.uint64))
    with pytest.raises(TypeError, match=r"parameter 'x' must be i64 .*uint64 scalar"):
        m.k(np.uint64(2**63))
    # Lists of Python ints that fit still convert; floats are still no i64.
    assert m.ks([2**62, 2**62 - 1]) == 2**63 - 1
    with pytest.raises(TypeError):
        m.ks([1.0, 2**64])
    # An int too large for i64 is still a float: f64 parameters are not i64's business.
    assert m.real(2**63) == 2.0**63
