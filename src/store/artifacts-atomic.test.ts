import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StoreError } from "../contract/index.js";
import { openTemporaryStore, type TemporaryStore } from "./index.js";

// Observe the real file system calls of artifacts.ts: the rename is the only moment a file appears.
const observed = vi.hoisted(() => ({
	renames: [] as { from: string; to: string; existed: boolean; content: string }[],
	failWrite: false,
}));

vi.mock("node:fs", async (importOriginal) => {
	const real = await importOriginal<typeof import("node:fs")>();
	return {
		...real,
		renameSync(from: fs.PathLike, to: fs.PathLike) {
			observed.renames.push({
				from: String(from),
				to: String(to),
				existed: real.existsSync(to),
				content: real.readFileSync(from, "utf8"),
			});
			real.renameSync(from, to);
		},
		writeSync(...parameters: Parameters<typeof real.writeSync>) {
			if (observed.failWrite) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
			return real.writeSync(...parameters);
		},
	};
});

let temporary: TemporaryStore;

beforeEach(() => {
	observed.renames.length = 0;
	observed.failWrite = false;
	temporary = openTemporaryStore({ inline_artifact_bytes: 0 });
});

afterEach(() => temporary.remove());

describe("artifact writes", () => {
	it("write a complete temporary file in the same folder, then rename it into place", () => {
		const ref = temporary.store.putArtifact("complete content", "text/plain");
		expect(observed.renames).toHaveLength(1);
		const [rename] = observed.renames;
		expect(rename?.to.endsWith(`/${ref.sha256.slice(0, 2)}/${ref.sha256}`)).toBe(true);
		expect(rename?.existed).toBe(false);
		expect(rename?.content).toBe("complete content");
		expect(rename?.from.slice(0, rename.from.lastIndexOf("/"))).toBe(rename?.to.slice(0, rename.to.lastIndexOf("/")));
	});

	it("leave neither the artifact, a temporary file nor a row when writing fails", () => {
		observed.failWrite = true;
		expect(() => temporary.store.putArtifact("never stored", "text/plain")).toThrow(StoreError);
		const files = fs.readdirSync(temporary.store.paths.artifacts, { recursive: true, encoding: "utf8" });
		expect(files.filter((entry) => entry.length > 2)).toEqual([]);
		const count = temporary.store.database.prepare("SELECT count(*) AS n FROM artifacts").get() as { n: number };
		expect(count.n).toBe(0);
	});

	it("skip the write when the file is already there", () => {
		temporary.store.putArtifact("twice", "text/plain");
		temporary.store.putArtifact("twice", "text/plain");
		expect(observed.renames).toHaveLength(1);
	});
});
