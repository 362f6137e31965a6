import { describe, expect, test } from 'vitest';
import { OutboxQuerySchema } from '../../src/common/schemas/admin';
import { PreviewRequestListQuerySchema } from '../../src/common/schemas/preview-access';
import { AdminCommentListQuerySchema } from '../../src/common/schemas/songs';
import { nextSearchParams, parseSearchParams } from '../../src/web/lib/search-params';

const params = (query: string) => new URLSearchParams(query);

describe('parseSearchParams', () => {
  test("reads a list page's URL with the API's schema, defaults filled in", () => {
    expect(parseSearchParams(AdminCommentListQuerySchema, params(''))).toEqual({ status: 'pending', page: 1, pageSize: 25 });
    expect(parseSearchParams(PreviewRequestListQuerySchema, params('status=revoked&q=holt&page=3'))).toEqual({
      status: 'revoked',
      q: 'holt',
      page: 3,
      pageSize: 25,
    });
  });

  test('drops a value the schema refuses and keeps the others', () => {
    expect(parseSearchParams(AdminCommentListQuerySchema, params('status=spam&page=2'))).toEqual({
      status: 'pending',
      page: 2,
      pageSize: 25,
    });
    expect(parseSearchParams(OutboxQuerySchema, params('status=sent&page=-4'))).toEqual({ status: 'sent', page: 1, pageSize: 25 });
  });
});

describe('nextSearchParams', () => {
  test('a new filter goes back to the first page and keeps the other filters', () => {
    expect(nextSearchParams(params('status=approved&q=holt&page=4'), { status: 'pending' }).toString()).toBe('status=pending&q=holt');
  });

  test('an empty or undefined value, or page 1, leaves the URL', () => {
    expect(nextSearchParams(params('status=approved&q=holt&page=4'), { q: '', status: undefined }).toString()).toBe('');
    expect(nextSearchParams(params('status=approved&page=4'), { page: 1 }).toString()).toBe('status=approved');
    expect(nextSearchParams(params('status=approved'), { page: 5 }).toString()).toBe('status=approved&page=5');
  });
});
