// The classic board as an SVG heat map of where suggestions were made: each room's cells tinted by
// its share of all suggestions (one sequential scale, labelled with the share), corridors light,
// the stairs block dark, doors marked on their cells, the secret passages as dashed lines, start
// cells as dots. North (y = 24) is drawn at the top, as the seed prints it.
import { BLOCKED_RECTS, DOORS, HEIGHT, PASSAGES, ROOM_NAMES, ROOMS, STARTS, WIDTH, type Room } from '../game/board/classic.js';

const CELL = 22;
const MARGIN = 6;

/** Light yellow to dark red, by share of the busiest room (sequential, readable in grey). */
function heat(t: number): string {
  const from = [255, 247, 214];
  const to = [179, 0, 12];
  const mix = from.map((c, i) => Math.round(c + (to[i] - c) * t));
  return `rgb(${mix.join(',')})`;
}

const px = (x: number) => MARGIN + x * CELL;
/** Row y (0 at the bottom) drawn from the top. */
const py = (y: number) => MARGIN + (HEIGHT - 1 - y) * CELL;

/** The centre of a room's largest rectangle, where its label goes. */
function labelPoint(room: Room): { x: number; y: number } {
  const rects = BLOCKED_RECTS.filter((r) => r.label === room);
  const big = rects.reduce((a, b) => ((b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1) > (a.x1 - a.x0 + 1) * (a.y1 - a.y0 + 1) ? b : a));
  return { x: (px(big.x0) + px(big.x1 + 1)) / 2, y: (py(big.y1) + py(big.y0 - 1)) / 2 };
}

/** The board with rooms shaded by their share of `suggestions` (a count per room). */
export function BoardHeatMap({ suggestions }: { suggestions: Readonly<Record<string, number>> }) {
  const count = (room: Room) => suggestions[ROOM_NAMES[room]] ?? 0;
  const total = ROOMS.reduce((n, r) => n + count(r), 0);
  const most = Math.max(1, ...ROOMS.map(count));
  const W = 2 * MARGIN + WIDTH * CELL;
  const H = 2 * MARGIN + HEIGHT * CELL;
  return (
    <svg class="chart board" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="board-title" font-size="12">
      <title id="board-title">Share of all {total.toLocaleString('en-US')} suggestions made in each room of the classic board</title>
      <rect x={MARGIN} y={MARGIN} width={WIDTH * CELL} height={HEIGHT * CELL} fill="#f4f1ea" stroke="#999" />
      {BLOCKED_RECTS.map((r) => (
        <rect x={px(r.x0)} y={py(r.y1)} width={(r.x1 - r.x0 + 1) * CELL} height={(r.y1 - r.y0 + 1) * CELL} fill={r.label === 'stairs' ? '#6b6b6b' : heat(count(r.label) / most)} />
      ))}
      {DOORS.map((d) => (
        <rect x={px(d.cell.x) + 3} y={py(d.cell.y) + 3} width={CELL - 6} height={CELL - 6} fill="none" stroke="#222" stroke-width="2">
          <title>door of the {ROOM_NAMES[d.room]}</title>
        </rect>
      ))}
      {STARTS.map((s) => (
        <circle cx={px(s.cell.x) + CELL / 2} cy={py(s.cell.y) + CELL / 2} r="5" fill="#222">
          <title>start of {s.character}</title>
        </circle>
      ))}
      {PASSAGES.map(([a, b]) => {
        const p = labelPoint(a);
        const q = labelPoint(b);
        return (
          <line x1={p.x} y1={p.y} x2={q.x} y2={q.y} stroke="#333" stroke-width="2" stroke-dasharray="6 5" opacity="0.55">
            <title>
              secret passage: {ROOM_NAMES[a]} – {ROOM_NAMES[b]}
            </title>
          </line>
        );
      })}
      {ROOMS.map((room) => {
        const { x, y } = labelPoint(room);
        const n = count(room);
        const share = total === 0 ? 0 : n / total;
        const ink = n / most > 0.55 ? '#fff' : '#111';
        return (
          <>
            <text x={x} y={y - 4} text-anchor="middle" fill={ink} font-weight="600">
              {ROOM_NAMES[room]}
            </text>
            <text x={x} y={y + 13} text-anchor="middle" fill={ink}>
              {(100 * share).toFixed(1)}%
            </text>
          </>
        );
      })}
    </svg>
  );
}
