"""The docs keep true for Python: every parameter of DySymNetRegressor is in the user guide's table of parameters
and every row of it is a parameter; the README's and the guide's Python examples run (with a search of a second)."""

import inspect
import os
import re

import pytest

from conftest import FAST, REPO

import dysymnet
from dysymnet import DySymNetRegressor

GUIDE = os.path.join(REPO, "docs", "user-guide.md")
README = os.path.join(REPO, "README.md")
TABLE = "### DySymNetRegressor parameters"


def _section(path, heading):
    """The lines under ``heading`` up to the next heading of level 2 or 3."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert heading in lines, "%s has no heading %r" % (path, heading)
    out = []
    for line in lines[lines.index(heading) + 1:]:
        if line.startswith("## ") or line.startswith("### "):
            break
        out.append(line)
    return out


def test_every_parameter_is_in_the_guide_and_every_row_is_a_parameter():
    rows = [m.group(1) for m in (re.match(r"^\| `([a-z_]+)` \|", line) for line in _section(GUIDE, TABLE)) if m]
    params = list(inspect.signature(DySymNetRegressor.__init__).parameters)[1:]
    missing = [p for p in params if p not in rows]
    unknown = [r for r in rows if r not in params]
    problems = ["docs/user-guide.md does not document the parameter %r of DySymNetRegressor: add a row | `%s` | "
                "default | meaning | to the table under '%s'" % (p, p, TABLE) for p in missing]
    problems += ["docs/user-guide.md names the parameter %r under '%s', which DySymNetRegressor does not have: "
                 "remove the row or fix its name" % (r, TABLE) for r in unknown]
    assert not problems, "\n".join(problems)
    assert len(rows) == len(params) >= 20


def _python_blocks(path):
    with open(path, encoding="utf-8") as f:
        return re.findall(r"(?ms)^```python\n(.*?)^```", f.read())


@pytest.mark.parametrize("path", [README, GUIDE], ids=["README", "user-guide"])
def test_the_python_examples_run(jar, path, monkeypatch, capsys):
    """Each example as written, but for the search's budget: a second's search instead of the examples' 30 s."""
    blocks = _python_blocks(path)
    assert blocks, "no Python example in %s" % path

    class Quick(DySymNetRegressor):
        def _search_args(self):
            fast = DySymNetRegressor(**FAST)
            return fast._search_args()

        def _run(self, args, cancellable=False):
            return DySymNetRegressor._run(self.set_params(java_options=FAST["java_options"]), args, cancellable)

    monkeypatch.setattr(dysymnet, "DySymNetRegressor", Quick)
    for code in blocks:
        exec(compile(code, path, "exec"), {"__name__": "example"})
    assert capsys.readouterr().out.strip() or path == GUIDE
