// @ts-check
import { formatCents } from "./money.mjs";

/** @typedef {{ description: string, unitCents: number, quantity: number }} InvoiceLine */

/**
 * The invoice total in cents. A wrong repair: it multiplies the sum of the unit prices by the
 * first line's quantity, which is right for an invoice of one line only.
 * @param {readonly InvoiceLine[]} lines
 * @returns {number}
 */
export function invoiceTotal(lines) {
	let total = 0;
	for (const line of lines) total += line.unitCents;
	return total * (lines[0]?.quantity ?? 1);
}

/**
 * The last line of a printed invoice, e.g. "Total: EUR 7.50".
 * @param {readonly InvoiceLine[]} lines
 * @param {string} currency
 * @returns {string}
 */
export function totalLine(lines, currency) {
	return `Total: ${currency} ${formatCents(invoiceTotal(lines))}`;
}
