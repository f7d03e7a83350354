import { describe, expect, it } from "vitest";
import type { Step } from "../../contract/index.js";
import { callLoops } from "./call-loops.js";

const call = (tool: string, args: Record<string, unknown>): Step => ({
	kind: "tool_call",
	content: "",
	tool,
	arguments: args as Step["arguments"],
	is_error: false,
	tokens: null,
	at_ms: null,
});
const result: Step = {
	kind: "tool_result",
	content: "ok",
	tool: "read_file",
	arguments: null,
	is_error: false,
	tokens: null,
	at_ms: null,
};

describe("degenerate call loops", () => {
	it("counts runs of the same call, whatever came back in between, and the calls they wasted", () => {
		const read = call("read_file", { path: "src/a.ts", start_line: 1 });
		const same = call("read_file", { start_line: 1, path: "src/a.ts" });
		const steps = [read, result, same, result, read, call("write_file", { path: "a", content: "x" }), read, read];
		// read ×3 (a loop of 3, 2 wasted), write, read ×2 (below the bound).
		expect(callLoops(steps)).toEqual({ loops: 1, wasted_calls: 2, longest: 3 });
		expect(callLoops(steps, 2)).toEqual({ loops: 2, wasted_calls: 3, longest: 3 });
	});

	it("tells different arguments apart and says 0 without calls", () => {
		const steps = [1, 2, 3].map((line) => call("read_file", { path: "a", start_line: line }));
		expect(callLoops(steps)).toEqual({ loops: 0, wasted_calls: 0, longest: 1 });
		expect(callLoops([])).toEqual({ loops: 0, wasted_calls: 0, longest: 0 });
		expect(() => callLoops([], 1)).toThrow(RangeError);
	});
});
