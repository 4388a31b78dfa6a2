// The envelope: each card's probability and the most likely solutions.
import { envelopeProbability, type Analysis } from '../../analysis/analyze.js';
import type { Game } from '../../model/game.js';
import { capital } from './format.js';

/** `over`: the game is won, and nobody accuses any more. */
export function EnvelopeView({ analysis, game, over }: { analysis: Analysis; game: Game; over: boolean }) {
  const top = analysis.solutions.slice(0, 8);
  const names = (cards: number[]) => cards.map((c) => game.deck.cards[c]).join(', ');
  const certain = analysis.solutions.length === 1 ? analysis.solutions[0] : null;
  return (
    <section class="envelope" aria-labelledby="env-h">
      <h2 id="env-h">Envelope</h2>
      {certain && game.me !== null && !over && (
        <p class="accuse" data-view="accuse" role="status"><strong>Accuse now:</strong> {names(certain.cards)}</p>
      )}
      <div class="categories">
        {game.deck.categories.map((category) => (
          <div key={category.name}>
            <h3>{capital(category.name)}</h3>
            <ul>
              {category.cards
                .map((card) => [card, envelopeProbability(analysis, game.deck.cards.indexOf(card))] as const)
                .filter(([, p]) => p > 0)
                .sort((a, b) => b[1] - a[1])
                .map(([card, p]) => <li key={card}><span class="bar" style={`--p:${p}`} />{card} <b>{(p * 100).toFixed(1)}%</b></li>)}
            </ul>
          </div>
        ))}
      </div>
      <h3>Most likely solutions ({analysis.solutions.length})</h3>
      <ol class="solutions">{top.map((s) => <li key={s.cards.join()}>{names(s.cards)} <b>{(s.probability * 100).toFixed(2)}%</b></li>)}</ol>
      <p class="note">Envelope entropy: {analysis.entropyBits.toFixed(3)} bits</p>
    </section>
  );
}
