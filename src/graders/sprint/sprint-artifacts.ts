import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { SprintRowInput } from "../../contract/index.js";
import { appendHistory, createFileOnce } from "./append-history.js";
import { detailJson } from "./detail-json.js";
import type { FoldedSprintRow } from "./fold-row.js";
import { historyRow } from "./history-row.js";
import { humanReport } from "./human-report.js";

/** The scorecard file in a results folder. */
export const HISTORY_FILE = "history.md";
/** Where the detail JSON and the human reports go, inside the results folder. */
export const RUNS_DIR = "runs";
export const REPORTS_DIR = "reports";

/** Names tried per run before giving up (a folder that full is a bug, not a busy day). */
const MAX_RUN_NAMES = 1000;

/**
 * A name safe in a file name and a link: lower case, every run of characters other than
 * `a-z 0-9 . _` turned into one `-`, trimmed, at most 60 characters (`openrouter/Qwen3 27B` →
 * `openrouter-qwen3-27b`).
 */
export function fileSlug(text: string): string {
	const slug = text
		.toLowerCase()
		.replace(/[^a-z0-9._]+/g, "-")
		.replace(/^[-.]+|[-.]+$/g, "")
		.slice(0, 60)
		.replace(/[-.]+$/, "");
	return slug === "" ? "x" : slug;
}

/**
 * Writes a folded run's three artifacts into `resultsDir`: the detail JSON at
 * `runs/<run-name>.json`, the human report at `reports/<run-name>.md`, then its row appended to
 * `history.md`, linking the report. The run name is `<date>-<sprint>-<model slug>-<orch>-<n>`
 * with the first `n` (from 1) whose files do not exist yet: both are created with `wx`, so an
 * existing artifact is never overwritten, and two runs finishing at once get two names. Returns
 * the three paths.
 */
export async function writeSprintArtifacts(
	resultsDir: string,
	row: SprintRowInput,
	folded: FoldedSprintRow,
): Promise<{ history: string; detail: string; report: string }> {
	await mkdir(join(resultsDir, RUNS_DIR), { recursive: true });
	await mkdir(join(resultsDir, REPORTS_DIR), { recursive: true });
	const stem = [row.started_at.slice(0, 10), row.sprint, row.model, row.orchestration].map(fileSlug).join("-");
	const detailText = `${JSON.stringify(detailJson(row, folded), null, 2)}\n`;
	const reportText = humanReport(row, folded);
	for (let n = 1; n <= MAX_RUN_NAMES; n++) {
		const name = `${stem}-${n}`;
		const detail = join(resultsDir, RUNS_DIR, `${name}.json`);
		const report = join(resultsDir, REPORTS_DIR, `${name}.md`);
		if (!(await createFileOnce(detail, detailText))) continue;
		if (!(await createFileOnce(report, reportText))) {
			// Ours, written a moment ago: the name is taken by another run's report, so try the next.
			await rm(detail);
			continue;
		}
		const history = join(resultsDir, HISTORY_FILE);
		await appendHistory(history, historyRow(row, folded, `${REPORTS_DIR}/${name}.md`));
		return { history, detail, report };
	}
	throw new Error(`${resultsDir}: ${MAX_RUN_NAMES} runs named ${stem}-<n> already, no free name left`);
}
