/** JMH micro-benchmarks of network training, formula evaluation and table reading, run from their own jar (not part of the user's jar). */
package dysymnet.jmh;
