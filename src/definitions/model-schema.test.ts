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

describe("modelSchema retired", () => {
	const retired = { reason: "superseded", date: "2026-12-02" };

	it("reads a retired block as a retired model, and leaves it out of entries without one", () => {
		const parsed = modelSchema.parse({ ...base, status: "retired", retired });
		expect(parsed).toMatchObject({ status: "retired", retired });
		expect(modelSchema.parse({ ...base, retired }).status).toBe("retired");
		expect("retired" in modelSchema.parse(base)).toBe(false);
	});

	it("refuses status: active beside a retired block, an empty reason and a date not YYYY-MM-DD, at their paths", () => {
		const paths = (value: object) =>
			modelSchema.safeParse({ ...base, ...value }).error?.issues.map((issue) => issue.path);
		expect(paths({ status: "active", retired })).toEqual([["status"]]);
		expect(paths({ retired: { reason: " ", date: "2026-12-02" } })).toEqual([["retired", "reason"]]);
		expect(paths({ retired: { reason: "x", date: "2 Dec 2026" } })).toEqual([["retired", "date"]]);
	});
});
