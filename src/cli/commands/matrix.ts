import type { Command } from "commander";
import { type CaseMatrix, caseMatrix } from "../../views/index.js";
import { positiveInteger } from "../flag-parsers.js";
import { formatScore } from "../format.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { withReadStore } from "../read-store.js";
import { type StoreFlags, withStoreOptions } from "../store-options.js";
import { renderTable } from "../table.js";

/** `touchstone matrix`: the case × model headline grid, a page of cases at a time. */
export function registerMatrixCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("matrix"), "reads")
		.description("show the case × model grid of headline values, with pass marks")
		.requiredOption("--use-case <id>", "the use case")
		.option("--benchmark-version <version>", "pin a frozen spec instead of the current one")
		.option("--limit <n>", "cases per page (at most 500)", positiveInteger, 100)
		.option("--cursor <cursor>", "the next_cursor of the previous page")
		.option("--json", "print the page as JSON (the API's shape)")
		.action(
			(
				options: StoreFlags & {
					useCase: string;
					benchmarkVersion?: string;
					limit: number;
					cursor?: string;
					json?: boolean;
				},
			) => {
				const limit = options.limit;
				const query = { useCase: options.useCase, benchmarkVersion: options.benchmarkVersion };
				const matrix = withReadStore(io, options, query, (store) =>
					caseMatrix(store, options.useCase, {
						benchmarkVersion: options.benchmarkVersion,
						limit,
						cursor: options.cursor ?? null,
					}),
				);
				if (options.json) printJson(io, matrix);
				else printMatrix(io, matrix);
			},
		);
}

/**
 * The grid: a cell whose rows came from elsewhere (an ingest, an import) carries `†`, and its
 * column's header names the sources, so a result from another store never passes for this one's.
 */
function printMatrix(io: CliIo, matrix: CaseMatrix): void {
	printLine(
		io,
		`${matrix.use_case_id} (${matrix.benchmark_version}), headline: ${matrix.headline_metric}; ✓ passes its threshold, ✗ does not, - not run`,
	);
	const columnSources = matrix.models.map(
		(_model, index) => new Set(matrix.rows.flatMap((row) => row.cells[index]?.sources ?? [])),
	);
	printLine(
		io,
		renderTable(
			[
				"case",
				"kind",
				...matrix.models.map(
					(model, index) =>
						`${model.model_id}${columnSources[index]?.size ? ` [${[...(columnSources[index] ?? [])].sort().join(", ")}]` : ""}`,
				),
			],
			matrix.rows.map((row) => [
				row.case_id,
				row.kind,
				...row.cells.map((cell) => {
					const mark = cell !== null && cell.sources.length > 0 ? " †" : "";
					if (cell === null || cell.headline === null) return cell !== null && cell.errors > 0 ? `error${mark}` : "-";
					return `${formatScore(cell.headline)} ${cell.passed ? "✓" : "✗"}${mark}`;
				}),
			]),
		),
	);
	const shown = matrix.rows.length;
	printLine(io, `  ${shown} of ${matrix.total_cases} cases`);
	if (columnSources.some((sources) => sources.size > 0))
		printLine(
			io,
			"  † rows brought in from elsewhere (touchstone ingest or import, named in the column's [source]), not run here",
		);
	if (matrix.next_cursor !== null) printLine(io, `  next page: --cursor ${matrix.next_cursor}`);
	if (matrix.stale_rows > 0) printLine(io, `  ${matrix.stale_rows} stale rows of older definitions left out`);
}
