"""Calling entries on NumPy arrays (LANGUAGE.md section 10): results, element
types, size variables, conversions, and passing arrays without copies."""

import numpy as np
import pytest
from conftest import PROGRAMS, data_pointer

import arr

RNG = np.random.default_rng(22)


def test_signatures_in_arr_notation(interface):
    signatures = interface.signatures
    assert signatures["main"] == "(a: [n]f64, b: [n]f64) -> f64"
    assert signatures["dmain"] == "(a: [n]f64, b: [n]f64) -> ([n]f64, [n]f64)"
    assert signatures["stats"] == "(x: [n]f64) -> (f64, ([n]f64, i64, bool))"
    assert signatures["masks"] == "(v: [n]i64, keep: [n]bool, flip: bool) -> ([n]i64, [n]bool, i64)"
    assert signatures["sizes"] == (
        "(s: [q]i64, t: [p,q]f64, u: [p+1]f64, w: [r]f32) -> ([p,q]f64, [r]f32, i64)"
    )
    assert signatures["shift"] == "(p: (f64, ([n]f64, i64))) -> [n]f64"
    assert signatures["answer"] == "() -> i64"
    assert list(signatures)[:3] == ["main", "dmain", "stats"]  # in program order
    assert interface.main.signature == signatures["main"]
    assert "(a: [n]f64, b: [n]f64) -> f64" in interface.main.__doc__


def test_scalar_result_is_a_numpy_scalar(interface):
    a, b = RNG.standard_normal(7), RNG.standard_normal(7)
    result = interface.main(a, b)
    assert type(result) is np.float64
    assert result == pytest.approx(float(np.dot(a, b)), rel=1e-14)


def test_tuple_results_are_tuples_of_new_arrays(interface):
    a, b = RNG.standard_normal(5), RNG.standard_normal(5)
    da, db = interface.dmain(a, b)
    np.testing.assert_array_equal(da, b)
    np.testing.assert_array_equal(db, a)
    for result, argument in ((da, b), (db, a)):
        assert type(result) is np.ndarray and result.dtype == np.float64
        assert result.flags.c_contiguous and result.flags.owndata and result.flags.writeable
        assert not np.shares_memory(result, argument)
    # A second call makes new arrays: the first results are not overwritten.
    interface.dmain(b, a)
    np.testing.assert_array_equal(da, b)


def test_nested_tuple_result_with_every_scalar_type(interface):
    x = np.array([1.5, -0.5, 2.0])
    result = interface.stats(x)
    assert isinstance(result, tuple) and len(result) == 2
    total, (doubled, count, positive) = result
    assert type(total) is np.float64 and total == 3.0
    np.testing.assert_array_equal(doubled, 2 * x)
    assert type(count) is np.int64 and count == 3
    assert type(positive) is np.bool_ and positive
    assert interface.stats(-x)[1][2] == np.False_


def test_int64_and_bool_parameters(interface):
    v = np.array([3, -7, 6, 4, 9], dtype=np.int64)
    keep = np.array([True, False, True, True, False])
    chosen, divisible, total = interface.masks(v, keep, False)
    assert chosen.dtype == np.int64 and divisible.dtype == np.bool_
    np.testing.assert_array_equal(chosen, np.where(keep, v, 0))
    np.testing.assert_array_equal(divisible, v % 3 == 0)
    assert type(total) is np.int64 and total == 13
    flipped = interface.masks(v, keep, True)
    np.testing.assert_array_equal(flipped[0], np.where(~keep, v, 0))
    assert flipped[2] == -7 + 9
    # A NumPy bool scalar and a rank-0 array are bool scalars too.
    assert interface.masks(v, keep, np.True_)[2] == 2
    assert interface.masks(v, keep, np.array(True))[2] == 2


def test_f32_parameters_and_results_are_computed_in_f32(interface):
    x = np.array([0.1, 0.2, 0.3], dtype=np.float32)
    scaled, total = interface.scale32(x, np.float32(3.0))
    assert scaled.dtype == np.float32 and type(total) is np.float32
    np.testing.assert_array_equal(scaled, x * np.float32(3.0))
    assert total == (x[0] + x[1]) + x[2]  # summed in f32, in order
    # A Python float is converted to f32 (rounded once).
    np.testing.assert_array_equal(interface.scale32(x, 0.1)[0], x * np.float32(0.1))


def test_size_variables_are_read_off_the_inputs(interface):
    s = np.array([1, 2, 3, 4], dtype=np.int64)  # q = 4
    t = RNG.standard_normal((2, 4))  # p = 2
    u = RNG.standard_normal(3)  # p + 1 = 3
    w = np.arange(5, dtype=np.float32)  # r = 5
    product, affine, code = interface.sizes(s, t, u, w)
    assert code == 2 * 100 + 4 * 10 + 5
    assert product.shape == (2, 4) and affine.shape == (5,) and affine.dtype == np.float32
    np.testing.assert_allclose(product, t * s + u[1:, None], rtol=1e-15)
    np.testing.assert_array_equal(affine, w * 2 - 1)
    # m from the dimension 2 * m only.
    np.testing.assert_array_equal(interface.halves(np.arange(6.0)), [1.0, 5.0, 9.0])
    # Sizes may be zero.
    empty = interface.sizes(np.zeros(0, np.int64), np.zeros((0, 0)), np.ones(1), np.zeros(0, np.float32))
    assert empty[0].shape == (0, 0) and empty[1].shape == (0,) and empty[2] == 0


