import { contentHash } from "./json.js";
import type { ModelEntry } from "./model.js";

/**
 * A model's part of its cell keys: the fields that decide what comes back. Display name, tags,
 * price, role, status and the client-side knobs (concurrency, retries, whether replies are
 * streamed) are left out: changing them changes no answer, so turning `stream: false` on for an
 * endpoint that cannot stream re-runs only the cells that failed. What a `command` entry's program
 * may reach (`env` names, `network`, `mounts`) is in: an agent with the network or a mounted
 * folder can do what one without cannot. Each enters only when set, so the keys of entries that
 * set none stay what they were.
 */
export function modelKeyPart(model: ModelEntry): string {
	const { concurrency: _concurrency, max_retries: _retries, stream: _stream, ...options } = model.options;
	return contentHash({
		provider: model.provider,
		model: model.model,
		base_url: model.base_url,
		command: model.command,
		options,
		...(model.env === undefined || model.env.length === 0 ? {} : { env: [...model.env].sort() }),
		...(model.network === true ? { network: true } : {}),
		...(model.mounts === undefined || model.mounts.length === 0
			? {}
			: { mounts: model.mounts.map((mount) => ({ from: mount.from, to: mount.to })) }),
	});
}
