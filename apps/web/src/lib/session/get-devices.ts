import type { LoginDevicesDoc } from '@pasado/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, getJson } from '../api.ts';

export const devicesQueryKey = ['devices'] as const;

/** GET /api/me/devices: the login_devices/{uid} document, or null when there is no record (404). */
export async function getDevices(signal?: AbortSignal): Promise<LoginDevicesDoc | null> {
  try {
    return await getJson<LoginDevicesDoc>('/api/me/devices', signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: devicesQueryKey, queryFn: ({ signal }) => getDevices(signal) });
