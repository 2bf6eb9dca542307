"""scikit-learn's estimator checks (sklearn.utils.estimator_checks), each a test of its own.

DySymNetRegressor passes every check that scikit-learn 1.2 (Debian 12's) runs on a regressor: EXPECTED_FAILURES
lists the checks it is known not to pass, each with the reason, and is empty for that version. A check listed there
is skipped with its reason; any other failure fails the test.

The estimator is checked with a short search (conftest.FAST: one controller step, no time limit, so that a fit is
reproducible as the idempotence, pickling and sample-order checks require). Each fit and each predict is a run of
the jar, about a second each, and the checks make about 60 fits and 150 predictions: this is the longest test
(tagged slow).
"""

import pytest
from sklearn.utils.estimator_checks import parametrize_with_checks

from conftest import FAST

from dysymnet import DySymNetRegressor

#: check name -> why DySymNetRegressor does not pass it.
EXPECTED_FAILURES = {}


def _name(check):
    return getattr(check, "func", check).__name__


@pytest.mark.slow
@parametrize_with_checks([DySymNetRegressor(**FAST)])
def test_sklearn_estimator_check(estimator, check, jar):
    reason = EXPECTED_FAILURES.get(_name(check))
    if reason:
        pytest.skip(reason)
    check(estimator)
