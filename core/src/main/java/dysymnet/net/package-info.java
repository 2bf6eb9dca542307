/**
 * The symbolic network: {@link dysymnet.net.Architecture} (layers of {@link dysymnet.net.Operator} units, each tied
 * to a formula operator of {@link dysymnet.expr}), {@link dysymnet.net.SymbolicNetwork} (forward and backward pass,
 * read-off as a formula), and its training ({@link dysymnet.net.Trainer} with its optimizers, gradient clipping and
 * L0.5 penalty).
 */
package dysymnet.net;
