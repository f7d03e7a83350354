// @ts-check
import { appendFileSync } from "node:fs";
import { formatCents } from "./money.mjs";

/** @typedef {{ at: string, kind: "payment" | "refund", invoice: string, cents: number, currency: string }} AuditEntry */

/**
 * One line of the audit trail, e.g. "2025-03-01T10:00:00Z payment INV-7 12.50".
 * @param {AuditEntry} entry
 * @returns {string}
 */
export function auditLine(entry) {
	return `${entry.at} ${entry.kind} ${entry.invoice} ${formatCents(entry.cents)}`;
}

/**
 * Appends one entry to an audit file of audit/ (append-only: see AGENTS.md).
 * @param {string} path
 * @param {AuditEntry} entry
 */
export function recordAudit(path, entry) {
	appendFileSync(path, `${auditLine(entry)}\n`);
}
// Lines are appended by recordAudit only; see AGENTS.md.
