/** The quiz API of one reviewer (apps/server/src/modules/quiz/routes.ts). */
export const quizPath = (reviewer: string) => `/api/quiz/${encodeURIComponent(reviewer)}`;
