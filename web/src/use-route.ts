import { useEffect, useState } from "preact/hooks";
import { parseRoute, type Route } from "./route.js";

/** The route the location hash names, following every change (links, back and forward). */
export function useRoute(): Route {
	const [route, setRoute] = useState<Route>(() => parseRoute(location.hash));
	useEffect(() => {
		const follow = () => setRoute(parseRoute(location.hash));
		window.addEventListener("hashchange", follow);
		return () => window.removeEventListener("hashchange", follow);
	}, []);
	return route;
}
