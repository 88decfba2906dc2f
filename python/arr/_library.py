"""Loading a shared library made by `arrc --shared`, and its entries as Python functions.

The library describes its entries in JSON (`arrrt_describe()`, see
compiler/codegen/Description.h): the C function of each, its size variables,
its flattened parameters and results with their shapes as polynomials over the
size variables, and the order of the C arguments. For each entry this module
writes, once at load time, a Python function specialised to it: the checks
and conversions of its parameters unrolled, the size variables read off the
argument shapes, the results allocated, and one ctypes call, so that a call
costs little more than the ctypes call itself. Anything unusual (a conversion,
a copy, a mismatch, a dimension such as n+1) goes to the general functions
below, which also word the error messages.

ctypes releases the GIL during the call (CDLL, not PyDLL); the runtime keeps
its last error per thread, so concurrent calls each see their own message.
Ctrl-C stops a running call within a parallel chunk or a step of an outer loop
(see _catch_interrupts) and raises KeyboardInterrupt.
"""

import ctypes
import json
import keyword
import signal
import threading

import numpy as np

from arr._errors import Error

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1


class _ElementType:
    """An Arr element type with its NumPy dtype, ctypes scalar and Python scalar type."""

    def __init__(self, name, dtype, ctype, python, numpy_scalar):
        self.name = name
        self.dtype = np.dtype(dtype)
        self.ctype = ctype
        self.python = python
        self.numpy_scalar = numpy_scalar


_ELEMENT_TYPES = {
    "f64": _ElementType("f64", np.float64, ctypes.c_double, float, np.float64),
    "f32": _ElementType("f32", np.float32, ctypes.c_float, float, np.float32),
    "i64": _ElementType("i64", np.int64, ctypes.c_int64, int, np.int64),
    "bool": _ElementType("bool", np.bool_, ctypes.c_bool, bool, np.bool_),
}

# The C types of the description's "arguments"; every pointer is a c_void_p.
_C_SCALARS = {
    "int64_t": ctypes.c_int64,
    "double": ctypes.c_double,
    "float": ctypes.c_float,
    "bool": ctypes.c_bool,
}


def _wrap(value):
    """As int64 arithmetic wraps (the runtime evaluates dimensions so)."""
    return (value - _INT64_MIN) % 2**64 + _INT64_MIN


# ---- Dimensions: polynomials over the size variables ------------------------------
# A dimension is a tuple of terms (coefficient, (variable index, ...)).


def _dimension(terms):
    return tuple((int(coefficient), tuple(variables)) for coefficient, variables in terms)


def _plain_variable(dimension):
    """The variable when the dimension is exactly one variable, else None."""
    if len(dimension) == 1 and dimension[0][0] == 1 and len(dimension[0][1]) == 1:
        return dimension[0][1][0]
    return None


def _constant(dimension):
    """The value when the dimension mentions no variable, else None."""
    if any(variables for _, variables in dimension):
        return None
    return sum(coefficient for coefficient, _ in dimension)


def _evaluate(dimension, values):
    total = 0
    for coefficient, variables in dimension:
        term = coefficient
        for variable in variables:
            term *= values[variable]
        total += term
    return _wrap(total)


def _mentions(dimension, variable):
    return any(variable in variables for _, variables in dimension)


def _expression(dimension, names):
    """Python source computing the dimension from the size variables `names`."""
    terms = []
    for coefficient, variables in dimension:
        factors = ([str(coefficient)] if coefficient != 1 or not variables else []) + [
            names[variable] for variable in variables
        ]
        terms.append("*".join(factors))
    text = " + ".join(terms) if terms else "0"
    if any(coefficient < 0 for coefficient, _ in dimension):
        # Never negative for np.empty: the entry itself reports the negative size.
        return "max(0, %s)" % text
    return text


def _format_shape(shape):
    return "[" + ",".join(str(extent) for extent in shape) + "]"


# ---- The description ------------------------------------------------------------


class _Param:
    def __init__(self, entry, index, description):
        self.entry = entry
        self.index = index
        self.name = description["name"]
        self.type = description["type"]  # "[n,m]f64"
        self.element = _ELEMENT_TYPES[description["dtype"]]
        self.dims = [_dimension(terms) for terms in description["shape"]]
        self.rank = len(self.dims)
        bracket = self.type.rfind("]")
        self.shape_text = self.type[: bracket + 1] if bracket >= 0 else "[]"
        self.dim_texts = self.shape_text[1:-1].split(",") if self.rank else []


