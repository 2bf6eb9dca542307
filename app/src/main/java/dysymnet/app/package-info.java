/**
 * The runnable program: the command line of the cli module with the commands of the extensions on the class path
 * (the bench module's {@code bench}, which the {@code ./dysymnet} launcher adds).
 */
package dysymnet.app;
