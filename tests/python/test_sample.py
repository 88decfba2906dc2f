"""samples/python/fit.py: gradient descent on the compiled gradient of the MLP
makes the loss fall, as the sample prints it."""

import re
import subprocess
import sys

from conftest import ROOT


def test_the_loss_falls():
    done = subprocess.run(
        [sys.executable, str(ROOT / "samples" / "python" / "fit.py"), "--steps", "400", "--every", "40"],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    losses = [float(value) for value in re.findall(r"^step +\d+  loss ([0-9.e+-]+)$", done.stdout, re.M)]
    assert len(losses) == 11, done.stdout
    assert all(later < earlier for earlier, later in zip(losses, losses[1:])), losses
    assert losses[-1] < losses[0] / 20, losses
    final = float(re.search(r"^final loss ([0-9.e+-]+)", done.stdout, re.M).group(1))
    assert final <= losses[-1]
