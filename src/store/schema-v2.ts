/**
 * Migration 2: small artifacts live inside the database. A file per artifact cost about 0.15 ms
 * of system time (create, write, rename) against a few microseconds for a row, and a run writes
 * one or two per cell, so at thousands of cells a minute the files, not the model calls, set
 * the pace. An inline artifact's row has an empty `path` and its bytes in `content`; it is
 * addressed, deduplicated and verified by its sha256 exactly like a file, and the table's
 * append-only triggers cover the new column. A column rather than a table of its own: one
 * B-tree less to touch per artifact. Frozen: a later change is a new migration.
 */
export const SCHEMA_V2 = "ALTER TABLE artifacts ADD COLUMN content BLOB;";