class _Result:
    def __init__(self, description):
        self.type = description["type"]
        self.element = _ELEMENT_TYPES[description["dtype"]]
        self.dims = [_dimension(terms) for terms in description["shape"]]
        self.rank = len(self.dims)


class _EntrySpec:
    def __init__(self, description):
        self.name = description["name"]
        self.function = description["function"]
        self.signature = description["signature"]
        self.sizes = list(description["sizes"])
        self.params = [_Param(self, i, p) for i, p in enumerate(description["params"])]
        self.groups = [(g["name"], g["type"], g["nesting"]) for g in description["param_groups"]]
        self.results = [_Result(r) for r in description["results"]]
        self.result_nesting = description["result_nesting"]
        self.arguments = [(a["role"], a["index"], a["c_type"]) for a in description["arguments"]]


# ---- Converting arguments (the general path) -----------------------------------------


def _article(word):
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _describe_value(value, array=None):
    if isinstance(value, np.ndarray):
        kind = _article("rank-%d %s" % (value.ndim, value.dtype))
        return "%s array of shape %s" % (kind, _format_shape(value.shape))
    if isinstance(value, np.generic):
        return "%s scalar" % _article(str(value.dtype))
    if isinstance(value, (bool, int, float, complex, str)):
        return "%s %r" % (type(value).__name__, value)
    if array is not None and array.dtype.kind in "biufc":
        shape = _format_shape(array.shape)
        return "a %s of %s, shape %s" % (type(value).__name__, array.dtype, shape)
    return _article(type(value).__name__)


def _type_error(param, value, array=None):
    got = _describe_value(value, array)
    return TypeError(
        "%s: parameter '%s' must be %s (dtype %s), got %s"
        % (param.entry.name, param.name, param.type, param.element.dtype, got)
    )


def _rank_error(param, array, value=None):
    if value is None or isinstance(value, np.ndarray):
        got = _describe_value(array)
    else:
        got = "%s (rank %d)" % (_describe_value(value, array), array.ndim)
    return ValueError(
        "%s: parameter '%s' must be %s (rank %d), got %s"
        % (param.entry.name, param.name, param.type, param.rank, got)
    )


def _check_integer_range(param, value):
    """Python integers from 2**63 reach NumPy as uint64 (cast to int64, wrapped),
    as objects (past uint64, or below -2**63) or, mixed with int64, as float64:
    for an i64 parameter, any integer outside i64 is a ValueError."""
    try:
        items = np.array(value, dtype=object).flat
    except ValueError:
        return  # ragged: the caller's TypeError
    first = None
    for item in items:
        if isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, np.integer)):
            return  # not all integers: the caller's TypeError
        if first is None and not _INT64_MIN <= int(item) <= _INT64_MAX:
            first = int(item)
    if first is not None:
        got = "%d" % first if np.ndim(value) == 0 else "%s holding %d" % (_article(type(value).__name__), first)
        raise ValueError(
            "%s: parameter '%s' must be %s, got %s outside the range of i64 [-2**63, 2**63-1]"
            % (param.entry.name, param.name, param.type, got)
        )


def _convert(param, value):
    """`value` as a C-contiguous array of the parameter's dtype and rank.

    Arrays (and NumPy scalars, even numpy.float64, which is a float too, and
    other objects with a dtype of their own) must have the parameter's dtype;
    non-contiguous ones are copied. Python scalars and lists are converted when
    NumPy casts their values within a kind or upwards (an int to f64, a float to
    f32; not a float to i64 or an int to bool)."""
    dtype = param.element.dtype
    if not isinstance(value, (np.ndarray, np.generic)) and isinstance(
        value, (bool, int, float, complex, list, tuple)
    ):
        try:
            array = np.asarray(value)
        except (ValueError, OverflowError) as error:
            raise TypeError(
                "%s: parameter '%s' must be %s, got %s that NumPy cannot convert: %s"
                % (param.entry.name, param.name, param.type, _describe_value(value), error)
            ) from None
        if array.dtype != dtype:
            if dtype.kind == "i" and array.dtype.kind in "uOf":
                _check_integer_range(param, value)
            if array.dtype == object or (
                array.size and not np.can_cast(array.dtype, dtype, casting="same_kind")
            ):
                raise _type_error(param, value, array)
            array = array.astype(dtype)
    else:
        try:
            array = np.asarray(value)
        except Exception as error:  # any object: NumPy says why it cannot take it
            raise TypeError(
                "%s: parameter '%s' must be %s, got %s: %s"
                % (param.entry.name, param.name, param.type, _describe_value(value), error)
            ) from None
        if array.dtype != dtype:
            # The same type in the other byte order is the same values: copied below.
            if array.dtype.kind == dtype.kind and array.dtype.newbyteorder("=") == dtype:
                array = array.astype(dtype)
            else:
                raise _type_error(param, value, array)
    if array.ndim != param.rank:
        raise _rank_error(param, array, value)
    if not array.flags.c_contiguous:
        array = np.ascontiguousarray(array)
    return array


