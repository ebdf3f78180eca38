import { studyOverviewQueryOptions } from '../features/study/api/get-study-overview.ts';
import { reviewerDataFirst } from './route-data.ts';

/**
 * /study's loader (route-data.ts `reviewerDataFirst`), in a module of its own: the overview is
 * parsed with core's schemas, which /quiz's loader must not wait for.
 */
export const studyOverviewFirst = reviewerDataFirst(studyOverviewQueryOptions);
