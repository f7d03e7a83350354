import {
	calibrateUseCase,
	caseMatrix,
	type Inspection,
	inspectCase,
	leaderboard,
	offloadCandidates,
	roster,
	specView,
	useCaseHistory,
	useCaseSummaries,
	withOwnerRating,
} from "../views/index.js";
import { ERROR_STATUSES } from "./http-error.js";
import { pageList } from "./page-list.js";
import {
	calibrationQuery,
	caseMatrixQuery,
	historyQuery,
	inspectorQuery,
	leaderboardQuery,
	listQuery,
	noQuery,
	specParams,
} from "./request-schemas.js";
import {
	calibrationResponse,
	caseMatrixResponse,
	historyResponse,
	inspectionResponse,
	leaderboardResponse,
	rosterResponse,
	specResponse,
	useCasesResponse,
} from "./response-schemas.js";
import { type ReadRoute, readRoute, versionOption } from "./route.js";

const { badRequest, notFound } = ERROR_STATUSES;

/**
 * Every GET endpoint under the base path: each one read-layer call, documented for OpenAPI. Owner
 * ratings show only in the inspector (each sample's latest rating) and the calibration (the
 * rated runs); the leaderboard, matrix, lists and specs are made from runs and scores alone.
 */
export const READ_ROUTES: readonly ReadRoute[] = [
	readRoute({
		path: "/use-cases",
		summary: "Use cases with a frozen spec",
		description: "Each use case that has a spec snapshot: its current version, methodology and run counts.",
		query: listQuery,
		response: useCasesResponse,
		errors: [badRequest],
		ratings: "none",
		answer: (query, _params, { store }) => {
			const { items, next_cursor } = pageList(useCaseSummaries(store), query);
			return { use_cases: items, next_cursor };
		},
	}),
	readRoute({
		path: "/roster",
		summary: "The roster, ideas included (the unlock board)",
		description:
			"Every use case of today's definitions, runnable or idea, with its unlock and ceiling text, run counts and deployment history; use cases only the store knows are listed too. `offload_candidates` orders the use cases a cheaper good-enough model could serve by projected saving.",
		query: listQuery,
		response: rosterResponse,
		errors: [badRequest],
		ratings: "none",
		answer: (query, _params, { store, useCases }) => {
			const entries = roster(store, useCases);
			const { items, next_cursor } = pageList(entries, query);
			const offload_candidates = offloadCandidates(
				store,
				entries.map((entry) => entry.id),
			);
			return { roster: items, next_cursor, offload_candidates };
		},
	}),
	readRoute({
		path: "/leaderboard",
		summary: "Leaderboard and decision of one use case",
		description:
			"Per model × harness, from current rows only: headline with its interval, pass rate, cost, latency, precision, confidence, deployed flag and delta; and the decision (best, cheapest and fastest good enough).",
		query: leaderboardQuery,
		response: leaderboardResponse,
		errors: [badRequest, notFound],
		ratings: "none",
		answer: (query, _params, { store }) => leaderboard(store, query.use_case, versionOption(query.benchmark_version)),
	}),
	readRoute({
		path: "/case-matrix",
		summary: "Case × model grid of one use case, a page of cases at a time",
		description: "Each case's mean headline per model × harness, with pass marks; page with `limit` and `cursor`.",
		query: caseMatrixQuery,
		response: caseMatrixResponse,
		errors: [badRequest, notFound],
		ratings: "none",
		answer: (query, _params, { store }) =>
			caseMatrix(store, query.use_case, {
				...versionOption(query.benchmark_version),
				...(query.limit === undefined ? {} : { limit: query.limit }),
				...(query.cursor === undefined ? {} : { cursor: query.cursor }),
			}),
	}),
	readRoute({
		path: "/inspector",
		summary: "One case, every model side by side",
		description:
			"Each model's output, trace, diff, every metric with each juror's vote and reasoning, and the owner's rating.",
		query: inspectorQuery,
		response: inspectionResponse,
		errors: [badRequest, notFound],
		// Each sample shows its run's latest owner rating, and nothing else depends on it.
		ratings: (query) => ({
			scope: { useCaseId: query.use_case, caseId: query.case_id },
			apply: (answer, rating) => withOwnerRating(answer as Inspection, rating),
		}),
		answer: (query, _params, { store }) =>
			inspectCase(store, query.use_case, query.case_id, versionOption(query.benchmark_version)),
	}),
	readRoute({
		path: "/calibration",
		summary: "The jury against the owner's ratings",
		description:
			"Over owner-rated current runs: agreement, mean absolute delta, bias, correlation and kappa with bootstrap intervals, and the jurors' agreement with each other.",
		query: calibrationQuery,
		response: calibrationResponse,
		errors: [badRequest, notFound],
		ratings: (query) => ({ scope: { useCaseId: query.use_case, caseId: null } }),
		answer: (query, _params, { store, calibrationBootstrap }) =>
			calibrateUseCase(store, query.use_case, {
				...versionOption(query.benchmark_version),
				bootstrap: calibrationBootstrap,
			}),
		// Seconds on a large store: the server's thread would hold every other request meanwhile.
		offThread: (query, { calibrationBootstrap }) => ({
			useCaseId: query.use_case,
			...versionOption(query.benchmark_version),
			bootstrap: calibrationBootstrap,
		}),
	}),
	readRoute({
		path: "/spec/{benchmark_version}",
		summary: "A frozen spec snapshot and its methodology",
		description: "The spec document of one benchmark version (cases, grader, harness, models) and how it is measured.",
		query: noQuery,
		params: specParams,
		response: specResponse,
		errors: [badRequest, notFound],
		ratings: "none",
		answer: (_query, params, { store }) => specView(store, params.benchmark_version),
	}),
	readRoute({
		path: "/history",
		summary: "A use case's benchmark versions over time",
		description:
			"Every frozen version of the use case, oldest first, with its creation time, cases and current flag, and per model × harness the headline with its interval, pass rate, cases and samples behind it and precision, exactly as the leaderboard pinned to that version gives them; and the deployment history.",
		query: historyQuery,
		response: historyResponse,
		errors: [badRequest, notFound],
		ratings: "none",
		answer: (query, _params, { store }) => useCaseHistory(store, query.use_case),
	}),
];
