import { canonicalJson, type JsonObject, type JsonValue, sha256 } from "../../../contract/index.js";
import type { ImportedCase } from "../imported-evaluation.js";
import { slug, unique } from "../slug.js";
import type { PromptfooResult } from "./results-schema.js";

/** The cases of a results file, and which case each row is of. */
export interface ResultCases {
	readonly cases: readonly ImportedCase[];
	readonly caseOf: (row: PromptfooResult) => string;
}

/**
 * One case per test, in the order of the tests. A test is known by what it asks (description,
 * vars and assertions), not by its `testIdx`: promptfoo expands `--repeat N` into N tests of
 * their own, so the rows of one test's repeats fall into one case as its samples. The id is the
 * description slugged (`Greets Ada` → `greets-ada`), else `vars-` and the first 12 hex of the
 * sha256 of the canonical vars; a second test of the same id gets `-2`. The input is what the test
 * asked: its vars, description and assertion types; every case passes at a headline of 1.
 */
export function resultCases(rows: readonly PromptfooResult[]): ResultCases {
	const byKey = new Map<string, { id: string; input: JsonObject }>();
	const ofRow = new Map<PromptfooResult, string>();
	const taken = new Set<string>();
	for (const row of [...rows].sort((a, b) => a.testIdx - b.testIdx)) {
		const key = testKey(row);
		const known = byKey.get(key);
		if (known !== undefined) {
			ofRow.set(row, known.id);
			continue;
		}
		const { description, vars, assert } = row.testCase;
		const varsValue = (vars ?? {}) as JsonValue;
		const described = typeof description === "string" ? slug(description) : "";
		const base = described !== "" ? described : `vars-${sha256(canonicalJson(varsValue)).slice(0, 12)}`;
		const types = (assert ?? []).map((item) => item.type ?? "unknown");
		const input: JsonObject = {
			vars: varsValue,
			...(typeof description === "string" && description !== "" ? { description } : {}),
			...(types.length > 0 ? { assert: types } : {}),
		};
		const id = unique(base, taken);
		byKey.set(key, { id, input });
		ofRow.set(row, id);
	}
	const cases = [...byKey.values()].map(
		(item): ImportedCase => ({ id: item.id, input: item.input, threshold: 1, kind: "floor" }),
	);
	return {
		cases,
		caseOf: (row) => ofRow.get(row) as string,
	};
}

function testKey(row: PromptfooResult): string {
	const { description, vars, assert } = row.testCase;
	return canonicalJson({ description: description ?? null, vars: vars ?? {}, assert: assert ?? [] });
}
