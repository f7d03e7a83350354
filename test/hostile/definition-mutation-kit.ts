/**
 * The tools of the definition-mutation probe (definition-mutations.test.ts): a fresh copy of the
 * bundled example benchmarks per mutation, and edits that refuse to pass silently when the text
 * they change is not there (a mutation that applies nothing would "hold" without testing anything).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ROOT, tempDir } from "../support/cli.js";

/** The files a mutation targets, under benchmarks/ (the script sits beside it). */
export const FILES = {
	models: "models.yaml",
	useCases: "use_cases.yaml",
	panels: "judge_panels.yaml",
	caseFile: "packs/extraction/invoice-total.yaml",
	task: "packs/code-fix/invoice-quantity/task.yaml",
	script: "../script.yaml",
} as const;

/** The areas of the definitions the probe mutates, for the summary by category. */
export const CATEGORIES = ["models", "use_cases", "judge_panels", "case file", "task.yaml", "script"] as const;
export type Category = (typeof CATEGORIES)[number];

/** One mutated copy of the example benchmarks: the project folder and its benchmarks/ folder. */
export interface Copy {
	readonly root: string;
	readonly dir: string;
}

/** A fresh copy of examples/benchmarks (fixtures left out: validate never reads them), and the demo script. */
export function freshCopy(): Copy {
	const root = tempDir("touchstone-mutation-");
	const dir = join(root, "benchmarks");
	cpSync(join(ROOT, "examples", "benchmarks"), dir, {
		recursive: true,
		filter: (source) => basename(source) !== "fixture",
	});
	cpSync(join(ROOT, "examples", "scripted", "demo.yaml"), join(root, "script.yaml"));
	return { root, dir };
}

/** Replaces the first `from` in `file` with `to`; throws when `from` is not there. */
export function edit(copy: Copy, file: string, from: string | RegExp, to: string): void {
	const path = join(copy.dir, file);
	const text = readFileSync(path, "utf8");
	const found = typeof from === "string" ? text.includes(from) : from.test(text);
	if (!found) throw new Error(`mutation does not apply: ${String(from)} not in ${file}`);
	writeFileSync(path, text.replace(from, to));
}

/** Replaces every `from` in every one of `files`; throws when none of them holds it. */
export function editAll(copy: Copy, files: readonly string[], from: string, to: string): void {
	let found = false;
	for (const file of files) {
		const path = join(copy.dir, file);
		const text = readFileSync(path, "utf8");
		found ||= text.includes(from);
		writeFileSync(path, text.replaceAll(from, to));
	}
	if (!found) throw new Error(`mutation does not apply: ${from} in none of ${files.join(", ")}`);
}

/** Appends `text` to `file`. */
export function append(copy: Copy, file: string, text: string): void {
	const path = join(copy.dir, file);
	writeFileSync(path, `${readFileSync(path, "utf8")}${text}`);
}

/** Inserts raw `bytes` right after the first `after` in `file` (for bytes that are not UTF-8). */
export function insertBytes(copy: Copy, file: string, after: string, bytes: Buffer): void {
	const path = join(copy.dir, file);
	const text = readFileSync(path);
	const at = text.indexOf(after);
	if (at < 0) throw new Error(`mutation does not apply: ${after} not in ${file}`);
	const end = at + Buffer.byteLength(after);
	writeFileSync(path, Buffer.concat([text.subarray(0, end), bytes, text.subarray(end)]));
}

/** Writes `content` as `file` (a new file, or in place of the old one). */
export function put(copy: Copy, file: string, content: string | Buffer): void {
	const path = join(copy.dir, file);
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, content);
}

/** Puts a symlink to `target`, a FIFO or a folder where `file` was. */
export function replaceWith(copy: Copy, file: string, kind: "fifo" | "folder" | { link: string }): void {
	const path = join(copy.dir, file);
	rmSync(path, { force: true });
	if (kind === "fifo") execFileSync("mkfifo", [path]);
	else if (kind === "folder") mkdirSync(path);
	else symlinkSync(kind.link, path);
}

/** Nine levels of nine aliases each: 9^9 (387 million) strings once expanded. */
export function aliasBomb(indent = ""): string {
	const lines = [`${indent}l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
	for (let level = 1; level <= 8; level++)
		lines.push(
			`${indent}l${level}: &l${level} [${Array(9)
				.fill(`*l${level - 1}`)
				.join(", ")}]`,
		);
	return `${lines.join("\n")}\n`;
}

/** Bytes that are neither YAML nor text: NULs, control bytes and a stray UTF-8 continuation. */
export const GARBAGE = Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x80, 0x9c, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0x0a, 0xc3]);