def _convert_scalar(param, value):
    """A scalar parameter's value as the Python scalar ctypes passes."""
    return _convert(param, value).item()


def _nested_type(spec, nesting):
    if isinstance(nesting, int):
        return spec.params[nesting].type
    return "(%s)" % ", ".join(_nested_type(spec, inner) for inner in nesting)


def _flatten_group(spec, group, value):
    """The flattened components of a tuple parameter's argument, depth-first."""
    name, type_text, nesting = spec.groups[group]
    components = []

    def walk(nesting, value, where):
        if isinstance(nesting, int):
            components.append(value)
            return
        if not isinstance(value, (tuple, list)) or len(value) != len(nesting):
            what = (
                "a %s of %d components" % (type(value).__name__, len(value))
                if isinstance(value, (tuple, list))
                else _describe_value(value)
            )
            place = "" if not where else " (its component %s must be a tuple %s)" % (
                where,
                _nested_type(spec, nesting),
            )
            if where:
                what = "%s at component %s" % (what, where)
            raise TypeError(
                "%s: parameter '%s' must be a tuple %s, got %s%s" % (spec.name, name, type_text, what, place)
            )
        for i, (inner, component) in enumerate(zip(nesting, value)):
            walk(inner, component, "%s.%d" % (where, i) if where else str(i))

    walk(nesting, value, "")
    return components


# ---- Binding the size variables (the general path) ---------------------------------------
# The algorithm and the words of runtime/SizeBinding.cpp, which executables and
# the interpreter use, so that all of them reject bad inputs alike.


def _solve_linear(dimension, variable, target, values):
    """The value of `variable` (the only unknown) making `dimension` equal `target`:
    an int, "none" when there is none, or None when the dimension is not linear in it."""
    rest, slope, second = [], [], {}
    for coefficient, variables in dimension:
        others = tuple(v for v in variables if v != variable)
        degree = len(variables) - len(others)
        if degree == 0:
            rest.append((coefficient, others))
            continue
        slope.append((coefficient, others))
        # term(2) - 2*term(1) + term(0) = coefficient * (2^degree - 2)
        second[others] = _wrap(second.get(others, 0) + coefficient * (2**degree - 2))
    if any(second.values()):
        return None
    c = _evaluate(slope, values)
    if c == 0:
        return None
    difference = _wrap(target - _evaluate(rest, values))
    if c == -1:
        value = _wrap(-difference)
        return "none" if value < 0 else value
    if difference % c != 0 or difference // c < 0:
        return "none"
    return difference // c


