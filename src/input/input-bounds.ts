import { type Document, isAlias, isPair, isScalar, type LineCounter, visit } from "yaml";
import type { InputIssue } from "../contract/index.js";
import { readRegularFile } from "./regular-file.js";
import { decodeUtf8 } from "./utf8-text.js";

/**
 * The bounds every user file is read within: files past `fileBytes` are refused before they are
 * parsed (a 50 MB string took 17 s and 1.8 GB), and YAML whose aliases would add more than
 * `aliasNodes` nodes once expanded (an alias bomb) is refused before anything walks it.
 */
export const INPUT_BOUNDS = {
	/** Largest definition, case, task or script file, in bytes (16 MiB). */
	fileBytes: 16 * 1024 * 1024,
	/** Most values aliases (`*name`) may add to a document once expanded. */
	aliasNodes: 100_000,
} as const;

/**
 * The largest value each count and duration of the definitions and flags may take. Each sizes an
 * allocation, a pool or a timer (a timer past 2^31 ms fires at once), so past these it is a typo,
 * not a plan: `samples: 1000000000` planned a billion cells after the spec was written.
 */
export const COUNT_BOUNDS = {
	/** Samples per case (`samples:`, `--samples`). */
	samples: 1_000,
	/** Calls or cells in flight at once (`options.concurrency`, `--concurrency`). */
	concurrency: 1_024,
	/** Retries of one failed call (`options.max_retries`). */
	retries: 20,
	/** Any timeout in seconds (calls, attempts, verifiers): one day. */
	timeoutSeconds: 86_400,
	/** Model turns of one attempt (`budget.turns`). */
	turns: 10_000,
	/** Tokens of one attempt or one reply (`budget.tokens`, `max_tokens`). */
	tokens: 100_000_000,
	/** USD one attempt may spend (`budget.cost_usd`). */
	costUsd: 100_000,
	/** Cells one run may plan (models × cases × samples); a plan holds one 4-byte index per cell. */
	cells: 10_000_000,
	/** Repeats of each reference policy (`validate-tasks --repeats`). */
	repeats: 100,
} as const;

/** What reading one input file came to: its text, or an issue saying why there is none. */
export type InputText =
	| { readonly text: string; readonly issue: null; readonly missing: false }
	| { readonly text: null; readonly issue: InputIssue; readonly missing: boolean };

/**
 * Reads a user's file as UTF-8 within {@link INPUT_BOUNDS}: the size is checked before a byte is
 * read, a FIFO or device is refused rather than waited on, and a file that grows while it is read
 * is cut off at the bound and refused. Never throws; `missing` tells an absent file apart, so the
 * caller can word that case its own way. `what` names the file in messages, e.g. `models.yaml`.
 */
export function readInputFile(path: string, what = "the file"): InputText {
	const read = readRegularFile(path, { maxBytes: INPUT_BOUNDS.fileBytes });
	if ("refused" in read) {
		if (read.refused === "too-large") return tooLarge(path, what, read.size ?? 0);
		if (read.refused === "not-regular")
			return refuse(path, `${what} is not a regular file`, "point at a regular file, not a folder, FIFO or device");
		return refuse(
			path,
			`cannot read ${what}: ${read.detail}`,
			read.refused === "missing" ? "check that the file exists and is readable" : "check the file's permissions",
			read.refused === "missing",
		);
	}
	const decoded = decodeUtf8(read.bytes);
	if (decoded.text !== null) return { text: decoded.text, issue: null, missing: false };
	const message = `${what} is not UTF-8 text: a byte here is not valid UTF-8`;
	const fix = "save the file as UTF-8 (or remove the stray bytes)";
	return { text: null, issue: { source: path, ...decoded.invalid, path: "", message, fix }, missing: false };
}

/**
 * Whether `data` (parsed YAML, where an alias is the same object as its anchor) would grow by more
 * than {@link INPUT_BOUNDS}.aliasNodes values once every alias is expanded, or is cyclic. Counts
 * each shared object once, so it costs as much as the document, not as much as its expansion.
 */
export function exceedsAliasBound(data: unknown): boolean {
	const sizes = new Map<object, number>();
	let distinct = 0;
	const size = (value: unknown): number => {
		if (value === null || typeof value !== "object") {
			distinct++;
			return 1;
		}
		const known = sizes.get(value);
		if (known !== undefined) return known;
		sizes.set(value, Number.POSITIVE_INFINITY); // in progress: meeting it again is a cycle
		distinct++;
		let total = 1;
		for (const child of Array.isArray(value) ? value : Object.values(value)) total += size(child);
		sizes.set(value, total);
		return total;
	};
	const expanded = size(data);
	return expanded - distinct > INPUT_BOUNDS.aliasNodes;
}

