"""Arr from Python: compile a program once, call its entry points on NumPy arrays.

    import numpy as np, arr
    m = arr.compile("prog.arr", defines={"scale": 0.5})  # compiled once, cached, loaded
    y = m.main(np.ones(3), np.arange(3.0))              # every entry is a method
    print(m.signatures)   # {"main": "(a: [n]f64, b: [n]f64) -> f64", ...}

The contract is LANGUAGE.md section 10. `arr.compile` runs `arrc --shared`
(found through the ARRC environment variable, else the project's build
directory next to this package, else the arrc `pip install .` installed with
it, else PATH) and keeps the library in a cache
(ARR_CACHE_DIR, else $XDG_CACHE_HOME/arr, else ~/.cache/arr), keyed by the
sources with their imports, the options and the compiler.
"""

from arr._errors import CompileError, Error
from arr._library import Module, set_num_threads
from arr._toolchain import compile, find_arrc

# arr.torch and arr.jax (PyTorch and JAX wrappers of entries) are imported on
# demand: `import arr.torch` needs PyTorch, `import arr.jax` JAX; `import arr` neither.

__all__ = ["compile", "CompileError", "Error", "Module", "set_num_threads", "find_arrc"]
