import { queryOptions } from '@tanstack/react-query';
import type { SiteSettingsResponse } from '../../../common/responses';
import type { SiteSettingsValues } from '../../../common/schemas/settings';
import { api } from '../../lib/api';

export const SETTINGS_KEY = ['admin', 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api<SiteSettingsResponse>('/api/admin/settings', { signal }) });

export const saveSettings = (values: SiteSettingsValues) =>
  api<SiteSettingsResponse>('/api/admin/settings', { method: 'PUT', body: values });
