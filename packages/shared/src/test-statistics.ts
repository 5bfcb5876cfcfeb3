// GET /api/tests/{id}/statistics: what a quiz's first attempts say about the test and each question,
// after Moodle's "Quiz statistics calculations" (docs.moodle.org/dev/Quiz_statistics_calculations).
// Percentages are on 0–100, as Moodle shows them; a figure is null where it is undefined (too few
// responses, no spread at all).

/** The whole test, over the first attempts whose every mark is known. */
export interface TestSummaryStatistics {
  /** Responses analysed. */
  n: number;
  /** Mean total score, as a percentage of the test's maximum. */
  mean: number | null;
  /** Median total score, as a percentage of the test's maximum. */
  median: number | null;
  /** Sample standard deviation (n − 1) of the total score, as a percentage of the test's maximum. */
  sd: number | null;
  skewness: number | null;
  /** Excess kurtosis (0 for a normal distribution). */
  kurtosis: number | null;
  /** Coefficient of internal consistency (Cronbach's alpha), 0–100. */
  cic: number | null;
  /** Share of the spread that is error, 0–100. */
  error_ratio: number | null;
  /** Standard error of a score, as a percentage of the test's maximum. */
  standard_error: number | null;
}

/** One question's item analysis. */
export interface QuestionItemStatistics {
  id: number;
  /** Responses analysed for this question. */
  n: number;
  facility: number | null;
  /** Standard deviation of the question's marks, as a percentage of its points. */
  sd: number | null;
  discrimination_index: number | null;
  discriminative_efficiency: number | null;
  /** Discriminative efficiency under 15 % or a negative discrimination index: worth reviewing. */
  flagged: boolean;
}

/** What quizStatistics returns: the test and its questions, in the test's order. */
export interface QuizStatistics {
  test: TestSummaryStatistics;
  questions: QuestionItemStatistics[];
}

/** How many responses chose an option. */
export interface OptionCount {
  id: number;
  count: number;
  /** Of the responses that answered the question; null when none did. */
  percent: number | null;
}

/** A question's distribution of options (empty for a text question). */
export interface QuestionOptionDistribution {
  id: number;
  /** Responses that answered the question. */
  answered: number;
  options: OptionCount[];
}

/** GET /api/tests/{id}/statistics → {data: TestStatistics}: a question's item analysis and options. */
export interface TestStatistics {
  test: TestSummaryStatistics;
  questions: (QuestionItemStatistics & Pick<QuestionOptionDistribution, 'options' | 'answered'>)[];
}

/**
 * What each figure means and what a good value is, in one line, for the results page. Thresholds are
 * Moodle's (Quiz report statistics) and the usual ones of classical test theory.
 */
export const STATISTIC_EXPLANATIONS: {
  test: Record<keyof TestSummaryStatistics, string>;
  question: Record<Exclude<keyof QuestionItemStatistics, 'id' | 'n' | 'flagged'>, string>;
} = {
  test: {
    n: 'Número de respuestas analizadas (solo el primer intento de cada persona, ya corregido). Con menos de 30, las cifras orientan poco.',
    mean: 'Nota media, en porcentaje de la nota máxima. Lo habitual es que quede entre el 50 % y el 75 %.',
    median:
      'Nota central: la mitad sacó menos y la otra mitad más. Si se aleja mucho de la media, unas pocas notas extremas tiran de ella.',
    sd: 'Desviación típica: cuánto se separan las notas de la media, en porcentaje de la máxima. Entre el 12 % y el 18 % distingue bien; muy baja, todos sacan casi lo mismo.',
    skewness:
      'Asimetría: 0 es simétrica; negativa, la mayoría saca notas altas; positiva, la mayoría bajas. Lo deseable, entre −1 y 0.',
    kurtosis:
      'Curtosis: 0 como la campana normal; positiva, notas muy apiñadas en el centro; negativa, muy repartidas. Lo deseable, entre 0 y 1.',
    cic: 'Consistencia interna (alfa de Cronbach): si las preguntas miden lo mismo. Por encima del 75 % es buena; por debajo del 64 %, poco fiable.',
    error_ratio:
      'Proporción de error: qué parte de la dispersión de las notas es azar. Por debajo del 50 % es aceptable; cuanto más baja, mejor.',
    standard_error:
      'Error típico de una nota, en porcentaje de la máxima: lo que puede bailar por azar. Por debajo del 8 % es bueno.',
  },
  question: {
    facility:
      'Porcentaje de aciertos. Entre 30 % y 70 % distingue bien; por encima de 90 %, es demasiado fácil; por debajo de 10 %, demasiado difícil.',
    sd: 'Desviación típica de los puntos de la pregunta, en porcentaje de lo que vale. Si es casi 0, todos puntúan igual y no distingue a nadie.',
    discrimination_index:
      'Índice de discriminación: cuánto aciertan más quienes mejor hacen el resto del test. Por encima del 30 % es bueno; negativo, revise la pregunta.',
    discriminative_efficiency:
      'Eficiencia discriminativa: el índice de discriminación frente al máximo posible para su dificultad. Por encima del 50 % es buena; por debajo del 15 %, revísela.',
  },
};
