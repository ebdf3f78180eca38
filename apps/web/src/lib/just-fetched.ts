/**
 * `refetchOnMount` of a screen query with `staleTime: 0` whose route loader asks for it on every
 * visit (app/route-data.ts `reviewerDataFirst`): an answer at most this old was asked for by this
 * navigation, so mounting does not ask again (issue 10: otherwise every visit fetched it twice).
 */
const JUST_FETCHED_MS = 2_000;
export const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS;
