#include <math.h>

/*
 * dysymnet formula: x/(y - 1) + log(x*y) + (x + y)^3 - 0.333333*sinh(x - y)
 *
 * Computes what dysymnet's Model.predict computes for this formula
 * (constants rounded to 6 significant digits), protected operations included:
 *   log(u) is log(max(|u|, 1e-300))
 *   sinh(u) clamps u to [-100, 100]
 *   a / b is a / 1e-300 where b == 0
 *   a ^ b is |a| ^ b where a < 0 and b is not an integer (a^2 is a*a, a^3 is a*a*a)
 * The code writes a protection out only where it can change the value.
 *
 * C99 or later; link with -lm. Do not compile with -ffast-math, which drops the rules on NaN and
 * infinity that the protections rely on; -ffp-contract=off keeps a*b + c from being fused.
 */
double dysymnet_model(double x, double y, double z)
{
    const double t1 = y - 1.0;
    const double t2 = fabs(x * y);
    const double t3 = x + y;
    const double t4 = x - y;
    return x / (t1 == 0.0 ? 1e-300 : t1) + log(t2 < 1e-300 ? 1e-300 : t2) + t3 * t3 * t3 - 0.333333 * sinh(t4 < -100.0 ? -100.0 : t4 > 100.0 ? 100.0 : t4);
}

#include <math.h>

/*
 * dysymnet formula: lambda*np + log(double)
 *
 * Computes what dysymnet's Model.predict computes for this formula
 * (constants rounded to 6 significant digits), protected operations included:
 *   log(u) is log(max(|u|, 1e-300))
 * The code writes a protection out only where it can change the value.
 * The variable double is the parameter double_.
 *
 * C99 or later; link with -lm. Do not compile with -ffast-math, which drops the rules on NaN and
 * infinity that the protections rely on; -ffp-contract=off keeps a*b + c from being fused.
 */
double keywords(double lambda, double np, double double_)
{
    return lambda * np + log(fabs(double_) < 1e-300 ? 1e-300 : fabs(double_));
}
