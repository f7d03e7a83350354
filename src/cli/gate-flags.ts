import type { Command } from "commander";
import { BadInputError, type InputIssue } from "../contract/index.js";
import { GATE_METRICS, type Gate, type GateCheck, type GateMetric, type GateReport } from "../views/index.js";
import { CliFailure } from "./exit-codes.js";
import { formatScore } from "./format.js";
import { type CliIo, printLine } from "./io.js";

/** Adds the repeatable `--fail-under [MODEL:]METRIC=VALUE` flag; its values are checked by {@link parseGates}. */
export function withGateOption(command: Command): Command {
	return command.option(
		"--fail-under <gate>",
		`exit 1 when a model row's METRIC (${GATE_METRICS.join(", ")}) is below VALUE (0..1); MODEL:METRIC=VALUE for one model (reference rows only so); repeatable`,
		(value: string, previous: readonly string[]) => [...previous, value],
		[] as readonly string[],
	);
}

const EXAMPLE = "write e.g. --fail-under headline=0.8, or --fail-under my/model:pass_rate=0.9 for one model";

/** Parses every `--fail-under` value; all problems at once as bad input with a fix each. */
export function parseGates(values: readonly string[]): Gate[] {
	const issues: InputIssue[] = [];
	const gates: Gate[] = [];
	for (const value of values) {
		const problem = (message: string, fix: string) =>
			issues.push({ source: "--fail-under", line: null, column: null, path: value, message, fix });
		const equals = value.lastIndexOf("=");
		if (equals === -1) {
			problem("expected METRIC=VALUE or MODEL:METRIC=VALUE", EXAMPLE);
			continue;
		}
		const left = value.slice(0, equals).trim();
		const colon = left.lastIndexOf(":");
		const model = colon === -1 ? null : left.slice(0, colon);
		const metric = left.slice(colon + 1);
		const minimum = value.slice(equals + 1).trim();
		const found = issues.length;
		if (model === "") problem("no model before `:`", "name a model, or leave out `:` to gate every model row");
		if (!(GATE_METRICS as readonly string[]).includes(metric))
			problem(
				metric === "" ? "no metric before `=`" : `unknown metric \`${metric}\``,
				`gate on ${GATE_METRICS.join(" or ")}; ${EXAMPLE}`,
			);
		const number = minimum === "" ? Number.NaN : Number(minimum);
		if (!Number.isFinite(number))
			problem(`\`${minimum}\` is not a number`, "give the lowest value that passes, from 0 to 1, e.g. 0.8");
		else if (number < 0 || number > 1)
			problem(`${minimum} is outside 0..1`, "headline and pass_rate are 0..1 figures: write 0.8, not 80");
		if (issues.length === found) gates.push({ model, metric: metric as GateMetric, minimum: number });
	}
	if (issues.length > 0) throw new BadInputError("--fail-under: cannot read the gate", issues);
	return gates;
}

/**
 * Refuses a `MODEL:` gate whose model is not among `known` (the rows a leaderboard has, the
 * models a run will run): a gate on a typo would otherwise fall short for the wrong reason.
 */
export function checkGateModels(gates: readonly Gate[], known: readonly string[], where: string): void {
	const unknown = [
		...new Set(gates.flatMap((gate) => (gate.model === null || known.includes(gate.model) ? [] : [gate.model]))),
	];
	if (unknown.length === 0) return;
	throw new BadInputError(
		"--fail-under names a model that is not there",
		unknown.map((model) => ({
			source: "--fail-under",
			line: null,
			column: null,
			path: model,
			message: `no model \`${model}\` ${where}`,
			fix: known.length === 0 ? "leave out the model to gate every row" : `name one of: ${known.join(", ")}`,
		})),
	);
}

/** Prints each check under a leaderboard: which rows reach their gate and which fall short. */
export function printGates(io: CliIo, report: GateReport): void {
	printLine(
		io,
		report.passed
			? `Gates (--fail-under): all ${report.checks.length} checks passed`
			: `Gates (--fail-under): ${report.failed} of ${report.checks.length} checks fell short`,
	);
	for (const item of report.checks) printLine(io, `  ${item.passed ? "ok  " : "FAIL"} ${describeCheck(item)}`);
}

/** The exit-1 error of a gate report that fell short, or null when every check passed. */
export function gateFailure(report: GateReport): CliFailure | null {
	if (report.passed) return null;
	const short = report.checks.filter((item) => !item.passed);
	return new CliFailure(
		"gate-failed",
		`${short.length} of ${report.checks.length} gate checks fell short: ${short.map(describeCheck).join("; ")}`,
		"the checks are listed under Gates (with --json: gates.checks); improve those rows or change the gate",
	);
}

function describeCheck(item: GateCheck): string {
	const row =
		item.model_id === null ? "every model row" : `${item.model_id}${item.harness === null ? "" : ` (${item.harness})`}`;
	const value = item.value === null ? "none" : formatScore(item.value);
	const comparison = item.passed ? "≥" : "<";
	return `${row}: ${item.metric} ${value} ${comparison} ${item.minimum}${item.reason === null ? "" : ` (${item.reason})`}`;
}
