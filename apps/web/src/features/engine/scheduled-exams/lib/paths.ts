/** A scheduled ensayo's page: its waiting room, then its results. */
export const scheduledExamPath = (id: number) => `/ensayo-nacional/${id}`;
