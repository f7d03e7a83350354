import { describe, expect, it } from "vitest";
import { modelSchema } from "./model-schema.js";

const base = { id: "m", provider: "openai-compatible", model: "m", base_url: "http://127.0.0.1:1/v1" };

describe("modelSchema options.max_output_bytes", () => {
	it("accepts a whole number of bytes from 1 to 1 GiB and keeps it in the entry's options", () => {
		const parsed = modelSchema.safeParse({ ...base, options: { max_output_bytes: 65536 } });
		expect(parsed.success).toBe(true);
		expect(parsed.data?.options).toMatchObject({ max_output_bytes: 65536 });
	});

	it("refuses no cap, a fraction, or more than 1 GiB, at its path", () => {
		for (const value of [0, 1.5, 2 * 1024 ** 3, "4MiB"]) {
			const parsed = modelSchema.safeParse({ ...base, options: { max_output_bytes: value } });
			expect(parsed.success).toBe(false);
			expect(parsed.error?.issues[0]?.path).toEqual(["options", "max_output_bytes"]);
		}
	});
});
