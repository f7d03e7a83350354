/** How one test in a report ended. `todo` and `skipped` tests did not prove anything. */
export const TEST_OUTCOMES = ["passed", "failed", "skipped", "todo"] as const;
/** One of {@link TEST_OUTCOMES}. */
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/** One test as a report lists it, whatever the runner. */
export interface TestResult {
	/** The test's own title, e.g. `adds two numbers` or `test_add[1]`. */
	readonly name: string;
	/**
	 * Its full name: suites and title joined with ` > ` (node:test, Vitest), or the dotted pytest
	 * id `tests.test_sum.TestSum.test_add` (classname and name, as junit XML has it).
	 */
	readonly full_name: string;
	/** Every name a required test may be given as (title, full name, Vitest's space-joined full name). */
	readonly aliases: readonly string[];
	/** See {@link TEST_OUTCOMES}. */
	readonly outcome: TestOutcome;
	/** Whether this is a test rather than a suite or a parent of subtests (only tests count as "ran"). */
	readonly leaf: boolean;
	/** Its duration in milliseconds, when the report gives it. */
	readonly duration_ms: number | null;
	/** The first line of its failure or skip message, when there is one. */
	readonly message: string | null;
}

/** What a report parser returns: the tests, or why the text is not a report of that format. */
export type ParsedReport =
	| { readonly ok: true; readonly tests: readonly TestResult[] }
	| { readonly ok: false; readonly problem: string };

/** The aliases of a test: its title and every full name, without duplicates. */
export function aliasesOf(name: string, ...fullNames: string[]): string[] {
	return [...new Set([name, ...fullNames])];
}

/** The first non-empty line of a message, trimmed and capped; null for none. */
export function firstLine(message: string | null | undefined): string | null {
	if (message === null || message === undefined) return null;
	const line = message
		.split("\n")
		.map((part) => part.trim())
		.find((part) => part !== "");
	if (line === undefined) return null;
	return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
