import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { sendXlsx } from '../../platform/xlsx.ts';
import { AUDIT_SHEET_NAME, AUDIT_XLSX_COLUMNS } from './export-format.ts';
import { auditRecords, findAuditPage, recordAudit, summariseDetail, type AuditFilter } from './service.ts';

/**
 * The audit log in the back office (docs/decisions/audit-log.md): read by admin, operations and support, exported by
 * admin. There is no call that changes or removes a record (and the table's triggers refuse it,
 * docs/decisions/audit-log.md).
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config } = app.deps;
  const filterOf = (query: contract.AuditFilters): AuditFilter => ({
    agent: query.agent || undefined,
    staff: query.staff || undefined,
    action: query.action || undefined,
    fromDay: query.from || undefined,
    toDay: query.to || undefined,
    timeZone: config.businessTimeZone,
  });

  addRoute(app, contract.findAuditEntries, async (request) => {
    const { rows, nextCursor } = await findAuditPage(app.db, filterOf(request.query), {
      cursor: request.query.cursor || undefined,
      pageSize: contract.AUDIT_PAGE_SIZE,
    });
    return {
      rows: rows.map((row) => ({
        id: row.id,
        occurredAt: row.occurredAt,
        action: row.action,
        agent: row.agentId
          ? {
              id: row.agentId,
              npn: row.agentNpn,
              name: row.agentNpn ? `${row.agentFirstName ?? ''} ${row.agentLastName ?? ''}`.trim() : null,
            }
          : null,
        staffEmail: row.staffEmail,
        subject: row.subject,
        ip: row.ip,
        detail: summariseDetail(row.detail),
      })),
      nextCursor,
    };
  });

  addRoute(app, contract.exportAuditEntries, async (request, reply) => {
    const filter = filterOf(request.query);
    const { cursor: _cursor, ...filters } = request.query;
    // the export is itself a staff action: recorded before the first byte goes out
    await recordAudit(
      { db: app.db, clock },
      {
        agentId: null,
        staffId: request.staff.id,
        ip: request.ip,
        action: 'audit.exported',
        subject: 'audit log',
        detail: { filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) },
      },
    );
    const today = contract.isoDate(...dateParts(clock.now(), config.businessTimeZone));
    return sendXlsx(reply, {
      fileName: contract.auditExportFileName(today),
      sheetName: AUDIT_SHEET_NAME,
      columns: AUDIT_XLSX_COLUMNS,
      rows: auditRecords(app.db, filter, 'newest'),
    });
  });
}

const dateParts = (at: Date, timeZone: string): [number, number, number] => {
  const { year, month, day } = contract.datePartsIn(at, timeZone);
  return [year, month, day];
};
