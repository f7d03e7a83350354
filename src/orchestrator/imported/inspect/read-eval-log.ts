import type { InputIssue } from "../../../contract/index.js";
import { type EvalZip, openEvalZip, ZipProblem } from "./eval-zip.js";
import { INSPECT_FIX, issueAt, LISTED_ISSUES, logRefused } from "./log-issues.js";
import { readLogJson } from "./log-member.js";
import { headerSchema, type InspectHeader, type InspectSample, sampleSchema } from "./log-schema.js";

/** The members of a `.eval` the import reads. */
const HEADER = "header.json";
const START = "_journal/start.json";
const SAMPLE = /^samples\/[^/]+\.json$/;

/** What a `.eval` holds for the import. */
export interface EvalLog {
	readonly format: "eval";
	readonly headerSource: string;
	readonly header: InspectHeader;
	readonly samples: readonly InspectSample[];
}

/**
 * Reads a `.eval` log (the zip in `bytes`, read from `path`): its `header.json`, or, for a log
 * inspect is still writing, `_journal/start.json` (what was evaluated, without results; the log's
 * status is then `started`), and every `samples/*.json` member, each decompressed within bounds,
 * checked against its CRC-32 and validated. Every problem found is listed at once, each named
 * `path:member`; a zip that cannot be opened at all is one problem of the file.
 */
export async function readEvalLog(path: string, bytes: Buffer): Promise<EvalLog> {
	let zip: EvalZip;
	try {
		zip = await openEvalZip(bytes);
	} catch (error) {
		throw logRefused(path, [notAZip(path, error)]);
	}
	try {
		const issues: InputIssue[] = [];
		const headerName = zip.names.includes(HEADER) ? HEADER : zip.names.includes(START) ? START : null;
		if (headerName === null)
			throw logRefused(path, [
				issueAt(path, {
					message: `the zip has neither ${HEADER} nor ${START}: nothing says what was evaluated (members: ${listed(zip.names)})`,
					fix: `give the whole .eval file inspect_ai wrote; ${INSPECT_FIX}`,
				}),
			]);
		const header = await member(
			zip,
			path,
			headerName,
			(source, data) => readLogJson(source, data, headerSchema, null),
			issues,
		);
		const samples: InspectSample[] = [];
		for (const name of zip.names.filter((item) => SAMPLE.test(item))) {
			if (issues.length >= LISTED_ISSUES) break;
			const sample = await member(
				zip,
				path,
				name,
				(source, data) => readLogJson(source, data, sampleSchema, "self"),
				issues,
			);
			if (sample !== null) samples.push(sample);
		}
		if (header === null || issues.length > 0) throw logRefused(path, issues);
		// A log still being written has no status of its own yet.
		const status = headerName === START ? "started" : (header.status ?? "started");
		return { format: "eval", headerSource: `${path}:${headerName}`, header: { ...header, status }, samples };
	} finally {
		zip.close();
	}
}

/** One member read and validated, or null with its problems added to `issues`. */
async function member<T>(
	zip: EvalZip,
	path: string,
	name: string,
	validate: (source: string, bytes: Buffer) => { data: T } | { issues: readonly InputIssue[] },
	issues: InputIssue[],
): Promise<T | null> {
	const source = `${path}:${name}`;
	let bytes: Buffer;
	try {
		bytes = await zip.read(name);
	} catch (error) {
		if (!(error instanceof ZipProblem)) throw error;
		issues.push(
			issueAt(source, {
				message: error.message,
				fix: "the .eval file is damaged: copy it again from where inspect_ai wrote it",
			}),
		);
		return null;
	}
	const read = validate(source, bytes);
	if ("issues" in read) {
		issues.push(...read.issues);
		return null;
	}
	return read.data;
}

function notAZip(path: string, error: unknown): InputIssue {
	const detail = (error as Error).message;
	return issueAt(path, {
		message: `not a complete zip archive (${detail}): a .eval log is a zip, and this one is truncated, damaged or another kind of file`,
		fix: `copy the whole file again from inspect_ai's log folder; ${INSPECT_FIX}`,
	});
}

function listed(names: readonly string[]): string {
	if (names.length === 0) return "none";
	const shown = names.slice(0, 5).join(", ");
	return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}
