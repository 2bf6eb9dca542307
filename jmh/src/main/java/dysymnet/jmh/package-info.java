/** JMH micro-benchmarks of network training, run from their own jar (not part of the user's jar). */
package dysymnet.jmh;
