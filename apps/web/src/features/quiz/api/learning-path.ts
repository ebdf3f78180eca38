/** The quiz API of one reviewer (apps/server/src/routes/api/learning.ts). */
export const learningPath = (reviewer: string) => `/api/learning/${encodeURIComponent(reviewer)}`;
