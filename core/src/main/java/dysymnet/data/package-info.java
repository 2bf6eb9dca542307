/**
 * Training data as primitive columns ({@link dysymnet.data.Dataset}), its random splits, its fingerprint, the error
 * metrics ({@link dysymnet.data.Metrics}), power-of-two scaling of columns of extreme magnitude
 * ({@link dysymnet.data.Scaling}), and the derivation of independent random streams from one seed
 * ({@link dysymnet.data.Seeds}). Depends on nothing else of the library.
 */
package dysymnet.data;
