/** Where the page keeps the server's rate token for this tab: gone when the tab closes. */
const KEY = "touchstone.rate-token";

/** The rate token the reader gave in this tab; null when none. */
export function storedRateToken(): string | null {
	try {
		return sessionStorage.getItem(KEY);
	} catch {
		return null;
	}
}

/** Keeps (or with null forgets) the rate token for this tab. */
export function storeRateToken(token: string | null): void {
	try {
		if (token === null) sessionStorage.removeItem(KEY);
		else sessionStorage.setItem(KEY, token);
	} catch {
		// Storage may be off (private windows): the token is asked for again next time.
	}
}
