import { useEffect, useState } from "preact/hooks";

/** The two themes; `system` follows the reader's `prefers-color-scheme`. */
export type Theme = "light" | "dark" | "system";

const KEY = "touchstone.theme";

/** The reader's theme choice, kept in localStorage and set on `<html data-theme>`. */
export function useTheme(): [Theme, (theme: Theme) => void] {
	const [theme, setTheme] = useState<Theme>(() => stored());
	useEffect(() => {
		const root = document.documentElement;
		if (theme === "system") root.removeAttribute("data-theme");
		else root.setAttribute("data-theme", theme);
		try {
			localStorage.setItem(KEY, theme);
		} catch {
			// Storage may be off (private windows): the choice lasts for this page only.
		}
	}, [theme]);
	return [theme, setTheme];
}

function stored(): Theme {
	try {
		const value = localStorage.getItem(KEY);
		return value === "light" || value === "dark" ? value : "system";
	} catch {
		return "system";
	}
}
