import { describe, expect, it } from "vitest";
import { parseYamlFile } from "./yaml-file.js";

const TEXT = `# comment
models:
  - id: a
    tags: { family: x, tier: mid }
    display_name:
  - &base
    id: b
`;

describe("parseYamlFile", () => {
	const file = parseYamlFile("benchmarks/models.yaml", TEXT);
	const where = (path: (string | number)[], at: "key" | "value" = "value") => {
		const { line, column } = file.issueAt(path, { message: "m", fix: null, at });
		return [line, column];
	};

	it("places values, keys and flow-mapping members on their own line and column", () => {
		expect(where(["models", 0, "id"])).toEqual([3, 9]);
		expect(where(["models", 0, "tags", "tier"])).toEqual([4, 30]);
		expect(where(["models", 0, "tags", "tier"], "key")).toEqual([4, 24]);
		expect(where(["models", 1, "id"])).toEqual([7, 9]);
	});

	it("points an empty value at its key and a missing key at the mapping that should hold it", () => {
		expect(where(["models", 0, "display_name"])).toEqual([5, 5]);
		expect(where(["models", 1, "provider"])).toEqual([7, 5]);
		expect(where(["models", 9])).toEqual([3, 3]);
	});

	it("formats the path and reports syntax errors with the parser's position", () => {
		expect(file.issueAt(["models", 0, "tags", "tier"], { message: "m", fix: null }).path).toBe("models[0].tags.tier");
		const broken = parseYamlFile("x.yaml", "a: [1, 2\nb: 3\n");
		expect(broken.data).toBeNull();
		expect(broken.syntaxIssues.length).toBeGreaterThan(0);
		expect(broken.syntaxIssues[0]).toMatchObject({
			source: "x.yaml",
			line: expect.any(Number),
			column: expect.any(Number),
		});
	});
});
