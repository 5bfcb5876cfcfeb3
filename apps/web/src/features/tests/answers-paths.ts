// Where a test's answers are read in the SPA (app/areas.ts declares these routes, with test.results).

export const testPath = (testId: number) => `/test/${testId}`;
export const responsesPath = (testId: number) => `${testPath(testId)}/respuestas`;
export const responsePath = (testId: number, responseId: number) => `${responsesPath(testId)}/${responseId}`;
export const resultsPath = (testId: number) => `${testPath(testId)}/resultados`;
