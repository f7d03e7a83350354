/**
 * Runs `work` over `items` with at most `concurrency` in flight, in order of `items`. Stops
 * taking new items once `shouldStop()` turns true; items already started run to completion.
 * Never rejects for an item: `work` must turn its own failures into data.
 */
export async function runPool<T>(
	items: ArrayLike<T>,
	concurrency: number,
	work: (item: T) => Promise<void>,
	shouldStop: () => boolean = () => false,
): Promise<{ started: number }> {
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < items.length && !shouldStop()) {
			const item = items[next] as T;
			next += 1;
			await work(item);
		}
	};
	const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker);
	await Promise.all(workers);
	return { started: next };
}
