// Colours of agents in the reports, by name rather than by position, so that an agent keeps its
// colour from one report to the next: the four base agents have fixed colours; any other label
// takes a colour from its hash, moving on to the next free one when another label of the same
// report already has it.

/** Fixed colours of the base agents (Okabe–Ito, chosen for contrast on white). */
export const BASE_COLOURS: Readonly<Record<string, string>> = {
  random: '#5b5b5b',
  naive: '#E69F00',
  deductive: '#0072B2',
  entropy: '#D55E00',
};

/** Colours for other labels: the rest of Okabe–Ito, then other colours distinct from those. */
export const OTHER_COLOURS: readonly string[] = ['#009E73', '#CC79A7', '#56B4E9', '#B8A000', '#7B3294', '#A6761D', '#66A61E', '#E7298A'];

/** FNV-1a over the label's UTF-16 code units. */
function hash(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A colour for each label, distinct within the report while the palette lasts (beyond it, a
 * hue from the hash). Labels are assigned in sorted order, so the colours depend on the set of
 * labels and never on their order.
 */
export function agentColours(labels: readonly string[]): Map<string, string> {
  const colours = new Map<string, string>();
  const used = new Set<string>();
  const unique = [...new Set(labels)];
  for (const label of unique) {
    const fixed = Object.hasOwn(BASE_COLOURS, label) ? BASE_COLOURS[label] : undefined;
    if (fixed !== undefined) {
      colours.set(label, fixed);
      used.add(fixed);
    }
  }
  for (const label of unique.filter((l) => !colours.has(l)).sort()) {
    const h = hash(label);
    let colour: string | undefined;
    for (let k = 0; k < OTHER_COLOURS.length && colour === undefined; k++) {
      const candidate = OTHER_COLOURS[(h + k) % OTHER_COLOURS.length];
      if (!used.has(candidate)) colour = candidate;
    }
    colour ??= `hsl(${h % 360}, 55%, 40%)`;
    colours.set(label, colour);
    used.add(colour);
  }
  return colours;
}
