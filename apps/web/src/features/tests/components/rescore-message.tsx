import type { RescoreConfirmation } from '../rescore-confirmation';

/** The rescoring question's text: what changes the scores, then how many responses it scores again. */
export function RescoreMessage({ reasons, question }: RescoreConfirmation) {
  return (
    <div className="rescore-message">
      <p>Ya hay respuestas enviadas, y este cambio altera lo que puntúan:</p>
      <ul>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p>{question}</p>
    </div>
  );
}
