"""Finding arrc, compiling with `arrc --shared`, and the cache of compiled libraries.

A library is cached under a key that hashes everything it depends on:

- the sources: the program, the files it imports (transitively, resolved as
  arrc does: relative to the importing file, then the standard library) and
  the prelude, by content;
- the options: defines, opt, strict_fp;
- the compiler: arrc's path, size and modification time, the standard library
  directory it uses, and the runtime library it links (from
  `arrc --print-link-flags`), by path, size and modification time; and the
  host CPU, since code is generated for it.

Entries live in ARR_CACHE_DIR (else $XDG_CACHE_HOME/arr, else ~/.cache/arr),
one directory per key, made atomically (compiled into a temporary directory,
then renamed), so concurrent compiles never see half a library. Each entry
records its library's size and SHA-256 (written before the rename); a library
that no longer matches (truncated, overwritten, emptied) is never loaded, which
could kill the process, but compiled again, with a warning. A cache directory
that cannot be used makes the process compile into a temporary one instead,
with a warning. Nothing is ever evicted: delete the directory to reclaim the
space.
"""

import atexit
import functools
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sysconfig
import tempfile
import threading
import warnings
from pathlib import Path

from arr._errors import CompileError
from arr._library import Module

_CACHE_FORMAT = "arr-cache-2"  # 2: entries carry a manifest
_MANIFEST = "manifest.json"  # in each entry: the library's name, size and SHA-256
# arrc reads no source file larger than this (compiler/sema/Modules.h kMaxSourceBytes):
# a larger import is not hashed but left to arrc, which reports it.
_MAX_SOURCE_BYTES = 16 << 20
_modules = {}  # key -> Module: one load per library and process
_modules_lock = threading.Lock()
_toolchains = {}  # (arrc identity, ARR_STDLIB) -> what arrc says about itself


def _installed_arrc():
    """The arrc that `pip install .` put beside this package: in the scripts
    directory of the environment (or user scheme) the package is installed in,
    which need not be on PATH (a virtual environment's python run without
    activating it)."""
    package = Path(__file__).resolve().parent
    schemes = [None] + (["%s_user" % os.name] if os.name in ("posix", "nt") else [])
    for scheme in schemes:
        try:
            paths = sysconfig.get_paths(scheme) if scheme else sysconfig.get_paths()
        except KeyError:
            continue
        # Only the scheme this package was installed by: its purelib/platlib holds it.
        libraries = {Path(paths[key]).resolve() for key in ("purelib", "platlib") if key in paths}
        if package.parent in libraries:
            candidate = Path(paths["scripts"]) / "arrc"
            if os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def find_arrc():
    """The arrc to compile with: $ARRC, else build/compiler/arrc of the project
    this package belongs to (python/arr/../../build), else the arrc installed
    with this package by pip (the environment's scripts directory), else arrc
    on PATH."""
    configured = os.environ.get("ARRC")
    if configured:
        if not os.access(configured, os.X_OK):
            raise CompileError("ARRC is set to %r, which is not an executable file" % configured)
        return os.path.abspath(configured)
    built = Path(__file__).resolve().parent.parent.parent / "build" / "compiler" / "arrc"
    if os.access(built, os.X_OK):
        return str(built)
    found = _installed_arrc() or shutil.which("arrc")
    if found:
        return found
    raise CompileError(
        "cannot find arrc: set ARRC to its path, build the project (bash cmake/build.sh), "
        "install it (python3 -m pip install . in the checkout), or put arrc on PATH"
    )


def _stat_identity(path):
    try:
        status = os.stat(path)
    except OSError:
        return "%s:missing" % path
    return "%s:%d:%d" % (os.path.realpath(path), status.st_size, status.st_mtime_ns)


def _run_arrc(arrc, arguments):
    try:
        done = subprocess.run([arrc] + arguments, capture_output=True, text=True)
    except OSError as error:
        raise CompileError("cannot run %s: %s" % (arrc, error)) from None
    if done.returncode != 0:
        raise CompileError(done.stderr or "%s %s failed" % (arrc, " ".join(arguments)))
    return done.stdout.strip()


@functools.lru_cache(maxsize=None)
def _host_cpu():
    """What the generated code depends on beyond the compiler: the CPU's features."""
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            flags = next((line for line in cpuinfo if line.startswith("flags")), "")
    except OSError:
        flags = ""
    return platform.machine() + ":" + hashlib.sha256(flags.encode()).hexdigest()