def _bind(spec, arrays):
    """The size variables' values from the (converted) flattened arguments; raises
    ValueError naming the parameters and shapes when they do not fit."""
    prefix = spec.name + ": "
    params = spec.params
    for param, array in zip(params, arrays):
        if np.ndim(array) != param.rank:
            raise _rank_error(param, np.asarray(array))
    shapes = [np.shape(array) for array in arrays]
    count = len(spec.sizes)
    values, bound, bound_by = [0] * count, [False] * count, [0] * count

    def mismatch(i):
        param = params[i]
        message = "parameter '%s' must have shape %s, got %s" % (
            param.name,
            param.shape_text,
            _format_shape(shapes[i]),
        )
        notes = [
            "%s = %d from '%s'" % (spec.sizes[v], values[v], params[bound_by[v]].name)
            for v in range(count)
            if bound[v] and bound_by[v] != i and any(_mentions(d, v) for d in param.dims)
        ]
        return ValueError(prefix + message + (" (%s)" % ", ".join(notes) if notes else ""))

    for i, param in enumerate(params):
        for d, dimension in enumerate(param.dims):
            v = _plain_variable(dimension)
            if v is None:
                continue
            extent = shapes[i][d]
            if not bound[v]:
                values[v], bound[v], bound_by[v] = extent, True, i
                continue
            if values[v] == extent:
                continue
            first = bound_by[v]
            if first == i:
                raise ValueError(
                    prefix
                    + "parameter '%s' must have shape %s, got %s: its dimensions named %s differ"
                    % (param.name, param.shape_text, _format_shape(shapes[i]), spec.sizes[v])
                )
            raise ValueError(
                prefix
                + "parameters '%s' and '%s' disagree on size %s (%d vs %d): %s has shape %s but %s has shape %s"
                % (
                    params[first].name,
                    param.name,
                    spec.sizes[v],
                    values[v],
                    extent,
                    params[first].name,
                    _format_shape(shapes[first]),
                    param.name,
                    _format_shape(shapes[i]),
                )
            )
    progress = True
    while progress:
        progress = False
        for i, param in enumerate(params):
            for d, dimension in enumerate(param.dims):
                unknown = []
                for _, variables in dimension:
                    for v in variables:
                        if not bound[v] and v not in unknown:
                            unknown.append(v)
                if len(unknown) != 1:
                    continue
                solution = _solve_linear(dimension, unknown[0], shapes[i][d], values)
                if solution == "none":
                    raise mismatch(i)
                if solution is not None:
                    values[unknown[0]], bound[unknown[0]], bound_by[unknown[0]] = solution, True, i
                    progress = True
    for i, param in enumerate(params):
        for d, dimension in enumerate(param.dims):
            if not all(bound[v] for _, variables in dimension for v in variables):
                raise ValueError(
                    prefix
                    + "cannot determine the sizes in dimension %s of parameter '%s' from its shape %s"
                    % (param.dim_texts[d], param.name, _format_shape(shapes[i]))
                )
            if _evaluate(dimension, values) != shapes[i][d]:
                raise mismatch(i)
    for v in range(count):
        if not bound[v]:
            raise ValueError(
                prefix
                + "cannot determine size %s of entry '%s' from the shapes of its inputs"
                % (spec.sizes[v], spec.name)
            )
    return values


def _bind_error(spec, arrays):
    """Raises the error of arguments that the fast path found not to fit."""
    _bind(spec, arrays)
    raise AssertionError("%s: the arguments' shapes were rejected, then accepted" % spec.name)


def _pointer(array, addressof=ctypes.addressof, from_buffer=ctypes.c_char.from_buffer):
    """The address of a C-contiguous array's data, without a copy. The buffer
    protocol is the quick way for writable arrays; NumPy's ctypes attribute
    serves read-only and empty ones."""
    try:
        return addressof(from_buffer(array))
    except (TypeError, ValueError, BufferError):
        return array.ctypes.data


# ---- One Python function per entry ---------------------------------------------


def _python_names(spec):
    """The entry's parameter names for the Python function, or None when some
    are not usable as Python parameters (then the function is positional-only)."""
    names = [name for name, _, _ in spec.groups]
    for name in names:
        if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_arr_"):
            return None
    return names


def _leaves(nesting):
    """The flattened indices of a NESTING, in order."""
    if isinstance(nesting, int):
        return [nesting]
    return [leaf for inner in nesting for leaf in _leaves(inner)]


