import { describe, expect, it } from "vitest";
import { createRequestLog } from "./request-log.js";

describe("createRequestLog", () => {
	it("keeps the last requests up to its capacity, oldest first, by model and limit", () => {
		const log = createRequestLog(3);
		for (const [index, model] of ["a", "b", "a", "b", "a"].entries())
			log.record("/v1/chat/completions", { "x-n": String(index) }, Buffer.from(JSON.stringify({ model, n: index })));
		expect(log.list().map((request) => request.headers["x-n"])).toEqual(["2", "3", "4"]);
		expect(log.list("a").map((request) => request.body)).toEqual([
			{ model: "a", n: 2 },
			{ model: "a", n: 4 },
		]);
		expect(log.list(null, 1).map((request) => request.model)).toEqual(["a"]);
		log.clear();
		expect(log.list()).toEqual([]);
	});

	it("replaces secret headers with <present> and keeps the others", () => {
		const log = createRequestLog();
		log.record(
			"/v1/messages",
			{ authorization: "Bearer sk-1", "x-api-key": "sk-2", "anthropic-version": "2023-06-01" },
			Buffer.from("[1]"),
		);
		const [recorded] = log.list();
		expect(recorded?.headers).toEqual({
			authorization: "<present>",
			"x-api-key": "<present>",
			"anthropic-version": "2023-06-01",
		});
		expect(recorded?.model).toBeNull();
		expect(Date.parse(recorded?.received_at ?? "")).toBeGreaterThan(0);
	});
});
