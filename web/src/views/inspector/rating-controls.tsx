import "./rating.css";
import { useState } from "preact/hooks";
import { ApiError, rate } from "../../api/client.js";
import type { Rating } from "../../api/types.js";
import { score, when } from "../../ui/format.js";
import { ErrorPanel } from "../../ui/status.js";
import type { InspectedSample } from "./inspection-parts.js";
import { storedRateToken, storeRateToken } from "./rate-token.js";

const LABELS = [
	{ label: "ship", text: "Ship", hint: "good as it is (rating 1.0)" },
	{ label: "edit", text: "Edit", hint: "usable after an edit (rating 0.6)" },
	{ label: "reject", text: "Reject", hint: "not usable (rating 0.2)" },
] as const;
type Label = (typeof LABELS)[number]["label"];

type StoredRating = Pick<Rating, "rating" | "label" | "note" | "created_at">;

/**
 * The owner's verdict on one run: ship, edit or reject (with an optional note), sent to
 * `POST /rate`, and the rating as stored. When the server wants its token (a 401) a password
 * field asks for it; the token is kept in this tab's sessionStorage and the rating retried. A
 * refusal (a wrong token, a cross-site or remote request, an invalid rating) shows the API's message.
 */
export function RatingControls({ sample, onRated }: { sample: InspectedSample; onRated: () => void }) {
	const [note, setNote] = useState("");
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<Error | null>(null);
	const [pending, setPending] = useState<Label | null>(null);
	const [needToken, setNeedToken] = useState(false);
	const [tokenInput, setTokenInput] = useState("");
	const [returned, setReturned] = useState<StoredRating | null>(null);
	const stored = latest(sample.owner_rating, returned);
	const id = `rate-${sample.run_id}`;

	async function submit(label: Label): Promise<void> {
		setBusy(true);
		setError(null);
		const token = storedRateToken();
		try {
			const rating = await rate({ run_id: sample.run_id, label, note: note.trim() === "" ? null : note.trim() }, token);
			setReturned(rating);
			setNeedToken(false);
			setPending(null);
			setNote("");
			onRated();
		} catch (caught) {
			const failure = caught instanceof Error ? caught : new Error(String(caught));
			if (failure instanceof ApiError && failure.status === 401) {
				setNeedToken(true);
				setPending(label);
				// A token that was sent and refused is wrong: forget it, and say so.
				if (token !== null) {
					storeRateToken(null);
					setError(failure);
				}
			} else setError(failure);
		} finally {
			setBusy(false);
		}
	}

	return (
		<div class="rating">
			<h4 id={`${id}-title`}>Owner rating</h4>
			<p class="stored-rating" data-label={stored?.label ?? ""}>
				{stored === null ? (
					<span class="muted">not rated yet</span>
				) : (
					<>
						<strong>{stored.label ?? "rated"}</strong> ({score(stored.rating, 2)}) · {when(stored.created_at)}
						{stored.note !== null && <> · “{stored.note}”</>}
					</>
				)}
			</p>
			<fieldset class="rate-buttons">
				<legend class="visually-hidden">Rate sample {sample.sample_index}</legend>
				{LABELS.map((item) => (
					<button
						key={item.label}
						type="button"
						class={`rate-button ${item.label}`}
						data-label={item.label}
						aria-pressed={stored?.label === item.label ? "true" : "false"}
						title={item.hint}
						disabled={busy}
						onClick={() => void submit(item.label)}
					>
						{item.text}
					</button>
				))}
			</fieldset>
			<label class="rate-note">
				Note (optional){" "}
				<input type="text" maxLength={4000} value={note} onInput={(event) => setNote(event.currentTarget.value)} />
			</label>
			{needToken && (
				<form
					class="rate-token"
					onSubmit={(event) => {
						event.preventDefault();
						storeRateToken(tokenInput);
						setTokenInput("");
						if (pending !== null) void submit(pending);
					}}
				>
					<p>This server needs its rate token (TOUCHSTONE_RATE_TOKEN) to store a rating.</p>
					<label>
						Rate token{" "}
						<input
							type="password"
							autoComplete="off"
							required
							value={tokenInput}
							onInput={(event) => setTokenInput(event.currentTarget.value)}
						/>
					</label>{" "}
					<button type="submit" disabled={busy}>
						Rate “{pending}” with this token
					</button>
				</form>
			)}
			{error !== null && <ErrorPanel error={error} />}
		</div>
	);
}

/** The newer of the rating the inspector read and the one this page just stored. */
function latest(read: StoredRating | null, returned: StoredRating | null): StoredRating | null {
	if (read === null) return returned;
	if (returned === null) return read;
	return returned.created_at > read.created_at ? returned : read;
}
