/** Use cases: written by its own commit. */
export function UseCasesView() {
	return <h1>Use cases</h1>;
}
