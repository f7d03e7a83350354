import type { RouteOf } from "../../route.js";

/** Leaderboard: written by its own commit. */
export function LeaderboardView({ route }: { route: RouteOf<"leaderboard"> }) {
	return <h1>Leaderboard of {route.useCase}</h1>;
}
