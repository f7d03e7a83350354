import { extname, posix } from "node:path";

/** Languages whose comments the norms record reads. */
export const COMMENT_LANGUAGES = ["python", "javascript"] as const;
/** One of {@link COMMENT_LANGUAGES}; TypeScript reads as `javascript` (same comment and string syntax). */
export type CommentLanguage = (typeof COMMENT_LANGUAGES)[number];

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, CommentLanguage>> = {
	".py": "python",
	".js": "javascript",
	".mjs": "javascript",
	".cjs": "javascript",
	".jsx": "javascript",
	".ts": "javascript",
	".mts": "javascript",
	".cts": "javascript",
	".tsx": "javascript",
};

/** Extensions of source code, for "code changed without a test": the commented languages and a few more. */
const OTHER_CODE_EXTENSIONS = new Set([
	".go",
	".rs",
	".java",
	".kt",
	".rb",
	".c",
	".h",
	".cc",
	".cpp",
	".cs",
	".php",
	".swift",
	".sh",
]);

/** The comment language of a path by its extension, or null for any other file. */
export function languageOf(path: string): CommentLanguage | null {
	return LANGUAGE_BY_EXTENSION[extname(path).toLowerCase()] ?? null;
}

/** Whether a path is source code (not data, docs or configuration). */
export function isCodePath(path: string): boolean {
	return languageOf(path) !== null || OTHER_CODE_EXTENSIONS.has(extname(path).toLowerCase());
}

/** Whether the extension is JavaScript or TypeScript (what Biome lints). */
export function isScriptPath(path: string): boolean {
	return languageOf(path) === "javascript";
}

/** Whether the extension is Python (what ruff lints). */
export function isPythonPath(path: string): boolean {
	return languageOf(path) === "python";
}

const TEST_FOLDERS = new Set(["test", "tests", "__tests__", "spec", "specs", "testing"]);

/**
 * Whether a path is a test: under a `test`/`tests`/`__tests__`/`spec` folder, or named like one
 * (`test_x.py`, `x_test.py`, `conftest.py`, `x.test.ts`, `x.spec.js`, `x_test.go`).
 */
export function isTestPath(path: string): boolean {
	const parts = path.split("/");
	if (parts.slice(0, -1).some((part) => TEST_FOLDERS.has(part.toLowerCase()))) return true;
	const name = posix.basename(path).toLowerCase();
	return (
		name === "conftest.py" ||
		/^test_.+\.py$/.test(name) ||
		/_test\.(py|go)$/.test(name) ||
		/\.(test|spec)\.[cm]?[jt]sx?$/.test(name)
	);
}
