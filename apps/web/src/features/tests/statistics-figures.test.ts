import { describe, expect, it } from 'vitest';
import { questionFigures, testFigures } from './statistics-figures';

describe('the results page’s figures', () => {
  it('names each figure of the test, prints it the Spanish way and says what it means', () => {
    const figures = testFigures({
      n: 1250,
      mean: 62.5,
      median: 65,
      sd: 14.25,
      skewness: -0.4218,
      kurtosis: 0.2,
      cic: 78.1,
      error_ratio: null,
      standard_error: 6.7,
    });
    expect(figures.map(({ label, value }) => [label, value])).toEqual([
      ['Respuestas analizadas', '1250'],
      ['Nota media', '62,5 %'],
      ['Mediana', '65 %'],
      ['Desviación típica', '14,3 %'],
      ['Asimetría', '−0,42'],
      ['Curtosis', '0,2'],
      ['Consistencia interna', '78,1 %'],
      ['Proporción de error', '—'],
      ['Error típico', '6,7 %'],
    ]);
    expect(figures[1]?.explanation).toMatch(/^Nota media/);
  });

  it('gives a question’s four item figures as percentages', () => {
    const figures = questionFigures({
      id: 3,
      n: 40,
      facility: 55,
      sd: 50.3,
      discrimination_index: -12,
      discriminative_efficiency: null,
      flagged: true,
    });
    expect(figures.map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Facilidad: 55 %',
      'Desviación típica: 50,3 %',
      'Índice de discriminación: −12 %',
      'Eficiencia discriminativa: —',
    ]);
  });
});