def _toolchain(arrc):
    """The compiler's identity and standard library directory. What arrc
    prints about itself is asked once per arrc binary (kept in the cache
    directory), so that a cache hit runs no process; the files it names (the
    runtime library) are looked at every time."""
    identity = _stat_identity(arrc)
    key = (identity, os.environ.get("ARR_STDLIB"))
    facts = _toolchains.get(key)
    if facts is None:
        memo = _usable_cache_root() / "toolchains" / (hashlib.sha256(repr(key).encode()).hexdigest() + ".json")
        try:
            facts = json.loads(memo.read_text())
            if not isinstance(facts.get("stdlib"), str) or not isinstance(facts.get("link_flags"), str):
                facts = None
        except (OSError, ValueError, AttributeError):
            facts = None
        if facts is None:
            facts = {
                "stdlib": _run_arrc(arrc, ["--print-stdlib-dir"]),
                "link_flags": _run_arrc(arrc, ["--print-link-flags"]),
            }
            try:
                memo.parent.mkdir(parents=True, exist_ok=True)
                staging = memo.with_name(memo.name + ".%d.tmp" % os.getpid())
                staging.write_text(json.dumps(facts))
                os.replace(staging, memo)
            except OSError:
                pass  # only a memo
        _toolchains[key] = facts
    linked = [_stat_identity(word) for word in facts["link_flags"].split() if os.path.isfile(word)]
    lines = [identity, "stdlib " + facts["stdlib"], facts["link_flags"]] + linked + [_host_cpu()]
    return {"stdlib": facts["stdlib"], "identity": "\n".join(lines)}


def _string_literals(text):
    """The strings of an Arr source (they occur only in imports), skipping comments."""
    strings = []
    i, length = 0, len(text)
    while i < length:
        c = text[i]
        if c == "-" and text.startswith("--", i):
            end = text.find("\n", i)
            i = length if end < 0 else end
        elif c == '"':
            end = text.find('"', i + 1)
            if end < 0:
                break
            strings.append(text[i + 1 : end])
            i = end + 1
        else:
            i += 1
    return strings


def _sources(main, stdlib):
    """(path, sha256) of the program, the prelude and every file they import."""
    prelude = os.path.join(stdlib, "prelude.arr")
    pending = [main] + ([prelude] if os.path.isfile(prelude) else [])
    seen, sources = set(), []
    while pending:
        path = pending.pop(0)
        real = os.path.realpath(path)
        if real in seen:
            continue
        seen.add(real)
        with open(path, "rb") as source:
            content = source.read(_MAX_SOURCE_BYTES + 1)
        if len(content) > _MAX_SOURCE_BYTES:
            sources.append((real, "too large"))  # the compile reports it
            continue
        sources.append((real, hashlib.sha256(content).hexdigest()))
        for name in _string_literals(content.decode("utf-8", "replace")):
            for candidate in (os.path.join(os.path.dirname(path), name), os.path.join(stdlib, name)):
                if os.path.isfile(candidate):
                    pending.append(candidate)
                    break
            else:
                sources.append((name, "missing"))  # the compile reports it
    return sources


def _define_value(name, value):
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_']*", name):
        raise TypeError("defines: %r is not an Arr identifier" % (name,))
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str) and value:
        return value
    raise TypeError(
        "defines: the value of %s must be an int, a float, a bool or a string, got %r" % (name, value)
    )


def _cache_root():
    """The configured cache directory and the environment variable it comes from."""
    configured = os.environ.get("ARR_CACHE_DIR")
    if configured:
        return Path(configured), "ARR_CACHE_DIR"
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "arr", "XDG_CACHE_HOME"
    return Path(os.path.expanduser("~")) / ".cache" / "arr", "HOME"


_usable_roots = {}  # configured cache directory -> the directory used for it
_usable_roots_lock = threading.Lock()


def _usable_cache_root():
    """The configured cache directory when it can be written (checked once per
    process), else a temporary directory of this process's, said once."""
    root, variable = _cache_root()
    with _usable_roots_lock:
        usable = _usable_roots.get(root)
        if usable is not None:
            return usable
        try:
            root.mkdir(parents=True, exist_ok=True)
            os.rmdir(tempfile.mkdtemp(prefix=".probe-", dir=root))
            usable = root
        except OSError as error:
            usable = Path(tempfile.mkdtemp(prefix="arr-cache-"))
            atexit.register(shutil.rmtree, usable, ignore_errors=True)
            warnings.warn(
                "arr: cannot use the cache directory %s (from %s): %s; compiling into %s "
                "for this process instead" % (root, variable, error.strerror or error, usable),
                RuntimeWarning,
                stacklevel=3,
            )
        _usable_roots[root] = usable
        return usable


