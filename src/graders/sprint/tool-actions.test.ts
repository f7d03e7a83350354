import { describe, expect, it } from "vitest";
import { shellCommands } from "./shell-words.js";
import { repoPath, shellTouches, toolAction } from "./tool-actions.js";

describe("shell command lines", () => {
	it("splits on operators, honours quotes and escapes, and takes redirection targets apart", () => {
		expect(shellCommands(`cd src && sed -i "s/a b/c/" 'x y.ts' > out.txt 2>&1; echo a\\ b | tee -a log`)).toEqual([
			{ words: ["cd", "src"], redirects: [] },
			{ words: ["sed", "-i", "s/a b/c/", "x y.ts"], redirects: ["out.txt"] },
			{ words: ["echo", "a b"], redirects: [] },
			{ words: ["tee", "-a", "log"], redirects: [] },
		]);
	});

	it("skips a heredoc's body and comments", () => {
		const line = "cat > test/a.test.ts <<'EOF'\nrm -rf src\nEOF\n# rm b\nls";
		expect(shellCommands(line)).toEqual([
			{ words: ["cat"], redirects: ["test/a.test.ts"] },
			{ words: ["ls"], redirects: [] },
		]);
	});
});

describe("what a command line does to files", () => {
	it("finds deletions and in-place rewrites, relative to the repository", () => {
		expect(shellTouches("rm -f ./test/old.test.ts test/b.test.ts && git rm -q test/c.test.ts")).toEqual({
			rewritten: [],
			deleted: ["test/old.test.ts", "test/b.test.ts", "test/c.test.ts"],
		});
		expect(shellTouches("mv test/a.test.ts test/b.test.ts; cp x.ts test/c.test.ts", "/w")).toEqual({
			rewritten: ["test/b.test.ts", "test/c.test.ts"],
			deleted: ["test/a.test.ts"],
		});
		expect(
			shellTouches("sed -i.bak -e 's/1/2/' /w/test/a.test.ts && perl -pi -e 's/x/y/' test/b.test.ts", "/w"),
		).toEqual({
			rewritten: ["test/a.test.ts", "test/b.test.ts"],
			deleted: [],
		});
		expect(
			shellTouches("echo '' > test/a.test.ts; truncate -s 0 test/b.test.ts; printf x | tee test/c.test.ts"),
		).toEqual({
			rewritten: ["test/a.test.ts", "test/b.test.ts", "test/c.test.ts"],
			deleted: [],
		});
	});

	it("leaves out what it cannot know and what changes nothing", () => {
		expect(shellTouches("rm test/*.test.ts $FILE; sed 's/a/b/' test/a.test.ts; npm test 2>/dev/null")).toEqual({
			rewritten: [],
			deleted: [],
		});
	});
});

describe("tool calls as file actions", () => {
	it("reads each harness's write, edit and shell tools", () => {
		expect(toolAction("write_file", { path: "./src/a.ts", content: "x" })).toEqual({
			kind: "write",
			path: "src/a.ts",
			content: "x",
		});
		expect(toolAction("Write", { file_path: "/repo/src/a.ts", content: "x" }, "/repo")).toMatchObject({
			kind: "write",
			path: "src/a.ts",
		});
		expect(
			toolAction("Edit", { file_path: "/repo/a", old_string: "x", new_string: "y", replace_all: true }, "/repo"),
		).toEqual({ kind: "edit", path: "a", edits: [{ old: "x", new: "y", all: true }] });
		expect(toolAction("edit", { path: "a", edits: [{ oldText: "x", newText: "y" }] })).toEqual({
			kind: "edit",
			path: "a",
			edits: [{ old: "x", new: "y", all: false }],
		});
		expect(toolAction("Bash", { command: "ls" })).toEqual({ kind: "shell", command: "ls" });
		expect(toolAction("read_file", { path: "a" })).toEqual({ kind: "other" });
		expect(toolAction("write_file", null)).toEqual({ kind: "other" });
		expect(toolAction("edit", { path: "a", oldText: 1 })).toEqual({ kind: "other" });
	});

	it("keeps a path outside the working directory outside the repository", () => {
		expect(repoPath("/elsewhere/a.ts", "/repo")).toBe("/elsewhere/a.ts");
		expect(repoPath("src/../../a.ts")).toBe("../a.ts");
		expect(repoPath("src\\a.ts")).toBe("src/a.ts");
	});
});
