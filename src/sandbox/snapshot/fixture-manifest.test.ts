import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_MANIFEST, type Task } from "../../contract/index.js";
import { fixtureHash } from "./fixture-hash.js";
import { fixtureState } from "./fixture-manifest.js";
import { materializeFixture } from "./materialize-fixture.js";
import { snapshotTask } from "./testing.js";

function seededTask(files: Record<string, string>): Task {
	return { ...snapshotTask("seeded", { files }), tier: "easy" };
}

describe("fixtureState", () => {
	let root: string;
	beforeAll(async () => {
		root = await mkdtemp(join(tmpdir(), "touchstone-manifest-"));
	});
	afterAll(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it("tells a current fixture from a missing, stale, edited or unmarked one", async () => {
		const dir = join(root, "task");
		await mkdir(dir);
		const task = seededTask({ "a.txt": "one\n" });
		expect(await fixtureState(dir, task)).toEqual({ state: "missing" });

		const built = await materializeFixture(dir, task, { repo: null });
		expect(await fixtureState(dir, task)).toEqual({ state: "current", hash: built.hash, files: 1 });
		// The manifest is not part of the fixture's content.
		expect(await fixtureHash(join(dir, "fixture"))).toBe(built.hash);

		const changed = seededTask({ "a.txt": "two\n" });
		expect(await fixtureState(dir, changed)).toMatchObject({ state: "stale", why: /snapshot:. block/ });

		await writeFile(join(dir, "fixture", "a.txt"), "edited by hand\n");
		expect(await fixtureState(dir, task)).toMatchObject({ state: "stale", why: /files were changed/ });

		await rm(join(dir, "fixture", FIXTURE_MANIFEST));
		expect(await fixtureState(dir, task)).toMatchObject({ state: "unmarked" });

		await materializeFixture(dir, changed, { repo: null });
		expect(await fixtureState(dir, changed)).toMatchObject({ state: "current" });
	});
});