def _argument_lines(spec, names, namespace):
    """Statements leaving each flattened parameter in _arr_xI: an array of the
    right dtype and C-contiguous (its shape in _arr_sI), or a Python scalar."""
    lines = []
    for group, ((_, _, nesting), name) in enumerate(zip(spec.groups, names)):
        if isinstance(nesting, int):
            lines.append("_arr_x%d = %s" % (nesting, name))
        else:
            targets = "".join("_arr_x%d, " % leaf for leaf in _leaves(nesting))
            lines.append("%s= _arr_tuple(%d, %s)" % (targets, group, name))
    namespace["_arr_scalar"] = _convert_scalar
    namespace["_arr_convert"] = _convert
    for param in spec.params:
        i, x = param.index, "_arr_x%d" % param.index
        namespace["_arr_p%d" % i] = param
        if param.rank == 0:
            if param.element.name == "i64":
                test = "type(%s) is not int or not %d <= %s <= %d" % (x, _INT64_MIN, x, _INT64_MAX)
            else:
                test = "type(%s) is not %s" % (x, param.element.python.__name__)
            lines.append("if %s: %s = _arr_scalar(_arr_p%d, %s)" % (test, x, i, x))
        else:
            namespace["_arr_dt%d" % i] = param.element.dtype
            test = "type(%s) is not _arr_ndarray or %s.dtype is not _arr_dt%d" % (x, x, i)
            test += " or not %s.flags.c_contiguous" % x
            lines.append("if %s: %s = _arr_convert(_arr_p%d, %s)" % (test, x, i, x))
            lines.append("_arr_s%d = %s.shape" % (i, x))
    return lines


def _binding_lines(spec, size_names, namespace):
    """Statements leaving each size variable's value in its size_names. They are
    read off the shapes when every dimension is a size variable or a constant
    (and every size variable is some dimension); otherwise, and to word the
    error when the quick checks fail, the general binder runs."""
    namespace["_arr_bind"] = lambda arrays: _bind(spec, arrays)
    namespace["_arr_bind_error"] = lambda arrays: _bind_error(spec, arrays)
    arrays = [param for param in spec.params if param.rank > 0]
    every_argument = "(%s)" % "".join("_arr_x%d, " % param.index for param in spec.params)
    first_sight = {}
    conditions = ["len(_arr_s%d) != %d" % (param.index, param.rank) for param in arrays]
    for param in arrays:
        for d, dimension in enumerate(param.dims):
            v, constant = _plain_variable(dimension), _constant(dimension)
            extent = "_arr_s%d[%d]" % (param.index, d)
            if v is None and constant is None:
                return ["%s= _arr_bind(%s)" % ("".join(n + ", " for n in size_names), every_argument)]
            if v is None:
                conditions.append("%s != %d" % (extent, constant))
            elif v in first_sight:
                conditions.append("%s != %s" % (extent, first_sight[v]))
            else:
                first_sight[v] = extent
    if len(first_sight) != len(size_names):
        return ["%s= _arr_bind(%s)" % ("".join(n + ", " for n in size_names), every_argument)]
    lines = []
    if conditions:
        lines.append("if %s: _arr_bind_error(%s)" % (" or ".join(conditions), every_argument))
    for v, name in enumerate(size_names):
        lines.append("%s = %s" % (name, first_sight[v]))
    return lines


