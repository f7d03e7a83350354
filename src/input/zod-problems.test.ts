import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodProblems } from "./zod-problems.js";

describe("zodProblems", () => {
	it("says which types a union of types takes, with a fix, instead of zod's 'Invalid input'", () => {
		const schema = z.strictObject({ version: z.union([z.string(), z.int().min(0)]) });
		const data = { version: [1] };
		const result = schema.safeParse(data);
		expect(result.success).toBe(false);
		const problems = zodProblems(schema, data, result.error?.issues ?? []);
		expect(problems).toEqual([
			{
				path: ["version"],
				message: "expected a string or a number, found a list of 1 item",
				fix: "change it to a string",
			},
		]);
	});
});
