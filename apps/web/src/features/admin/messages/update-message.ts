import { type MessageUpdateBody, type StaffMessage, staffMessageSchema } from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, parseAnswer, toApiError } from '../../../lib/api.ts';
import { messagesKey } from './get-messages.ts';

/** PATCH /api/admin/messages/:id: mark read or unread, archive or unarchive (audited). */
export async function updateMessage(id: string, body: MessageUpdateBody): Promise<StaffMessage> {
  const response = await apiFetch(`/api/admin/messages/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: body,
  });
  if (!response.ok) throw await toApiError(response);
  return parseAnswer(staffMessageSchema, await response.json());
}

export function useUpdateMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: MessageUpdateBody }) =>
      updateMessage(input.id, input.body),
    onSettled: () => client.invalidateQueries({ queryKey: messagesKey }),
  });
}
