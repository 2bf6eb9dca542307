/**
 * Training data as primitive columns ({@link dysymnet.data.Dataset}), its random splits, its fingerprint, and the
 * derivation of independent random streams from one seed ({@link dysymnet.data.Seeds}). Depends on nothing else of
 * the library.
 */
package dysymnet.data;
