/** Folder of the scaffold's example task, relative to the benchmarks folder. */
export const SCAFFOLD_TASK_DIR = "packs/fixes/slug-separators";

/**
 * The example task of the commented `fixes` use case: a seeded repository (no git needed) with a
 * one-character bug its visible tests miss, a hidden gold test and the reference fix.
 */
export const SCAFFOLD_TASK = `# yaml-language-server: $schema=../../../schemas/task.schema.json
# One coding task of the \`fixes\` use case (commented out in use_cases.yaml). The model gets
# \`prompt\` and a copy of fixture/ (written from \`snapshot\` by \`touchstone snapshot\`); the
# verifier then adds the hidden gold tests to a copy of its work and runs them.
id: slug-separators
version: "1"
mode: agentic
tier: easy                       # easy | standard (the floor) | hard (the ceiling) | frontier
prompt: |
  Blog post addresses come out wrong when a title has more than two words: "Hello, big World"
  becomes "hello-big world". Find the bug in this repository and fix it.
target_files: [src/slug.mjs]
budget: { turns: 10, timeout_s: 120 }
tools: { shell: true }           # run_command, in the sandbox (no network)
snapshot:
  # Seeded inline, so no repository is needed. For a task cut from your own repository, give
  # \`commit\` and \`paths\` instead and run \`touchstone snapshot --repo PATH\`.
  files:
    package.json: |
      { "name": "blog", "private": true, "type": "module", "scripts": { "test": "node --test" } }
    src/slug.mjs: |
      /**
       * The address of a post: its title in lower case, words joined by "-".
       * @param {string} title
       * @returns {string}
       */
      export function slug(title) {
      	return title.toLowerCase().replace(/[^a-z0-9]+/, "-").replace(/^-|-$/g, "");
      }
    tests/slug.test.mjs: |
      import assert from "node:assert/strict";
      import { test } from "node:test";
      import { slug } from "../src/slug.mjs";

      test("slug lowers and joins two words", () => {
      	assert.equal(slug("Hello, World"), "hello-world");
      });
verifier:
  kind: tests
  args:
    command: [node, --test, --test-reporter=tap]
    report: node-test
    gold_files:                  # copied in after the model is done; it never sees them
      - { source: hidden/slug-words.test.mjs, target: tests/slug-words.test.mjs }
    required_tests:              # the task passes only if each of these ran and passed
      - slug joins every word with a dash
      - slug trims separators at both ends
    timeout_s: 60
reference:                       # the gold fix, used by validate-tasks (never shown to a model)
  files:
    - { source: reference/slug.mjs, target: src/slug.mjs }
`;

/** The hidden gold test of the example task. */
export const SCAFFOLD_TASK_GOLD_TEST = `import assert from "node:assert/strict";
import { test } from "node:test";
import { slug } from "../src/slug.mjs";

test("slug joins every word with a dash", () => {
	assert.equal(slug("Hello, big World"), "hello-big-world");
});

test("slug trims separators at both ends", () => {
	assert.equal(slug("  Release notes: v2 "), "release-notes-v2");
});
`;

/** The reference solution of the example task. */
export const SCAFFOLD_TASK_REFERENCE = `/**
 * The address of a post: its title in lower case, words joined by "-".
 * @param {string} title
 * @returns {string}
 */
export function slug(title) {
	return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
`;
