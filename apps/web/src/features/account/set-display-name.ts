import type { UserDoc } from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';

/** PUT /api/me/display-name: the name other students see on the leaderboard. */
export const setDisplayName = (displayName: string) =>
  sendJson<UserDoc>('/api/me/display-name', { method: 'PUT', json: { displayName } });

export function useSetDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDisplayName,
    onSuccess: (doc) => queryClient.setQueryData(meQueryKey, doc),
  });
}
