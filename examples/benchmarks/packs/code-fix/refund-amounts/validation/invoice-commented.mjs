// @ts-check
import { formatCents } from "./money.mjs";

/** @typedef {{ description: string, unitCents: number, quantity: number }} InvoiceLine */

/**
 * The invoice total in cents: each line's unit price times its quantity, summed.
 * @param {readonly InvoiceLine[]} lines
 * @returns {number}
 */
export function invoiceTotal(lines) {
	let total = 0;
	for (const line of lines) total += line.unitCents * line.quantity;
	return total;
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
// Totals are integer cents until totalLine formats them.
