import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Lets the heap grow by 30 % of what survives a full GC instead of V8's default (up to several
 * times), for the whole process. A run allocates fast and keeps little: with the default, the
 * heap of a 100,000-cell run reached 560 MB of mostly garbage; with this, about 300 MB, and the
 * run was faster (bench/overhead). Set once, before the work starts.
 */
export function tuneHeapForRuns(): void {
	setFlagsFromString("--heap-growing-percent=30");
}

let collect: (() => void) | undefined;

/**
 * One full garbage collection, now. A run calls it once its cells are planned (its cases loaded,
 * its spec built, the case objects packed into the plan and let go), before it freezes the spec:
 * reading and checking 50,000 cases leaves about 50 MB of garbage that V8 would keep mapped for a
 * while, the case objects 20 MB more, and freezing the spec briefly needs 20 MB on top
 * (bench/overhead). The `gc`
 * function is taken from a fresh context after `--expose-gc` is set, so the process's own
 * global scope stays as it was.
 */
export function compactHeap(): void {
	if (collect === undefined) {
		setFlagsFromString("--expose-gc");
		collect = runInNewContext("gc") as () => void;
	}
	collect();
}
