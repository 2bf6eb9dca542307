"""Ctrl-C during a fit: the search stops and fit returns the best formula found so far."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

from conftest import FAST_JVM, PYTHON_DIR

CHILD = textwrap.dedent("""
    import json, signal, sys, warnings
    # what a terminal's Ctrl-C gives an interactive Python, even where this process started with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path.insert(0, %(python_dir)r)
    import numpy as np
    from dysymnet import DySymNetRegressor
    rng = np.random.default_rng(0)
    X = rng.uniform(-2, 2, (60, 2))
    y = np.exp(X[:, 0] / 2) * np.cos(3 * X[:, 1]) + rng.normal(0, 0.1, 60)
    reg = DySymNetRegressor(time_limit=300, max_steps=1000, networks_per_step=2, train_steps=1000, threads=1,
                            verbose=1, java_options=%(jvm)r)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reg.fit(X, y)
    print(json.dumps({"cancelled": reg.cancelled_, "stop": reg.model_json_["stop_reason"],
                      "expression": reg.expression_, "rows": len(reg.equations_),
                      "warnings": [str(w.message) for w in caught],
                      "predictions": reg.predict(X[:3]).tolist()}))
""")


def test_ctrl_c_stops_the_search_and_fit_returns_the_best_so_far(jar, tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD % {"python_dir": PYTHON_DIR, "jvm": FAST_JVM})
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    killer = threading.Timer(150, child.kill)  # a hung child fails the test instead of hanging it
    killer.start()
    try:
        seen = []
        for line in child.stderr:  # the jar's progress, relayed by verbose=1: the search is running
            seen.append(line)
            if line.startswith("step "):
                break
        assert any(line.startswith("step ") for line in seen), "".join(seen)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
        took = time.monotonic() - sent
    finally:
        killer.cancel()
        if child.poll() is None:
            child.kill()
    err = "".join(seen) + err
    assert child.returncode == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    assert result["cancelled"] is True and result["stop"] == "CANCELLED"
    assert result["expression"] and result["rows"] >= 1
    assert any("interrupted" in w and "best formula found so far" in w for w in result["warnings"])
    assert len(result["predictions"]) == 3
    assert "interrupted; waiting for the search to report the best formula" in err
    # the search stops at its next check of the cancel flag, then reports: well before its 300 s
    assert took < 60, took
