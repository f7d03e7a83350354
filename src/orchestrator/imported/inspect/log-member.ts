import type { z } from "zod";
import type { InputIssue } from "../../../contract/index.js";
import { decodeUtf8 } from "../../../input/index.js";
import { parseInspectJson } from "./inspect-json.js";
import { INSPECT_FIX, issueAt, notJson, schemaIssues } from "./log-issues.js";

/**
 * Fields of a sample the import never reads, dropped before validation: the event transcript
 * (most of a log's bytes: every model call's input and output again), its deduplicated pools and
 * timelines, and the solver's store. The messages, the output and the scores are what it reads.
 */
const UNREAD = ["events", "events_data", "timelines", "message_pool", "call_pool", "store"] as const;

/** What reading one JSON document of a log gave: the validated data, or its problems. */
export type MemberRead<T> = { readonly data: T } | { readonly issues: readonly InputIssue[] };

/**
 * Reads `bytes` (a JSON log, or one member of a `.eval`, named `source` in issues) as UTF-8 JSON as
 * inspect writes it and validates it with `schema`; samples (at `samplesAt`: the document itself,
 * or the key holding them) lose the fields the import never reads first.
 */
export function readLogJson<S extends z.ZodType>(
	source: string,
	bytes: Buffer,
	schema: S,
	samplesAt: "self" | "samples" | null,
): MemberRead<z.infer<S>> {
	const decoded = decodeUtf8(bytes);
	if (decoded.text === null)
		return {
			issues: [
				issueAt(source, {
					...decoded.invalid,
					message: "not UTF-8 text: a byte here is not valid UTF-8",
					fix: INSPECT_FIX,
				}),
			],
		};
	const text = decoded.text.replace(/^\uFEFF/, "");
	const parsed = parseInspectJson(text);
	if (!("data" in parsed)) return { issues: [notJson(source, text, parsed.offset, parsed.detail)] };
	const data = parsed.data;
	if (samplesAt === "self") dropUnread(data);
	if (samplesAt === "samples" && isObject(data) && Array.isArray(data.samples))
		for (const item of data.samples) dropUnread(item);
	const validated = schema.safeParse(data);
	if (!validated.success) return { issues: schemaIssues(source, text, schema, data, validated.error.issues) };
	return { data: validated.data };
}

function dropUnread(sample: unknown): void {
	if (!isObject(sample)) return;
	for (const key of UNREAD) delete sample[key];
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
