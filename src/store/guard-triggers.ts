/** A condition under which an insert is refused, and what the refusal says. */
export interface InsertCheck {
	/** SQL condition on NEW that makes the insert wrong. */
	readonly when: string;
	/** Message of the RAISE(ABORT). */
	readonly message: string;
}

/** A table and how its rows are identified, for the append-only triggers. */
export interface Guarded {
	readonly table: string;
	/** The columns of its primary or unique keys, each refused a second insert. */
	readonly keys: readonly (readonly string[])[];
	/** `ingest`: only rows with a non-null ingest_source may be deleted; `never`: none may. */
	readonly deletable: "ingest" | "never";
	/** `refuse`: a second insert of a key aborts; `first-wins`: it is silently ignored. */
	readonly duplicate: "refuse" | "first-wins";
	/** Further conditions refusing an insert. */
	readonly checks?: readonly InsertCheck[];
}

/**
 * The append-only triggers of one table. Duplicate keys are caught by a BEFORE INSERT trigger
 * rather than left to the constraint, because INSERT OR REPLACE would otherwise delete the old
 * row, and a connection without recursive_triggers would not fire the DELETE trigger for it. All
 * insert checks of a table share one trigger: each trigger costs a sub-program per inserted row.
 * Released migrations call this, so its output for a given table must never change.
 */
export function guardTriggers({ table, keys, deletable, duplicate, checks = [] }: Guarded): string {
	const refused = `touchstone store is append-only: UPDATE on ${table} is refused; record a new row instead`;
	const deleteRefused =
		deletable === "never"
			? `touchstone store is append-only: DELETE on ${table} is refused`
			: `touchstone store is append-only: DELETE on ${table} is refused (only rows of a federated ingest, with an ingest_source, may be replaced)`;
	const deleteWhen = deletable === "never" ? "" : " WHEN OLD.ingest_source IS NULL";
	const exists = (columns: readonly string[]) =>
		`EXISTS (SELECT 1 FROM ${table} WHERE ${columns.map((column) => `${column} = NEW.${column}`).join(" AND ")})`;
	const insert =
		duplicate === "first-wins"
			? `CREATE TRIGGER ${table}_first_write_wins BEFORE INSERT ON ${table} WHEN ${keys.map(exists).join(" OR ")} BEGIN SELECT RAISE(IGNORE); END;`
			: insertTrigger(table, [
					...keys.map((columns) => ({
						when: exists(columns),
						message: `touchstone store is append-only: a row with this ${columns.join(", ")} already exists in ${table}`,
					})),
					...checks,
				]);
	return [
		`CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table} BEGIN SELECT RAISE(ABORT, '${refused}'); END;`,
		`CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}${deleteWhen} BEGIN SELECT RAISE(ABORT, '${deleteRefused}'); END;`,
		insert,
	].join("\n");
}

function insertTrigger(table: string, checks: readonly InsertCheck[]): string {
	const when = checks.map((check) => check.when).join(" OR ");
	const body = checks.map((check) => `SELECT RAISE(ABORT, '${check.message}') WHERE ${check.when};`).join(" ");
	return `CREATE TRIGGER ${table}_insert_checks BEFORE INSERT ON ${table} WHEN ${when} BEGIN ${body} END;`;
}
