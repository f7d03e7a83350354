/**
 * A parsed JSON value as a parse error names what was found instead: its kind, and a short
 * excerpt of a string or the value of a scalar. Shared by the readers of judges' and reviewers'
 * replies, so their errors say the same thing the same way.
 */
export function describeValue(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "a list";
	if (typeof value === "string")
		return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
	if (typeof value === "object") return "an object";
	return `the ${typeof value} ${String(value)}`;
}
