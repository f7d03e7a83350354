import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { programFiles, sandboxCanRead, stageProgramFiles } from "./program-files.js";

const root = mkdtempSync(join(tmpdir(), "touchstone-program-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("programFiles", () => {
	it("names the files an argv gives by absolute path, outside the system and what is shown already", async () => {
		const script = join(root, "agent.mjs");
		const shown = join(root, "shown");
		mkdirSync(shown);
		writeFileSync(script, "");
		writeFileSync(join(shown, "inside.mjs"), "");
		const argv = [
			"/usr/bin/node",
			script,
			"--flag",
			"relative.mjs",
			root,
			join(shown, "inside.mjs"),
			script,
			"/no/file",
		];
		expect(await programFiles(argv, [shown])).toEqual([script]);
	});
});

// Only root's sandbox runs as another user (nobody), which is when a copy is needed.
describe.runIf(process.getuid?.() === 0)("stageProgramFiles, as root", () => {
	it("binds a file others can read and copies one in a private folder, readable and executable by all", async () => {
		const open = join(root, "open");
		const closed = join(root, "closed");
		mkdirSync(open, { mode: 0o755 });
		mkdirSync(closed, { mode: 0o700 });
		chmodSync(root, 0o755);
		writeFileSync(join(open, "tool"), "#!/bin/sh\n", { mode: 0o755 });
		writeFileSync(join(closed, "agent"), "#!/bin/sh\necho hi\n", { mode: 0o700 });
		expect(sandboxCanRead(join(open, "tool"))).toBe(true);
		expect(sandboxCanRead(join(closed, "agent"))).toBe(false);

		const staged = await stageProgramFiles([join(open, "tool"), join(closed, "agent")], root);
		try {
			expect(staged.readOnlyPaths).toEqual([join(open, "tool")]);
			expect(staged.mounts).toHaveLength(1);
			const [mount] = staged.mounts;
			expect(mount?.to).toBe(join(closed, "agent"));
			expect(readFileSync(mount?.from ?? "", "utf8")).toBe("#!/bin/sh\necho hi\n");
			expect(statSync(mount?.from ?? "").mode & 0o777).toBe(0o555);
			expect(sandboxCanRead(mount?.from ?? "")).toBe(true);
		} finally {
			await staged.remove();
		}
		expect(() => statSync(staged.mounts[0]?.from ?? "")).toThrow();
	});
});
