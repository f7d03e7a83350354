import type { RouteOf } from "../../route.js";

/** History: written by its own commit. */
export function HistoryView({ route }: { route: RouteOf<"history"> }) {
	return <h1>History of {route.useCase}</h1>;
}