def _entry_function(spec, cfunction, last_error):
    """The Python function calling one entry (see the module's docstring)."""
    names = _python_names(spec)
    positional_only = names is None
    if positional_only:
        names = ["_arr_a%d" % i for i in range(len(spec.groups))]

    def fail():
        # Interrupted by Ctrl-C: on the main thread, Python's own handler has raised
        # KeyboardInterrupt on entering this function already.
        message = last_error().decode("utf-8", "replace")
        if message == _INTERRUPTED:
            raise KeyboardInterrupt
        raise Error(message or "%s failed" % spec.name)

    namespace = {
        "_arr_c": cfunction,  # the C function (tests replace it to observe the arguments)
        "_arr_fail": fail,
        "_arr_ndarray": np.ndarray,
        "_arr_empty": np.empty,
        "_arr_ptr": _pointer,
        "_arr_byref": ctypes.byref,
        "_arr_tuple": lambda group, value: _flatten_group(spec, group, value),
    }
    size_names = ["_arr_n%d" % v for v in range(len(spec.sizes))]
    lines = _argument_lines(spec, names, namespace) + _binding_lines(spec, size_names, namespace)
    # Results: caller-allocated; scalars in ctypes objects, arrays new NumPy arrays.
    result_values, result_arguments = [], []
    for j, result in enumerate(spec.results):
        r = "_arr_r%d" % j
        if result.rank == 0:
            namespace["_arr_c%d" % j] = result.element.ctype
            namespace["_arr_np%d" % j] = result.element.numpy_scalar
            lines.append("%s = _arr_c%d()" % (r, j))
            result_arguments.append("_arr_byref(%s)" % r)
            result_values.append("_arr_np%d(%s.value)" % (j, r))
        else:
            namespace["_arr_rt%d" % j] = result.element.dtype
            shape = "".join(_expression(d, size_names) + ", " for d in result.dims)
            lines.append("%s = _arr_empty((%s), _arr_rt%d)" % (r, shape, j))
            result_arguments.append("_arr_ptr(%s)" % r)
            result_values.append(r)
    call = []
    for role, index, _ in spec.arguments:
        if role == "size":
            call.append(size_names[index])
        elif role == "param":
            scalar = spec.params[index].rank == 0
            call.append(("_arr_x%d" if scalar else "_arr_ptr(_arr_x%d)") % index)
        else:
            call.append(result_arguments[index])
    lines.append("if _arr_c(%s): _arr_fail()" % ", ".join(call))

    def nested(nesting):
        if isinstance(nesting, int):
            return result_values[nesting]
        return "(%s)" % "".join(nested(inner) + ", " for inner in nesting)

    lines.append("return " + nested(spec.result_nesting))
    signature = ", ".join(names) + (", /" if positional_only and names else "")
    source = "def _arr_entry(%s):\n    %s\n" % (signature, "\n    ".join(lines))
    exec(compile(source, "<arr entry %s>" % spec.name, "exec"), namespace)
    function = namespace["_arr_entry"]
    function.__name__ = function.__qualname__ = spec.name
    function.__doc__ = "%s%s\n\nThe entry point %s of the compiled program." % (
        spec.name,
        spec.signature,
        spec.name,
    )
    function.signature = spec.signature
    function.source = source  # the generated code, for reading
    return function


def _entry(module, name, role="entry"):
    """(the Python function, its _EntrySpec) of the entry `name` of `module`, for
    the wrappers of arr.torch and arr.jax, which need the parameters' types."""
    if not isinstance(module, Module):
        raise TypeError("expected an arr.Module (from arr.compile), got %s" % _article(type(module).__name__))
    loaded = module._arr_loaded
    if name not in loaded.entries:
        raise KeyError(
            "%s: %s has no entry named %r; the entries are %s"
            % (role, loaded.path, name, ", ".join(loaded.entries))
        )
    return loaded.entries[name], loaded.specs[name]


# ---- Modules, interrupts and threads ---------------------------------------------------------

_INTERRUPTED = "interrupted"  # the runtime's message (arrrt_set_interrupted_error)


_interrupts_lock = threading.Lock()
_interrupt_flags = []  # arrrt_interrupt_requested of every library that catches SIGINT
_interrupt_catchers = []  # their arrrt_catch_interrupts
_host_sigint_handler = None  # the Python SIGINT handler that _on_sigint wraps


def _on_sigint(signum, frame):
    """Python's SIGINT handler while libraries are loaded. It runs on the main
    thread after the runtime's C handler has set the flags (the same signal),
    once no call runs there: the request is served, and the host's handler
    (KeyboardInterrupt by default) decides what follows."""
    for flag in _interrupt_flags:
        flag.value = 0
    return _host_sigint_handler(signum, frame)


def _catch_interrupts(library):
    """Ctrl-C during a call: the library's runtime chains a C handler for SIGINT
    before Python's (arrrt_catch_interrupts) that sets its flag
    arrrt_interrupt_requested; a running entry stops at its next parallel chunk
    or step of an outer or sequential loop and fails with "interrupted", and the
    call raises KeyboardInterrupt. _on_sigint, installed as Python's handler,
    clears the flags, so that a Ctrl-C while no call runs does not stop a later
    one. Only where Python handles SIGINT with a function (the default), and
    once _on_sigint could be installed (from the main thread)."""
    global _host_sigint_handler
    try:
        flag = ctypes.c_int32.in_dll(library, "arrrt_interrupt_requested")
        catch = library.arrrt_catch_interrupts
    except (AttributeError, ValueError):  # a library of an older arrc
        return
    catch.argtypes = []
    catch.restype = ctypes.c_int32
    with _interrupts_lock:
        current = signal.getsignal(signal.SIGINT)
        if current is not _on_sigint:
            if not callable(current) or threading.current_thread() is not threading.main_thread():
                return
            _host_sigint_handler = current
            try:
                # Installs Python's C handler again: the libraries chain theirs anew.
                signal.signal(signal.SIGINT, _on_sigint)
            except (ValueError, OSError):  # not the main interpreter
                return
            for earlier in _interrupt_catchers:
                earlier()
        if catch():
            _interrupt_flags.append(flag)
            _interrupt_catchers.append(catch)


