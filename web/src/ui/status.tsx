import type { ComponentChildren } from "preact";
import { ApiError } from "../api/client.js";
import type { Loaded } from "./use-api.js";

/** The loading line and the error panel every view shows while, or instead of, its answer. */
export function Status({ loaded }: { loaded: Loaded<unknown> }) {
	if (loaded.state === "loading")
		return (
			<p class="status" aria-live="polite">
				Loading…
			</p>
		);
	if (loaded.state === "error") return <ErrorPanel error={loaded.error} />;
	return null;
}

/** What went wrong and how to fix it, as the API said (its code, message and each issue's fix). */
export function ErrorPanel({ error }: { error: Error }) {
	const issues = error instanceof ApiError ? error.issues : [];
	return (
		<div class="error-panel" role="alert">
			<strong>{error instanceof ApiError ? `${error.status} ${error.code}` : "Error"}</strong>: {error.message}
			{issues.length > 0 && (
				<ul>
					{issues.map((issue) => (
						<li key={`${issue.path}:${issue.message}`}>
							{issue.path === "" ? "" : <code>{issue.path}</code>} {issue.message}
							{issue.fix !== null && <> (fix: {issue.fix})</>}
						</li>
					))}
				</ul>
			)}
		</div>
	);
}

/** Renders `children` with the answer once it is there; the status until then. */
export function WhenReady<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren }) {
	return loaded.state === "ready" ? children(loaded.data) : <Status loaded={loaded} />;
}
