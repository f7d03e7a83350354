import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveStorePaths } from "./index.js";

describe("resolveStorePaths", () => {
	it("defaults to data/benchmarks under the working directory", () => {
		expect(resolveStorePaths({}, "/repo")).toEqual({
			database: join("/repo", "data/benchmarks/benchmarks.db"),
			artifacts: join("/repo", "data/benchmarks/artifacts"),
		});
	});

	it("takes TOUCHSTONE_DB and TOUCHSTONE_ARTIFACTS, relative ones from the working directory", () => {
		expect(resolveStorePaths({ TOUCHSTONE_DB: "/elsewhere/b.db", TOUCHSTONE_ARTIFACTS: "blobs" }, "/repo")).toEqual({
			database: "/elsewhere/b.db",
			artifacts: "/repo/blobs",
		});
	});

	it("ignores empty overrides", () => {
		expect(resolveStorePaths({ TOUCHSTONE_DB: "", TOUCHSTONE_ARTIFACTS: " " }, "/repo").database).toBe(
			"/repo/data/benchmarks/benchmarks.db",
		);
	});
});
