/**
 * The dashboard's deep links: every view is a hash route, so a URL names the use case, the
 * benchmark version and the case it shows and can be pasted, bookmarked or opened from the CLI.
 *
 *   #/                                   the use cases (and the unlock board)
 *   #/u/<use case>                       its leaderboard, decision and Pareto charts
 *   #/u/<use case>/matrix                the case × model matrix (?model=&harness= picks a column)
 *   #/u/<use case>/case/<case id>        the inspector: one case across models
 *   #/u/<use case>/calibration           the jury against the owner's ratings
 *   #/u/<use case>/history               benchmark versions over time
 *
 * Every use-case route takes `?v=<benchmark version>` to pin a frozen version (default: the
 * current one). Ids are percent-encoded, so any id the store holds round-trips.
 */

/** The views that belong to one use case. */
export const USE_CASE_VIEWS = ["leaderboard", "matrix", "case", "calibration", "history"] as const;
export type UseCaseView = (typeof USE_CASE_VIEWS)[number];

/** A model × harness, as a column or a row of the API names it. */
export interface ModelRef {
	readonly model: string;
	/** Null: every harness of the model. */
	readonly harness: string | null;
}

/** What every route of one use case says. */
interface UseCaseRouteBase {
	readonly useCase: string;
	/** The pinned benchmark version; null for the current one. */
	readonly version: string | null;
	/** The highlighted model (a column of the matrix, the Pareto chart's click); null for none. */
	readonly focus: ModelRef | null;
}

type PlainView = Exclude<UseCaseView, "case">;
type PlainRoute = { readonly [V in PlainView]: UseCaseRouteBase & { readonly view: V } }[PlainView];

export type Route =
	| { readonly view: "use-cases" }
	| PlainRoute
	| (UseCaseRouteBase & { readonly view: "case"; readonly caseId: string })
	| { readonly view: "not-found"; readonly hash: string };

const SUB_VIEWS: Readonly<Record<string, Exclude<PlainView, "leaderboard">>> = {
	matrix: "matrix",
	calibration: "calibration",
	history: "history",
};

/** The route a location hash names; `not-found` (with the hash) for anything else. */
export function parseRoute(hash: string): Route {
	const raw = hash.replace(/^#/, "");
	const [pathPart = "", queryPart = ""] = splitOnce(raw, "?");
	const query = new URLSearchParams(queryPart);
	const segments = pathPart.split("/").filter((segment) => segment !== "");
	let parts: string[];
	try {
		parts = segments.map((segment) => decodeURIComponent(segment));
	} catch {
		return { view: "not-found", hash };
	}
	if (parts.length === 0) return { view: "use-cases" };
	if (parts[0] !== "u" || parts[1] === undefined || parts[1] === "") return { view: "not-found", hash };
	const useCase = parts[1];
	const version = nonEmpty(query.get("v"));
	const model = nonEmpty(query.get("model"));
	const focus = model === null ? null : { model, harness: nonEmpty(query.get("harness")) };
	if (parts.length === 2) return { view: "leaderboard", useCase, version, focus };
	const sub = parts[2] ?? "";
	if (sub === "case" && parts.length === 4 && parts[3] !== undefined && parts[3] !== "")
		return { view: "case", useCase, version, caseId: parts[3], focus };
	const view = SUB_VIEWS[sub];
	if (view !== undefined && parts.length === 3) return { view, useCase, version, focus };
	return { view: "not-found", hash };
}

/** The hash (with its `#`) of a route: the inverse of {@link parseRoute}. */
export function routeHash(route: Exclude<Route, { view: "not-found" }>): string {
	if (route.view === "use-cases") return "#/";
	let path = `#/u/${encodeURIComponent(route.useCase)}`;
	if (route.view === "case") path += `/case/${encodeURIComponent(route.caseId)}`;
	else if (route.view !== "leaderboard") path += `/${route.view}`;
	const query = new URLSearchParams();
	if (route.version !== null) query.set("v", route.version);
	if (route.focus !== null) {
		query.set("model", route.focus.model);
		if (route.focus.harness !== null) query.set("harness", route.focus.harness);
	}
	const search = query.toString();
	return search === "" ? path : `${path}?${search}`;
}

/** A link to a view of one use case, keeping its version pin. */
export function useCaseLink(
	useCase: string,
	view: UseCaseView,
	options: { version?: string | null; caseId?: string; focus?: ModelRef | null } = {},
): string {
	const version = options.version ?? null;
	const focus = options.focus ?? null;
	if (view === "case") return routeHash({ view, useCase, version, caseId: options.caseId ?? "", focus });
	return routeHash({ view, useCase, version, focus });
}

function splitOnce(text: string, separator: string): [string, string] {
	const at = text.indexOf(separator);
	return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}

function nonEmpty(value: string | null): string | null {
	return value === null || value.trim() === "" ? null : value;
}

/** The route of one view, e.g. `RouteOf<"matrix">`. */
export type RouteOf<V extends Route["view"]> = Extract<Route, { view: V }>;
