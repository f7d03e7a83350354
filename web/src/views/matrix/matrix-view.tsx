import type { RouteOf } from "../../route.js";

/** Case matrix: written by its own commit. */
export function MatrixView({ route }: { route: RouteOf<"matrix"> }) {
	return <h1>Case matrix of {route.useCase}</h1>;
}
