import type {
	Calibration,
	CaseMatrix,
	ErrorBody,
	History,
	Inspection,
	Leaderboard,
	RateBody,
	Rating,
	Roster,
	Spec,
	UseCases,
} from "./types.js";

/**
 * The dashboard's only way to the data: the HTTP API under `api/v1/benchmarks/`, resolved against
 * the page's own URL (so a proxy that mounts the server under a path still works). Every call
 * takes an AbortSignal, since a view that is left cancels what it asked for.
 */

/** A refusal or failure of the API, with its stable code and the issues that say how to fix it. */
export class ApiError extends Error {
	readonly status: number;
	readonly code: string;
	readonly issues: ErrorBody["error"]["issues"];
	constructor(status: number, body: ErrorBody["error"]) {
		super(body.message);
		this.name = "ApiError";
		this.status = status;
		this.code = body.code;
		this.issues = body.issues;
	}
}

/** Parameters every use-case read takes. */
export interface UseCaseQuery {
	readonly use_case: string;
	/** A frozen version to pin; null for the current one. */
	readonly benchmark_version: string | null;
}

/** The largest page the API gives (`limit`); longer lists are read page by page. */
export const MAX_PAGE = 500;

type Query = Readonly<Record<string, string | number | null | undefined>>;

function apiUrl(path: string, query: Query = {}): string {
	const url = new URL(`api/v1/benchmarks/${path}`, document.baseURI);
	for (const [key, value] of Object.entries(query))
		if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
	return url.toString();
}

async function answer<T>(response: Response): Promise<T> {
	const text = await response.text();
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		throw new ApiError(response.status, {
			code: "not-json",
			message: `the server answered ${response.status} with something that is not JSON`,
			issues: [],
		});
	}
	if (!response.ok) {
		const error = (body as Partial<ErrorBody>).error;
		throw new ApiError(
			response.status,
			error ?? { code: "http-error", message: `the server answered ${response.status}`, issues: [] },
		);
	}
	return body as T;
}

async function get<T>(path: string, query: Query, signal?: AbortSignal): Promise<T> {
	const response = await fetch(apiUrl(path, query), {
		headers: { Accept: "application/json" },
		signal: signal ?? null,
	});
	return answer<T>(response);
}

/** Every page of a paged list, concatenated (`next_cursor` until null). */
async function allPages<P extends { next_cursor: string | null }, T>(
	read: (cursor: string | null) => Promise<P>,
	items: (page: P) => readonly T[],
): Promise<{ first: P; items: T[] }> {
	const first = await read(null);
	const all = [...items(first)];
	let cursor = first.next_cursor;
	while (cursor !== null) {
		const page = await read(cursor);
		all.push(...items(page));
		cursor = page.next_cursor;
	}
	return { first, items: all };
}

/** Use cases with a frozen spec, every page. */
export async function useCases(signal?: AbortSignal): Promise<UseCases["use_cases"]> {
	const read = (cursor: string | null) => get<UseCases>("use-cases", { limit: MAX_PAGE, cursor }, signal);
	return (await allPages(read, (page) => page.use_cases)).items;
}

/** The roster (ideas included) with every page, and the offload candidates. */
export async function roster(signal?: AbortSignal): Promise<Roster> {
	const read = (cursor: string | null) => get<Roster>("roster", { limit: MAX_PAGE, cursor }, signal);
	const { first, items } = await allPages(read, (page) => page.roster);
	return { ...first, roster: items, next_cursor: null };
}

export function leaderboard(query: UseCaseQuery, signal?: AbortSignal): Promise<Leaderboard> {
	return get<Leaderboard>("leaderboard", { ...query }, signal);
}

/** The whole case matrix, read a page of {@link MAX_PAGE} cases at a time. */
export async function caseMatrix(query: UseCaseQuery, signal?: AbortSignal): Promise<CaseMatrix> {
	const read = (cursor: string | null) => get<CaseMatrix>("case-matrix", { ...query, limit: MAX_PAGE, cursor }, signal);
	const { first, items } = await allPages(read, (page) => page.rows);
	return { ...first, rows: items, next_cursor: null };
}

export function inspector(
	query: UseCaseQuery & { readonly case_id: string },
	signal?: AbortSignal,
): Promise<Inspection> {
	return get<Inspection>("inspector", { ...query }, signal);
}

export function calibration(query: UseCaseQuery, signal?: AbortSignal): Promise<Calibration> {
	return get<Calibration>("calibration", { ...query }, signal);
}

export function spec(benchmarkVersion: string, signal?: AbortSignal): Promise<Spec> {
	return get<Spec>(`spec/${encodeURIComponent(benchmarkVersion)}`, {}, signal);
}

/**
 * `POST rate`: stores the owner's rating of one run and returns it as stored. `token` is the
 * server's TOUCHSTONE_RATE_TOKEN when it requires one (a 401 says so).
 */
export async function rate(body: RateBody, token: string | null): Promise<Rating> {
	const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
	if (token !== null) headers.Authorization = `Bearer ${token}`;
	const response = await fetch(apiUrl("rate"), { method: "POST", headers, body: JSON.stringify(body) });
	return answer<Rating>(response);
}

/** A use case's frozen versions, oldest first, with each model's headline under each of them. */
export function history(useCase: string, signal?: AbortSignal): Promise<History> {
	return get<History>("history", { use_case: useCase }, signal);
}
