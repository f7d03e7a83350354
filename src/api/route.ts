import { z } from "zod";
import type { Store, StoredOwnerRating } from "../store/index.js";
import type { RosterInput } from "../views/index.js";
import type { CalibrationJob } from "./calibration-protocol.js";
import type { ErrorStatus } from "./http-error.js";
import { parseInput } from "./parse-input.js";

/** What every read route answers from. */
export interface ReadContext {
	/** The store, read through the read layer only. */
	readonly store: Store;
	/** Today's definitions of every use case, for the roster (ideas have no rows in the store). */
	readonly useCases: readonly RosterInput[];
	/** Resamples and seed of the calibration's bootstrap intervals. */
	readonly calibrationBootstrap: CalibrationJob["bootstrap"];
}

/**
 * The owner ratings an answer shows: those of one use case (`caseId` null: every case of it), or
 * of one case. A rating of a run in that scope changes the answer; any other rating does not.
 */
export interface RatingScope {
	readonly useCaseId: string;
	readonly caseId: string | null;
}

/** How an answer depends on owner ratings: which ones it shows, and how it takes a new one. */
export interface RatingDependence {
	readonly scope: RatingScope;
	/**
	 * The answer (as parsed from its JSON) with `rating`, the newest of one of the scope's runs,
	 * shown: cheaper than computing it again. Absent when a rating can change the answer in ways
	 * only a new computation knows (a calibration's statistics); the answer is then dropped.
	 */
	readonly apply?: (answer: unknown, rating: StoredOwnerRating) => unknown;
}

/** A GET endpoint: its documentation and how it answers a request already split into query and path. */
export interface ReadRoute {
	/** Path under the base path, OpenAPI style: `/leaderboard`, `/spec/{benchmark_version}`. */
	readonly path: string;
	/** One line for the OpenAPI document. */
	readonly summary: string;
	/** What it returns, for the OpenAPI document. */
	readonly description: string;
	/** The query parameters it accepts (strict: an unknown one is refused). */
	readonly query: z.ZodObject;
	/** Its path parameters, if any. */
	readonly params: z.ZodObject | null;
	/** Shape of the 200 answer (documentation only). */
	readonly response: z.ZodType;
	/** Error statuses it may answer with besides 500. */
	readonly errors: readonly ErrorStatus[];
	/** Validates the raw query and path parameters (BadInputError) and computes the answer. */
	answer(query: Record<string, string>, params: Record<string, string>, context: ReadContext): unknown;
	/** How the answer to this (valid) query depends on owner ratings, null when it shows none. */
	ratings(query: Record<string, string>): RatingDependence | null;
	/**
	 * When set, the server computes the answer off its thread instead of with `answer` (which
	 * gives the same): the calibration this (valid) query asks for. Validates like `answer`.
	 */
	readonly offThread: ((query: Record<string, string>, context: ReadContext) => CalibrationJob) | null;
}

const noParams = z.strictObject({});

/** Declares a read route whose `answer` receives its query and path parameters checked and typed. */
export function readRoute<Query extends z.ZodObject, Params extends z.ZodObject = typeof noParams>(route: {
	readonly path: string;
	readonly summary: string;
	readonly description: string;
	readonly query: Query;
	readonly params?: Params;
	readonly response: z.ZodType;
	readonly errors: readonly ErrorStatus[];
	readonly answer: (query: z.output<Query>, params: z.output<Params>, context: ReadContext) => unknown;
	/** Required, so a new route must say whether owner ratings show in its answer. */
	readonly ratings: ((query: z.output<Query>) => RatingDependence) | "none";
	/** For an answer that takes seconds: the calibration to compute off the server's thread instead. */
	readonly offThread?: (query: z.output<Query>, context: ReadContext) => CalibrationJob;
}): ReadRoute {
	const { offThread } = route;
	const paramsSchema = (route.params ?? noParams) as Params;
	return {
		path: route.path,
		summary: route.summary,
		description: route.description,
		query: route.query,
		params: route.params ?? null,
		response: route.response,
		errors: route.errors,
		answer: (query, params, context) =>
			route.answer(parseInput(route.query, query, "query"), parseInput(paramsSchema, params, "path"), context),
		ratings: (query) => {
			const { ratings } = route;
			return ratings === "none" ? null : ratings(parseInput(route.query, query, "query"));
		},
		offThread:
			offThread === undefined ? null : (query, context) => offThread(parseInput(route.query, query, "query"), context),
	};
}

/** `{ benchmarkVersion }` when a version was asked for, else nothing (optional fields stay absent, not undefined). */
export function versionOption(benchmarkVersion: string | undefined): { benchmarkVersion?: string } {
	return benchmarkVersion === undefined ? {} : { benchmarkVersion };
}
