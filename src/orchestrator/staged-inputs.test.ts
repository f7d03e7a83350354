import { describe, expect, it } from "vitest";
import { defineCase } from "../contract/index.js";
import type { StagedArtifact } from "../store/index.js";
import { StagedInputs } from "./staged-inputs.js";

const caseNamed = (id: string) =>
	defineCase({
		id,
		version: "1",
		use_case_id: "u",
		kind: "floor",
		input: { prompt: id },
		reference: null,
		threshold: 1,
		metadata: {},
	});

const artifactOf = (id: string): StagedArtifact => ({
	sha256: id.padEnd(64, "0"),
	size: id.length,
	path: null,
	content_type: "application/json",
	content: Buffer.from(id),
});

describe("StagedInputs", () => {
	it("stages a case's input once for the cells that share it, and remembers that its row is stored", () => {
		const inputs = new StagedInputs(4);
		const a = caseNamed("a");
		let staged = 0;
		const stage = () => {
			staged += 1;
			return artifactOf("a");
		};
		const first = inputs.get(a, stage);
		expect(first.stored).toBe(false);
		first.stored = true;
		const second = inputs.get(a, stage);
		expect(second).toBe(first);
		expect(second.stored).toBe(true);
		expect(staged).toBe(1);
	});

	it("holds only the last `capacity` cases; an older one is staged again, not yet stored", () => {
		const inputs = new StagedInputs(2);
		const [a, b, c] = ["a", "b", "c"].map(caseNamed) as [
			ReturnType<typeof caseNamed>,
			ReturnType<typeof caseNamed>,
			ReturnType<typeof caseNamed>,
		];
		let staged = 0;
		const stageFor = (id: string) => () => {
			staged += 1;
			return artifactOf(id);
		};
		inputs.get(a, stageFor("a")).stored = true;
		inputs.get(b, stageFor("b"));
		inputs.get(c, stageFor("c"));
		expect(staged).toBe(3);
		const again = inputs.get(a, stageFor("a"));
		expect(staged).toBe(4);
		expect(again.stored).toBe(false);
		inputs.get(c, stageFor("c"));
		expect(staged).toBe(4);
	});
});
