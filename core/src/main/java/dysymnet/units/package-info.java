/**
 * Units and dimensional analysis: {@link dysymnet.units.Dimension} (exact rational exponents over metre, second,
 * kilogram, kelvin and volt), {@link dysymnet.units.UnitText} (SI unit texts), {@link dysymnet.units.UnitTable}
 * (a units file), {@link dysymnet.units.Units} (the units of a fit's data) and
 * {@link dysymnet.units.DimensionCheck} (whether a formula is dimensionally consistent, its unit and its constants'
 * units). Used only when the user gives units: the final choice's rule {@code units} and the model's report.
 */
package dysymnet.units;
