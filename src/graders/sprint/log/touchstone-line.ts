import { z } from "zod";
import {
	type JsonObject,
	SPRINT_LOG_KINDS,
	SPRINT_LOG_ROLES,
	SPRINT_LOG_SOURCES,
	SPRINT_LOG_VERSION,
	type SprintLogEntry,
} from "../../../contract/index.js";

const count = z.number().int().nonnegative().nullable();
const usd = z.number().nonnegative().nullable();
const jsonObject = z.record(z.string(), z.json());

/** A line of touchstone's own sprint log, as docs/sprint-log.md documents it. Unknown fields are dropped. */
const touchstoneLineSchema = z
	.object({
		v: z.literal(SPRINT_LOG_VERSION, { error: `must be ${SPRINT_LOG_VERSION}, the log format this touchstone reads` }),
		ts: z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: "must be an ISO-8601 time" }),
		kind: z.enum(SPRINT_LOG_KINDS),
		segment: z.string().min(1).nullable(),
		attempt: z.number().int().positive().nullable(),
		role: z.enum(SPRINT_LOG_ROLES),
		source: z.enum(SPRINT_LOG_SOURCES),
		call: z
			.object({
				id: z.string(),
				name: z.string(),
				arguments: jsonObject.nullable(),
				malformed: z.boolean(),
				raw: z.string().optional(),
			})
			.optional(),
		result: z.object({ call_id: z.string(), name: z.string(), is_error: z.boolean(), content: z.string() }).optional(),
		usage: z
			.object({
				input_tokens: count,
				output_tokens: count,
				cached_tokens: count,
				billed_cost_usd: usd,
				priced_cost_usd: usd,
			})
			.optional(),
		text: z.string().optional(),
		ok: z.boolean().optional(),
		data: jsonObject.optional(),
	})
	.superRefine((line, context) => {
		const needs = { tool_call: "call", tool_result: "result", usage: "usage" } as const;
		const field = needs[line.kind as keyof typeof needs];
		if (field !== undefined && line[field] === undefined)
			context.addIssue({ code: "custom", path: [field], message: `a ${line.kind} line needs \`${field}\`` });
		if (line.call !== undefined && line.call.malformed !== (line.call.arguments === null))
			context.addIssue({
				code: "custom",
				path: ["call", "malformed"],
				message: "must be true exactly when `arguments` is null",
			});
	});

/** A touchstone log line checked: the entry, or what is wrong with it (each problem with its field). */
export function parseTouchstoneLine(value: unknown): { entry: SprintLogEntry } | { problem: string } {
	const parsed = touchstoneLineSchema.safeParse(value);
	if (!parsed.success)
		return {
			problem: parsed.error.issues
				.map((issue) => `${issue.path.length === 0 ? "line" : issue.path.join(".")}: ${issue.message}`)
				.join("; "),
		};
	return { entry: withoutUndefined(parsed.data) as unknown as SprintLogEntry };
}

/** Zod may write an absent optional key as `undefined`; the contract's entries leave it out (top level and `call`). */
function withoutUndefined(value: Record<string, unknown>, depth = 0): JsonObject {
	const out: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(value)) {
		if (field === undefined) continue;
		out[key] = depth === 0 && key === "call" ? withoutUndefined(field as Record<string, unknown>, 1) : field;
	}
	return out as JsonObject;
}
