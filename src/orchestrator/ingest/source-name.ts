import { BadInputError } from "../../contract/index.js";

/** What a source name may hold: it is shown on every view and forms `home_repo` (`NAME@<version>`). */
const SOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

/**
 * The source name of a federated ingest, checked: a short name such as a host or repository
 * (`lab-box`, `acme/cadence`), which a later sync must repeat to replace its rows.
 */
export function checkSourceName(name: string, flag = "--source"): string {
	if (SOURCE_NAME.test(name)) return name;
	throw new BadInputError("The ingest source is not a name.", [
		{
			source: flag,
			line: null,
			column: null,
			path: "",
			message: `"${name}" is not a source name: up to 100 letters, digits and . _ : / -, starting with a letter or digit`,
			fix: "name the other store, e.g. its host or repository (lab-box, acme/cadence); repeat it on every sync",
		},
	]);
}
