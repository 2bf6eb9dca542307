import numpy as np


def dysymnet_model(x, y, z):
    """dysymnet formula: x/(y - 1) + log(x*y) + (x + y)^3 - 0.333333*sinh(x - y)

    Computes what dysymnet's Model.predict computes for this formula
    (constants rounded to 6 significant digits), protected operations included:
      log(u) is log(max(|u|, 1e-300))
      sinh(u) clamps u to [-100, 100]
      a / b is a / 1e-300 where b == 0
      a ^ b is |a| ^ b where a < 0 and b is not an integer (a^2 is a*a, a^3 is a*a*a)
    The code writes a protection out only where it can change the value.

    Arguments: numbers or NumPy arrays, broadcast together; returns a float64 NumPy array.
    """
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    z = np.asarray(z, dtype=np.float64)
    with np.errstate(all="ignore"):
        t1 = y - 1.0
        t2 = x + y
        return np.broadcast_to(x / np.where(t1 == 0.0, 1e-300, t1) + np.log(np.maximum(np.abs(x * y), 1e-300)) + t2 * t2 * t2 - 0.333333 * np.sinh(np.clip(x - y, -100.0, 100.0)), np.broadcast_shapes(x.shape, y.shape, z.shape)).astype(np.float64)


import numpy as np


def keywords(lambda_, np_, double):
    """dysymnet formula: lambda*np + log(double)

    Computes what dysymnet's Model.predict computes for this formula
    (constants rounded to 6 significant digits), protected operations included:
      log(u) is log(max(|u|, 1e-300))
    The code writes a protection out only where it can change the value.
    The variable lambda is the parameter lambda_.
    The variable np is the parameter np_.

    Arguments: numbers or NumPy arrays, broadcast together; returns a float64 NumPy array.
    """
    lambda_ = np.asarray(lambda_, dtype=np.float64)
    np_ = np.asarray(np_, dtype=np.float64)
    double = np.asarray(double, dtype=np.float64)
    with np.errstate(all="ignore"):
        return lambda_ * np_ + np.log(np.maximum(np.abs(double), 1e-300))


import numpy as np


def constant(x):
    """dysymnet formula: 2.5

    Computes what dysymnet's Model.predict computes for this formula
    (constants rounded to 6 significant digits).

    Arguments: numbers or NumPy arrays, broadcast together; returns a float64 NumPy array.
    """
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        return np.broadcast_to(2.5, np.broadcast_shapes(x.shape)).astype(np.float64)
