#!/usr/bin/python3
"""How compiled executables and arrc treat the files they are given (issue #35).

    /usr/bin/python3 tests/native/file_handling.py --arrc build/compiler/arrc

Outputs (`prog -o`, `arrc -o`, `arrc -c -o`, `arrc --interpret -o`) replace only what
writing the file in place would be allowed to: run as another user (`nobody` when the
test runs as root, which may write any file), a read-only output of that user's own is
an error (exit status 1, one line naming the file, the file untouched, no temporary left
beside it); as root the same file is replaced and stays read-only. A symbolic link is
written through: its target gets the new contents and the link stays a link, also when
the target does not exist yet. A replaced file keeps its mode (an executable gains execute
permission where the old file was readable). A writable file in a directory its writer
cannot add files to is written in place.

Inputs: an .npy file through a pipe (bash's <(...), /dev/stdin, a FIFO), whose name does
not end in .npy, is read as .npy; text through a pipe is still text. A header longer
than NumPy's limit of 10000 bytes is refused, before it is read, from a pipe (claiming
4 GiB, or 10001 bytes followed by a valid array) and from a file; 10000 bytes are read.

Interrupts: arrc killed by SIGINT, SIGTERM or SIGHUP while its object file exists (arrc
stopped at that point, then signalled) or while it links (the linker stopped, then arrc
signalled) ends by that signal and leaves no arrc-* file in its TMPDIR, no hidden
temporary beside the output, no output, and no linker running. A linker killed by
SIGTERM (arrc itself not signalled) is a failed link: one error line, no file left.
An executable stopped while it writes a large -o result, then sent one of the three
signals, ends by it and leaves neither the output nor its temporary.

Prints one line per case and a final `N passed, M failed`; exits 1 if any failed.
"""

import argparse
import glob
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

PROGRAM = """entry main(xs: [n]f64): [n]f64 = xs * 2.0

-- A result of 512 bytes per element of `a`, which takes a while to write.
entry wide(a: [n]f64): [n, 64]f64 = build([n], \\i -> a[i] + f64(iota(64)))
"""
TIMEOUT = 300
INTERRUPTS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

results = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    results["passed" if condition else "failed"] += 1
    print(("ok    " if condition else "FAIL  ") + name + ("" if condition else ": " + detail))


def other_user():
    """The preexec_fn running a command as a user without root's rights: nobody when
    this test runs as root, else the test's own user (None)."""
    if os.geteuid() != 0:
        return None
    nobody = pwd.getpwnam("nobody")

    def drop():
        os.setgroups([])
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)

    return drop


def owned_directory(path, mode=0o755):
    """A directory the other user owns (and may write to, with mode 0o755)."""
    os.makedirs(path, exist_ok=True)
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(path, nobody.pw_uid, nobody.pw_gid)
    os.chmod(path, mode)
    return path


def run(command, cwd, as_user=None, env=None, stdin=None, shell=False):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT,
                          preexec_fn=as_user, env=env, stdin=stdin, shell=shell)


def one_error(result, *pieces):
    lines = result.stderr.splitlines()
    return (result.returncode == 1 and len(lines) == 1 and
            (lines[0].startswith("error:") or lines[0].startswith("arrc: error:"))
            and all(piece in lines[0] for piece in pieces))


def describe(result):
    return f"status {result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}"


def hidden_files(directory):
    return [name for name in os.listdir(directory) if name.startswith(".")]


def load(path):
    """The values of an .npy file as a list, or None if it is not one."""
    try:
        return np.load(path).tolist()
    except (OSError, ValueError):
        return None


