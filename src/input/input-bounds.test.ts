import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exceedsAliasBound, INPUT_BOUNDS, readInputFile } from "./input-bounds.js";
import { parseYamlDocument } from "./yaml-document.js";

const dir = mkdtempSync(join(tmpdir(), "touchstone-bounds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readInputFile", () => {
	it("reads a file, and tells a missing one apart", () => {
		writeFileSync(join(dir, "a.yaml"), "a: é\n");
		expect(readInputFile(join(dir, "a.yaml"))).toEqual({ text: "a: é\n", issue: null, missing: false });
		const missing = readInputFile(join(dir, "nope.yaml"), "nope.yaml");
		expect(missing.missing).toBe(true);
		expect(missing.issue?.message).toContain("cannot read nope.yaml");
	});

	it("refuses a file past the bound before reading it, and a FIFO instead of waiting on it", () => {
		const big = join(dir, "big.yaml");
		writeFileSync(big, Buffer.alloc(INPUT_BOUNDS.fileBytes + 1, 0x61));
		const refused = readInputFile(big, "big.yaml");
		expect(refused.text).toBeNull();
		expect(refused.issue?.message).toBe("big.yaml is 16.0 MiB, past the bound of 16 MiB for an input file");
		writeFileSync(big, Buffer.alloc(INPUT_BOUNDS.fileBytes, 0x61));
		expect(readInputFile(big).text?.length).toBe(INPUT_BOUNDS.fileBytes);
		const fifo = join(dir, "fifo.yaml");
		execFileSync("mkfifo", [fifo]);
		expect(readInputFile(fifo, "fifo.yaml").issue?.message).toBe("fifo.yaml is not a regular file");
	});
});

describe("the alias bound", () => {
	it("lets shared values through and refuses an expansion past the bound or a cycle", () => {
		const shared = { a: [1, 2, 3] };
		expect(exceedsAliasBound({ x: shared, y: shared, z: [shared, shared] })).toBe(false);
		let bomb: unknown = ["lol"];
		for (let level = 0; level < 6; level++) bomb = Array(10).fill(bomb);
		expect(exceedsAliasBound(bomb)).toBe(true);
		const cycle: unknown[] = [];
		cycle.push(cycle);
		expect(exceedsAliasBound({ cycle })).toBe(true);
	});

	it("is a syntax issue at the first alias of a parsed document", () => {
		const lines = ["keep: &keep [1]", "also: *keep", "l0: &l0 [a, a, a, a, a, a, a, a, a, a]"];
		for (let level = 1; level < 6; level++)
			lines.push(
				`l${level}: &l${level} [${Array(10)
					.fill(`*l${level - 1}`)
					.join(", ")}]`,
			);
		const document = parseYamlDocument("bomb.yaml", lines.join("\n"), { syntaxFixes: { otherwise: "" } });
		expect(document.data).toBeNull();
		expect(document.syntaxIssues).toEqual([
			expect.objectContaining({
				source: "bomb.yaml",
				line: 2,
				column: 7,
				message: expect.stringContaining("alias bomb"),
			}),
		]);
		const fine = parseYamlDocument("ok.yaml", lines.slice(0, 2).join("\n"), { syntaxFixes: { otherwise: "" } });
		expect(fine.data).toEqual({ keep: [1], also: [1] });
	});
});
