import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sampleSchema } from "./log-schema.js";
import { promptOf, resolveAttachments, sampleTrace } from "./sample-trace.js";

/** inspect_ai's own log of every kind of tool error (test/fixtures/inspect/upstream/, from its tests). */
const log = JSON.parse(
	readFileSync(new URL("../../../../test/fixtures/inspect/upstream/log_tool_call_error.json", import.meta.url), "utf8"),
) as { samples: unknown[] };

describe("sampleTrace", () => {
	it("makes each tool message a tool result, an error where inspect returned a tool error to the model", () => {
		const sample = sampleSchema.parse(log.samples[0]);
		const trace = sampleTrace(sample);
		expect(trace).toHaveLength(11);
		expect(trace.every((step) => step.kind === "tool_result" && step.tool === "bash" && step.is_error)).toBe(true);
		expect(trace[10]?.content).toContain("too long to be displayed");
		expect(promptOf(sample.messages ?? [])).toBeNull();
	});

	it("keeps a later user message as a message step, and a tool call inspect could not parse without arguments", () => {
		const trace = sampleTrace({
			messages: [
				{ role: "user", content: "Fix the bug." },
				{
					role: "assistant",
					content: "",
					tool_calls: [{ function: "bash", arguments: "ls -", parse_error: "Expecting value" }],
				},
				{ role: "user", content: "Please continue." },
			],
		});
		expect(trace.map((step) => [step.kind, step.content, step.arguments])).toEqual([
			["tool_call", '"ls -"', null],
			["message", "[user] Please continue.", null],
		]);
	});

	it("resolves attachment references anywhere in a value, and keeps one it cannot resolve", () => {
		const attachments = { abc: "the long text" };
		expect(resolveAttachments({ a: ["attachment://abc", { b: "attachment://zzz" }], n: 1 }, attachments)).toEqual({
			a: ["the long text", { b: "attachment://zzz" }],
			n: 1,
		});
	});
});
