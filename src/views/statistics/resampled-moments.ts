/** `centeredMoments` of the resample of x and y at `indices` (null: every position once), summed in the same order. */
export function resampledMoments(x: Float64Array, y: Float64Array, indices: Int32Array | null) {
	const n = indices === null ? x.length : indices.length;
	const at = (position: number) => (indices === null ? position : (indices[position] as number));
	let sumX = 0;
	let sumY = 0;
	for (let position = 0; position < n; position++) {
		sumX += x[at(position)] as number;
		sumY += y[at(position)] as number;
	}
	const meanX = sumX / n;
	const meanY = sumY / n;
	let sxy = 0;
	let sxx = 0;
	let syy = 0;
	for (let position = 0; position < n; position++) {
		const dx = (x[at(position)] as number) - meanX;
		const dy = (y[at(position)] as number) - meanY;
		sxy += dx * dy;
		sxx += dx * dx;
		syy += dy * dy;
	}
	return { meanX, meanY, sxy, sxx, syy };
}
