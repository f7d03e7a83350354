import { ms } from "../../ui/format.js";
import { FoldedText } from "./folded-text.js";
import type { Extras, InspectedScore, Json } from "./inspection-parts.js";

/** Keys of a grader's record that say a verifier ran in the workspace (tests, checks, a benchmark). */
const VERIFIER_KEYS = ["exit_code", "checks", "sites", "failed", "failures", "real_module", "performance", "findings"];

/**
 * What the graders recorded beyond the score: a verifier's exit code and sandbox, its failing
 * tests with their messages, its checks (failed ones first), fix sites, log tails, and the whole
 * record folded below. A record several metrics share (the headline repeats the verifier's) is
 * shown once.
 */
export function GraderRecords({ scores }: { scores: readonly InspectedScore[] }) {
	const records = new Map<string, { extras: Extras; metrics: string[] }>();
	for (const item of scores) {
		if (item.extras === null) continue;
		// The jury's own bookkeeping is shown with its votes.
		const { jury: _jury, ...rest } = item.extras;
		if (Object.keys(rest).length === 0) continue;
		const key = JSON.stringify(item.extras);
		const record = records.get(key);
		if (record === undefined) records.set(key, { extras: item.extras, metrics: [item.metric] });
		else record.metrics.push(item.metric);
	}
	return (
		<>
			{[...records.values()].map((record) => (
				<GraderRecord key={record.metrics.join(",")} extras={record.extras} metrics={record.metrics} />
			))}
		</>
	);
}

function GraderRecord({ extras, metrics }: { extras: Extras; metrics: string[] }) {
	const verifier = VERIFIER_KEYS.some((key) => key in extras);
	const title = verifier ? "Verifier report" : "Grader record";
	const failing = failingTests(extras);
	const checks = objectOf(extras.checks);
	const critical = stringsOf(extras.critical_failed);
	const sites = objectOf(extras.sites);
	return (
		<section class={verifier ? "verifier" : "grader-record"}>
			<h4>
				{title} <span class="muted">({metrics.join(", ")})</span>
			</h4>
			{verifier && <RunFacts extras={extras} />}
			{failing.length > 0 && (
				<div class="failing">
					<p class="bad-text">
						<strong>Failing tests ({failing.length})</strong>
					</p>
					<ul>
						{failing.map((test) => (
							<li key={test.name}>
								<span aria-hidden="true">✗ </span>
								{test.name}
								{test.message !== null && <span class="muted">: {test.message}</span>}
							</li>
						))}
					</ul>
				</div>
			)}
			{checks !== null && (
				<ul class="checks">
					{Object.entries(checks).map(([name, value]) => (
						<li key={name} class={value === true ? "pass" : value === false ? "fail" : ""}>
							<span aria-hidden="true">{value === true ? "✓ " : value === false ? "✗ " : "? "}</span>
							check {name}: {value === true ? "passed" : value === false ? "failed" : String(value)}
							{critical.includes(name) && <span class="badge error-badge">critical</span>}
						</li>
					))}
				</ul>
			)}
			{sites !== null && (
				<ul class="checks">
					{Object.entries(sites).map(([name, site]) => {
						const fixed = objectOf(site)?.fixed;
						return (
							<li key={name} class={fixed === true ? "pass" : "fail"}>
								<span aria-hidden="true">{fixed === true ? "✓ " : "✗ "}</span>
								site {name}: {fixed === true ? "fixed" : "not fixed"}
							</li>
						);
					})}
				</ul>
			)}
			{typeof extras.stdout_tail === "string" && extras.stdout_tail !== "" && (
				<FoldedText text={extras.stdout_tail} label="the verifier's stdout (tail)" />
			)}
			{typeof extras.stderr_tail === "string" && extras.stderr_tail !== "" && (
				<FoldedText text={extras.stderr_tail} label="the verifier's stderr (tail)" />
			)}
			<details class="record-json">
				<summary>The whole record ({Object.keys(extras).length} fields)</summary>
				<pre class="text">{JSON.stringify(extras, null, 2)}</pre>
			</details>
		</section>
	);
}

function RunFacts({ extras }: { extras: Extras }) {
	const sandbox = objectOf(extras.sandbox);
	const counts = objectOf(extras.counts) ?? objectOf(objectOf(extras.real_module)?.tests);
	const facts: [string, string][] = [];
	if (extras.exit_code !== undefined)
		facts.push(["exit code", extras.exit_code === null ? "none" : String(extras.exit_code)]);
	if (extras.timed_out === true) facts.push(["timed out", "yes"]);
	if (typeof extras.signal === "string") facts.push(["signal", extras.signal]);
	if (typeof extras.duration_ms === "number") facts.push(["took", ms(extras.duration_ms)]);
	if (counts !== null)
		facts.push([
			"tests",
			Object.entries(counts)
				.map(([name, value]) => `${String(value)} ${name}`)
				.join(", "),
		]);
	if (sandbox !== null)
		facts.push(["sandbox", `${String(sandbox.backend ?? "?")}${sandbox.isolated === true ? " (isolated)" : ""}`]);
	if (typeof extras.outcome === "string") facts.push(["outcome", extras.outcome]);
	if (facts.length === 0) return null;
	return (
		<dl class="facts">
			{facts.map(([name, value]) => (
				<div key={name}>
					<dt>{name}</dt>
					<dd>{value}</dd>
				</div>
			))}
		</dl>
	);
}

/** The tests a verifier saw fail, with their messages where it kept them. */
function failingTests(extras: Extras): { name: string; message: string | null }[] {
	const failures = Array.isArray(extras.failures) ? extras.failures : [];
	const named = failures
		.map((item) => objectOf(item))
		.filter((item) => item !== null && typeof item.name === "string")
		.map((item) => ({ name: String(item?.name), message: typeof item?.message === "string" ? item.message : null }));
	const seen = new Set(named.map((test) => test.name));
	const listed = [...stringsOf(extras.failed), ...stringsOf(objectOf(extras.real_module)?.failing)]
		.filter((name) => !seen.has(name))
		.map((name) => ({ name, message: null }));
	return [...named, ...listed];
}

function objectOf(value: Json | undefined): { readonly [key: string]: Json } | null {
	return value !== null && typeof value === "object" && !Array.isArray(value)
		? (value as { readonly [key: string]: Json })
		: null;
}

function stringsOf(value: Json | undefined): string[] {
	return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
