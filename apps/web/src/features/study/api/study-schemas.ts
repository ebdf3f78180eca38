/**
 * The study answers' schemas, for study-fetch.ts to load beside a request: zod and the contract
 * then come in parallel with the answer instead of before the screen's code can run (issue 10).
 */
export {
  drillAnswerResponseSchema,
  drillResultSchema,
  drillRunSchema,
  flashQueueResponseSchema,
  studySessionFinishResponseSchema,
  topicCardsResponseSchema,
  topicNotesResponseSchema,
} from '@pasado/core/contract';
