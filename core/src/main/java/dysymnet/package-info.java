/** dysymnet: symbolic regression by neural-guided dynamic symbolic networks. */
package dysymnet;
