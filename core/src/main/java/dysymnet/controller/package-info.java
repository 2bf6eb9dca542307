/**
 * The RNN controller of DySymNet: an LSTM that samples symbolic-network architectures autoregressively and
 * learns from their rewards by risk-seeking policy gradient with an entropy bonus (paper, Algorithms 1-2).
 */
package dysymnet.controller;
