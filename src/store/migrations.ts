import { SCHEMA_V1 } from "./schema-v1.js";
import { SCHEMA_V2 } from "./schema-v2.js";
import { SCHEMA_V3 } from "./schema-v3.js";
import { SCHEMA_V4 } from "./schema-v4.js";
import { SCHEMA_V5 } from "./schema-v5.js";
import { SCHEMA_V6 } from "./schema-v6.js";
import { SCHEMA_V7 } from "./schema-v7.js";

/** One forward-only schema step. Versions are 1, 2, 3, … with no gaps. */
export interface Migration {
	/** Schema version reached once this migration is applied. */
	readonly version: number;
	/** Short kebab-case name, stored with the version. */
	readonly name: string;
	/** The SQL to run, in one transaction with the bookkeeping row. */
	readonly sql: string;
	/**
	 * True when the SQL rebuilds a table other tables reference (create, copy, drop, rename): it
	 * then runs with foreign keys off, as SQLite requires, and they are checked before it commits.
	 */
	readonly rebuildsTables?: boolean;
}

/** Every migration this code knows, in order. Append only; never edit or reorder a released one. */
export const MIGRATIONS: readonly Migration[] = [
	{ version: 1, name: "initial", sql: SCHEMA_V1 },
	{ version: 2, name: "inline-artifacts", sql: SCHEMA_V2 },
	{ version: 3, name: "spec-json-unchecked", sql: SCHEMA_V3, rebuildsTables: true },
	{ version: 4, name: "strict-tables", sql: SCHEMA_V4, rebuildsTables: true },
	{ version: 5, name: "run-seals", sql: SCHEMA_V5 },
	{ version: 6, name: "pairwise-comparisons", sql: SCHEMA_V6, rebuildsTables: true },
	{ version: 7, name: "aggregate-rows", sql: SCHEMA_V7 },
];
