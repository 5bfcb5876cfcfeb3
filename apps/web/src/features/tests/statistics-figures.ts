import {
  type QuestionItemStatistics,
  STATISTIC_EXPLANATIONS,
  type TestSummaryStatistics,
} from '@gestor/shared';
import { formatCount, formatDecimal, formatPercent } from './answers-format';

// The results page's figures (docs/areas.md#what-the-answers-say): each one's name, its value the
// Spanish way, and what it means (STATISTIC_EXPLANATIONS, shared with the API's reference).

export interface Figure {
  key: string;
  label: string;
  value: string;
  explanation: string;
}

type TestKey = keyof TestSummaryStatistics;
type QuestionKey = keyof typeof STATISTIC_EXPLANATIONS.question;

const TEST_FIGURES: ReadonlyArray<[TestKey, string, (value: number | null) => string]> = [
  ['n', 'Respuestas analizadas', (value) => (value === null ? '—' : formatCount(value))],
  ['mean', 'Nota media', formatPercent],
  ['median', 'Mediana', formatPercent],
  ['sd', 'Desviación típica', formatPercent],
  ['skewness', 'Asimetría', formatDecimal],
  ['kurtosis', 'Curtosis', formatDecimal],
  ['cic', 'Consistencia interna', formatPercent],
  ['error_ratio', 'Proporción de error', formatPercent],
  ['standard_error', 'Error típico', formatPercent],
];

const QUESTION_FIGURES: ReadonlyArray<[QuestionKey, string]> = [
  ['facility', 'Facilidad'],
  ['sd', 'Desviación típica'],
  ['discrimination_index', 'Índice de discriminación'],
  ['discriminative_efficiency', 'Eficiencia discriminativa'],
];

/** The test's figures in reading order. */
export function testFigures(statistics: TestSummaryStatistics): Figure[] {
  return TEST_FIGURES.map(([key, label, format]) => ({
    key,
    label,
    value: format(statistics[key]),
    explanation: STATISTIC_EXPLANATIONS.test[key],
  }));
}

/** A question's item analysis: its four figures, all percentages. */
export function questionFigures(statistics: QuestionItemStatistics): Figure[] {
  return QUESTION_FIGURES.map(([key, label]) => ({
    key,
    label,
    value: formatPercent(statistics[key]),
    explanation: STATISTIC_EXPLANATIONS.question[key],
  }));
}

/** What each item figure means, said once above the questions. */
export const QUESTION_FIGURE_LEGEND = QUESTION_FIGURES.map(([key, label]) => ({
  key,
  label,
  explanation: STATISTIC_EXPLANATIONS.question[key],
}));
