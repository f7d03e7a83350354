import { describe, expect, it } from "vitest";
import { describeDeployments } from "./describe-offload.js";

const row = (model_id: string, deployed_at: string, config_source: string | null = null) => ({
	model_id,
	harness: "single-shot",
	config_source,
	deployed_at,
});

describe("the deployments line", () => {
	it("says what is deployed since the day it came and what was before it", () => {
		expect(describeDeployments([])).toBeNull();
		expect(describeDeployments([row("m/x", "2026-12-01T10:00:00.000Z")])).toBe(
			"deployed: m/x (single-shot) since 2026-12-01",
		);
		expect(
			describeDeployments([
				row("m/x", "2026-10-01T10:00:00.000Z"),
				row("m/y", "2026-11-03T10:00:00.000Z"),
				row("m/x", "2026-12-01T10:00:00.000Z"),
				// A new source for the same model is a row of the ledger, not a new deployment of a model.
				row("m/x", "2026-12-02T10:00:00.000Z", "prod/router.yaml"),
			]),
		).toBe("deployed: m/x (single-shot) since 2026-12-01 (before: m/y (single-shot))");
	});
});
