import { guardTriggers } from "./guard-triggers.js";

/**
 * Migration 2: small artifacts live inside the database. A file per artifact cost about 0.15 ms
 * of system time (create, write, rename) against a few microseconds for a row, and a run writes
 * one or two per cell, so at thousands of cells a minute the files, not the model calls, set
 * the pace. An inline artifact keeps its `artifacts` row (with an empty path) and its bytes in
 * `artifact_contents`; it is addressed, deduplicated and verified by its sha256 exactly like a
 * file, and is as append-only. Frozen: a later change is a new migration.
 */
export const SCHEMA_V2 = [
	`CREATE TABLE artifact_contents (
	sha256 TEXT PRIMARY KEY NOT NULL REFERENCES artifacts (sha256),
	content BLOB NOT NULL
);`,
	guardTriggers({ table: "artifact_contents", keys: [["sha256"]], deletable: "never", duplicate: "first-wins" }),
].join("\n");