def mode_of(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def output_cases(arrc, workdir, prog, program):
    user = other_user()
    home = owned_directory(os.path.join(workdir, "user"))
    shutil.copy(prog, os.path.join(home, "prog"))
    shutil.copy(program, os.path.join(home, "p.arr"))
    with open(os.path.join(home, "in.txt"), "w") as out:
        out.write("[1.0, 2.0]\n")
    as_user = lambda command, **options: run(command, home, user, **options)

    def fresh(name, mode, contents=b"old contents\n"):
        path = os.path.join(home, name)
        if os.path.lexists(path):
            os.remove(path)
        # Created by the other user, so that it is that user's own file.
        as_user(["sh", "-c", f"printf '%s' \"$1\" > {name} && chmod {mode:o} {name}", "-",
                 contents.decode()])
        return path

    # A read-only file of the user's own: an error, the file as it was.
    for label, command, name in [
            ("prog -o", ["./prog", "in.txt", "-o", "mine.npy"], "mine.npy"),
            ("arrc --interpret -o", [arrc, "p.arr", "--interpret", "in.txt", "-o", "mine.npy"],
             "mine.npy"),
            ("arrc -o", [arrc, "p.arr", "-o", "mine"], "mine"),
            ("arrc -c -o", [arrc, "-c", "p.arr", "-o", "mine.o"], "mine.o")]:
        path = fresh(name, 0o444)
        result = as_user(command, env=dict(os.environ, TMPDIR=home))
        check(f"{label} of a read-only file is an error", one_error(result, f"'{name}'",
                                                                     "Permission denied"),
              describe(result))
        with open(path, "rb") as written:
            contents = written.read()
        check(f"{label} leaves the read-only file as it was",
              contents == b"old contents\n" and mode_of(path) == 0o444,
              f"{contents[:40]!r}, mode {mode_of(path):o}")
        check(f"{label} leaves no temporary file", hidden_files(home) == [] and
              not glob.glob(os.path.join(home, "arrc-*")), str(os.listdir(home)))

    # The check comes before the computation, whose result it would throw away: no run.
    fresh("mine.npy", 0o444)
    result = as_user(["./prog", "in.txt", "-o", "mine.npy", "--runs", "1"])
    check("prog -o of a read-only file fails before running the entry",
          result.returncode != 0 and "run 1:" not in result.stderr, describe(result))

    if os.geteuid() == 0:
        # Root may write a read-only file in place, so it may replace it.
        path = fresh("root.npy", 0o444)
        result = run([os.path.join(home, "prog"), "in.txt", "-o", "root.npy"], home)
        check("root's prog -o replaces a read-only file and keeps its mode",
              result.returncode == 0 and load(path) == [2.0, 4.0] and
              mode_of(path) == 0o444, describe(result))

    # A symbolic link is written through, and stays a link; its target keeps its mode.
    target = fresh("target.npy", 0o640)
    as_user(["ln", "-sf", "target.npy", "link.npy"])
    result = as_user(["./prog", "in.txt", "-o", "link.npy"])
    link = os.path.join(home, "link.npy")
    check("prog -o through a symbolic link replaces its target",
          result.returncode == 0 and load(target) == [2.0, 4.0], describe(result))
    check("prog -o keeps the symbolic link and its target's mode",
          os.path.islink(link) and os.readlink(link) == "target.npy" and
          mode_of(target) == 0o640, f"link {os.path.islink(link)}, mode {mode_of(target):o}")
    as_user(["mkdir", "-p", "sub"])
    as_user(["ln", "-sf", "sub/new.npy", "dangling.npy"])
    result = as_user(["./prog", "in.txt", "-o", "dangling.npy"])
    check("prog -o through a dangling link creates its target and keeps the link",
          result.returncode == 0 and os.path.islink(os.path.join(home, "dangling.npy")) and
          load(os.path.join(home, "sub", "new.npy")) == [2.0, 4.0],
          describe(result))
    check("prog -o through links leaves no temporary file",
          hidden_files(home) == [] and hidden_files(os.path.join(home, "sub")) == [],
          str(os.listdir(home)))

    # arrc -o through a link: the target becomes the executable, runnable where readable.
    old = fresh("old-exe", 0o640)
    as_user(["ln", "-sf", "old-exe", "exe-link"])
    result = as_user([arrc, "p.arr", "-o", "exe-link"], env=dict(os.environ, TMPDIR=home))
    ran = as_user(["./exe-link", "in.txt"])
    check("arrc -o through a link replaces its target with an executable",
          result.returncode == 0 and os.path.islink(os.path.join(home, "exe-link")) and
          ran.stdout == "[2.0, 4.0]\n", describe(result) + "; " + describe(ran))
    check("arrc -o keeps the replaced file's mode, executable where readable",
          mode_of(old) == 0o750, f"mode {mode_of(old):o}")

    if user is not None:
        # A writable file in a directory the user may not add files to: written in place.
        locked = owned_directory(os.path.join(workdir, "locked"))
        with open(os.path.join(locked, "out.npy"), "wb") as out:
            out.write(b"old contents\n")
        os.chown(os.path.join(locked, "out.npy"), pwd.getpwnam("nobody").pw_uid, -1)
        os.chmod(locked, 0o555)
        result = run([os.path.join(home, "prog"), os.path.join(home, "in.txt"), "-o", "out.npy"],
                     locked, user)
        check("prog -o writes a writable file in a read-only directory in place",
              result.returncode == 0 and
              load(os.path.join(locked, "out.npy")) == [2.0, 4.0], describe(result))


def feed_fifo(path, data):
    """Writes `data` into the FIFO `path` from a thread; a reader that stops early is fine."""

    def write():
        try:
            with open(path, "wb") as out:
                out.write(data)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=write)
    thread.start()
    return thread


