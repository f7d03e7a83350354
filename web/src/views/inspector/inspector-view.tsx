import type { RouteOf } from "../../route.js";

/** Inspector: written by its own commit. */
export function InspectorView({ route }: { route: RouteOf<"case"> }) {
	return <h1>Inspector of {route.useCase}</h1>;
}
