// A suite that catches every mutant, but partly by reading the module's source: it fails on a
// behaviour-preserving rewrite (an equivalent mutant), so it scores 0.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { formatTime, parseTime } from "../src/timeparse.mjs";

test("parseTime covers the cases", () => {
	assert.equal(parseTime("9:30 PM"), 21 * 60 + 30);
	assert.equal(parseTime("7pm"), 19 * 60);
	assert.equal(parseTime("12 am"), 0);
	assert.equal(parseTime("12 pm"), 12 * 60);
	assert.equal(parseTime("24:00"), null);
	assert.equal(parseTime("10:60"), null);
	assert.equal(parseTime("0 pm"), null);
	assert.equal(formatTime(12 * 60), "12:00 pm");
	assert.equal(formatTime(9 * 60 + 5), "9:05 am");
});

test("parseTime computes minutes the way I read it", () => {
	const source = readFileSync(new URL("../src/timeparse.mjs", import.meta.url), "utf8");
	assert.match(source, /return hour \* 60 \+ minute;/);
});