def npy_bytes(header, data):
    """A version 2.0 .npy file with this exact header text."""
    return b"\x93NUMPY\x02\x00" + len(header).to_bytes(4, "little") + header + data


def pipe_cases(workdir, prog):
    x = os.path.join(workdir, "x.npy")
    np.save(x, np.array([1.5, -2.0, 3.25]))
    expected = "[3.0, -4.0, 6.5]\n"
    result = run(["bash", "-c", f"{prog} <(cat {x})"], workdir)
    check("an .npy file through bash's <(...) is read as .npy",
          result.returncode == 0 and result.stdout == expected, describe(result))
    with open(x, "rb") as stdin:
        result = run([prog, "/dev/stdin"], workdir, stdin=stdin)
    check("an .npy file as /dev/stdin is read as .npy",
          result.returncode == 0 and result.stdout == expected, describe(result))
    fifo = os.path.join(workdir, "fifo")
    os.mkfifo(fifo)
    with open(x, "rb") as source:
        writer = feed_fifo(fifo, source.read())
    result = run([prog, fifo], workdir)
    writer.join()
    check("an .npy file through a FIFO is read as .npy",
          result.returncode == 0 and result.stdout == expected, describe(result))
    result = run(["bash", "-c", f"{prog} <(echo '[1.0, 2.5]')"], workdir)
    check("text through a pipe is still text",
          result.returncode == 0 and result.stdout == "[2.0, 5.0]\n", describe(result))

    header = b"{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }"
    data = np.array([2.5]).tobytes()
    longest = header + b" " * (10000 - len(header) - 1) + b"\n"
    for label, contents, accepted in [
            ("a header claiming 4 GiB", b"\x93NUMPY\x02\x00\xff\xff\xff\xff{", False),
            ("a valid header of 10001 bytes", npy_bytes(b" " + longest, data), False),
            ("a valid header of 10000 bytes", npy_bytes(longest, data), True)]:
        writer = feed_fifo(fifo, contents)
        result = run([prog, fifo], workdir)
        writer.join()
        if accepted:
            check(f"{label} is read from a FIFO",
                  result.returncode == 0 and result.stdout == "[5.0]\n", describe(result))
        else:
            check(f"{label} is refused from a FIFO",
                  one_error(result, "is larger than 10000 bytes, the most NumPy reads"),
                  describe(result))
    long_file = os.path.join(workdir, "long.npy")
    with open(long_file, "wb") as out:
        out.write(npy_bytes(b" " + longest, data))
    result = run([prog, long_file], workdir)
    check("a valid header of 10001 bytes is refused from a file",
          one_error(result, "header length 10001 is larger than 10000 bytes"), describe(result))


def children(pid):
    """The processes `pid` started (every thread's children)."""
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as listing:
                found += [int(child) for child in listing.read().split()]
    except OSError:
        pass
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as status:
            return status.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def default_interrupts():
    # Whatever started this test may ignore them (nohup's SIGHUP, a background job's SIGINT).
    for number in INTERRUPTS:
        signal.signal(number, signal.SIG_DFL)


