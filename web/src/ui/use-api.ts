import { useEffect, useState } from "preact/hooks";

/** What a view has of one API read: loading, its answer, or the error that stopped it. */
export type Loaded<T> =
	| { readonly state: "loading" }
	| { readonly state: "ready"; readonly data: T }
	| { readonly state: "error"; readonly error: Error };

/**
 * Runs `read` when the view mounts and again whenever a value of `deps` changes, aborting the
 * read that is no longer wanted; `reload()` asks again (after a rating, say).
 */
export function useApi<T>(
	read: (signal: AbortSignal) => Promise<T>,
	deps: readonly unknown[],
): Loaded<T> & { reload: () => void } {
	const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
	const [generation, setGeneration] = useState(0);
	// The caller names what the read depends on (`deps`).
	useEffect(() => {
		const controller = new AbortController();
		setLoaded((previous) => (previous.state === "ready" && generation > 0 ? previous : { state: "loading" }));
		read(controller.signal).then(
			(data) => {
				if (!controller.signal.aborted) setLoaded({ state: "ready", data });
			},
			(error: unknown) => {
				if (!controller.signal.aborted)
					setLoaded({ state: "error", error: error instanceof Error ? error : new Error(String(error)) });
			},
		);
		return () => controller.abort();
	}, [...deps, generation]);
	return { ...loaded, reload: () => setGeneration((value) => value + 1) };
}
