import assert from "node:assert/strict";
import { test } from "node:test";
import { formatTime, parseTime } from "../src/timeparse.mjs";

test("parseTime reads 12-hour times in either case, with or without a space", () => {
	assert.equal(parseTime("9:30 pm"), 21 * 60 + 30);
	assert.equal(parseTime("9:30 PM"), 21 * 60 + 30);
	assert.equal(parseTime("7pm"), 19 * 60);
	assert.equal(parseTime(" 6:05 am "), 6 * 60 + 5);
});

test("parseTime puts 12 am at midnight and 12 pm at noon", () => {
	assert.equal(parseTime("12 am"), 0);
	assert.equal(parseTime("12:15 am"), 15);
	assert.equal(parseTime("12 pm"), 12 * 60);
	assert.equal(parseTime("12:45 pm"), 12 * 60 + 45);
});

test("parseTime reads 24-hour times up to 23:59", () => {
	assert.equal(parseTime("21:05"), 21 * 60 + 5);
	assert.equal(parseTime("0:00"), 0);
	assert.equal(parseTime("23:59"), 23 * 60 + 59);
	assert.equal(parseTime("24:00"), null);
});

test("parseTime refuses what is not a time of day", () => {
	assert.equal(parseTime("9:60 pm"), null);
	assert.equal(parseTime("10:60"), null);
	assert.equal(parseTime("0 pm"), null);
	assert.equal(parseTime("13 pm"), null);
	assert.equal(parseTime("noon"), null);
	assert.equal(parseTime(""), null);
});

test("formatTime writes a 12-hour time with two-digit minutes", () => {
	assert.equal(formatTime(21 * 60 + 30), "9:30 pm");
	assert.equal(formatTime(9 * 60 + 5), "9:05 am");
	assert.equal(formatTime(0), "12:00 am");
	assert.equal(formatTime(12 * 60), "12:00 pm");
	assert.equal(formatTime(11 * 60 + 59), "11:59 am");
});

test("formatTime and parseTime agree", () => {
	for (const minutes of [0, 1, 59, 60, 719, 720, 721, 1439]) assert.equal(parseTime(formatTime(minutes)), minutes);
});
