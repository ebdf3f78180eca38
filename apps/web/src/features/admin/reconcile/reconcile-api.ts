import {
  type ApproveMatchedResult,
  approveMatchedResultSchema,
  type ReconciliationView,
  reconciliationViewSchema,
  type StatementMapping,
  type StatementMappingList,
  type StatementUploadResult,
  statementMappingListSchema,
  statementUploadResultSchema,
} from '@pasado/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, getJson, parseAnswer, toApiError } from '../../../lib/api.ts';
import { reviewQueueKey } from '../payments/get-review-queue.ts';

// The staff console's reconciliation API (issue 26): statements, column mappings, the four lists.

const BASE = '/api/admin/payments';
export const reconciliationKey = ['admin', 'reconciliation'] as const;
const mappingsKey = ['admin', 'statement-mappings'] as const;

export const useReconciliation = () =>
  useQuery({
    queryKey: reconciliationKey,
    queryFn: async ({ signal }): Promise<ReconciliationView> =>
      parseAnswer(reconciliationViewSchema, await getJson(`${BASE}/reconciliation`, { signal })),
    // Students keep paying and other staff keep approving.
    refetchInterval: 60_000,
  });

export const useStatementMappings = () =>
  useQuery({
    queryKey: mappingsKey,
    queryFn: async ({ signal }): Promise<StatementMappingList> =>
      parseAnswer(
        statementMappingListSchema,
        await getJson(`${BASE}/statement-mappings`, { signal }),
      ),
  });

/** POST the statement's bytes; a protected PDF's password travels once, in a header. */
export async function uploadStatement(input: {
  file: File;
  mappingId: string;
  password: string;
}): Promise<StatementUploadResult> {
  const response = await apiFetch(
    `${BASE}/statements?mapping=${encodeURIComponent(input.mappingId)}`,
    {
      method: 'POST',
      file: input.file,
      // A long PDF is read in a worker on the server; give it its time.
      timeoutMs: 60_000,
      ...(input.password
        ? { headers: { 'X-Statement-Password': encodeURIComponent(input.password) } }
        : {}),
    },
  );
  if (!response.ok) throw await toApiError(response);
  return parseAnswer(statementUploadResultSchema, await response.json());
}

/** After an upload or an approval the lists, the queue and its counts are all stale. */
function useInvalidateAll() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reconciliationKey }),
      client.invalidateQueries({ queryKey: reviewQueueKey }),
    ]);
}

export function useUploadStatement() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: uploadStatement, onSuccess: invalidate });
}

export function useApproveMatched() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (subscriptionIds: string[]): Promise<ApproveMatchedResult> => {
      const response = await apiFetch(`${BASE}/reconciliation/approve-matched`, {
        method: 'POST',
        json: { subscriptionIds },
      });
      if (!response.ok) throw await toApiError(response);
      return parseAnswer(approveMatchedResultSchema, await response.json());
    },
    onSettled: invalidate,
  });
}

export function useAddMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (mapping: StatementMapping): Promise<StatementMappingList> => {
      const response = await apiFetch(`${BASE}/statement-mappings`, {
        method: 'POST',
        json: mapping,
      });
      if (!response.ok) throw await toApiError(response);
      return parseAnswer(statementMappingListSchema, await response.json());
    },
    onSuccess: (list) => client.setQueryData(mappingsKey, list),
  });
}
