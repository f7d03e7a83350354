import * as client from "../../api/client.js";
import type { Roster } from "../../api/types.js";
import { WhenReady } from "../../ui/status.js";
import { useApi } from "../../ui/use-api.js";
import { OffloadList } from "./offload-list.js";
import { UnlockBoard } from "./unlock-board.js";
import { UseCaseCard } from "./use-case-card.js";
import "./use-cases.css";

/**
 * The start page: every use case of the roster. The runnable ones with their incumbent, last run
 * and decision in one line (each linking to its leaderboard), the offload candidates, and the
 * ideas on the unlock board.
 */
export function UseCasesView() {
	const loaded = useApi((signal) => client.roster(signal), []);
	return (
		<>
			<h1>Use cases</h1>
			<WhenReady loaded={loaded}>{(roster) => <RosterView roster={roster} />}</WhenReady>
		</>
	);
}

function RosterView({ roster }: { roster: Roster }) {
	const runnable = roster.roster.filter((entry) => entry.status === "runnable");
	const ideas = roster.roster.filter((entry) => entry.status === "idea");
	return (
		<>
			<p class="muted">
				{runnable.length} runnable, {ideas.length} {ideas.length === 1 ? "idea" : "ideas"}. A decision names the best
				model, and the cheapest and fastest whose gap to it stays within the band with 95 % confidence.
			</p>
			<section aria-labelledby="runnable">
				<h2 id="runnable">Runnable</h2>
				{runnable.length === 0 ? (
					<p class="muted">
						No runnable use case yet: this store has no results and the server read no definitions. Run{" "}
						<code>touchstone demo</code> for the bundled examples, or <code>touchstone run --use-case ID</code> in your
						project, and serve it with <code>--dir benchmarks</code> so ideas show too.
					</p>
				) : (
					<div class="use-cases">
						{runnable.map((entry) => (
							<UseCaseCard key={entry.id} entry={entry} />
						))}
					</div>
				)}
			</section>
			<OffloadList candidates={roster.offload_candidates} />
			<UnlockBoard ideas={ideas} />
		</>
	);
}
