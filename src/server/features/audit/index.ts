// What the audit feature offers the others: an admin's change written to the audit trail, with what it changed.
export { changesOf, recordAudit } from './audit';
