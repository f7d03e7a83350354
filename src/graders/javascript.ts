import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Grader, type JsonObject, type JsonValue, TouchstoneError } from "../contract/index.js";
import { callCheckModule } from "./javascript-worker.js";
import { assertOptions, metricProblems, type OptionProblem } from "./option-issues.js";
import { deterministicScore, unscorableReason, type Verdict } from "./text-grader.js";

/** Version of the javascript grader; it enters the grader and every score it writes. */
export const JAVASCRIPT_GRADER_VERSION = "1";
/** Default time bound of one call of a check module, in milliseconds. */
export const JAVASCRIPT_TIMEOUT_MS = 2_000;
/** Highest time bound a check may ask for, in milliseconds. */
export const MAX_JAVASCRIPT_TIMEOUT_MS = 60_000;

/** What a check module's `check` is called with. */
export interface JavascriptCheckArgs {
	/** The attempt's final output. */
	readonly output: string;
	/** The case's input. */
	readonly input: JsonObject;
	/** The case's reference without its checks, or null. */
	readonly reference: JsonObject | null;
	/** `input.vars` when it is a mapping (prompt templates), else `{}`. */
	readonly vars: Readonly<Record<string, JsonValue>>;
}

/** Options of {@link createJavascriptGrader}. */
export interface JavascriptOptions {
	/** Absolute path of the module, already checked to be inside the benchmarks folder. */
	readonly module: string;
	/** The path as the case author wrote it (relative to the benchmarks folder): in the config and messages. */
	readonly label: string;
	/** sha256 of the module file when it was loaded; it enters the config, so editing the module re-runs its cells. */
	readonly sha256: string;
	/** Time bound of one call, 1..{@link MAX_JAVASCRIPT_TIMEOUT_MS} ms; defaults to {@link JAVASCRIPT_TIMEOUT_MS}. */
	readonly timeout_ms?: number;
	/** Metric name; defaults to `javascript`. */
	readonly metric?: string;
}

/**
 * Runs a case author's module in a worker thread (see `callCheckModule`): its
 * `check({ output, input, reference, vars })` returns a number in 0..1 (an `absolute` score), a
 * boolean (pass/fail), or `{ value, reasoning }` with either. A throw, a rejected promise, a
 * timeout, a value out of range or of the wrong shape, or a module edited since it was loaded is a
 * grader error (a TouchstoneError naming the module), never a score. An attempt without output is
 * not shown to the module: it fails with the reason.
 */
export function createJavascriptGrader(options: JavascriptOptions): Grader {
	const metric = options.metric ?? "javascript";
	const timeoutMs = options.timeout_ms ?? JAVASCRIPT_TIMEOUT_MS;
	const problems: OptionProblem[] = [...metricProblems(metric)];
	if (!(Number.isInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= MAX_JAVASCRIPT_TIMEOUT_MS))
		problems.push({
			path: "timeout_ms",
			message: `expected a whole number of milliseconds from 1 to ${MAX_JAVASCRIPT_TIMEOUT_MS}, found ${timeoutMs}`,
			fix: `write e.g. \`timeout_ms: ${JAVASCRIPT_TIMEOUT_MS}\``,
		});
	assertOptions("javascript", problems);
	const grader = { id: "javascript", version: JAVASCRIPT_GRADER_VERSION };
	const fail = (message: string) =>
		new TouchstoneError("javascript-check", `the javascript check ${options.label} ${message}`);
	return {
		specificationVersion: "v1",
		...grader,
		config: { metric, javascript: options.label, sha256: options.sha256, timeout_ms: timeoutMs },
		async grade({ case: testCase, attempt }, { signal }) {
			const unscorable = unscorableReason(attempt);
			if (unscorable !== null || attempt.final === null) {
				const verdict = { value: 0, value_label: "fail", reasoning: unscorable ?? "no output", extras: null };
				return [deterministicScore(grader, metric, "boolean", verdict)];
			}
			if (fileHash(options.module) !== options.sha256)
				throw fail("changed since the run loaded it; run again so its cells are keyed by the new version");
			const { checks: _checks, ...reference } = testCase.reference ?? {};
			const vars = testCase.input.vars;
			const args: JavascriptCheckArgs = {
				output: attempt.final,
				input: testCase.input,
				reference: testCase.reference === null ? null : reference,
				vars: vars !== null && typeof vars === "object" && !Array.isArray(vars) ? vars : {},
			};
			const result = await callCheckModule({
				path: options.module,
				sha256: options.sha256,
				args,
				timeoutMs,
				signal,
			});
			if ("failure" in result) throw fail(result.failure);
			const read = readResult(result.value, options.label);
			if ("problem" in read) throw fail(read.problem);
			return [deterministicScore(grader, metric, read.score_type, read.verdict)];
		},
	};
}

/** sha256 of a file's bytes, or null when it cannot be read. */
export function fileHash(path: string): string | null {
	try {
		return createHash("sha256").update(readFileSync(path)).digest("hex");
	} catch {
		return null;
	}
}

type ReadResult = { score_type: "absolute" | "boolean"; verdict: Verdict } | { problem: string };

const SHAPE = "expected a number from 0 to 1, a boolean, or `{ value, reasoning }` with one of them";

function readResult(returned: unknown, label: string): ReadResult {
	let value = returned;
	let reasoning: string | null = null;
	if (returned !== null && typeof returned === "object" && !Array.isArray(returned)) {
		const record = returned as Record<string, unknown>;
		if (!("value" in record)) return { problem: `returned an object without \`value\`; ${SHAPE}` };
		if (record.reasoning !== undefined && typeof record.reasoning !== "string")
			return { problem: `returned a \`reasoning\` that is not a string (${typeof record.reasoning})` };
		value = record.value;
		reasoning = (record.reasoning as string | undefined) ?? null;
	}
	const extras: JsonObject = { returned: typeof value === "number" || typeof value === "boolean" ? value : null };
	if (typeof value === "boolean")
		return {
			score_type: "boolean",
			verdict: {
				value: value ? 1 : 0,
				value_label: value ? "pass" : "fail",
				reasoning: reasoning ?? `${label} returned ${value}`,
				extras,
			},
		};
	if (typeof value === "number") {
		if (!(Number.isFinite(value) && value >= 0 && value <= 1))
			return { problem: `returned ${value}, out of 0..1; ${SHAPE}` };
		return {
			score_type: "absolute",
			verdict: { value, value_label: String(value), reasoning: reasoning ?? `${label} returned ${value}`, extras },
		};
	}
	return { problem: `returned ${describe(value)}; ${SHAPE}` };
}

function describe(value: unknown): string {
	if (value === undefined) return "nothing (undefined)";
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "string") return `a string ${JSON.stringify(value.slice(0, 40))}`;
	return `a ${typeof value}`;
}
