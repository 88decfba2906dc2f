"""The PASS/FAIL tally that the test scripts share (tests/native/native_checks.py,
tests/samples/sample_checks.py, tests/cabi/*_test.py): one line per check, the detail of
a failure under it, and "N passed, M failed" at the end."""

passed = 0
failed = 0


def report(ok, what, detail=""):
    """Prints PASS or FAIL and what was checked, with the detail of a failure; returns ok."""
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(("PASS " if ok else "FAIL ") + what, flush=True)
    if not ok and detail:
        print("  " + str(detail).strip().replace("\n", "\n  ")[:3000], flush=True)
    return ok


def summary():
    """Prints "N passed, M failed"; the exit status: 1 on any failure."""
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0
