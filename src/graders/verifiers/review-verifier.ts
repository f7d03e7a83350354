import { posix } from "node:path";
import {
	type Grader,
	type JsonObject,
	type ReviewVerifier,
	type ReviewVerifierArgs,
	type Sandbox,
	SandboxPathError,
} from "../../contract/index.js";
import { assertOptions, type OptionProblem } from "../option-issues.js";
import type { TaskVerifierOptions } from "./grading-sandbox.js";
import { reviewExtras, scoreReview } from "./review/match-findings.js";
import { FINDINGS_MAX_BYTES, parseFindings } from "./review/parse-findings.js";
import { defineTaskVerifier } from "./task-verifier.js";
import { gradedFailure, scoredVerdict } from "./verifier-outcome.js";

/** Headline metric of the review verifier: bugs found, less penalties, over bugs. */
export const REVIEW_METRIC = "review";
/** Version of the review verifier; bumping it changes cell keys. */
export const REVIEW_VERIFIER_VERSION = "1";

/** Options of {@link createReviewVerifier}. */
export interface ReviewVerifierOptions extends TaskVerifierOptions {
	/** The task's verifier block. */
	readonly verifier: ReviewVerifier;
}

/**
 * The `review` verifier (planted bugs and decoys). In a fresh copy of what the model left, it
 * reads `findings_file` (a regular file of at most 1 MiB holding a JSON array of at most 1,000
 * `{file, line, description}`), gives each finding its owner (see scoreReview) and scores
 * (found − fp_penalty·false positives − decoy_penalty·decoys hit) / bugs within 0..1, passing at
 * `pass_threshold`. The findings are the model's answer, so a missing, oversized or malformed
 * file is a graded failure (0) with the reason, never a harness error. No command runs.
 */
export function createReviewVerifier(options: ReviewVerifierOptions): Grader {
	const args = options.verifier.args;
	assertReviewArgs(args);
	const name = args.findings_file;
	return defineTaskVerifier(
		{
			id: "review",
			version: REVIEW_VERIFIER_VERSION,
			metric: REVIEW_METRIC,
			config: { kind: "review", ...(JSON.parse(JSON.stringify(args)) as JsonObject) },
			async grade({ copy, context }) {
				const extras: JsonObject = { ...context, findings_file: name };
				const read = await readFindingsFile(copy.sandbox, name);
				if (!read.ok) return gradedFailure(read.problem, extras, "no review");
				const parsed = parseFindings(read.text, name);
				if (!parsed.ok) return gradedFailure(parsed.problem, extras, "malformed review");
				const score = scoreReview(parsed.findings, args);
				const missed = score.bugs_missed.length === 0 ? "" : ` (missed: ${score.bugs_missed.join(", ")})`;
				const hit = score.decoys_hit.length === 0 ? "" : ` (${score.decoys_hit.join(", ")})`;
				return scoredVerdict({
					value: score.value,
					threshold: args.pass_threshold,
					reasoning:
						`${parsed.findings.length} finding${parsed.findings.length === 1 ? "" : "s"}: ` +
						`found ${score.bugs_found.length} of ${args.bugs.length} bugs${missed}, ` +
						`${score.false_positives} false positive${score.false_positives === 1 ? "" : "s"}, ` +
						`${score.decoys_hit.length} decoy${score.decoys_hit.length === 1 ? "" : "s"} hit${hit}; ` +
						`score (${score.bugs_found.length} − ${args.fp_penalty}·${score.false_positives} − ` +
						`${args.decoy_penalty}·${score.decoys_hit.length}) / ${args.bugs.length} = ${round(score.raw_score)}` +
						`${score.raw_score < 0 ? ", floored at 0" : ""} (pass threshold ${args.pass_threshold})`,
					extras: { ...extras, ...reviewExtras(score, args) },
				});
			},
		},
		options,
	);
}

type FindingsText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: string };

/** The findings file's text, or why there is none to read: never a throw for what the model left. */
async function readFindingsFile(sandbox: Sandbox, name: string): Promise<FindingsText> {
	const missing = { ok: false, problem: `no ${name}: the review's findings were not written` } as const;
	const folder = posix.dirname(name);
	let entries: Awaited<ReturnType<Sandbox["list"]>>;
	try {
		entries = await sandbox.list(folder);
	} catch (error) {
		if (error instanceof SandboxPathError) return missing;
		throw error;
	}
	const entry = entries.find((candidate) => candidate.name === posix.basename(name));
	if (entry === undefined) return missing;
	if (entry.kind !== "file")
		return {
			ok: false,
			problem: `${name} is ${entry.kind === "directory" ? "a folder" : `a ${entry.kind}`}, not a file`,
		};
	if ((entry.size_bytes ?? 0) > FINDINGS_MAX_BYTES)
		return {
			ok: false,
			problem: `${name} holds ${entry.size_bytes} bytes, more than the ${FINDINGS_MAX_BYTES} a review may hold`,
		};
	try {
		return { ok: true, text: await sandbox.read(name) };
	} catch (error) {
		if (error instanceof SandboxPathError) return { ok: false, problem: `${name} cannot be read: ${error.message}` };
		throw error;
	}
}

/** Refuses args the task loader would have refused, so a verifier built by hand fails at once. */
function assertReviewArgs(args: ReviewVerifierArgs): void {
	const problems: OptionProblem[] = [];
	const add = (path: string, message: string, fix: string) => problems.push({ path, message, fix });
	if (args.bugs.length === 0) add("bugs", "a review task needs at least one bug", "list the planted bugs");
	const ids = [...args.bugs, ...args.decoys].map((target) => target.id);
	for (const [index, id] of ids.entries())
		if (ids.indexOf(id) !== index) add("bugs", `the id \`${id}\` is used twice`, "give every bug and decoy its own id");
	for (const target of [...args.bugs, ...args.decoys])
		for (const [first, last] of target.lines)
			if (!(Number.isInteger(first) && Number.isInteger(last) && first >= 1 && first <= last))
				add(target.id, `the range [${first}, ${last}] is not 1 <= first <= last`, "write ranges as [first, last]");
	if (!(Number.isInteger(args.tolerance) && args.tolerance >= 0))
		add("tolerance", `expected a whole number of lines >= 0, found ${args.tolerance}`, "use e.g. 3");
	for (const key of ["fp_penalty", "decoy_penalty"] as const)
		if (!(Number.isFinite(args[key]) && args[key] >= 0))
			add(key, `expected a number >= 0, found ${args[key]}`, "use e.g. 0.25");
	if (!(args.pass_threshold > 0 && args.pass_threshold <= 1))
		add("pass_threshold", `expected a number in (0, 1], found ${args.pass_threshold}`, "use e.g. 0.5");
	assertOptions("review", problems);
}

function round(value: number): number {
	return Math.round(value * 1e4) / 1e4;
}
