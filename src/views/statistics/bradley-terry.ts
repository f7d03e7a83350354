/** Elo-like points per natural unit of strength: R = (400 / ln 10) · θ, centred at 0. */
export const ELO_PER_UNIT = 400 / Math.LN10;

/** Ridge λ used when none is given: a Gaussian prior θ ~ N(0, 1/λ), small beside real counts. */
export const DEFAULT_RIDGE = 0.05;

/** One judged comparison of model `a` with model `b` (indices into the models). */
export interface PairwiseOutcome {
	readonly a: number;
	readonly b: number;
	/** 1 when a won, 0 when b won, 0.5 for a tie (a flip across the two orders is a tie). */
	readonly score: number;
	/** How many comparisons this counts as; default 1. */
	readonly weight?: number;
}

/** A Bradley–Terry fit: a strength per model, the Elo-like rating, and whether the graph held together. */
export interface BradleyTerryFit {
	/** Natural-scale strengths, summing to 0 within each connected component (the ridge centres them). */
	readonly theta: readonly number[];
	/** {@link ELO_PER_UNIT} · θ: 0 is the mean model of its component (issue 19's scale), 100 points ≈ a 64 % win chance. */
	readonly rating: readonly number[];
	/** The component each model belongs to (models never compared with each other cannot be ranked against each other). */
	readonly component: readonly number[];
	/** Whether every model is in one component: when false, ratings across components are not comparable. */
	readonly connected: boolean;
	/** Newton steps taken. */
	readonly iterations: number;
}

/** How to fit. */
export interface BradleyTerryOptions {
	/** λ of the ridge penalty (λ/2)‖θ‖², > 0 so that an undefeated model stays finite; default {@link DEFAULT_RIDGE}. */
	readonly ridge?: number;
	/** Most Newton steps; default 100. */
	readonly maxIterations?: number;
}

/**
 * Fits Bradley–Terry strengths, P(a beats b) = σ(θa − θb), by Newton's method on the
 * ridge-penalised log-likelihood, ties counting as half a win (research note ranking-stats §1.3):
 * the Hessian is a weighted graph Laplacian plus λI, so every step is one small linear solve and
 * the optimum is unique; it converges in a handful of steps for the tens of models a use case has.
 * Components of the comparison graph are found by union-find: with the ridge each one centres at
 * 0 on its own, so a gap across components is an artefact, and `connected` says so.
 */
export function fitBradleyTerry(
	models: number,
	outcomes: readonly PairwiseOutcome[],
	options: BradleyTerryOptions = {},
): BradleyTerryFit {
	const ridge = options.ridge ?? DEFAULT_RIDGE;
	if (!(ridge > 0)) throw new RangeError(`the ridge must be positive, got ${ridge}`);
	const games = new Float64Array(models * models);
	const wins = new Float64Array(models * models);
	for (const { a, b, score, weight = 1 } of outcomes) {
		if (!(a >= 0 && a < models && b >= 0 && b < models && a !== b && Number.isInteger(a) && Number.isInteger(b)))
			throw new RangeError(`a comparison names models ${a} and ${b} of ${models}`);
		if (!(score >= 0 && score <= 1) || !(weight >= 0)) throw new RangeError(`a comparison scores ${score} × ${weight}`);
		add(games, a * models + b, weight);
		add(games, b * models + a, weight);
		add(wins, a * models + b, weight * score);
		add(wins, b * models + a, weight * (1 - score));
	}
	const theta = new Float64Array(models);
	let iterations = 0;
	for (; iterations < (options.maxIterations ?? 100); iterations++) {
		const gradient = new Float64Array(models);
		const hessian = new Float64Array(models * models);
		for (let i = 0; i < models; i++) {
			gradient[i] = ridge * (theta[i] as number);
			hessian[i * models + i] = ridge;
			for (let j = 0; j < models; j++) {
				const n = games[i * models + j] as number;
				if (j === i || n === 0) continue;
				const p = 1 / (1 + Math.exp((theta[j] as number) - (theta[i] as number)));
				add(gradient, i, n * p - (wins[i * models + j] as number));
				add(hessian, i * models + i, n * p * (1 - p));
				add(hessian, i * models + j, -n * p * (1 - p));
			}
		}
		if (Math.max(0, ...gradient.map(Math.abs)) < 1e-10) break;
		const step = solve(hessian, gradient, models);
		for (let i = 0; i < models; i++) theta[i] = (theta[i] as number) - (step[i] as number);
	}
	const component = components(models, games);
	return {
		theta: [...theta],
		rating: [...theta].map((value) => ELO_PER_UNIT * value),
		component,
		connected: new Set(component).size <= 1,
		iterations,
	};
}

function add(array: Float64Array, index: number, value: number): void {
	array[index] = (array[index] as number) + value;
}

/** Solves H x = g by Gaussian elimination with partial pivoting (H is positive definite here). */
function solve(matrix: Float64Array, vector: Float64Array, n: number): Float64Array {
	const a = Float64Array.from(matrix);
	const x = Float64Array.from(vector);
	for (let column = 0; column < n; column++) {
		let pivot = column;
		for (let row = column + 1; row < n; row++)
			if (Math.abs(a[row * n + column] as number) > Math.abs(a[pivot * n + column] as number)) pivot = row;
		if (pivot !== column) {
			for (let k = 0; k < n; k++) {
				const held = a[column * n + k] as number;
				a[column * n + k] = a[pivot * n + k] as number;
				a[pivot * n + k] = held;
			}
			const held = x[column] as number;
			x[column] = x[pivot] as number;
			x[pivot] = held;
		}
		const diagonal = a[column * n + column] as number;
		for (let row = column + 1; row < n; row++) {
			const factor = (a[row * n + column] as number) / diagonal;
			if (factor === 0) continue;
			for (let k = column; k < n; k++)
				a[row * n + k] = (a[row * n + k] as number) - factor * (a[column * n + k] as number);
			x[row] = (x[row] as number) - factor * (x[column] as number);
		}
	}
	for (let row = n - 1; row >= 0; row--) {
		let sum = x[row] as number;
		for (let k = row + 1; k < n; k++) sum -= (a[row * n + k] as number) * (x[k] as number);
		x[row] = sum / (a[row * n + row] as number);
	}
	return x;
}

/** The component of each model in the graph of pairs with at least one comparison (union-find). */
function components(n: number, games: Float64Array): number[] {
	const parent = Array.from({ length: n }, (_, index) => index);
	const find = (node: number): number => {
		let root = node;
		while (parent[root] !== root) root = parent[root] as number;
		parent[node] = root;
		return root;
	};
	for (let i = 0; i < n; i++)
		for (let j = i + 1; j < n; j++) if ((games[i * n + j] as number) > 0) parent[find(i)] = find(j);
	const ids = new Map<number, number>();
	return parent.map((_, index) => {
		const root = find(index);
		if (!ids.has(root)) ids.set(root, ids.size);
		return ids.get(root) as number;
	});
}
