import { useEffect } from "preact/hooks";
import { type Route, routeHash, type UseCaseView, useCaseLink } from "./route.js";
import type { Theme } from "./ui/theme.js";
import { useTheme } from "./ui/theme.js";
import { useRoute } from "./use-route.js";
import { CalibrationView } from "./views/calibration/calibration-view.js";
import { HistoryView } from "./views/history/history-view.js";
import { InspectorView } from "./views/inspector/inspector-view.js";
import { LeaderboardView } from "./views/leaderboard/leaderboard-view.js";
import { MatrixView } from "./views/matrix/matrix-view.js";
import { UseCasesView } from "./views/use-cases/use-cases-view.js";

/** The tabs of one use case, in reading order (the inspector opens from a case, not a tab). */
const TABS: readonly { view: Exclude<UseCaseView, "case">; label: string }[] = [
	{ view: "leaderboard", label: "Leaderboard" },
	{ view: "matrix", label: "Case matrix" },
	{ view: "calibration", label: "Calibration" },
	{ view: "history", label: "History" },
];

/** The dashboard: a header (home, the use case's tabs, the theme) over the view the hash names. */
export function App() {
	const route = useRoute();
	const [theme, setTheme] = useTheme();
	useEffect(() => {
		document.title = titleOf(route);
		// A new view starts at its top, with focus on its content for keyboard and screen-reader users.
		document.getElementById("main")?.focus({ preventScroll: true });
		window.scrollTo(0, 0);
	}, [route]);
	return (
		<>
			<button type="button" class="skip-link" onClick={() => document.getElementById("main")?.focus()}>
				Skip to content
			</button>
			<header class="top">
				<a class="brand" href={routeHash({ view: "use-cases" })}>
					touchstone
				</a>
				{"useCase" in route && (
					<nav aria-label={`Views of ${route.useCase}`} class="tabs">
						<span class="crumb">{route.useCase}</span>
						{TABS.map((tab) => (
							<a
								key={tab.view}
								href={useCaseLink(route.useCase, tab.view, { version: route.version })}
								aria-current={route.view === tab.view ? "page" : undefined}
							>
								{tab.label}
							</a>
						))}
						{route.version !== null && <span class="pin">pinned to {route.version}</span>}
					</nav>
				)}
				<label class="theme">
					Theme{" "}
					<select value={theme} onChange={(event) => setTheme((event.target as HTMLSelectElement).value as Theme)}>
						<option value="system">system</option>
						<option value="light">light</option>
						<option value="dark">dark</option>
					</select>
				</label>
			</header>
			<main id="main" tabIndex={-1}>
				<View route={route} />
			</main>
		</>
	);
}

function View({ route }: { route: Route }) {
	switch (route.view) {
		case "use-cases":
			return <UseCasesView />;
		case "leaderboard":
			return <LeaderboardView route={route} />;
		case "matrix":
			return <MatrixView route={route} />;
		case "case":
			return <InspectorView route={route} />;
		case "calibration":
			return <CalibrationView route={route} />;
		case "history":
			return <HistoryView route={route} />;
		case "not-found":
			return (
				<div class="error-panel" role="alert">
					<strong>No such view</strong>: <code>{route.hash}</code>. Start from <a href="#/">the use cases</a>.
				</div>
			);
	}
}

function titleOf(route: Route): string {
	if (route.view === "use-cases") return "touchstone · use cases";
	if (route.view === "not-found") return "touchstone · not found";
	const what = route.view === "case" ? `case ${route.caseId}` : route.view;
	return `touchstone · ${route.useCase} · ${what}`;
}
