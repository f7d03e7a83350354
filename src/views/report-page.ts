import type { Store } from "../store/index.js";
import type { JudgeRatings } from "./judge-ratings-types.js";
import { type Leaderboard, leaderboard } from "./leaderboard.js";
import { type ReportResults, reportResults } from "./report-results.js";
import type { Interval } from "./statistics/index.js";

/** A model a role's routing answer names (the per-role index's RolePick, as the report reads it). */
export interface ReportIndexPick {
	readonly model_id: string;
	readonly harness: string;
	readonly index: number;
	readonly cost_per_task_usd: number | null;
	readonly p50_wall_ms: number | null;
}

/**
 * The per-role index as the report reads it: the fields of the index view's RoleIndex that the
 * page shows, so the value `touchstone index` computes is passed as it is.
 */
export interface ReportIndex {
	/** Confidence level of the intervals. */
	readonly level: number;
	/** The use cases whose rows it read. */
	readonly use_cases: readonly string[];
	readonly roles: readonly {
		readonly role: string;
		readonly rows: readonly {
			readonly model_id: string;
			readonly harness: string;
			readonly reference: boolean;
			readonly index: number | null;
			readonly interval: Interval | null;
			readonly dropped: readonly string[];
			readonly flagged: readonly string[];
		}[];
		readonly best: ReportIndexPick | null;
		readonly cheapest: ReportIndexPick | null;
		readonly fastest: ReportIndexPick | null;
		readonly notes: readonly string[];
	}[];
	readonly notes: readonly string[];
}

/** One use case's part of the report: its leaderboard (with the decision), judge ratings and results. */
export interface ReportUseCase extends ReportResults {
	readonly use_case_id: string;
	readonly leaderboard: Leaderboard;
	/** The pairwise judge's ratings; null when the use case was not judged (shown as such). */
	readonly judge: JudgeRatings | null;
}

/** Everything `touchstone report` writes: the markdown, the page JSON and the JUnit XML are made from this alone. */
export interface ReportPage {
	/** Identifies the document: the page JSON's readers check it. */
	readonly report: "touchstone-leaderboard";
	/** UTC time of the latest current row over every use case: the page's only date (no wall clock, so it is stable in git). */
	readonly latest_run_at: string | null;
	/** In the order asked for. */
	readonly use_cases: readonly ReportUseCase[];
	/** The per-role index; null when it was not computed (shown as such). */
	readonly index: ReportIndex | null;
}

/** What one use case's section is made from besides the store. */
export interface ReportInputs {
	/** Ids of the models models.yaml retires (marked, never picked); absent when the registry was not read. */
	readonly retired?: ReadonlySet<string> | undefined;
	/** The use case's pairwise-judge ratings, when it was judged. */
	readonly judge?: JudgeRatings | null | undefined;
}

/** Reads one use case's section of the report from the store: the leaderboard and the per-case results. */
export function reportUseCase(store: Store, useCaseId: string, inputs: ReportInputs = {}): ReportUseCase {
	const board = leaderboard(store, useCaseId, { retired: inputs.retired });
	// A use case known only from summaries has no spec here, and so no per-case results.
	const summarised = board.rows.length === 0 && store.currentSpec(useCaseId) === null;
	return {
		use_case_id: useCaseId,
		leaderboard: board,
		judge: inputs.judge ?? null,
		...(summarised ? { cases: [], performance: [], latest_run_at: null } : reportResults(store, useCaseId, board.rows)),
	};
}

/** Assembles the page from its sections; the date is the latest run's, never the clock's. */
export function reportPage(useCases: readonly ReportUseCase[], index: ReportIndex | null): ReportPage {
	const dates = useCases.flatMap((item) => (item.latest_run_at === null ? [] : [item.latest_run_at]));
	return {
		report: "touchstone-leaderboard",
		latest_run_at: dates.length === 0 ? null : ([...dates].sort().at(-1) ?? null),
		use_cases: useCases,
		index,
	};
}
