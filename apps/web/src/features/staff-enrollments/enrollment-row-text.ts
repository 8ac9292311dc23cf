import * as contract from '@arc/contract';

// What the queue and the panel say of a row; a module of its own so the queue loads without the panel.

/** How long ago, as a person says it: 45 min, 5 h, 3 d. */
export function ageOf(since: Date, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** The client's name as entered by staff, or a dash while nobody has read the form yet. */
export const clientName = (row: contract.StaffEnrollmentRow) =>
  [row.client.firstName, row.client.lastName].filter(Boolean).join(' ') || '—';

/** What the enrollment is called: its client, else its file. */
/** "Enrollment: Walter Okafor (application.pdf)": the client, and the file that tells one client's enrollments apart. */
export const enrollmentTitle = (row: contract.StaffEnrollmentRow) => {
  const client = [row.client.firstName, row.client.lastName].filter(Boolean).join(' ');
  if (!client) return `Enrollment: ${row.fileName || row.id}`;
  return `Enrollment: ${client}${row.fileName ? ` (${row.fileName})` : ''}`;
};

/**
 * The actions the panel offers on an enrollment in `status`, the work's own and the outcome's apart: only those the
 * one transition table allows from it (contract.offeredEnrollmentActions), so no button leads to a refused move.
 */
export function panelActions(status: contract.EnrollmentStatus): {
  work: contract.EnrollmentActionKind[];
  outcome: OutcomeAction[];
} {
  const offered = contract.offeredEnrollmentActions(status);
  const isOutcome = (kind: contract.EnrollmentActionKind): kind is OutcomeAction =>
    (contract.ENROLLMENT_OUTCOME_ACTIONS as readonly string[]).includes(kind);
  return { work: offered.filter((kind) => !isOutcome(kind)), outcome: offered.filter(isOutcome) };
}

type OutcomeAction = (typeof contract.ENROLLMENT_OUTCOME_ACTIONS)[number];
