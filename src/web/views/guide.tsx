// The first-use guide: three steps, shown above the page until the player says "Got it" (kept in
// local storage under its own key), and again from the header's Guide button.
import { useState } from 'preact/hooks';

const KEY = 'cluedo-advisor-guide';

export interface GuideState {
  shown: boolean;
  /** Shows or hides the guide, and remembers which. */
  setShown(shown: boolean): void;
}

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(KEY) === 'dismissed';
  } catch {
    return false; // storage blocked: shown on every visit, still dismissible
  }
}

export function useGuide(): GuideState {
  const [shown, setState] = useState(() => !dismissedBefore());
  return {
    shown,
    setShown(next: boolean) {
      setState(next);
      try {
        if (next) localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, 'dismissed');
      } catch {
        // storage blocked: remembered for this page only
      }
    },
  };
}

/** The header's button that shows the guide again (or hides it). */
export function GuideButton({ guide }: { guide: GuideState }) {
  return (
    <button type="button" class="guide-toggle" data-action="guide" aria-expanded={guide.shown} aria-controls="guide" onClick={() => guide.setShown(!guide.shown)}>
      Guide
    </button>
  );
}

export function Guide({ guide }: { guide: GuideState }) {
  if (!guide.shown) return null;
  return (
    <section class="guide" id="guide" data-view="guide" aria-labelledby="guide-h">
      <h2 id="guide-h">How to use the advisor</h2>
      <ol>
        <li><strong>Set up</strong> the game: the players in seat order, who you are, and the cards in your hand.</li>
        <li><strong>Enter every turn</strong> as it happens: who suggested which three cards, and who showed a card.</li>
        <li><strong>Read</strong> the notebook, the envelope and the best suggestion. Select a ✓ or ✗ in the notebook to see why it is certain.</li>
      </ol>
      <button type="button" data-action="guide-dismiss" onClick={() => guide.setShown(false)}>Got it</button>
    </section>
  );
}