def interrupt_cases(arrc, workdir, program):
    for number in INTERRUPTS:
        for moment in ("while its object file exists", "while it links"):
            name = f"arrc interrupted by {number.name} {moment}"
            temporary = tempfile.mkdtemp(prefix="tmp-", dir=workdir)
            output = tempfile.mkdtemp(prefix="out-", dir=workdir)
            arrc_process = subprocess.Popen(
                [arrc, program, "-o", os.path.join(output, "prog")],
                env=dict(os.environ, TMPDIR=temporary), preexec_fn=default_interrupts,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            caught, stopped = False, None
            deadline = time.monotonic() + TIMEOUT
            while arrc_process.poll() is None and time.monotonic() < deadline:
                if moment == "while its object file exists":
                    if glob.glob(os.path.join(temporary, "arrc-*")):
                        os.kill(arrc_process.pid, signal.SIGSTOP)
                        caught = hidden_files(output) != []
                        break
                elif children(arrc_process.pid):
                    # Stop the linker clang runs if it gets that far, else clang itself.
                    driver = children(arrc_process.pid)[0]
                    linker_deadline = time.monotonic() + 5
                    while not children(driver) and alive(driver) and \
                            time.monotonic() < linker_deadline:
                        time.sleep(0.001)
                    stopped = (children(driver) or [driver])[0]
                    os.kill(stopped, signal.SIGSTOP)
                    caught = alive(stopped) and hidden_files(output) != []
                    break
                time.sleep(0.0005)
            os.kill(arrc_process.pid, number)
            os.kill(arrc_process.pid, signal.SIGCONT)
            status = arrc_process.wait(timeout=TIMEOUT)
            left = os.listdir(temporary) + os.listdir(output)
            linker_left = stopped is not None and alive(stopped)
            if linker_left:
                os.kill(stopped, signal.SIGKILL)  # it holds arrc's stderr open
            stderr = arrc_process.stderr.read().decode(errors="replace")
            arrc_process.stderr.close()
            check(name + ": caught at that point", caught,
                  "arrc finished first, or had no temporary beside its output")
            check(name + ": ends by the signal", status == -number,
                  f"status {status}, stderr {stderr!r}")
            check(name + ": leaves no file behind", left == [], str(left))
            if stopped is not None:
                check(name + ": leaves no linker running", not linker_left, str(stopped))


def interrupted_executable_cases(workdir, prog):
    """An executable interrupted while it writes its -o file leaves neither it nor a temporary."""
    values = os.path.join(workdir, "wide-input.npy")
    np.save(values, np.zeros(200000))
    for number in INTERRUPTS:
        output = tempfile.mkdtemp(prefix="exe-out-", dir=workdir)
        process = subprocess.Popen([prog, "--entry", "wide", values, "-o",
                                    os.path.join(output, "out.npy")],
                                   preexec_fn=default_interrupts, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        caught = False
        deadline = time.monotonic() + TIMEOUT
        while process.poll() is None and time.monotonic() < deadline:
            if hidden_files(output):
                os.kill(process.pid, signal.SIGSTOP)
                caught = True
                break
            time.sleep(0.0005)
        os.kill(process.pid, number)
        os.kill(process.pid, signal.SIGCONT)
        _, stderr = process.communicate(timeout=TIMEOUT)
        name = f"prog -o interrupted by {number.name} while it writes"
        check(name + ": caught at that point", caught, "it finished first")
        check(name + ": ends by the signal", process.returncode == -number,
              f"status {process.returncode}, stderr {stderr!r}")
        check(name + ": leaves no file behind", os.listdir(output) == [], str(os.listdir(output)))


def killed_linker_case(arrc, workdir, program):
    """The linker, not arrc, killed: arrc reports the failed link and cleans up."""
    temporary = tempfile.mkdtemp(prefix="tmp-", dir=workdir)
    output = tempfile.mkdtemp(prefix="out-", dir=workdir)
    arrc_process = subprocess.Popen([arrc, program, "-o", os.path.join(output, "prog")],
                                    env=dict(os.environ, TMPDIR=temporary),
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + TIMEOUT
    killed = False
    while arrc_process.poll() is None and time.monotonic() < deadline:
        driver = children(arrc_process.pid)
        if driver:
            os.kill(driver[0], signal.SIGSTOP)  # so that it cannot finish first
            os.kill(driver[0], signal.SIGTERM)
            os.kill(driver[0], signal.SIGCONT)
            killed = True
            break
        time.sleep(0.0005)
    _, stderr = arrc_process.communicate(timeout=TIMEOUT)
    left = os.listdir(temporary) + os.listdir(output)
    check("a killed linker is a failed link", killed and arrc_process.returncode == 1 and
          "linking" in stderr and "killed by signal 15" in stderr and
          len(stderr.splitlines()) == 1,
          f"status {arrc_process.returncode}, stderr {stderr!r}")
    check("a killed linker leaves no file behind", left == [], str(left))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    arguments = parser.parse_args()
    arrc = os.path.abspath(arguments.arrc)
    with tempfile.TemporaryDirectory(prefix="arr-file-handling-") as workdir:
        os.chmod(workdir, 0o755)  # the other user reaches its own directory inside
        program = os.path.join(workdir, "p.arr")
        with open(program, "w") as source:
            source.write(PROGRAM)
        prog = os.path.join(workdir, "prog")
        built = run([arrc, program, "-o", prog], workdir)
        if built.returncode != 0:
            print("cannot build the test program: " + describe(built))
            return 1
        output_cases(arrc, workdir, prog, program)
        pipe_cases(workdir, prog)
        interrupt_cases(arrc, workdir, program)
        killed_linker_case(arrc, workdir, program)
        interrupted_executable_cases(workdir, prog)
        # Leave nothing the cleanup cannot remove.
        for root, directories, _ in os.walk(workdir):
            for directory in directories:
                os.chmod(os.path.join(root, directory), 0o755)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
