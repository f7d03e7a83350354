import type { SprintLogEntry, Step } from "../../contract/index.js";
import { shellTouches, type TextEdit, toolAction } from "./tool-actions.js";
import { type WriteChurn, writeChurn } from "./write-churn.js";

/** What a run's tool calls did to its files, for the process layer. */
export interface FileHistory {
	readonly churn: WriteChurn;
	/** Baseline test files a write, an edit or a command rewrote in place, sorted. */
	readonly rewritten: readonly string[];
	/** Baseline test files a command deleted (or moved away), sorted. */
	readonly deleted: readonly string[];
	/** Edits whose file text was unknown or did not hold the text they replace (left out of churn). */
	readonly unreplayed_edits: number;
	/** Tool calls answered by an error, which changed nothing and are left out. */
	readonly errored_calls: number;
}

/**
 * Replays a log's tool calls on the files they touch, in order: a write sets a file's text, an
 * edit is applied to the text the file had (its last write or edit, else its baseline text)
 * and becomes a whole-file write for {@link writeChurn}, and a command that rewrites a file in
 * place makes its text unknown. Calls of the harness and calls whose result was an error are
 * skipped. A baseline test (per `isBaselineTest`) that is written, edited or rewritten by a
 * command counts as rewritten; one a command deletes counts as deleted.
 */
export function fileHistory(
	entries: readonly SprintLogEntry[],
	options: {
		readonly isBaselineTest: (path: string) => boolean;
		readonly baselineText?: (path: string) => string | null;
		readonly workdir?: string;
	},
): FileHistory {
	const errored = new Set<string>();
	for (const entry of entries)
		if (entry.kind === "tool_result" && entry.result?.is_error === true && entry.result.call_id !== "")
			errored.add(callKey(entry, entry.result.call_id));

	const texts = new Map<string, string | null>();
	const textOf = (path: string): string | null => {
		if (texts.has(path)) return texts.get(path) ?? null;
		return options.baselineText?.(path) ?? null;
	};
	const writes: Step[] = [];
	const rewritten = new Set<string>();
	const deleted = new Set<string>();
	let unreplayed = 0;
	let erroredCalls = 0;
	const write = (path: string, content: string) => {
		texts.set(path, content);
		writes.push({
			kind: "tool_call",
			content: "",
			tool: "write_file",
			arguments: { path, content },
			is_error: false,
			tokens: null,
			at_ms: null,
		});
	};

	for (const entry of entries) {
		const call = entry.call;
		if (entry.kind !== "tool_call" || entry.role === "harness" || call === undefined) continue;
		if (call.id !== "" && errored.has(callKey(entry, call.id))) {
			erroredCalls += 1;
			continue;
		}
		const action = toolAction(call.name, call.arguments, options.workdir);
		if (action.kind === "write" || action.kind === "edit") {
			if (options.isBaselineTest(action.path)) rewritten.add(action.path);
			if (action.kind === "write") write(action.path, action.content);
			else {
				const before = textOf(action.path);
				const after = before === null ? null : applyEdits(before, action.edits);
				if (after === null) unreplayed += 1;
				else write(action.path, after);
			}
		} else if (action.kind === "shell") {
			const touched = shellTouches(action.command, options.workdir);
			for (const path of touched.rewritten) {
				if (options.isBaselineTest(path)) rewritten.add(path);
				texts.set(path, null);
			}
			for (const path of touched.deleted) {
				if (options.isBaselineTest(path)) deleted.add(path);
				texts.set(path, null);
			}
		}
	}

	const baseline = new Map<string, string>();
	for (const step of writes) {
		const path = step.arguments?.path as string;
		const text = baseline.has(path) ? null : (options.baselineText?.(path) ?? null);
		if (text !== null) baseline.set(path, text);
	}
	return {
		churn: writeChurn(writes, baseline),
		rewritten: [...rewritten].sort(),
		deleted: [...deleted].sort(),
		unreplayed_edits: unreplayed,
		errored_calls: erroredCalls,
	};
}

/** A call's identity within its attempt: ids are unique in one session, not across a run. */
function callKey(entry: SprintLogEntry, id: string): string {
	return `${entry.segment}\u0000${entry.attempt}\u0000${entry.role}\u0000${id}`;
}

/** `text` with each edit applied in turn; null when one's text is not there (the edit failed). */
function applyEdits(text: string, edits: readonly TextEdit[]): string | null {
	let out = text;
	for (const edit of edits) {
		if (edit.old === "" || !out.includes(edit.old)) return null;
		out = edit.all ? out.split(edit.old).join(edit.new) : out.replace(edit.old, () => edit.new);
	}
	return out;
}
