import Database from "better-sqlite3";
import { StoreError } from "../contract/index.js";
import { applyMigrations } from "./migrate.js";
import type { Migration } from "./migrations.js";

/** A kind of schema object the store's migrations make. */
export type SchemaObjectType = "table" | "index" | "view" | "trigger";

/** One way a store's schema differs from what its migrations make. */
export interface SchemaProblem {
	readonly type: SchemaObjectType;
	readonly name: string;
	/** `missing`: the migrations make it and the store lacks it; `changed`: its SQL differs; `unexpected`: a trigger or view no migration made. */
	readonly problem: "missing" | "changed" | "unexpected";
}

interface SchemaObject {
	readonly type: SchemaObjectType;
	readonly name: string;
	readonly sql: string | null;
}

const SCHEMA_SQL =
	"SELECT type, name, sql FROM sqlite_schema WHERE type IN ('table', 'index', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name";

/** The schema each list of migrations makes, computed once per process on an in-memory database. */
const expectedSchemas = new WeakMap<readonly Migration[], readonly SchemaObject[]>();

/**
 * The tables, indexes, views and triggers `migrations` make, read from a fresh in-memory database
 * they were applied to: the list of guard triggers is what the migrations really created (a table
 * rebuilt by a later migration has its triggers made again), never a second list kept by hand.
 */
function expectedSchema(migrations: readonly Migration[]): readonly SchemaObject[] {
	let schema = expectedSchemas.get(migrations);
	if (schema === undefined) {
		const database = new Database(":memory:");
		try {
			database.pragma("foreign_keys = ON");
			applyMigrations(database, migrations);
			schema = database.prepare(SCHEMA_SQL).all() as SchemaObject[];
		} finally {
			database.close();
		}
		expectedSchemas.set(migrations, schema);
	}
	return schema;
}

/**
 * Compares the schema of an open store with the one `migrations` make: every table, index, view
 * and append-only trigger must be there with the SQL the migration wrote, and no trigger or view
 * may have been added. Tables and indexes a user added are not a problem. Sorted by type, then name.
 */
export function schemaProblems(database: Database.Database, migrations: readonly Migration[]): SchemaProblem[] {
	const actual = new Map<string, SchemaObject>();
	for (const object of database.prepare(SCHEMA_SQL).all() as SchemaObject[])
		actual.set(`${object.type}:${object.name}`, object);
	const problems: SchemaProblem[] = [];
	const expected = expectedSchema(migrations);
	for (const object of expected) {
		const found = actual.get(`${object.type}:${object.name}`);
		if (found === undefined) problems.push({ type: object.type, name: object.name, problem: "missing" });
		else if (found.sql !== object.sql) problems.push({ type: object.type, name: object.name, problem: "changed" });
	}
	const known = new Set(expected.map((object) => `${object.type}:${object.name}`));
	for (const [key, object] of actual)
		if ((object.type === "trigger" || object.type === "view") && !known.has(key))
			problems.push({ type: object.type, name: object.name, problem: "unexpected" });
	// Tables first: a missing table explains its missing indexes and triggers.
	const order: readonly SchemaObjectType[] = ["table", "trigger", "view", "index"];
	return problems.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || a.name.localeCompare(b.name));
}

/** A problem as a phrase following "the store at X is damaged:". */
export function describeSchemaProblem({ type, name, problem }: SchemaProblem): string {
	const what = type === "trigger" ? "guard trigger" : type;
	if (problem === "missing") return type === "table" ? `it has no table ${name}` : `its ${what} ${name} is missing`;
	if (problem === "changed") return `its ${what} ${name} differs from the one its migrations made`;
	return `it has a ${type} ${name} that no migration made`;
}

/**
 * Throws a StoreError when the store's schema is not what its migrations made (a dropped table or
 * guard trigger, a trigger changed or added): nothing may be read from a store whose append-only
 * guards are gone, as its rows could have been rewritten unnoticed.
 */
export function refuseDamagedSchema(database: Database.Database, migrations: readonly Migration[]): void {
	const problems = schemaProblems(database, migrations);
	if (problems.length === 0) return;
	const shown = problems.slice(0, 3).map(describeSchemaProblem).join("; ");
	const more = problems.length > 3 ? `; and ${problems.length - 3} more` : "";
	throw new StoreError(
		`the store at ${database.name} is damaged: ${shown}${more}. Nothing is read from a store whose tables or append-only guards are not as its migrations made them; run \`touchstone verify --db ${database.name}\` to list every problem, then restore the database from a backup`,
	);
}
