// What the last accepted entry taught, under the form's Add button where the player tapped it, and
// read out by screen readers: the region is always in the page, its text changing with each entry.
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { ownerName } from '../../analysis/json.js';
import { eventSentence, placementInWords } from '../../io/describe.js';
import type { Game } from '../../model/game.js';
import type { EntryNews } from '../entry-news.js';
import { capital } from './format.js';

export function EntryNewsView({ news, game }: { news: EntryNews | null; game: Game }) {
  const ref = useRef<HTMLDivElement>(null);
  // In sight of the Add button: the page scrolls only if the news would end below the screen.
  useEffect(() => {
    if (news !== null) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [news]);
  const shown = news !== null && news.index < game.events.length ? news : null;
  return (
    <div class="entry-news" role="status" data-role="entry-news" data-event={shown === null ? undefined : String(shown.index + 1)} ref={ref}>
      {shown && <NewsText news={shown} game={game} />}
    </div>
  );
}

function NewsText({ news, game }: { news: EntryNews; game: Game }) {
  const deals = news.deals && `Consistent deals: ${news.deals.before.toLocaleString('en-US')} → ${news.deals.after.toLocaleString('en-US')}.`;
  const nothing = news.certain.length === 0 && news.ruledOut.length === 0 && news.noLonger.length === 0;
  const placed = (k: { card: number; owner: number }) => (
    <span key={`${k.card}:${k.owner}`} data-card={game.deck.cards[k.card]} data-owner={ownerName(game, k.owner)}>{placementInWords(game, k.owner, [k.card], true)}</span>
  );
  const ruledOut = news.ruledOut.map((r) => (
    <span key={r.owner} data-owner={ownerName(game, r.owner)} data-cards={JSON.stringify(r.cards.map((c) => game.deck.cards[c]))}>{placementInWords(game, r.owner, r.cards, false)}</span>
  ));
  return (
    <>
      <p><b>Event {news.index + 1} {news.edited ? 'saved' : 'added'}:</b> {capital(eventSentence(game, news.index, { at: false }))}.</p>
      <Facts role="certain" lead="Now certain" facts={news.certain.map(placed)} />
      <Facts role="ruled-out" lead="Ruled out" facts={ruledOut} />
      <Facts role="no-longer" lead="No longer certain" facts={news.noLonger.map(placed)} />
      {nothing ? <p>Nothing new is certain.{deals && ` ${deals}`}</p> : deals && <p>{deals}</p>}
    </>
  );
}

/** "Now certain: Cat holds Rope; Knife is in the envelope.", or nothing when there are no facts. */
function Facts({ role, lead, facts }: { role: string; lead: string; facts: JSX.Element[] }) {
  if (facts.length === 0) return null;
  return <p data-role={role}>{lead}: {facts.flatMap((f, i) => (i === 0 ? [f] : ['; ', f]))}.</p>;
}
