// A weak suite: it passes on the module and tests the happy path only, so most mutants survive.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatTime, parseTime } from "../src/timeparse.mjs";

test("parseTime reads an evening time", () => {
	assert.equal(parseTime("9:30 pm"), 21 * 60 + 30);
	assert.equal(parseTime("7pm"), 19 * 60);
});

test("parseTime reads a 24-hour time", () => {
	assert.equal(parseTime("21:05"), 21 * 60 + 5);
});

test("formatTime writes an evening time", () => {
	assert.equal(formatTime(21 * 60 + 5), "9:05 pm");
});
