import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '../../../common/responses';
import type { AuditQuery } from '../../../common/schemas/audit';
import { api } from '../../lib/api';

export const AUDIT_PAGE_SIZE = 25;

export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) =>
      api<AuditPage>('/api/admin/audit', {
        query: {
          action: query.action,
          admin: query.admin,
          subjectKind: query.subjectKind,
          subject: query.subject,
          from: query.from,
          to: query.to,
          page: query.page,
          pageSize: query.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
