import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BoundedLine, boundedLines } from "./bounded-lines.js";

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "bounded-lines-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

async function collect(content: string | Buffer, maxBytes?: number): Promise<BoundedLine[]> {
	const path = join(dir, "file");
	await writeFile(path, content);
	const lines: BoundedLine[] = [];
	for await (const line of boundedLines(path, maxBytes)) lines.push(line);
	return lines;
}

describe("bounded lines", () => {
	it("numbers lines from 1, skips blank ones, ends lines at \\n or \\r\\n and keeps a last line without a break", async () => {
		const lines = await collect("one\r\n\n  \ntwo\nthree");
		expect(lines.map(({ line, text }) => [line, text])).toEqual([
			[1, "one"],
			[4, "two"],
			[5, "three"],
		]);
	});

	it("keeps a line of exactly the bound and reports one byte over it with its size", async () => {
		const lines = await collect(`${"a".repeat(8)}\r\n${"b".repeat(9)}\nc\n`, 8);
		expect(lines).toEqual([
			{ line: 1, text: "a".repeat(8), bytes: 9 },
			{ line: 2, text: null, bytes: 9 },
			{ line: 3, text: "c", bytes: 1 },
		]);
	});

	it("decodes characters split across read chunks and turns invalid UTF-8 into U+FFFD", async () => {
		// 140,001 bytes over three 64 KiB chunks; the leading byte puts each chunk's cut inside a character.
		const long = `x${"é".repeat(70_000)}`;
		const lines = await collect(Buffer.concat([Buffer.from(`${long}\n`), Buffer.from([0x66, 0xff, 0x0a])]));
		expect(lines[0]?.text).toBe(long);
		expect(lines[1]?.text).toBe("f\ufffd");
	});
});
