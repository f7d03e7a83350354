import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BadInputError, type InputIssue } from "../../src/contract/index.js";
import { EVAL_ZIP_BOUNDS, readInspectLog } from "../../src/orchestrator/index.js";
import { openStore } from "../../src/store/index.js";
import { runCli, tempDir } from "../support/cli.js";

/** inspect_ai's own example logs (upstream/), the capitals logs and the broken ones (bad/), from make-fixtures.py. */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/inspect/${name}`, import.meta.url));

async function issues(path: string): Promise<readonly InputIssue[]> {
	try {
		await readInspectLog(path);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error(`${path} was read without a problem`);
}

/** `bytes` with the byte `offset` places past the start of `member`'s data (in its local header) changed. */
function damaged(bytes: Buffer, member: string, offset: number): Buffer {
	const name = bytes.indexOf(Buffer.from(member));
	if (name < 30) throw new Error(`no local header for ${member}`);
	const extra = bytes.readUInt16LE(name - 2);
	const copy = Buffer.from(bytes);
	const at = name + member.length + extra + offset;
	copy[at] = (copy[at] as number) ^ 0xff;
	return copy;
}

/** `bytes` with the uncompressed size `member`'s central directory entry declares set to `size`. */
function declaring(bytes: Buffer, member: string, size: number): Buffer {
	const copy = Buffer.from(bytes);
	for (let at = copy.indexOf("PK\x01\x02", 0, "latin1"); at !== -1; at = copy.indexOf("PK\x01\x02", at + 4, "latin1")) {
		const length = copy.readUInt16LE(at + 28);
		if (copy.toString("utf8", at + 46, at + 46 + length) !== member) continue;
		copy.writeUInt32LE(size, at + 24);
		return copy;
	}
	throw new Error(`no central directory entry for ${member}`);
}

describe("readInspectLog on logs it cannot import", () => {
	const folder = tempDir("touchstone-inspect-bad-");
	const write = (name: string, content: string | Buffer) => {
		const path = join(folder, name);
		writeFileSync(path, content);
		return path;
	};
	const zip = readFileSync(fixture("capitals.eval"));
	const json = readFileSync(fixture("capitals.json"), "utf8");

	it("refuses a truncated or damaged zip as the file's problem", async () => {
		for (const cut of [Math.floor(zip.length / 2), zip.length - 10, 3]) {
			const path = write(`cut-${cut}.eval`, zip.subarray(0, cut));
			const found = await issues(path);
			expect(found, String(cut)).toHaveLength(1);
			expect(found[0], String(cut)).toMatchObject({
				source: path,
				message: expect.stringMatching(/not a complete zip archive.*truncated/),
				fix: expect.stringContaining("copy the whole file again"),
			});
		}
	});

	it("names the member whose bytes do not match, deflated or zstd-compressed", async () => {
		const stored = await issues(fixture("bad/damaged-member.eval"));
		expect(stored).toEqual([
			expect.objectContaining({
				source: `${fixture("bad/damaged-member.eval")}:header.json`,
				message: expect.stringContaining("CRC-32"),
			}),
		]);
		const zstd = readFileSync(fixture("capitals-zstd.eval"));
		const path = write("damaged-zstd.eval", damaged(zstd, "samples/peru_epoch_1.json", 40));
		const [issue] = await issues(path);
		expect(issue?.source).toBe(`${path}:samples/peru_epoch_1.json`);
		expect(issue?.message).toMatch(/cannot be read: zstd/);
	});

	it("decompresses no member past its bound or past the size the zip declares (a zip bomb)", async () => {
		const huge = write("huge.eval", declaring(zip, "header.json", EVAL_ZIP_BOUNDS.memberBytes + 1));
		expect((await issues(huge))[0]).toMatchObject({
			source: `${huge}:header.json`,
			message: expect.stringContaining("past the bound"),
		});
		const zstd = readFileSync(fixture("capitals-zstd.eval"));
		const lying = write("lying.eval", declaring(zstd, "samples/chad_epoch_1.json", 100));
		expect((await issues(lying))[0]).toMatchObject({
			source: `${lying}:samples/chad_epoch_1.json`,
			message: expect.stringContaining("past the 100 bytes the zip says"),
		});
		const deflated = write("lying-deflate.eval", declaring(zip, "samples/chad_epoch_1.json", 100));
		expect((await issues(deflated))[0]?.source).toBe(`${deflated}:samples/chad_epoch_1.json`);
	});

	it("locates JSON that ends early, in a JSON log and in a member of a .eval", async () => {
		const cut = json.slice(0, 5000);
		const path = write("truncated.json", cut);
		const [issue] = await issues(path);
		expect(issue).toMatchObject({ source: path, message: expect.stringMatching(/not JSON.*truncated/) });
		expect([issue?.line, issue?.column]).toEqual([cut.split("\n").length, (cut.split("\n").at(-1)?.length ?? 0) + 1]);
		const member = await issues(fixture("bad/bad-json-member.eval"));
		expect(member).toEqual([
			expect.objectContaining({
				source: `${fixture("bad/bad-json-member.eval")}:samples/japan_epoch_2.json`,
				line: 1,
				message: expect.stringMatching(/not JSON.*truncated/),
			}),
		]);
		expect(member[0]?.column).toBeGreaterThan(100);
		expect((await issues(write("text.json", "inspect says: done\n")))[0]?.message).toMatch(/not JSON/);
	});

	it("refuses a .eval without a header, naming what it holds", async () => {
		const [issue] = await issues(fixture("bad/no-header.eval"));
		expect(issue?.message).toMatch(/neither header\.json nor _journal\/start\.json.*samples\/france_epoch_1\.json/);
	});

	it("lists every schema problem of a member at its line and path", async () => {
		const path = fixture("bad/bad-sample.eval");
		const found = await issues(path);
		expect(found.map((item) => [item.source, item.path])).toEqual([
			[`${path}:samples/japan_epoch_1.json`, "epoch"],
			[`${path}:samples/japan_epoch_1.json`, "scores.match.value"],
		]);
		expect(found[0]).toMatchObject({ line: 3, message: expect.stringContaining('found the string "one"') });
		expect(found[1]?.message).toMatch(/expected a score value/);
	});

	it("refuses a JSON log of another shape or version, at the path", async () => {
		const data = JSON.parse(json.replaceAll("NaN", "null")) as { version: number; eval: Record<string, unknown> };
		data.version = 3;
		const [version] = await issues(write("v3.json", JSON.stringify(data, null, 2)));
		expect(version).toMatchObject({ path: "version", message: expect.stringContaining("versions 1 and 2") });
		expect(version?.line).toBe(2);
		data.version = 2;
		delete data.eval.model;
		const [model] = await issues(write("no-model.json", JSON.stringify(data, null, 2)));
		expect(model?.path).toBe("eval.model");
		const promptfoo = await issues(fixture("../promptfoo/greetings.json"));
		expect(promptfoo.map((item) => item.path)).toEqual(expect.arrayContaining(["version", "eval"]));
	});

	it("refuses a log with no samples, or with no score to rank by", async () => {
		expect((await issues(fixture("upstream/no-samples.json")))[0]?.message).toMatch(
			/holds no samples \(status cancelled\)/,
		);
		const [unscored] = await issues(fixture("upstream/popularity-unscored.eval"));
		expect(unscored).toMatchObject({
			message: expect.stringContaining("none of the log's 10 samples has a score"),
			fix: expect.stringContaining("inspect score"),
		});
		expect((await issues(join(folder, "absent.eval")))[0]?.message).toMatch(/cannot read the file/);
	});
});

describe("touchstone import inspect on logs it cannot import", () => {
	it("exits 2 with the located problem and leaves the store as it was", async () => {
		const cwd = tempDir();
		const cli = (args: readonly string[]) => runCli(args, { cwd });
		const truncated = join(cwd, "truncated.eval");
		writeFileSync(truncated, readFileSync(fixture("capitals.eval")).subarray(0, 4000));
		// Into a fresh folder: not even a store is made.
		const refused = await cli(["import", "inspect", truncated]);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toMatch(/truncated\.eval not a complete zip archive/);
		expect(existsSync(join(cwd, "data", "benchmarks.db"))).toBe(false);

		expect((await cli(["import", "inspect", fixture("capitals.eval")])).code).toBe(0);
		const database = join(cwd, "data", "benchmarks.db");
		const rows = () => {
			const store = openStore({ database, artifacts: join(cwd, "data", "artifacts"), readonly: true });
			try {
				return JSON.stringify([
					store.listRuns({ use_case_id: "capitals" }).map((run) => [run.case_id, run.sample_index, run.status]),
					store.currentSpec("capitals")?.benchmark_version,
				]);
			} finally {
				store.close();
			}
		};
		const before = rows();
		const modified = statSync(database).mtimeMs;
		const expected: [string, RegExp][] = [
			[truncated, /truncated\.eval not a complete zip archive/],
			[fixture("bad/bad-json-member.eval"), /bad-json-member\.eval:samples\/japan_epoch_2\.json:1:\d+ not JSON/],
			[fixture("bad/no-header.eval"), /no-header\.eval the zip has neither header\.json/],
			[fixture("bad/bad-sample.eval"), /bad-sample\.eval:samples\/japan_epoch_1\.json:3:\d+ epoch: expected a number/],
			[fixture("bad/damaged-member.eval"), /damaged-member\.eval:header\.json .*CRC-32/],
		];
		for (const [path, message] of expected) {
			const result = await cli(["import", "inspect", path, "--use-case", "capitals"]);
			expect(result.code, path).toBe(2);
			expect(result.stderr, path).toMatch(message);
			expect(result.stdout, path).toBe("");
		}
		expect(rows()).toBe(before);
		expect(statSync(database).mtimeMs).toBe(modified);
	});
});
