/** The runnable program: the command line of the cli module with the bench command added. */
package dysymnet.app;
