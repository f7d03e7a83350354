import { z } from "zod";
import { type JsonObject, STEP_KINDS, type Step, type Telemetry } from "../../contract/index.js";
import { type ReportedNumberKind, readReportedNumbers } from "../../providers/index.js";

/** Statuses an external harness may report for itself; `completed` when it says none. */
export const EXTERNAL_STATUSES = ["completed", "failed", "limit", "timeout"] as const;

const count = z.number().nonnegative().nullable().default(null);

const stepSchema = z.object({
	kind: z.enum(STEP_KINDS),
	content: z.string().default(""),
	tool: z.string().nullable().default(null),
	arguments: z.record(z.string(), z.json()).nullable().default(null),
	is_error: z.boolean().default(false),
	tokens: count,
	at_ms: count,
});

/** The telemetry a harness may report, and what each figure must be. */
const TELEMETRY_KINDS = {
	cost_usd: "amount",
	ttft_ms: "amount",
	input_tokens: "count",
	output_tokens: "count",
	cache_tokens: "count",
	tokens_per_sec: "amount",
	turns: "count",
} as const satisfies Record<keyof Omit<Telemetry, "latency_ms">, ReportedNumberKind>;

// Read as anything here and checked figure by figure after: a figure that is no figure is
// unknown with a warning, not a reason to throw the harness's whole answer away.
const telemetrySchema = z.record(z.string(), z.unknown());

const outputSchema = z.object({
	final: z.string({ error: "expected `final`: the agent's final message (a string) or null" }).nullable(),
	trace: z.array(stepSchema).default([]),
	telemetry: telemetrySchema.prefault({}),
	status: z.enum(EXTERNAL_STATUSES).default("completed"),
	error: z.string().nullable().default(null),
});

/** What an external harness reports, checked, with unknowns null. Latency is measured by the runner. */
export interface ExternalOutput {
	readonly final: string | null;
	readonly trace: readonly Step[];
	readonly telemetry: Omit<Telemetry, "latency_ms">;
	readonly status: (typeof EXTERNAL_STATUSES)[number];
	readonly error: string | null;
	/** Telemetry figures that were not figures (`"cost_usd": -1000`), each dropped to unknown. */
	readonly warnings: readonly string[];
}

const EXCERPT_CHARS = 200;

/**
 * Reads what an external harness printed on stdout: one JSON object `{final, trace, telemetry}`
 * (optionally `status` and `error`), either the whole output or its last line, so a harness that
 * logs before its answer still works. Returns the output, or a message saying what was wrong with
 * the first bytes of what was printed.
 */
export function parseExternalOutput(stdout: string): ExternalOutput | string {
	const text = stdout.trim();
	const excerpt = () =>
		text === ""
			? "it printed nothing"
			: `output began: ${JSON.stringify(text.slice(0, EXCERPT_CHARS))}${text.length > EXCERPT_CHARS ? "…" : ""}`;
	const json = parseJson(text) ?? parseJson(text.slice(text.lastIndexOf("\n") + 1));
	if (json === undefined)
		return `expected one JSON object {final, trace, telemetry} on stdout, but it is not JSON; ${excerpt()}`;
	const parsed = outputSchema.safeParse(json);
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => {
			const path = issue.path.map(String).join(".");
			return path === "" ? issue.message : `${path}: ${issue.message}`;
		});
		return `its JSON is not {final, trace, telemetry}: ${problems.slice(0, 8).join("; ")}; ${excerpt()}`;
	}
	const { final, trace, telemetry, status, error } = parsed.data;
	const warnings: string[] = [];
	const fields = Object.fromEntries(
		Object.entries(TELEMETRY_KINDS).map(([name, kind]) => [
			name,
			{ value: telemetry[name], name: `telemetry.${name}`, kind },
		]),
	) as Record<keyof typeof TELEMETRY_KINDS, { value: unknown; name: string; kind: ReportedNumberKind }>;
	return {
		final,
		trace: trace.map((step) => ({ ...step, arguments: step.arguments as JsonObject | null })),
		telemetry: readReportedNumbers(fields, warnings),
		status,
		error,
		warnings,
	};
}

function parseJson(text: string): unknown {
	if (!text.startsWith("{")) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
