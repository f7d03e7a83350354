import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TouchstoneError } from "../../../contract/index.js";
import { detectLogFormat, readSprintLog } from "./read-sprint-log.js";

const samples = join(dirname(fileURLToPath(import.meta.url)), "samples");
let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "read-sprint-log-"));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

const line = (fields: Record<string, unknown>) =>
	JSON.stringify({
		v: 1,
		ts: "2026-03-02T10:00:00.000Z",
		segment: "M01",
		attempt: 1,
		role: "worker",
		source: "touchstone",
		...fields,
	});

describe("reading touchstone's own log", () => {
	it("reads every line of a run's log, in order, with nothing to complain about", async () => {
		const read = await readSprintLog(join(samples, "touchstone-run.ndjson"));
		expect(read.format).toBe("touchstone");
		expect(read.problems).toEqual([]);
		expect(read.entries).toHaveLength(29);
		expect(read.entries[0]).toMatchObject({ kind: "run_start", segment: null, data: { model: "scripted/strong" } });
		expect(read.entries.filter((entry) => entry.kind === "attempt_end").map((entry) => entry.ok)).toEqual([
			true,
			false,
			true,
		]);
		const malformed = read.entries.find((entry) => entry.call?.malformed === true);
		expect(malformed?.call).toMatchObject({ id: "b1-1", arguments: null });
		// Absent optional fields stay absent, as the writer leaves them.
		expect("call" in (read.entries[1] ?? {})).toBe(false);
	});

	it("reports bad lines with their numbers and reads the rest", async () => {
		const path = join(dir, "log.ndjson");
		const lines = [
			line({ kind: "message", text: "fine" }),
			"{not json",
			"",
			line({ kind: "tool_call" }),
			line({ kind: "usage", v: 2, usage: {} }),
			JSON.stringify([1, 2]),
			line({ kind: "tool_call", call: { id: "c", name: "x", arguments: null, malformed: false } }),
			line({ kind: "attempt_end", ok: true, extra: "dropped" }),
		];
		await writeFile(path, `${lines.join("\n")}\r\n`);
		const read = await readSprintLog(path, "touchstone");
		expect(read.entries.map((entry) => entry.kind)).toEqual(["message", "attempt_end"]);
		expect("extra" in (read.entries[1] ?? {})).toBe(false);
		expect(read.problems.map((problem) => problem.line)).toEqual([2, 4, 5, 6, 7]);
		expect(read.problems[0]?.message).toMatch(/^not JSON/);
		expect(read.problems[1]?.message).toContain("a tool_call line needs `call`");
		expect(read.problems[2]?.message).toMatch(/^v: must be 1/);
		expect(read.problems[4]?.message).toContain("call.malformed");
	});

	it("skips a line over 1 MiB as a problem, not a crash, and reads the next", async () => {
		const path = join(dir, "log.ndjson");
		const huge = line({ kind: "message", text: "y".repeat(1024 * 1024 + 10) });
		await writeFile(
			path,
			[line({ kind: "message", text: "a" }), huge, line({ kind: "message", text: "b" })].join("\n"),
		);
		const read = await readSprintLog(path);
		expect(read.entries.map((entry) => entry.text)).toEqual(["a", "b"]);
		expect(read.problems).toHaveLength(1);
		expect(read.problems[0]).toMatchObject({ line: 2 });
		expect(read.problems[0]?.message).toContain("over the 1048576-byte bound");
	});

	it("throws a TouchstoneError naming the fix only for a missing file or a folder", async () => {
		const missing = readSprintLog(join(dir, "nope.ndjson"));
		await expect(missing).rejects.toBeInstanceOf(TouchstoneError);
		await expect(missing).rejects.toMatchObject({ code: "sprint-log-missing" });
		await expect(readSprintLog(join(dir, "nope.ndjson"))).rejects.toThrow(/does not exist; pass the path/);
		await expect(readSprintLog(dir)).rejects.toThrow(/not a file/);
	});

	it("reads an empty file as no entries and a log of no known format with one problem", async () => {
		const empty = join(dir, "empty.ndjson");
		await writeFile(empty, "");
		expect(await readSprintLog(empty)).toEqual({ entries: [], problems: [], format: "touchstone" });
		const other = join(dir, "other.jsonl");
		await writeFile(other, `${JSON.stringify({ hello: 1 })}\n${JSON.stringify({ hello: 2 })}\n`);
		const read = await readSprintLog(other);
		expect(read.format).toBe("touchstone");
		expect(read.entries).toEqual([]);
		expect(read.problems[0]).toMatchObject({ line: 1 });
		expect(read.problems[0]?.message).toMatch(/no line among the first 2 names a format/);
	});
});

describe("telling the format", () => {
	it("tells each format from one of its lines", async () => {
		expect(detectLogFormat(JSON.parse(line({ kind: "usage" })))).toBe("touchstone");
		expect(detectLogFormat({ type: "session", version: 3, cwd: "/w" })).toBe("pi");
		expect(detectLogFormat({ type: "message", message: { role: "assistant" } })).toBe("pi");
		expect(detectLogFormat({ type: "assistant", message: {} })).toBe("claude-code");
		expect(detectLogFormat({ type: "file-history-snapshot" })).toBe("claude-code");
		expect(detectLogFormat({ type: "other" })).toBeNull();
		expect(detectLogFormat("text")).toBeNull();
	});

	it("detects each sample's format from its first lines", async () => {
		expect((await readSprintLog(join(samples, "claude-code-session.jsonl"))).format).toBe("claude-code");
		expect((await readSprintLog(join(samples, "pi-session.jsonl"))).format).toBe("pi");
	});

	it("reads lines that named no format once a later line does, in order", async () => {
		const path = join(dir, "late.jsonl");
		const unknown = JSON.stringify({ note: "written by a wrapper" });
		const call = JSON.stringify({
			type: "assistant",
			message: { id: "m1", content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } }] },
		});
		await writeFile(path, `${unknown}\n${call}\n`);
		const read = await readSprintLog(path);
		expect(read.format).toBe("claude-code");
		expect(read.entries.map((entry) => entry.call?.name)).toEqual(["Bash"]);
		expect(read.problems).toEqual([]);
	});
});
