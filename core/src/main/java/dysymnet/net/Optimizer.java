package dysymnet.net;

/** A first-order optimizer updating a parameter vector in place from its gradient; holds per-parameter state. */
public interface Optimizer {

    /** One update of {@code params} from {@code grad} with step size {@code lr}. Allocates nothing. */
    void step(double[] params, double[] grad, double lr);

    /** Clears the state (moments, step count). */
    void reset();

    /** The available optimizers. */
    enum Kind {
        /** Adam (beta1 0.9, beta2 0.999, eps 1e-8) with bias correction. */
        ADAM,
        /** RMSprop as in PyTorch (alpha 0.99, eps 1e-8, no momentum). */
        RMSPROP,
        /** Plain gradient descent. */
        SGD;

        /** A fresh optimizer for {@code n} parameters. */
        public Optimizer create(int n) {
            return switch (this) {
                case ADAM -> new Adam(n, 0.9, 0.999, 1e-8);
                case RMSPROP -> new RmsProp(n, 0.99, 1e-8);
                case SGD -> new Sgd();
            };
        }
    }

    /** Adam with bias correction. */
    final class Adam implements Optimizer {
        private final double beta1;
        private final double beta2;
        private final double eps;
        private final double[] m;
        private final double[] v;
        private double pow1 = 1.0;
        private double pow2 = 1.0;

        public Adam(int n, double beta1, double beta2, double eps) {
            if (n < 0) {
                throw new IllegalArgumentException("n must be non-negative, got " + n);
            }
            if (!(beta1 >= 0.0 && beta1 < 1.0) || !(beta2 >= 0.0 && beta2 < 1.0)) {
                throw new IllegalArgumentException("betas must be in [0, 1), got " + beta1 + ", " + beta2);
            }
            this.beta1 = beta1;
            this.beta2 = beta2;
            this.eps = eps;
            this.m = new double[n];
            this.v = new double[n];
        }

        @Override
        public void step(double[] params, double[] grad, double lr) {
            pow1 *= beta1;
            pow2 *= beta2;
            double c1 = lr / (1.0 - pow1);
            double c2 = 1.0 / (1.0 - pow2);
            for (int p = 0; p < params.length; p++) {
                double g = grad[p];
                double mp = beta1 * m[p] + (1.0 - beta1) * g;
                double vp = beta2 * v[p] + (1.0 - beta2) * g * g;
                m[p] = mp;
                v[p] = vp;
                params[p] -= c1 * mp / (Math.sqrt(vp * c2) + eps);
            }
        }

        @Override
        public void reset() {
            java.util.Arrays.fill(m, 0.0);
            java.util.Arrays.fill(v, 0.0);
            pow1 = 1.0;
            pow2 = 1.0;
        }
    }

    /** RMSprop: divides the gradient by the root of a running mean of its square. */
    final class RmsProp implements Optimizer {
        private final double alpha;
        private final double eps;
        private final double[] v;

        public RmsProp(int n, double alpha, double eps) {
            if (n < 0) {
                throw new IllegalArgumentException("n must be non-negative, got " + n);
            }
            if (!(alpha >= 0.0 && alpha < 1.0)) {
                throw new IllegalArgumentException("alpha must be in [0, 1), got " + alpha);
            }
            this.alpha = alpha;
            this.eps = eps;
            this.v = new double[n];
        }

        @Override
        public void step(double[] params, double[] grad, double lr) {
            for (int p = 0; p < params.length; p++) {
                double g = grad[p];
                double vp = alpha * v[p] + (1.0 - alpha) * g * g;
                v[p] = vp;
                params[p] -= lr * g / (Math.sqrt(vp) + eps);
            }
        }

        @Override
        public void reset() {
            java.util.Arrays.fill(v, 0.0);
        }
    }

    /** Plain gradient descent. */
    final class Sgd implements Optimizer {
        @Override
        public void step(double[] params, double[] grad, double lr) {
            for (int p = 0; p < params.length; p++) {
                params[p] -= lr * grad[p];
            }
        }

        @Override
        public void reset() {
        }
    }
}
