import { ms, UNKNOWN, usd } from "../../ui/format.js";
import type { InspectedSample } from "./inspection-parts.js";

/**
 * What one sample cost and how long it took: cost, latency, time to first token, tokens in, out
 * and cached, throughput and turns. An unknown figure is written as unknown, never as 0.
 */
export function TelemetryFacts({ telemetry }: { telemetry: InspectedSample["telemetry"] }) {
	const tokens = (value: number | null) => (value === null ? UNKNOWN : value.toLocaleString("en"));
	const facts: [string, string, boolean][] = [
		["cost", usd(telemetry.cost_usd), telemetry.cost_usd === null],
		["latency", ms(telemetry.latency_ms), telemetry.latency_ms === null],
		["first token", ms(telemetry.ttft_ms), telemetry.ttft_ms === null],
		["tokens in", tokens(telemetry.input_tokens), telemetry.input_tokens === null],
		["tokens out", tokens(telemetry.output_tokens), telemetry.output_tokens === null],
		["cached", tokens(telemetry.cache_tokens), telemetry.cache_tokens === null],
		[
			"tokens/s",
			telemetry.tokens_per_sec === null ? UNKNOWN : Math.round(telemetry.tokens_per_sec).toLocaleString("en"),
			telemetry.tokens_per_sec === null,
		],
		["turns", tokens(telemetry.turns), telemetry.turns === null],
	];
	return (
		<dl class="facts telemetry">
			{facts.map(([name, value, unknown]) => (
				<div key={name} data-fact={name}>
					<dt>{name}</dt>
					<dd class={unknown ? "unknown" : undefined} title={unknown ? `${name} unknown: not recorded` : undefined}>
						{unknown ? "unknown" : value}
					</dd>
				</div>
			))}
		</dl>
	);
}
