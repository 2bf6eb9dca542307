/**
 * The DySymNet search. {@link dysymnet.search.Search} is the controller loop: per step it samples a batch of
 * architectures from an {@link dysymnet.controller.ArchitectureSampler}, runs the
 * {@link dysymnet.search.ArchitecturePipeline} on the new ones in parallel (train, read off, simplify, refine,
 * eliminate, polish, score), rewards them ({@link dysymnet.search.Reward}) and updates the sampler; a short genetic programming run
 * ({@link dysymnet.gp.GeneticProgramming}) seeded with the step's formulas adds candidates of its own. The candidates form
 * a {@link dysymnet.search.ParetoFront} from which the reported formula is chosen. Every setting of a search is one
 * {@link dysymnet.search.Settings} record, grouped by what the user decides.
 */
package dysymnet.search;
