import type { FunctionInput } from '@pasado/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from './call-function.ts';
import { refreshClaims } from './session/get-claims.ts';
import { meQueryKey } from './session/get-me.ts';

/**
 * applyRevAccess (docs/product.md#server-functions; docs/product.md#onboarding): grants the reviewer, sets isOnboarded and may
 * start the free trial. Afterwards the claims are refreshed (forced) so the guard moves the user on.
 */
export function useApplyRevAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'applyRevAccess'>) => callFunction('applyRevAccess', input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: meQueryKey });
      await refreshClaims(client);
    },
  });
}
