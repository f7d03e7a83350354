import { lstat } from "node:fs/promises";
import { walkTree } from "./walk-tree.js";

/** Shortest pause between two measurements of a running command's workdir. */
const MIN_INTERVAL_MS = 50;

/**
 * Bytes the tree under `root` holds: each file's apparent size or its allocated blocks,
 * whichever is larger (a sparse file counts whole: a copy of it would). Folders and links count
 * nothing; entries that vanish while it walks are skipped. Stops early past `stopAt`.
 */
export async function treeBytes(root: string, stopAt = Number.POSITIVE_INFINITY): Promise<number> {
	let total = 0;
	await walkTree(root, async (path, entry) => {
		if (!entry.isFile()) return true;
		const stats = await lstat(path).catch(() => undefined);
		if (stats !== undefined) total += Math.max(stats.size, stats.blocks * 512);
		return total <= stopAt;
	});
	return total;
}

/**
 * Measures `root` again and again while a command runs and calls `onFull` once when it holds
 * more than `limitBytes`. The pause between measurements grows with the time one takes (four
 * times it, at least 50 ms), so a large workdir costs at most a fifth of a core. Returns a stop.
 */
export function watchWorkdir(root: string, limitBytes: number, onFull: (bytes: number) => void): () => void {
	let stopped = false;
	let timer: NodeJS.Timeout | undefined;
	const measure = async () => {
		const started = performance.now();
		const bytes = await treeBytes(root, limitBytes);
		if (stopped) return;
		if (bytes > limitBytes) {
			stopped = true;
			onFull(bytes);
			return;
		}
		timer = setTimeout(measure, Math.max(MIN_INTERVAL_MS, 4 * (performance.now() - started)));
	};
	timer = setTimeout(measure, MIN_INTERVAL_MS);
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}
