import { describe, expect, it } from "vitest";
import { parseInspectJson } from "./inspect-json.js";

describe("parseInspectJson", () => {
	it("reads inspect's bare NaN and infinities as null, and leaves strings that spell them alone", () => {
		expect(parseInspectJson('{"value": NaN, "stderr": Infinity, "low": -Infinity, "n": -1}')).toEqual({
			data: { value: null, stderr: null, low: null, n: -1 },
		});
		expect(parseInspectJson('{"answer": "NaN", "quote": "say \\"Infinity\\" NaN"}')).toEqual({
			data: { answer: "NaN", quote: 'say "Infinity" NaN' },
		});
	});

	it("places what is not JSON in the text as written, past the constants it rewrote", () => {
		const text = '{"a": NaN, "b": -Infinity, "c": tru}';
		const parsed = parseInspectJson(text);
		expect(parsed).not.toHaveProperty("data");
		expect("offset" in parsed ? parsed.offset : null).toBe(text.indexOf("tru"));
		const cut = '{"value": NaN, "answer": "Par';
		expect(parseInspectJson(cut)).toMatchObject({ offset: cut.length });
		expect(parseInspectJson("NaNa")).toMatchObject({ offset: 3 });
		expect(parseInspectJson("{] ")).toMatchObject({ offset: 1 });
	});
});
