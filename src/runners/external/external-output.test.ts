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
			warnings: [],
		});
	});

	it("takes a reported figure that is no figure as unknown, with a warning, and keeps the rest", () => {
		const output = parseExternalOutput(
			'{"final": "done", "telemetry": {"cost_usd": -1000, "input_tokens": "lots", "turns": 2.5, "output_tokens": 7}}',
		);
		if (typeof output === "string") throw new Error(output);
		expect(output.final).toBe("done");
		expect(output.telemetry).toMatchObject({ cost_usd: null, input_tokens: null, turns: null, output_tokens: 7 });
		expect(output.warnings).toEqual([
			"telemetry.cost_usd: reported -1000, not a finite number from 0; taken as unknown",
			'telemetry.input_tokens: reported "lots", not a whole number from 0; taken as unknown',
			"telemetry.turns: reported 2.5, not a whole number from 0; taken as unknown",
		]);
	});

	it("reads the last line when the harness logged before its answer", () => {
		const output = parseExternalOutput('working…\n{"final": "done", "status": "limit", "error": "out of turns"}\n');
		expect(output).toMatchObject({ final: "done", status: "limit", error: "out of turns" });
	});

	it("names every problem with its path, and quotes the output's start", () => {
		const output = parseExternalOutput('{"trace": [{"kind": "action"}], "telemetry": []}');
		expect(output).toBeTypeOf("string");
		expect(output).toMatch(/^its JSON is not \{final, trace, telemetry\}: /);
		expect(output).toContain("final: expected `final`");
		expect(output).toMatch(/trace\.0\.kind: .*"thought"/);
		expect(output).toMatch(/telemetry: /);
		expect(output).toContain('output began: "{\\"trace\\"');
	});

	it("says when the output is not JSON at all, or empty", () => {
		expect(parseExternalOutput("All done!")).toBe(
			'expected one JSON object {final, trace, telemetry} on stdout, but it is not JSON; output began: "All done!"',
		);
		expect(parseExternalOutput("")).toMatch(/it printed nothing$/);
	});
});