/**
 * The issue refusing `data`, parsed from `text`, as an alias bomb (see {@link exceedsAliasBound}),
 * placed at its first alias; null when it is within the bound. `locate` parses the text with
 * positions, only when needed.
 */
export function aliasBoundIssue(
	source: string,
	text: string,
	data: unknown,
	locate: () => { document: Document; lineCounter: LineCounter },
): InputIssue | null {
	if (!mayHaveAliases(text) || !exceedsAliasBound(data)) return null;
	const { document, lineCounter } = locate();
	return aliasBombIssue(source, document, lineCounter);
}

/**
 * The plain data of a document parsed by `yaml` (aliases resolved to shared objects, never
 * copied), or the issue refusing it as an alias bomb.
 */
export function documentData(
	source: string,
	text: string,
	document: Document,
	lineCounter: LineCounter,
): { data: unknown; issue: InputIssue | null } {
	let data: unknown;
	try {
		data = document.toJS({ maxAliasCount: -1 });
	} catch (error) {
		// yaml throws while building the data for a merge key (`<<`) whose value is not a map.
		return { data: null, issue: mergeKeyIssue(source, document, lineCounter, (error as Error).message) };
	}
	const issue = aliasBoundIssue(source, text, data, () => ({ document, lineCounter }));
	return issue === null ? { data, issue } : { data: null, issue };
}

/** An anchor (`&name`) or an alias (`*name`) where a node may start: after a space or `[`, `{`, `,`. */
const ANCHOR = /(?:^|[\s[{,])&([^\s[\]{},]+)/g;
const ALIAS = /(?:^|[\s[{,])\*([^\s[\]{},]+)/g;

/**
 * Whether the text has an alias of one of its anchors, in two linear scans, so that the walk of
 * {@link exceedsAliasBound} is spent only on files that may expand (a large pack of prompts
 * rarely has both an ` &name` and a ` *name`). May say yes for text inside quotes, never no for
 * a real alias.
 */
function mayHaveAliases(text: string): boolean {
	if (!text.includes("&")) return false;
	const anchors = new Set<string>();
	for (const match of text.matchAll(ANCHOR)) anchors.add(match[1] as string);
	if (anchors.size === 0) return false;
	for (const match of text.matchAll(ALIAS)) if (anchors.has(match[1] as string)) return true;
	return false;
}

function aliasBombIssue(source: string, document: Document, lineCounter: LineCounter): InputIssue {
	return issueAtFirst(source, document, lineCounter, (node) => (isAlias(node) ? node.range?.[0] : undefined), {
		message: `the aliases of this file expand to more than ${INPUT_BOUNDS.aliasNodes.toLocaleString("en-US")} values (or refer to themselves): an alias bomb`,
		fix: "write the repeated values out, or use fewer and smaller aliases (`*name`)",
	});
}

function mergeKeyIssue(source: string, document: Document, lineCounter: LineCounter, reason: string): InputIssue {
	const mergeKey = (node: unknown) =>
		isPair(node) && isScalar(node.key) && node.key.source === "<<" ? node.key.range?.[0] : undefined;
	return issueAtFirst(source, document, lineCounter, mergeKey, {
		message: `invalid YAML: ${reason}`,
		fix: "give a merge key (`<<`) a map or an alias of one (`<<: *base`), or remove it",
	});
}

/** An issue at the first node of `document` that `offsetOf` gives a source offset for (else the file's start). */
function issueAtFirst(
	source: string,
	document: Document,
	lineCounter: LineCounter,
	offsetOf: (node: unknown) => number | undefined,
	text: { readonly message: string; readonly fix: string },
): InputIssue {
	let offset = 0;
	visit(document, (_key, node) => {
		const found = offsetOf(node);
		if (found === undefined) return undefined;
		offset = found;
		return visit.BREAK;
	});
	const { line, col } = lineCounter.linePos(offset);
	return { source, line, column: col, path: "", ...text };
}

function tooLarge(source: string, what: string, bytes: number): InputText {
	return refuse(
		source,
		`${what} is ${mebibytes(bytes)}, past the bound of ${mebibytes(INPUT_BOUNDS.fileBytes, 0)} for an input file`,
		"split it into smaller files (a `cases:` glob can match many), or keep large inputs out of the definitions",
	);
}

function mebibytes(bytes: number, digits = 1): string {
	return `${(bytes / 1024 / 1024).toFixed(digits)} MiB`;
}

function refuse(source: string, message: string, fix: string, missing = false): InputText {
	return { text: null, issue: { source, line: null, column: null, path: "", message, fix }, missing };
}
