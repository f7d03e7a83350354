import { Worker } from "node:worker_threads";
import { TouchstoneError } from "../contract/index.js";

/**
 * Default wall-clock bound of one author regex on one output. An ordinary pattern answers in
 * microseconds; only catastrophic backtracking (`(a+)+$`) comes near it.
 */
export const REGEX_TIME_LIMIT_MS = 1_000;

/** Where a regex match was found: the matched text and its offset. */
export interface RegexFound {
	readonly match: string;
	readonly index: number;
}

/** A case author's regex ran past its time bound on one output. Thrown from `grade`: a grader error. */
export class RegexTimeoutError extends TouchstoneError {
	/** The pattern, as the author wrote it. */
	readonly pattern: string;
	/** How to fix it. */
	readonly fix: string;

	constructor(pattern: string, flags: string, limitMs: number, where: string) {
		const fix =
			"simplify the pattern: remove nested or overlapping quantifiers such as (a+)+, (a|a)* or (.*)*, anchor it, or match a bounded repetition ({1,50})";
		super(
			"regex-timeout",
			`the regex /${pattern}/${flags} ${where} ran longer than ${limitMs} ms on the output (catastrophic backtracking) and was stopped\n  fix: ${fix}`,
		);
		this.name = "RegexTimeoutError";
		this.pattern = pattern;
		this.fix = fix;
	}
}

/*
 * One persistent worker runs every author regex, one at a time, so the main thread (the run, its
 * Ctrl-C handler, other cells) never blocks on a pattern. A job that passes its deadline
 * terminates the worker (a RegExp cannot be interrupted any other way); the next job starts a
 * fresh one. Compiled patterns are cached in the worker. The code is evaluated rather than loaded
 * from a file, so it runs the same from the sources (tests) and from dist/.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const cache = new Map();
parentPort.on("message", ({ id, pattern, flags, text }) => {
	try {
		const key = flags + "/" + pattern;
		let regex = cache.get(key);
		if (regex === undefined) {
			if (cache.size >= 256) cache.clear();
			regex = new RegExp(pattern, flags.replace("g", ""));
			cache.set(key, regex);
		}
		regex.lastIndex = 0;
		const found = regex.exec(text);
		parentPort.postMessage({ id, found: found === null ? null : { match: found[0], index: found.index } });
	} catch (error) {
		parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
	}
});
`;

interface Job {
	readonly id: number;
	readonly pattern: string;
	readonly flags: string;
	readonly text: string;
	readonly limitMs: number;
	readonly signal: AbortSignal | undefined;
	resolve(found: RegexFound | null): void;
	reject(error: unknown): void;
}

interface Reply {
	readonly id: number;
	readonly found?: RegexFound | null;
	readonly error?: string;
}

interface Running {
	readonly job: Job;
	timer: NodeJS.Timeout;
	readonly stop: (reason: unknown) => void;
	readonly onAbort: () => void;
}

let worker: Worker | null = null;
let running: Running | null = null;
const queue: Job[] = [];
let nextId = 0;

/**
 * Runs `pattern` (flags without `g`: the first match) over `text` in the regex worker, bounded by
 * `limitMs` from the moment the worker starts on it. Resolves to the first match or null; rejects
 * with a {@link RegexTimeoutError} naming `where` (e.g. `of check "format" on case q1`) when the
 * bound passes, or with the signal's reason when it aborts.
 */
export function execBounded(
	pattern: string,
	flags: string,
	text: string,
	options: { readonly limitMs?: number; readonly signal?: AbortSignal; readonly where?: string } = {},
): Promise<RegexFound | null> {
	const limitMs = options.limitMs ?? REGEX_TIME_LIMIT_MS;
	const where = options.where ?? "";
	return new Promise((resolve, reject) => {
		options.signal?.throwIfAborted();
		queue.push({
			id: nextId++,
			pattern,
			flags,
			text,
			limitMs,
			signal: options.signal,
			resolve,
			reject: (error) => reject(error === TIMED_OUT ? new RegexTimeoutError(pattern, flags, limitMs, where) : error),
		});
		pump();
	});
}

const TIMED_OUT = Symbol("timed out");
/** Allowed for a fresh worker to start before its first job's bound begins. */
const STARTUP_MS = 2_000;
const online = new WeakSet<Worker>();

function pump(): void {
	if (running !== null) return;
	const job = queue.shift();
	if (job === undefined) return;
	if (job.signal?.aborted === true) {
		job.reject(job.signal.reason);
		pump();
		return;
	}
	const current = ensureWorker();
	const onAbort = () => stop(job.signal?.reason);
	const stop = (reason: unknown) => {
		if (running?.job !== job) return;
		finish();
		void current.terminate();
		if (worker === current) worker = null;
		job.reject(reason);
		pump();
	};
	// Only the pattern's time counts, not a fresh worker's start-up: its clock restarts at `online`.
	const timer = setTimeout(() => stop(TIMED_OUT), job.limitMs + (online.has(current) ? 0 : STARTUP_MS));
	job.signal?.addEventListener("abort", onAbort, { once: true });
	running = { job, timer, stop, onAbort };
	current.postMessage({ id: job.id, pattern: job.pattern, flags: job.flags, text: job.text });
}

function finish(): void {
	if (running === null) return;
	clearTimeout(running.timer);
	running.job.signal?.removeEventListener("abort", running.onAbort);
	running = null;
}

function ensureWorker(): Worker {
	if (worker !== null) return worker;
	const created = new Worker(WORKER_SOURCE, { eval: true });
	created.once("online", () => {
		online.add(created);
		// Restart a first job's clock now that the worker runs: only the pattern's time counts.
		const current = running;
		if (current === null || worker !== created) return;
		clearTimeout(current.timer);
		current.timer = setTimeout(() => current.stop(TIMED_OUT), current.job.limitMs);
	});
	created.on("message", (reply: Reply) => {
		const job = running?.job;
		if (job === undefined || job.id !== reply.id) return;
		finish();
		if (reply.error !== undefined) job.reject(new TouchstoneError("regex-error", `regex failed: ${reply.error}`));
		else job.resolve(reply.found ?? null);
		pump();
	});
	const lost = (why: string) => {
		if (worker !== created) return; // terminated on purpose
		worker = null;
		const job = running?.job;
		finish();
		job?.reject(new TouchstoneError("regex-error", `the regex worker ${why}`));
		pump();
	};
	created.on("error", (error) => lost(`failed: ${error.message}`));
	created.on("exit", (code) => lost(`exited (code ${code})`));
	// The worker never keeps the process alive: a job in flight holds its deadline timer instead.
	// Unref'd last: adding a "message" listener refs a worker again.
	created.unref();
	worker = created;
	return created;
}
