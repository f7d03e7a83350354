import { describe, expect, it } from "vitest";
import { parseExternalOutput } from "./external-output.js";

describe("parseExternalOutput", () => {
	it("fills what a harness leaves out with defaults, unknowns null", () => {
		expect(parseExternalOutput('{"final": null}')).toEqual({
			final: null,
			trace: [],
			telemetry: {
				cost_usd: null,
				ttft_ms: null,
				input_tokens: null,
				output_tokens: null,
				cache_tokens: null,
				tokens_per_sec: null,
				turns: null,
			},
			status: "completed",
			error: null,
		});
	});

	it("reads the last line when the harness logged before its answer", () => {
		const output = parseExternalOutput('working…\n{"final": "done", "status": "limit", "error": "out of turns"}\n');
		expect(output).toMatchObject({ final: "done", status: "limit", error: "out of turns" });
	});

	it("names every problem with its path, and quotes the output's start", () => {
		const output = parseExternalOutput('{"trace": [{"kind": "action"}], "telemetry": {"turns": -1}}');
		expect(output).toBeTypeOf("string");
		expect(output).toMatch(/^its JSON is not \{final, trace, telemetry\}: /);
		expect(output).toContain("final: expected `final`");
		expect(output).toMatch(/trace\.0\.kind: .*"thought"/);
		expect(output).toMatch(/telemetry\.turns: /);
		expect(output).toContain('output began: "{\\"trace\\"');
	});

	it("says when the output is not JSON at all, or empty", () => {
		expect(parseExternalOutput("All done!")).toBe(
			'expected one JSON object {final, trace, telemetry} on stdout, but it is not JSON; output began: "All done!"',
		);
		expect(parseExternalOutput("")).toMatch(/it printed nothing$/);
	});
});
