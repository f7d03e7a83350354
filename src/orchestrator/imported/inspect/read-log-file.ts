import { extname } from "node:path";
import { sha256 } from "../../../contract/index.js";
import { readRegularFile } from "../../../input/index.js";
import { INSPECT_FIX, issueAt, logRefused, type Placed } from "./log-issues.js";
import { readLogJson } from "./log-member.js";
import { type InspectHeader, type InspectSample, jsonLogSchema } from "./log-schema.js";
import { readEvalLog } from "./read-eval-log.js";

/** The bounds of an inspect_ai log file. */
export const INSPECT_BOUNDS = {
	/**
	 * Largest log file, in bytes (256 MiB): a `.eval` is read whole (its members are decompressed
	 * one at a time, within EVAL_ZIP_BOUNDS), a JSON log parsed whole.
	 */
	fileBytes: 256 * 1024 * 1024,
} as const;

/** inspect's two log formats. */
export type InspectLogFormat = "eval" | "json";

/** A log read whole and validated. */
export interface InspectLogFile {
	readonly sha256: string;
	readonly bytes: number;
	readonly format: InspectLogFormat;
	/** Where the header came from: `header.json`, `_journal/start.json` (a log still being written), or the JSON log. */
	readonly headerSource: string;
	readonly header: InspectHeader;
	/** Every sample of every epoch the log holds, as the log holds them. */
	readonly samples: readonly InspectSample[];
}

/**
 * Reads an inspect_ai log, `.eval` (a zip, recognised by its first bytes whatever its name) or
 * JSON, within {@link INSPECT_BOUNDS}: a regular file, a complete zip or UTF-8 JSON, with a header
 * and samples that inspect's schema allows. Anything else throws a BadInputError naming the
 * file (and the member of a `.eval`), the line and path where it can, and the fix; the caller has
 * written nothing yet.
 */
export async function readInspectFile(path: string): Promise<InspectLogFile> {
	const read = readRegularFile(path, { maxBytes: INSPECT_BOUNDS.fileBytes });
	if ("refused" in read) throw logRefused(path, [issueAt(path, readProblem(read.refused, read.detail, read.size))]);
	const bytes = read.bytes;
	const zipped = bytes.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1"));
	const common = { sha256: sha256(bytes), bytes: bytes.length };
	if (zipped || extname(path).toLowerCase() === ".eval") return { ...common, ...(await readEvalLog(path, bytes)) };
	const log = readLogJson(path, bytes, jsonLogSchema, "samples");
	if ("issues" in log) throw logRefused(path, log.issues);
	const { samples, ...header } = log.data;
	return {
		...common,
		format: "json",
		headerSource: path,
		header: { ...header, status: header.status ?? "started" },
		samples: samples ?? [],
	};
}

function readProblem(refusal: string, detail: string, size: number | undefined): Placed {
	if (refusal === "too-large")
		return {
			message: `the file is ${mebibytes(size ?? 0)}, past the bound of ${mebibytes(INSPECT_BOUNDS.fileBytes)} for an inspect_ai log`,
			fix: "split the eval (inspect's --limit or --sample-id) and import each log as a source of its own",
		};
	if (refusal === "not-regular")
		return { message: `the file is not a regular file (${detail})`, fix: "point at the log file itself" };
	return {
		message: `cannot read the file: ${detail}`,
		fix:
			refusal === "missing"
				? `check that the file exists and is readable; ${INSPECT_FIX}`
				: "check the file's permissions",
	};
}

function mebibytes(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
