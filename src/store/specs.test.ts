import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NotFoundError, StoreError } from "../contract/index.js";
import { openTemporaryStore, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;

beforeEach(() => {
	temporary = openTemporaryStore();
});

afterEach(() => temporary.remove());

const v1 = sampleSpec({ benchmark_version: "v1", spec_hash: "h1", spec: { cases: ["a"] } });
const v2 = sampleSpec({ benchmark_version: "v2", spec_hash: "h2", spec: { cases: ["a", "b"] } });

describe("spec snapshots", () => {
	it("freezes a version once: the first write wins", () => {
		const { store } = temporary;
		expect(store.freezeSpec(v1)).toEqual({ inserted: true });
		expect(store.freezeSpec(v1)).toEqual({ inserted: false });
		expect(store.getSpec("v1")?.spec).toEqual({ cases: ["a"] });
		expect(store.listSpecs("summarization")).toHaveLength(1);
	});

	it("refuses to freeze a version again with a different spec hash", () => {
		const { store } = temporary;
		store.freezeSpec(v1);
		expect(() => store.freezeSpec({ ...v1, spec_hash: "other" })).toThrow(StoreError);
		expect(store.getSpec("v1")?.spec_hash).toBe("h1");
	});

	it("follows activations, including a revert to an older version", () => {
		const { store } = temporary;
		store.freezeSpec(v1);
		store.freezeSpec(v2);
		expect(store.currentSpec("summarization")).toBeNull();
		expect(store.activateSpec("summarization", "v1")).toEqual({ activated: true });
		expect(store.activateSpec("summarization", "v2")).toEqual({ activated: true });
		expect(store.activateSpec("summarization", "v2")).toEqual({ activated: false });
		expect(store.currentSpec("summarization")?.benchmark_version).toBe("v2");
		store.activateSpec("summarization", "v1");
		expect(store.currentSpec("summarization")?.benchmark_version).toBe("v1");
		expect(store.listSpecs().map((spec) => spec.benchmark_version)).toEqual(["v1", "v2"]);
	});

	it("refuses to activate an unknown version or another use case's", () => {
		const { store } = temporary;
		store.freezeSpec(v1);
		expect(() => store.activateSpec("summarization", "v9")).toThrow(NotFoundError);
		expect(() => store.activateSpec("code-fix", "v1")).toThrow("belongs to use case summarization");
		expect(store.currentSpec("code-fix")).toBeNull();
	});
});