def test_python_scalars_and_lists_are_converted(interface):
    assert interface.main([1, 2, 3], [4.0, 5.0, 6.0]) == 32.0
    assert interface.add(1, 2.5) == 3.5 and type(interface.add(1, 2)) is np.float64
    assert interface.add(np.float64(1.25), True) == 2.25
    np.testing.assert_array_equal(interface.matmul2([[1, 2]], [[3], [4]]), [[11.0]])
    chosen, _, total = interface.masks([1, 2, 3], [True, False, True], False)
    assert chosen.dtype == np.int64 and total == 4
    assert interface.masks([], [], False)[2] == 0  # an empty list is any element type
    np.testing.assert_array_equal(interface.shift((2, ([1.0, 2.0], 3))), [7.0, 8.0])
    assert interface.answer() == 42 and type(interface.answer()) is np.int64


def test_keyword_arguments_and_positional_only_names(interface):
    assert interface.main(b=[1.0, 1.0], a=[2.0, 3.0]) == 5.0
    # Arr names that are Python keywords or contain ' are reached positionally.
    twice = interface["twice'"]
    assert twice(1.5, 0.25) == 3.25
    with pytest.raises(TypeError):
        twice(**{"from": 1.0, "lambda": 2.0})
    # An entry named like an attribute of arr.Module is an item.
    assert interface.signatures["signatures"] == "(x: f64) -> f64"
    assert interface["signatures"](2.0) == 2.0
    assert sorted(interface) == sorted(interface.signatures)
    with pytest.raises(KeyError, match="no entry named 'nope'"):
        interface["nope"]


def test_c_contiguous_arrays_are_passed_without_a_copy(interface, spy):
    a, b = RNG.standard_normal(10**6), RNG.standard_normal(10**6)
    readonly = b.copy()
    readonly.flags.writeable = False
    with spy(interface.main) as observed:
        interface.main(a, b)
        interface.main(a, readonly)
        interface.main(a[:1000], b[1000:2000])  # contiguous views into other arrays
    (n0, a0, b0, _), (_, a1, b1, _), (n2, a2, b2, _) = observed.calls
    assert n0 == 10**6 and n2 == 1000
    assert (a0, b0) == (data_pointer(a), data_pointer(b))
    assert (a1, b1) == (data_pointer(a), data_pointer(readonly))
    assert (a2, b2) == (data_pointer(a), data_pointer(b) + 1000 * 8)


def test_other_arrays_are_copied_and_give_the_same_results(interface, spy):
    a = RNG.standard_normal((6, 4))
    b = RNG.standard_normal((4, 5))
    expected = a @ b
    cases = [
        (np.asfortranarray(a), b),  # column-major
        (a.T.copy().T, b),  # a transposed view
        (a, np.ascontiguousarray(b.T).T),
        (np.repeat(a, 2, axis=1)[:, ::2], b),  # strided columns
        (a.astype(">f8"), b),  # float64 in the other byte order
    ]
    for left, right in cases:
        assert not (left.flags.c_contiguous and left.dtype.isnative) or not right.flags.c_contiguous
        with spy(interface.matmul2) as observed:
            result = interface.matmul2(left, right)
        np.testing.assert_allclose(result, expected, rtol=1e-14, atol=1e-14)
        _, _, _, passed_a, passed_b, _ = observed.calls[0]
        for passed, argument in ((passed_a, left), (passed_b, right)):
            if not argument.flags.c_contiguous or not argument.dtype.isnative:
                assert passed != data_pointer(argument)  # a contiguous copy was passed
    # A strided vector: every other element.
    x = RNG.standard_normal(20)
    assert interface.main(x[::2], x[1::2]) == pytest.approx(float(np.dot(x[::2], x[1::2])), rel=1e-14)


def test_defines_opt_and_strict_fp(tmp_path):
    program = PROGRAMS / "interface.arr"
    x = np.array([1.0, 2.0])
    assert arr.compile(program).stats(x)[0] == 3.0
    assert arr.compile(program, defines={"scale": 0.5}).stats(x)[0] == 1.5
    assert arr.compile(program, defines={"scale": 2}).stats(x)[0] == 6.0
    for opt in (0, 1, 3):
        assert arr.compile(program, opt=opt).main(x, x) == 5.0
    assert arr.compile(program, strict_fp=True).main(x, x) == 5.0
    with pytest.raises(ValueError, match="opt must be 0, 1, 2 or 3"):
        arr.compile(program, opt=4)
    with pytest.raises(TypeError, match="defines"):
        arr.compile(program, defines={"scale": None})
    with pytest.raises(FileNotFoundError):
        arr.compile(tmp_path / "missing.arr")


def test_entries_named_like_the_modules_own_attributes(tmp_path):
    # Entries named after what the module kept in its instance namespace
    # (_entries, _library, path) replaced it: m["main"], list(m) and repr(m) raised.
    names = ["_entries", "_library", "_signatures", "path", "signatures", "_arr_loaded", "__init__", "__repr__"]
    source = tmp_path / "names.arr"
    source.write_text(
        "".join("entry %s(x: f64): f64 = x + %d.0\n" % (name, i + 1) for i, name in enumerate(names))
        + "entry main(x: f64): f64 = x\n"
    )
    m = arr.compile(source)
    assert list(m) == names + ["main"]
    assert m["main"](5.0) == 5.0
    assert repr(m) == "<arr.Module %s: %s>" % (m.path, ", ".join(names + ["main"]))
    for i, name in enumerate(names):
        assert m[name](0.0) == i + 1
    # Names of no attribute of the class are attributes; the others stay the module's.
    assert m._entries(0.0) == 1.0 and m._library(0.0) == 2.0 and m._signatures(0.0) == 3.0
    assert m.path.endswith("names.so") and isinstance(m.signatures, dict)
    assert sorted(m.signatures) == sorted(names + ["main"])
    assert m.main(1.5) == 1.5 and "_entries" in dir(m)
