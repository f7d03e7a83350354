import type Database from "better-sqlite3";

/** A prepared statement, typed loosely: rows are mapped by the module that owns the table. */
export type Statement = Database.Statement<unknown[], unknown>;

/** Prepares each SQL text once per connection and hands back the same statement after that. */
export class StatementCache {
	readonly #database: Database.Database;
	readonly #statements = new Map<string, Statement>();

	constructor(database: Database.Database) {
		this.#database = database;
	}

	/** The prepared statement for `sql`, compiled on first use. */
	get(sql: string): Statement {
		let statement = this.#statements.get(sql);
		if (statement === undefined) {
			statement = this.#database.prepare(sql);
			this.#statements.set(sql, statement);
		}
		return statement;
	}
}