def _key(toolchain, sources, options):
    digest = hashlib.sha256()
    for part in [_CACHE_FORMAT, toolchain["identity"], "\0".join(options)] + [
        "%s %s" % source for source in sources
    ]:
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


def _digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as library:
        for block in iter(lambda: library.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _damage(directory, library):
    """Why the cache entry `directory` must not be loaded ("" when it is whole):
    its library must be the one its manifest describes, since loading a
    truncated library kills the process (SIGBUS) and a garbled one fails."""
    try:
        manifest = json.loads((directory / _MANIFEST).read_text())
        size, digest = manifest["size"], manifest["sha256"]
        if manifest["library"] != library:
            return "its manifest names another library"
        actual = os.stat(directory / library).st_size
        if actual != size:
            return "the library has %d bytes, not %d" % (actual, size)
        if _digest(directory / library) != digest:
            return "the library's contents changed"
    except FileNotFoundError as error:
        return "%s is missing" % os.path.basename(error.filename or "a file")
    except (OSError, ValueError, KeyError, TypeError) as error:
        return "its manifest is unreadable (%s)" % error
    return ""


def _build(arrc, main, options, directory, library):
    """Compiles into `directory`, which appears complete (with its manifest) or
    not at all; CompileError with the diagnostics on failure."""
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".build-", dir=directory.parent))
    try:
        done = subprocess.run(
            [arrc, "--shared", main, "-o", str(staging / library)] + options,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            failure = "arrc failed on %s (exit status %d)" % (main, done.returncode)
            raise CompileError(done.stderr or failure)
        manifest = {
            "library": library,
            "size": os.stat(staging / library).st_size,
            "sha256": _digest(staging / library),
        }
        (staging / _MANIFEST).write_text(json.dumps(manifest))
        try:
            os.rename(staging, directory)
        except OSError:
            if _damage(directory, library):  # not another process's complete entry
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _discard(directory):
    """Removes a damaged entry: renamed away first, so that no other process
    takes the half-removed directory for an entry."""
    doomed = directory.with_name(directory.name + ".damaged-%d" % os.getpid())
    try:
        os.rename(directory, doomed)
    except OSError:
        return  # gone already, or another process's rebuild took its place
    shutil.rmtree(doomed, ignore_errors=True)


def compile(path, *, defines=None, opt=2, strict_fp=False):
    """Compiles the Arr program `path` into a shared library, or reuses the one
    compiled earlier from the same sources (imports included), options and
    compiler, and loads it. Raises arr.CompileError with arrc's diagnostics."""
    if isinstance(opt, bool) or opt not in (0, 1, 2, 3):
        raise ValueError("opt must be 0, 1, 2 or 3, got %r" % (opt,))
    main = os.path.abspath(os.fspath(path))
    if not os.path.isfile(main):
        raise FileNotFoundError("no Arr program at %s" % main)
    options = ["-O%d" % opt] + (["--strict-fp"] if strict_fp else [])
    for name, value in sorted((defines or {}).items()):
        options += ["-D", "%s=%s" % (name, _define_value(name, value))]
    arrc = find_arrc()
    root = _usable_cache_root()
    toolchain = _toolchain(arrc)
    library = Path(main).stem + ".so"
    # A source edited while arrc runs would leave a library under the key of
    # the old text: compile again until the sources hash the same after as before.
    for _ in range(3):
        key = _key(toolchain, _sources(main, toolchain["stdlib"]), options)
        with _modules_lock:
            module = _modules.get(key)
        if module is not None:
            return module
        directory = root / key[:2] / key[2:]
        built = directory / library
        damage = _damage(directory, library) if os.path.isdir(directory) else "missing"
        if damage:
            if damage != "missing":
                warnings.warn(
                    "arr: the cached library %s is damaged (%s); compiling it again" % (built, damage),
                    RuntimeWarning,
                    stacklevel=2,
                )
                _discard(directory)
            _build(arrc, main, options, directory, library)
            if _key(toolchain, _sources(main, toolchain["stdlib"]), options) != key:
                shutil.rmtree(directory, ignore_errors=True)
                continue
        module = Module(built)
        with _modules_lock:
            return _modules.setdefault(key, module)
    raise CompileError("%s kept changing while it was compiled" % main)
