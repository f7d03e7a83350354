import { describe, expect, it } from "vitest";
import { fenceFor, parseFileFences } from "./file-fences.js";

const TARGETS = ["src/a.mjs", "src/my file.mjs", "README.md"];
const parse = (reply: string) => parseFileFences(reply, TARGETS);

describe("parseFileFences", () => {
	it("reads each fenced file whole, with or without a language tag, ignoring prose and pathless fences", () => {
		const reply = [
			"Here is the fix:",
			"```js path=src/a.mjs",
			"export const a = 2;",
			"",
			"```",
			"An aside that is not a file:",
			"```sh",
			"npm test",
			"```",
			"```path=README.md",
			"# A",
			"```",
		].join("\n");
		expect(parse(reply)).toEqual({
			files: [
				{ path: "src/a.mjs", content: "export const a = 2;\n\n" },
				{ path: "README.md", content: "# A\n" },
			],
			problem: null,
		});
	});

	it("takes the path to the end of the line, so a path may hold spaces, and unquotes a quoted one", () => {
		expect(parse("```path=src/my file.mjs  \nx\n```\n").files).toEqual([{ path: "src/my file.mjs", content: "x\n" }]);
		expect(parse('``` path="src/a.mjs"\ny\n```').files).toEqual([{ path: "src/a.mjs", content: "y\n" }]);
		expect(parse("```path=./src/a.mjs\nz\n```").files).toEqual([{ path: "src/a.mjs", content: "z\n" }]);
	});

	it("keeps a fence inside a file's content when the file's fence is longer", () => {
		const readme = "# Use\n```sh\nnpm start\n```\n";
		const parsed = parse(`\`\`\`\`md path=README.md\n${readme}\`\`\`\`\n`);
		expect(parsed).toEqual({ files: [{ path: "README.md", content: readme }], problem: null });
		expect(fenceFor(readme)).toBe("````");
		expect(fenceFor("no ticks")).toBe("```");
	});

	it("reads a CRLF reply: fence lines match, file lines keep their CRLF", () => {
		const parsed = parse("```js path=src/a.mjs\r\nline one\r\nline two\r\n```\r\n");
		expect(parsed).toEqual({ files: [{ path: "src/a.mjs", content: "line one\r\nline two\r\n" }], problem: null });
	});

	it("reads an empty file", () => {
		expect(parse("```path=src/a.mjs\n```").files).toEqual([{ path: "src/a.mjs", content: "" }]);
	});

	it.each([
		["an empty reply", "  \n", "the reply is empty"],
		[
			"a reply without a file fence",
			"Change `a` to 2.\n```js\nexport const a = 2;\n```",
			"the reply has no file fence",
		],
		[
			"path traversal",
			"```path=../outside.mjs\nx\n```",
			'names "../outside.mjs", which climbs out of the working directory',
		],
		["traversal that normalizes out", "```path=src/../../x\nx\n```", "climbs out of the working directory"],
		["an absolute path", "```path=/etc/passwd\nx\n```", 'names "/etc/passwd", which is an absolute path'],
		["a drive path", "```path=C:/x\nx\n```", "is an absolute path"],
		["a backslash path", "```path=src\\a.mjs\nx\n```", "holds a `\\`"],
		["a path into .git", "```path=.git/hooks/pre-commit\nx\n```", "lies in .git"],
		["a NUL byte", "```path=src/a.mjs\0\nx\n```", "holds a NUL byte"],
		[
			"a file outside the target files",
			"```path=src/b.mjs\nx\n```",
			"is not one of the task's target files (src/a.mjs, src/my file.mjs, README.md)",
		],
		["an empty path", "```path=\nx\n```", "is empty"],
		[
			"a duplicate path",
			"```path=src/a.mjs\n1\n```\n```path=./src/a.mjs\n2\n```",
			"gives src/a.mjs twice (fences on lines 1 and 4)",
		],
		[
			"an unclosed fence",
			"```path=src/a.mjs\nexport const a =",
			'the fence opened on line 1 for "src/a.mjs" is never closed',
		],
		["a shorter closing fence", "````path=README.md\n# A\n```\n", "is never closed"],
		["a closing fence of the other kind", "~~~path=README.md\n# A\n```\n", "is never closed"],
	])("refuses %s with the reason, giving no file", (_name, reply, reason) => {
		const parsed = parse(reply);
		expect(parsed.files).toEqual([]);
		expect(parsed.problem).toContain(reason);
	});

	it("refuses the whole reply when one of its files is refused", () => {
		const parsed = parse("```path=src/a.mjs\nok\n```\n```path=../../etc/cron.d/x\nboom\n```");
		expect(parsed.files).toEqual([]);
		expect(parsed.problem).toContain("../../etc/cron.d/x");
	});

	it("does not read a path fence quoted inside a pathless fence as a file", () => {
		const parsed = parse("````md\n```path=src/a.mjs\nx\n```\n````\n");
		expect(parsed.problem).toContain("the reply has no file fence");
	});
});
