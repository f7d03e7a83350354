import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { queueHintLines } from "./demo-programs.js";

describe("queueHintLines", () => {
	it("says how to get a Redis when no redis-server is on the path, and nothing when one is", () => {
		const root = mkdtempSync(join(tmpdir(), "touchstone-redis-hint-"));
		const empty = join(root, "empty");
		const withRedis = join(root, "bin");
		mkdirSync(empty);
		mkdirSync(withRedis);
		writeFileSync(join(withRedis, "redis-server"), "#!/bin/sh\n");
		chmodSync(join(withRedis, "redis-server"), 0o755);
		const missing = queueHintLines(empty);
		expect(missing[0]).toContain("no `redis-server` here");
		expect(missing[1]).toContain("apt-get install redis-server");
		expect(queueHintLines([empty, withRedis].join(delimiter))).toEqual([]);
	});
});
