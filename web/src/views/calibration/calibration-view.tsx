import type { RouteOf } from "../../route.js";

/** Calibration: written by its own commit. */
export function CalibrationView({ route }: { route: RouteOf<"calibration"> }) {
	return <h1>Calibration of {route.useCase}</h1>;
}
