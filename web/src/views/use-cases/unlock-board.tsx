import type { RosterEntry } from "../../api/types.js";

/**
 * The roster's ideas: use cases no model is benchmarked on yet, each with the ceiling that stops
 * the capability today and the decision shipping it would unlock.
 */
export function UnlockBoard({ ideas }: { ideas: readonly RosterEntry[] }) {
	return (
		<section aria-labelledby="unlock-board">
			<h2 id="unlock-board">Unlock board</h2>
			{ideas.length === 0 ? (
				<p class="muted">No ideas on the roster: add one to use_cases.yaml with status: idea.</p>
			) : (
				<>
					<p class="muted">
						{ideas.length === 1 ? "One idea" : `${ideas.length} ideas`}: no harness yet, so nothing is measured; what
						stops each today and what it would unlock.
					</p>
					<ul class="unlock-board">
						{ideas.map((idea) => (
							<li key={idea.id} class="idea" data-use-case={idea.id} data-status={idea.status}>
								<h3>
									{idea.title ?? idea.id} <span class="badge status">{idea.status}</span>
								</h3>
								<p class="muted">
									<code>{idea.id}</code> · {idea.modality.input} → {idea.modality.output}
								</p>
								<p data-testid="ceiling">
									<strong>Ceiling:</strong> {idea.ceiling ?? <span class="muted">not written</span>}
								</p>
								<p data-testid="unlock">
									<strong>Unlocks:</strong> {idea.unlock ?? <span class="muted">not written</span>}
								</p>
							</li>
						))}
					</ul>
				</>
			)}
		</section>
	);
}
