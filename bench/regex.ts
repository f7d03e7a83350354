/**
 * What the time bound on author regexes costs: 10,000 matches of an ordinary pattern on a short
 * output, run in process (`RegExp.exec`, no bound) and through the bounded regex worker (one
 * persistent worker, a message round trip per match), plus the time a catastrophic pattern takes
 * to be stopped. Run after a build: `node dist/bench/regex.js`.
 *
 * Target: the worker adds under 0.2 ms per match (a cell's model call takes tens to thousands).
 */
import { execBounded } from "../src/graders/bounded-regex.js";
import { verdict } from "./figures.js";

const MATCHES = 10_000;
const PATTERN = "^\\s*\\d{4}-\\d{2}-\\d{2}\\s*$";
const OUTPUT = " 2025-02-07 ";

await execBounded(PATTERN, "", OUTPUT); // start the worker
const regex = new RegExp(PATTERN);
let started = performance.now();
for (let index = 0; index < MATCHES; index++) regex.exec(`${OUTPUT}${index % 2 === 0 ? "" : " "}`);
const inProcess = (performance.now() - started) / MATCHES;

started = performance.now();
for (let index = 0; index < MATCHES; index++) await execBounded(PATTERN, "", `${OUTPUT}${index % 2 === 0 ? "" : " "}`);
const sequential = (performance.now() - started) / MATCHES;

started = performance.now();
await Promise.all(
	Array.from({ length: MATCHES }, (_, index) => execBounded(PATTERN, "", `${OUTPUT}${index % 2 === 0 ? "" : " "}`)),
);
const queued = (performance.now() - started) / MATCHES;

started = performance.now();
await execBounded("(a+)+$", "", `${"a".repeat(40)}b`).catch(() => null);
const stopped = performance.now() - started;
started = performance.now();
await execBounded(PATTERN, "", OUTPUT);
const restart = performance.now() - started;

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`in process, unbounded          ${us(inProcess)} per match`);
console.log(`bounded worker, one at a time  ${us(sequential)} per match (+${us(sequential - inProcess)})`);
console.log(`bounded worker, 10,000 queued  ${us(queued)} per match`);
console.log(
	`(a+)+$ on 'a'*40+'b' stopped   after ${stopped.toFixed(0)} ms; next match on a fresh worker ${restart.toFixed(0)} ms`,
);
console.log(`target: under 200 µs added per match  ${verdict(sequential - inProcess < 0.2)}`);
