import { existsSync } from "node:fs";
import { lstat, mkdir, mkdtemp, readFile, readlink, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TouchstoneError } from "../contract/index.js";
import { createWorkspace, removeWorkspace } from "./workspace.js";

let fixture: string;

beforeEach(async () => {
	fixture = await mkdtemp(join(tmpdir(), "touchstone-fixture-"));
	await mkdir(join(fixture, "bin"));
	await writeFile(join(fixture, "bin", "run.sh"), "#!/bin/sh\necho run\n", { mode: 0o755 });
	await symlink("bin/run.sh", join(fixture, "run"));
});

afterEach(async () => {
	await rm(fixture, { recursive: true, force: true });
});

describe("createWorkspace", () => {
	it("gives every cell its own copy: modes and symlinks kept, changes never reach the fixture", async () => {
		const first = await createWorkspace({ fixture });
		const second = await createWorkspace({ fixture });
		try {
			expect(first.workdir).not.toBe(second.workdir);
			expect((await stat(join(first.workdir, "bin", "run.sh"))).mode & 0o777).toBe(0o755);
			expect((await lstat(join(first.workdir, "run"))).isSymbolicLink()).toBe(true);
			expect(await readlink(join(first.workdir, "run"))).toBe("bin/run.sh");

			await writeFile(join(first.workdir, "bin", "run.sh"), "changed");
			expect(await readFile(join(second.workdir, "bin", "run.sh"), "utf8")).toBe("#!/bin/sh\necho run\n");
			expect(await readFile(join(fixture, "bin", "run.sh"), "utf8")).toBe("#!/bin/sh\necho run\n");
		} finally {
			await removeWorkspace(first);
			await removeWorkspace(second);
		}
		expect(existsSync(first.root)).toBe(false);
	});

	it("refuses a fixture that is not a folder, saying how to make one", async () => {
		const error = await createWorkspace({ fixture: join(fixture, "missing") }).catch((error: unknown) => error);
		expect(error).toBeInstanceOf(TouchstoneError);
		expect((error as TouchstoneError).code).toBe("sandbox-fixture");
		expect((error as Error).message).toMatch(/touchstone snapshot/);
	});
});