_threads_lock = threading.Lock()
_thread_setters = []  # arrrt_set_threads of every library loaded (each has its own runtime)
_threads = None  # the count set by set_num_threads, applied to libraries loaded later


def set_num_threads(k):
    """Sets the number of threads the entries of every loaded (and later loaded)
    library use for their parallel loops. The default is OpenMP's:
    OMP_NUM_THREADS, else the number of cores."""
    global _threads
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 1 <= k <= _INT64_MAX:
        raise ValueError(
            "set_num_threads: the thread count must be an integer from 1 to 2**63-1, got %r" % (k,)
        )
    with _threads_lock:
        _threads = int(k)
        for setter in _thread_setters:
            setter(_threads)


def _register_thread_setter(setter):
    setter.argtypes = [ctypes.c_int64]
    setter.restype = None
    with _threads_lock:
        _thread_setters.append(setter)
        if _threads is not None:
            setter(_threads)


class _Loaded:
    """What a Module knows, kept out of its namespace, which belongs to the entries."""

    __slots__ = ("path", "library", "entries", "signatures", "specs")


class Module:
    """A loaded library of `arrc --shared`: each entry point is a method.

    `signatures` maps entry names to their signatures in Arr notation. An
    entry whose name is not a Python identifier, or is one of this class's
    attributes (`path`, `signatures`, `_arr_loaded`, a dunder), is reached as
    m["name"]. The module's own state lives in one slot, so that entries named
    like anything else (`_entries`, `_library`) are plain attributes."""

    __slots__ = ("_arr_loaded", "__dict__")

    def __init__(self, path):
        loaded = _Loaded()
        loaded.path = str(path)
        library = ctypes.CDLL(loaded.path)
        try:
            describe = library.arrrt_describe
        except AttributeError:
            message = "%s is not a library made by arrc --shared (no arrrt_describe)" % loaded.path
            raise Error(message) from None
        describe.argtypes = []
        describe.restype = ctypes.c_char_p
        description = json.loads(describe().decode("utf-8"))
        if description.get("format") != 1:
            raise Error("%s: unknown description format %r" % (loaded.path, description.get("format")))
        last_error = library.arr_last_error
        last_error.argtypes = []
        last_error.restype = ctypes.c_char_p
        _register_thread_setter(library.arrrt_set_threads)
        _catch_interrupts(library)
        loaded.library = library
        loaded.entries = {}
        loaded.signatures = {}
        loaded.specs = {}  # name -> _EntrySpec, for the wrappers of arr.torch and arr.jax
        for entry in description["entries"]:
            spec = _EntrySpec(entry)
            cfunction = getattr(library, spec.function)
            cfunction.argtypes = [
                _C_SCALARS[c_type] if not c_type.endswith("*") else ctypes.c_void_p
                for _, _, c_type in spec.arguments
            ]
            cfunction.restype = ctypes.c_int
            loaded.entries[spec.name] = _entry_function(spec, cfunction, last_error)
            loaded.signatures[spec.name] = spec.signature
            loaded.specs[spec.name] = spec
        self._arr_loaded = loaded
        for name, function in loaded.entries.items():
            if name.isidentifier() and not hasattr(type(self), name):
                self.__dict__[name] = function

    @property
    def path(self):
        """The library's file."""
        return self._arr_loaded.path

    @property
    def signatures(self):
        """{"main": "(a: [n]f64, b: [n]f64) -> f64", ...}: every entry's signature."""
        return dict(self._arr_loaded.signatures)

    def __getitem__(self, name):
        entries = self._arr_loaded.entries
        try:
            return entries[name]
        except KeyError:
            raise KeyError("no entry named %r; the entries are %s" % (name, ", ".join(entries))) from None

    def __iter__(self):
        return iter(self._arr_loaded.entries)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.__dict__))

    def __repr__(self):
        loaded = self._arr_loaded
        return "<arr.Module %s: %s>" % (loaded.path, ", ".join(loaded.entries))
