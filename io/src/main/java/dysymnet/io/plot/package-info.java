/** PNG charts drawn with XChart: a model's fit, its Pareto front and reward history, and the benchmarks' plots. */
package dysymnet.io.plot;
