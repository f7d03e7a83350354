import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineCase, type ModelEntry, type RunInput, type TaskBudget } from "../../src/contract/index.js";
import type { AgentTask } from "../../src/runners/index.js";

/** The key the provider sends to the scripted server. */
export const ENV = { SCRIPTED_API_KEY: "sk-touchstone-agent-test" };

/** The buggy line of the fixture, and its fix. */
export const BUGGY = "export function add(a, b) {\n\treturn a - b;\n}\n";
export const FIXED = "export function add(a, b) {\n\treturn a + b;\n}\n";

/**
 * A small project in a fresh temporary folder: a buggy `src/math.js`, a README, and `check.sh`,
 * which prints PASS and exits 0 once the bug is fixed. Returns the fixture folder.
 */
export function writeFixture(): string {
	const root = mkdtempSync(join(tmpdir(), "touchstone-agent-fixture-"));
	const fixture = join(root, "fixture");
	mkdirSync(join(fixture, "src"), { recursive: true });
	writeFileSync(join(fixture, "README.md"), "Fix `add` in src/math.js, then run check.sh.\n");
	writeFileSync(join(fixture, "src", "math.js"), BUGGY);
	writeFileSync(join(fixture, "check.sh"), 'grep -q "a + b" src/math.js && echo PASS || { echo FAIL >&2; exit 1; }\n');
	return fixture;
}

/** A generous budget; tests narrow the part they exercise. */
export const BUDGET: TaskBudget = { turns: 10, tokens: null, timeout_s: 30, cost_usd: null };

/** A task over `fixture`. */
export function agentTask(fixture: string, overrides: Partial<AgentTask> = {}): AgentTask {
	return { prompt: "Fix the bug in add.", fixtureDir: fixture, budget: BUDGET, tools: { shell: false }, ...overrides };
}

/** An OpenAI-compatible entry for a scripted model. */
export function scriptedEntry(model: string, serverUrl: string, overrides: Partial<ModelEntry> = {}): ModelEntry {
	return {
		id: model,
		provider: "openai-compatible",
		model,
		display_name: model,
		role: "candidate",
		status: "active",
		tags: { family: null, weights: null, tier: null },
		price: null,
		base_url: `${serverUrl}/v1`,
		api_key_env: "SCRIPTED_API_KEY",
		command: null,
		options: { max_retries: 0 },
		...overrides,
	};
}

/** The run input of one cell of `model` (the case itself is opaque to the runner: resolveTask maps it). */
export function runInput(model: ModelEntry): RunInput {
	return {
		case: defineCase({
			id: "fix-add",
			version: "1",
			use_case_id: "code-fix",
			kind: "floor",
			input: {},
			reference: null,
			threshold: 1,
			metadata: {},
		}),
		model,
		sample_index: 0,
		harness: {},
	};
}
